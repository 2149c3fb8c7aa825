import type { TrackCodeImportResult, TrackCodeImportRow } from '@app/contract/documents';
import { IMPORT_PAGE_SIZE } from '@app/contract/documents-constants';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Flex, Modal, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { FileField } from '../../../shared/form/file-field';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { matchImportFile, sendImportRequest } from './document-api';
import { useExportTasks } from './use-export-tasks';

const t = az.documentsUi;
const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Excel import by track code (spec §2 "Excel import by track code"): a file with one column of
 * track codes or global track codes → the matching declarations (5 a page) and the codes that
 * matched none. "Export task" turns the file into an import request whose Excel is downloaded.
 */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const tasks = useExportTasks();
  const [files, setFiles] = useState<File[]>([]);
  const [result, setResult] = useState<TrackCodeImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const file = files[0];

  const check = async () => {
    if (!file) return;
    setLoading(true);
    setError(null);
    try {
      setResult(await matchImportFile(file));
    } catch (e) {
      setResult(null);
      setError(readErrorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  const requestTask = async () => {
    if (!file) return;
    setLoading(true);
    try {
      const reply = await sendImportRequest(file);
      toast.success(reply.message || t.importSuccess);
      tasks.watch(reply.data.task_id);
    } catch (e) {
      setError(readErrorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      open
      width={768}
      title={t.importTitle}
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          <Button onClick={() => void requestTask()} disabled={!file || isLoading} data-testid="import-as-task">
            {t.importAsTask}
          </Button>
          <Button type="primary" onClick={() => void check()} disabled={!file} loading={isLoading} data-testid="import-check">
            {az.exportTasksUi.importCheck}
          </Button>
        </Flex>
      }
    >
      {tasks.contextHolder}
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t.importHint}</Typography.Text>
        <FileField accept={XLSX_ACCEPT} value={files} onChange={(next) => { setFiles(next); setResult(null); setError(null); }} />
        {error && <Alert type="error" showIcon message={error} data-testid="import-error" />}
        {result && (
          <Tabs
            items={[
              {
                key: 'found',
                label: fill(t.found, { N: result.found.length }),
                children: (
                  <Table<TrackCodeImportRow>
                    size="small"
                    rowKey="id"
                    dataSource={result.found}
                    pagination={{ pageSize: IMPORT_PAGE_SIZE, showSizeChanger: false }}
                    data-testid="import-found"
                    columns={[
                      { title: t.trackCode, dataIndex: 'track_code', render: (code: string, row) => <Link to={`/@next/declarations/${row.id}`}>{code}</Link> },
                      { title: t.globalTrackCode, dataIndex: 'global_track_code' },
                      { title: t.customer, render: (_, row) => (row.user ? `${row.user.code ?? ''} ${row.user.name}` : '—') },
                      { title: t.status, render: (_, row) => <Tag>{row.status.name}</Tag> },
                      { title: t.weight, dataIndex: 'weight' },
                    ]}
                  />
                ),
              },
              {
                key: 'notFound',
                label: fill(t.notFound, { N: result.not_found.length }),
                children: (
                  <Table<{ code: string }>
                    size="small"
                    rowKey="code"
                    dataSource={result.not_found.map((code) => ({ code }))}
                    pagination={{ pageSize: IMPORT_PAGE_SIZE, showSizeChanger: false }}
                    data-testid="import-not-found"
                    columns={[{ title: t.trackCode, dataIndex: 'code' }]}
                  />
                ),
              },
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}
