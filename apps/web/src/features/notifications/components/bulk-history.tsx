import { bulkStatusName, type BulkKind, type BulkSendRow } from '@app/contract/bulk-notifications';
import { az, fill } from '@app/contract/texts/az';
import { azNotifier } from '@app/contract/texts/az-notifier';
import { Alert, Button, Card, Empty, Flex, List, Modal, Progress, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format/format-date';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useBulkHistory, useCancelBulk } from '../bulk-api';

const t = azNotifier.bulk;
const STATUS_COLORS: Record<BulkSendRow['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };

function progressStatus(row: BulkSendRow): 'active' | 'success' | 'exception' | 'normal' {
  if (row.status === 'running' || row.status === 'queued') return 'active';
  if (row.status === 'done') return row.failed > 0 ? 'normal' : 'success';
  return 'exception';
}

/**
 * The channel's last bulk sends with their progress (sent, failed of the total), asked again every
 * 1.5 s while one is queued or running; the one just started is marked. A running one can be stopped.
 */
export function BulkHistory({ kind, highlightId }: { kind: BulkKind; highlightId: number | null }) {
  const history = useBulkHistory(kind);
  const cancel = useCancelBulk(kind);
  const toast = useToast();
  const [modal, contextHolder] = Modal.useModal();

  const confirmCancel = (row: BulkSendRow) => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(t.cancelConfirm, { ID: row.id }),
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          const reply = await cancel.mutateAsync(row.id);
          void toast.success(reply.message);
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  };

  let body;
  if (history.isError) body = <Alert type="warning" showIcon title={readErrorMessage(history.error)} />;
  else if (!history.isLoading && (history.data?.data.length ?? 0) === 0) body = <Empty description={t.emptyHistory} />;
  else {
    body = (
      <List<BulkSendRow>
        loading={history.isLoading}
        dataSource={history.data?.data ?? []}
        renderItem={(row) => {
          const done = row.sent + row.failed;
          const isRunning = row.status === 'queued' || row.status === 'running';
          return (
            <List.Item
              key={row.id}
              style={row.id === highlightId ? { background: '#eef6f8', paddingInline: 8, borderRadius: 6 } : { paddingInline: 8 }}
              data-testid={`bulk-row-${row.id}`}
              actions={isRunning ? [<Button key="cancel" size="small" danger onClick={() => confirmCancel(row)}>{t.cancel}</Button>] : undefined}
            >
              <div style={{ width: '100%' }}>
                <Flex justify="space-between" align="center" gap={8} wrap>
                  <Typography.Text strong>{fill(t.progressTitle, { ID: row.id })}</Typography.Text>
                  <Tag color={STATUS_COLORS[row.status]} data-testid={`bulk-status-${row.id}`}>{row.status_name || bulkStatusName(row.status)}</Tag>
                </Flex>
                <Progress
                  percent={row.progress}
                  status={progressStatus(row)}
                  size="small"
                  aria-label={t.progressLabel}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`bulk-progress-${row.id}`}>
                  {fill(t.progress, { SENT: row.sent, TOTAL: row.recipients_total, FAILED: row.failed })}
                  {done < row.recipients_total && row.planned_at && row.status === 'queued' ? ` · ${fill(t.plannedFor, { AT: formatDateTime(row.planned_at) })}` : ''}
                </Typography.Text>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0', fontSize: 12 }} title={row.body}>
                  {row.title ? <b>{row.title}: </b> : null}
                  {row.body}
                </Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(row.created_at)}
                  {row.created_by_name ? ` · ${t.createdBy}: ${row.created_by_name}` : ''}
                </Typography.Text>
                {row.error ? <Typography.Paragraph type="danger" style={{ margin: 0, fontSize: 12 }}>{row.error}</Typography.Paragraph> : null}
              </div>
            </List.Item>
          );
        }}
      />
    );
  }
  return (
    <Card size="small" title={t.history}>
      {contextHolder}
      {body}
    </Card>
  );
}
