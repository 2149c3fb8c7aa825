import { InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CustomsStatsReply, CustomsUploadReply } from '@app/contract/customs';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Spin, Statistic, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format-date';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useCustomsStats, useCustomsUpload } from '../api';
import { CustomsPageCard } from '../components/customs-page-card';

const T = az.customsUi;
const UPLOAD_TYPES = ['.xlsx', '.csv', '.txt'];
/** The server's multipart limit (app.ts). */
const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** What is wrong with the chosen file before it is sent, or null. */
export function checkUploadFile(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!UPLOAD_TYPES.some((ext) => name.endsWith(ext))) return T.uploadWrongType;
  if (file.size === 0) return T.uploadEmpty;
  if (file.size > UPLOAD_MAX_BYTES) return T.uploadTooBig;
  return null;
}

/** spec §8: a failed customs upload or stats call says 'Əməliyyat aparıla bilmədi', with the server's own words under it. */
function FailedAlert({ error, testId }: { error: unknown; testId: string }) {
  return <Alert type="error" showIcon data-testid={testId} title={az.errors.operationFailed} description={readErrorMessage(error)} />;
}

function Figure({ title, value, testId, color }: { title: ReactNode; value: number; testId: string; color?: string }) {
  return (
    <Card size="small">
      <Statistic title={title} value={value} styles={color ? { content: { color } } : undefined} data-testid={testId} />
    </Card>
  );
}

// ---------------------------------------------------------------- upload

function UploadResult({ result }: { result: CustomsUploadReply }) {
  const total = result.declared + result.undeclared + result.unuser + result.not_found;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="customs-upload-result">
      <Alert type="success" showIcon title={fill(T.uploadDone, { N: total })} />
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}><Figure title={T.declared} value={result.declared} testId="customs-upload-declared" color="#389e0d" /></Col>
        <Col xs={12} md={6}><Figure title={T.undeclared} value={result.undeclared} testId="customs-upload-undeclared" color="#d46b08" /></Col>
        <Col xs={12} md={6}><Figure title={T.unknownCustomer} value={result.unuser} testId="customs-upload-unuser" color="#cf1322" /></Col>
        <Col xs={12} md={6}><Figure title={T.notAtCustoms} value={result.not_found} testId="customs-upload-not-found" /></Col>
      </Row>
      {result.undeclared > 0 && (
        <Link to="../declarations?declared=0" relative="path"><Button>{T.showUndeclared}</Button></Link>
      )}
    </Space>
  );
}

/**
 * customs/upload (dgk_declarations): a list of tracking numbers (.xlsx first column, or a CSV/text
 * file's first field) sorted out by POST customs/upload into declared, undeclared, unknown customer
 * and not at customs. The file is checked before it is sent; the check runs while a spinner shows.
 */
export function CustomsUploadPage() {
  const upload = useCustomsUpload();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const choose = (picked: File) => {
    const problem = checkUploadFile(picked);
    setFileError(problem);
    setFile(problem ? null : picked);
    upload.reset();
    return false;
  };
  const send = () => {
    if (file) upload.mutate(file);
  };
  return (
    <CustomsPageCard title={T.uploadTitle}>
      <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{T.uploadHint}</Typography.Paragraph>
        <Upload.Dragger
          accept={UPLOAD_TYPES.join(',')}
          multiple={false}
          maxCount={1}
          disabled={upload.isPending}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done', size: file.size }] : []}
          beforeUpload={choose}
          onRemove={() => {
            setFile(null);
            upload.reset();
            return true;
          }}
          data-testid="customs-upload-input"
        >
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">{T.uploadDrop}</p>
          <p className="ant-upload-hint">{UPLOAD_TYPES.join(', ')}</p>
        </Upload.Dragger>
        {fileError && <Alert type="error" showIcon title={fileError} data-testid="customs-upload-file-error" />}
        <Button type="primary" disabled={!file} loading={upload.isPending} onClick={send} data-testid="customs-upload-send">{T.uploadCheck}</Button>
        {upload.isPending && (
          <Space data-testid="customs-upload-progress"><Spin /><Typography.Text>{T.uploadRunning}</Typography.Text></Space>
        )}
        {upload.isError && <FailedAlert error={upload.error} testId="customs-upload-error" />}
        {upload.data && <UploadResult result={upload.data} />}
      </Space>
    </CustomsPageCard>
  );
}

// ---------------------------------------------------------------- stats

function StatsBody({ stats }: { stats: CustomsStatsReply }) {
  const section = (title: string, children: ReactNode) => (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>{title}</Typography.Title>
      <Row gutter={[12, 12]}>{children}</Row>
    </div>
  );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="customs-stats">
      {section(T.statsPosts, (['0', '1', '3', '4'] as const).map((s) => (
        <Col key={s} xs={12} md={6}><Figure title={`${s} — ${T.postStatuses[Number(s)]}`} value={stats.posts[s]} testId={`customs-stats-post-${s}`} /></Col>
      )))}
      {section(T.statsDeclarations, (
        <>
          <Col xs={12} md={6}><Figure title={T.declared} value={stats.counts.declared} testId="customs-stats-declared" color="#389e0d" /></Col>
          <Col xs={12} md={6}><Figure title={T.undeclared} value={stats.counts.undeclared} testId="customs-stats-undeclared" color="#d46b08" /></Col>
          <Col xs={12} md={6}><Figure title={T.unknownCustomer} value={stats.counts.unknown} testId="customs-stats-unknown" color="#cf1322" /></Col>
          <Col xs={12} md={6}><Figure title={T.statsWithdrawn} value={stats.withdrawn} testId="customs-stats-withdrawn" /></Col>
        </>
      ))}
      {section(T.statsQueue, (['queued', 'sent', 'declined', 'failed'] as const).map((s) => (
        <Col key={s} xs={12} md={6}><Figure title={T.queueStatuses[s] ?? s} value={stats.queue[s]} testId={`customs-stats-queue-${s}`} /></Col>
      )))}
      {section(T.statsTasksToday, (['done', 'failed', 'declined'] as const).map((s) => (
        <Col key={s} xs={12} md={6}><Figure title={T.taskStates[s] ?? s} value={stats.tasks_today[s]} testId={`customs-stats-tasks-${s}`} /></Col>
      )))}
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={T.lastSync}>{stats.last_sync ? formatDateTime(stats.last_sync) : T.never}</Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

/** customs/stats (dgk_declarations): GET customs/stats as figures: posts by status, declarations, the queue, today's calls. */
export function CustomsStatsPage() {
  const stats = useCustomsStats(true);
  const refresh = (
    <Button icon={<ReloadOutlined />} loading={stats.isFetching} onClick={() => void stats.refetch()} data-testid="customs-stats-refresh">{T.refresh}</Button>
  );
  return (
    <CustomsPageCard title={T.statsTitle} extra={refresh}>
      {stats.isError && <FailedAlert error={stats.error} testId="customs-stats-error" />}
      <Spin spinning={stats.isLoading}>{stats.data ? <StatsBody stats={stats.data} /> : <div style={{ minHeight: 120 }} />}</Spin>
    </CustomsPageCard>
  );
}
