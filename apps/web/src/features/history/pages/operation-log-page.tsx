import { EyeOutlined } from '@ant-design/icons';
import type { LogRow } from '@app/contract/history';
import { ROLE } from '@app/contract/roles';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Card, Descriptions, Modal, Spin, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDateTime } from '../../../shared/format/format-date';
import { readErrorMessage } from '../../../shared/http/http-error';
import { fetchLogPage, historyKeys, useLogEntry } from '../api';
import { describeChanges, entityPath, MODEL_OPTIONS, startPreset } from '../model/record-filter';

const BY_CREATED: TableSort = { column: 'created_at', order: 'desc' };
const METHOD_OPTIONS = ['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m }));

function LogEntryModal({ id, onClose }: { id: number; onClose: () => void }) {
  const entry = useLogEntry(id);
  const t = az.historyUi;
  const e = entry.data;
  return (
    <Modal open width={768} title={fill(t.logInfoTitle, { ID: id })} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>{az.usersUi.back}</Button>} destroyOnHidden>
      {entry.isError && <Alert type="error" showIcon title={readErrorMessage(entry.error)} />}
      <Spin spinning={entry.isLoading}>
        {e && (
          <Descriptions size="small" bordered column={1} data-testid="log-entry">
            <Descriptions.Item label={t.date}>{formatDateTime(e.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t.user}>{e.user_name ?? az.declarationsUi.system}</Descriptions.Item>
            <Descriptions.Item label={t.action}>{e.title}</Descriptions.Item>
            <Descriptions.Item label={t.entity}>{e.entity ? `${e.entity} #${e.entity_id ?? ''}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t.path}>{e.method ? `${e.method} ${e.path ?? ''}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t.statusCode}>{e.status_code ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t.ip}>{e.ip ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t.changes}>
              <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}>{describeChanges(e.changes)}</pre>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
    </Modal>
  );
}

/** logs (my_logs): the operation log; a non-admin sees their own entries only (the server decides). */
export function OperationLogPage() {
  const [search] = useSearchParams();
  const { user: viewer } = useAuth();
  const [openId, setOpenId] = useState<number | null>(null);
  const preset = startPreset(search);
  const columns = useMemo<DataTableColumn<LogRow>[]>(() => {
    const t = az.historyUi;
    return [
      { key: 'actions', title: '', width: 48, align: 'center', isAlwaysVisible: true,
        render: (row) => (
          <Tooltip title={t.details}>
            <Button size="small" type="text" icon={<EyeOutlined />} aria-label={t.details} data-testid={`log-open-${row.id}`} onClick={() => setOpenId(row.id)} />
          </Tooltip>
        ) },
      { key: 'created_at', title: t.date, width: 'date', sortColumn: 'created_at', isAlwaysVisible: true, render: (row) => formatDateTime(row.created_at),
        filter: { kind: 'date-range', param: 'created', defaultPreset: preset } },
      { key: 'user', title: t.user, width: 'normal', render: (row) => row.user_name ?? az.declarationsUi.system, filter: { kind: 'text', param: 'user_name' } },
      { key: 'action', title: t.action, width: 'large', filter: { kind: 'text', param: 'action' },
        render: (row) => row.title },
      { key: 'entity', title: t.entity, width: 'normal', filter: { kind: 'text', param: 'entity' },
        render: (row) => {
          const path = entityPath(row.entity, row.entity_id);
          const text = row.entity ? `${row.entity} #${row.entity_id ?? ''}` : '—';
          return path ? <Link to={path}>{text}</Link> : text;
        } },
      { key: 'method', title: t.method, width: 'small', filter: { kind: 'select', param: 'method', options: METHOD_OPTIONS },
        render: (row) => (row.method ? <Tag>{row.method}</Tag> : '—') },
      { key: 'path', title: t.path, width: 'large', isHiddenByDefault: true, render: (row) => row.path ?? '—' },
      { key: 'status_code', title: t.statusCode, width: 'small', align: 'right',
        render: (row) => (row.status_code ? <Tag color={row.status_code < 400 ? 'green' : 'red'}>{row.status_code}</Tag> : '—') },
      { key: 'ip', title: t.ip, width: 'normal', isHiddenByDefault: true, render: (row) => row.ip ?? '—' },
      // The timeline's link: one record (model + object id), shown as toolbar filters.
      { key: 'model_id', title: t.model, isFilterOnly: true, render: () => null, filter: { kind: 'select', param: 'model_id', options: MODEL_OPTIONS } },
      { key: 'object_id', title: t.objectId, isFilterOnly: true, render: () => null, filter: { kind: 'number', param: 'object_id', isInteger: true } },
    ];
  }, [preset]);
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>
        {az.historyUi.logsTitle}
      </Typography.Title>
      {viewer.admin !== ROLE.admin && <Alert type="info" showIcon title={az.historyUi.logsOwnOnly} style={{ marginBottom: 8 }} />}
      <DataTable<LogRow>
        tableId="operation-log"
        columns={columns}
        queryKey={historyKeys.logs}
        fetchPage={fetchLogPage}
        rowKey={(row) => row.id}
        defaultSort={BY_CREATED}
        isSelectable={false}
        onRowDoubleClick={(row) => setOpenId(row.id)}
      />
      {openId !== null && <LogEntryModal id={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
