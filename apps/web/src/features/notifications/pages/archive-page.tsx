import { az, fill } from '@app/contract/texts/az';
import { azNotifier } from '@app/contract/texts/az-notifier';
import { SendOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { archiveKeys, fetchArchivePage, useResendMessage, useSendQueueNow, useSetMessageActive, useSmsBalance } from '../archive-api';
import { buildArchiveColumns } from '../components/archive-columns';
import { MessageDetailsModal } from '../components/message-details-modal';
import { NotifierTabs } from '../components/notifier-tabs';
import { ARCHIVE_CHANNELS, type ArchiveChannel, type ArchiveView } from '../model/archive-channels';
import { archiveStartPreset } from '../model/archive-query';
import type { ArchiveRow } from '../model/archive-row';

const BY_CREATED: TableSort = { column: 'created_at', order: 'desc' };

/**
 * notifier/sms, notifier/whatsapp, notifier/email (+ /queues): every message of the channel with the
 * fields file's filters; a row resends (after 'Diqqət'), a waiting one is held back or let go.
 * Opened from a customer (`?user_id=`) it lists that customer's messages of all time.
 */
export function ArchivePage({ channel, view }: { channel: ArchiveChannel; view: ArchiveView }) {
  const spec = ARCHIVE_CHANNELS[channel];
  const [search] = useSearchParams();
  const toast = useToast();
  const [modal, contextHolder] = Modal.useModal();
  const resend = useResendMessage(spec);
  const setActive = useSetMessageActive(spec);
  const sendQueue = useSendQueueNow(spec);
  const balance = useSmsBalance(channel === 'sms');
  const [opened, setOpened] = useState<ArchiveRow | null>(null);
  const preset = archiveStartPreset(search);
  const t = azNotifier.archive;

  const confirmResend = useCallback((row: ArchiveRow) => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(t.resendConfirm, { ID: row.id, TO: row.email ?? row.number ?? '' }),
      okText: az.table.yes,
      cancelText: az.table.no,
      onOk: async () => {
        try {
          await resend.mutateAsync(row.id);
          void toast.success(t.resent);
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  }, [modal, resend, toast, t]);

  const confirmActive = useCallback((row: ArchiveRow, active: boolean) => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(active ? t.resumeConfirm : t.pauseConfirm, { ID: row.id }),
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: !active },
      onOk: async () => {
        try {
          await setActive.mutateAsync({ id: row.id, active });
          void toast.success(t.activeChanged);
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  }, [modal, setActive, toast, t]);

  const confirmSendQueue = () => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: t.sendQueueConfirm,
      okText: az.table.yes,
      cancelText: az.table.no,
      onOk: async () => {
        try {
          const reply = await sendQueue.mutateAsync();
          void toast.success(fill(t.queueSent, { N: reply.data.count }));
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  };

  const columns = useMemo(
    () => buildArchiveColumns({ spec, view, createdPreset: preset, actions: { onResend: confirmResend, onSetActive: confirmActive, onOpen: setOpened } }),
    [spec, view, preset, confirmResend, confirmActive],
  );
  const fetchPage = useCallback((params: Parameters<typeof fetchArchivePage>[2], signal: AbortSignal) => fetchArchivePage(spec, view, params, signal), [spec, view]);

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      {contextHolder}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 0 }}>
          {azNotifier.titles[channel]}
        </Typography.Title>
        {balance.data ? <Tag color="blue" data-testid="sms-balance">{fill(t.balance, { N: `${balance.data.amount} ${balance.data.currency}`.trim() })}</Tag> : null}
      </Flex>
      <NotifierTabs spec={spec} active={view} />
      <DataTable<ArchiveRow>
        key={`${channel}-${view}`}
        tableId={`archive-${channel}-${view}`}
        columns={columns}
        queryKey={archiveKeys.list(channel, view)}
        fetchPage={fetchPage}
        rowKey={(row) => row.id}
        defaultSort={BY_CREATED}
        isSelectable={false}
        onRowDoubleClick={setOpened}
        toolbar={view === 'queues' ? () => (
          <Button icon={<SendOutlined />} loading={sendQueue.isPending} onClick={confirmSendQueue} data-testid="archive-send-queue">{t.sendQueue}</Button>
        ) : undefined}
      />
      <MessageDetailsModal row={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
