import { DownloadOutlined } from '@ant-design/icons';
import type { ManifestResult } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Col, Collapse, Empty, Flex, Form, List, Modal, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { saveBlob } from '../../../shared/files/save-blob';
import { FileField } from '../../../shared/form/file-field';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { downloadManifestZip, readManifestResult, useFlightBoxes, useFlightDetail, useUploadManifest } from '../api';
import { isManifestFile } from '../model/flight-form';

const t = az.flightsUi;
/** spec §9: the manifest modal is 576 px wide. */
export const MANIFEST_MODAL_WIDTH = 576;

function CodeList({ title, codes, color, testId }: { title: string; codes: string[]; color: string; testId: string }) {
  return (
    <List
      size="small"
      bordered
      header={<Typography.Text strong>{title}</Typography.Text>}
      dataSource={codes}
      style={{ maxHeight: 220, overflowY: 'auto' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={az.table.empty} /> }}
      data-testid={testId}
      renderItem={(code) => <List.Item style={{ padding: '2px 12px' }}><Tag color={color}>{code}</Tag></List.Item>}
    />
  );
}

function ManifestResultView({ result }: { result: ManifestResult }) {
  const toast = useToast();
  const [isDownloading, setDownloading] = useState(false);
  const download = async () => {
    if (!result.zip_url) return;
    setDownloading(true);
    try {
      const name = result.zip_url.split(/[/=]/).pop() || 'manifest.zip';
      saveBlob(await downloadManifestZip(result.zip_url), name.endsWith('.zip') ? name : `${name}.zip`);
    } catch (error) {
      void toast.error(readErrorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Flex vertical gap={12} data-testid="manifest-result">
      <Row gutter={8}>
        <Col span={8}><Statistic title={t.bags} value={result.bags} /></Col>
        <Col span={8}><Statistic title={t.found.replace(' ({N})', '')} value={result.found.length} valueStyle={{ color: '#389e0d' }} /></Col>
        <Col span={8}><Statistic title={t.notFoundList.replace(' ({N})', '')} value={result.not_found.length} valueStyle={{ color: result.not_found.length ? '#cf1322' : undefined }} /></Col>
      </Row>
      <Typography.Text type="secondary" data-testid="manifest-bags">
        {fill(t.manifestBags, { FULL: result.bags, EMPTY: result.empty_bags, ALL: result.archived_bags })}
      </Typography.Text>
      {result.zip_url && (
        <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={isDownloading} data-testid="manifest-zip">
          {t.manifestZip}
        </Button>
      )}
      <Row gutter={8}>
        <Col span={12}><CodeList title={fill(t.found, { N: result.found.length })} codes={result.found} color="green" testId="manifest-found" /></Col>
        <Col span={12}><CodeList title={fill(t.notFoundList, { N: result.not_found.length })} codes={result.not_found} color="red" testId="manifest-not-found" /></Col>
      </Row>
    </Flex>
  );
}

/**
 * flights/{id}/manifest/upload (spec §2: 'Kisələrlə toplu manifest', 576 px): a .xlsx or .csv of bag
 * and track code; errors stay in an alert inside the modal; the answer shows the zip, the bag
 * counts and which codes were found.
 */
export function ManifestUploadModal({ flightId, onClose }: { flightId: number; onClose: () => void }) {
  const flight = useFlightDetail(flightId);
  const boxes = useFlightBoxes(flightId);
  const upload = useUploadManifest();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ManifestResult | null>(null);

  const submit = async () => {
    setError(null);
    const [file] = files;
    if (!file) return setError(t.manifestFileRequired);
    if (!isManifestFile(file.name)) return setError(t.manifestFileType);
    try {
      setResult(readManifestResult(await upload.mutateAsync({ flightId, file })));
    } catch (e) {
      setResult(null);
      setError(readErrorMessage(e));
    }
  };

  return (
    <Modal
      open
      width={MANIFEST_MODAL_WIDTH}
      title={t.manifestTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{az.customsUi.close}</Button>
          <Button type="primary" onClick={() => void submit()} loading={upload.isPending} data-testid="manifest-submit">{t.manifestSubmit}</Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        {flight.data && <Typography.Text type="secondary">{flight.data.name}</Typography.Text>}
        {error && <Alert type="error" showIcon title={error} data-testid="manifest-error" />}
        <Form layout="vertical" onFinish={() => void submit()}>
          <Form.Item label={t.manifestFile} style={{ marginBottom: 0 }}>
            <FileField
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              value={files}
              onChange={(next) => { setFiles(next); setError(null); setResult(null); }}
            />
          </Form.Item>
        </Form>
        {result && <ManifestResultView result={result} />}
        <Collapse
          size="small"
          items={[{
            key: 'bags',
            label: `${t.flightBags} (${boxes.data?.length ?? '…'})`,
            children: boxes.isError ? <Typography.Text type="danger">{readErrorMessage(boxes.error)}</Typography.Text> : (
              <Table
                size="small"
                rowKey="id"
                loading={boxes.isLoading}
                dataSource={boxes.data ?? []}
                pagination={{ pageSize: 5, showSizeChanger: false }}
                locale={{ emptyText: az.table.empty }}
                columns={[
                  { key: 'name', title: t.box, render: (_, r) => r.box },
                  { key: 'count', title: t.totalCount, align: 'right', render: (_, r) => r.total_count },
                  { key: 'weight', title: t.weight, align: 'right', render: (_, r) => formatAmount(r.total_weight) },
                ]}
              />
            ),
          }]}
        />
      </Flex>
    </Modal>
  );
}
