import { ArrowLeftOutlined, DeleteOutlined, EyeInvisibleOutlined, PaperClipOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { azTickets } from '@app/contract/texts/az-tickets';
import { isTicketOver, type TicketMessage } from '@app/contract/tickets';
import { Alert, Button, Card, Descriptions, Empty, Flex, Modal, Result, Space, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { saveBlob } from '../../../shared/files/save-blob';
import { SearchSelect } from '../../../shared/form/search-select';
import { formatDateTime } from '../../../shared/format/format-date';
import { http } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCancelTicketMessage, useChangeTicketState, useEditTicket, useMarkTickets, useTicket, useTicketExecutors } from '../api';
import { ReplyBox } from '../components/reply-box';
import { isStaffMessage, readFileLinks } from '../model/ticket-view';
import { STATE_OPTIONS, stateTag } from './supports-page';
import './ticket-page.css';

const t = azTickets;

function Attachments({ documentFile }: { documentFile?: string }) {
  const toast = useToast();
  const links = readFileLinks(documentFile);
  if (!links.length) return null;
  const open = async (url: string, name: string) => {
    try {
      saveBlob(await http.getBlob(url), name);
    } catch (error) {
      void toast.error(readErrorMessage(error));
    }
  };
  return (
    <Space wrap size={4} className="ticket-message__files">
      {links.map((link) => (
        <Button key={link.url} size="small" icon={<PaperClipOutlined />} onClick={() => void open(link.url, link.name)} data-testid="ticket-file">
          {link.name}
        </Button>
      ))}
    </Space>
  );
}

function MessageBubble({ message, onCancel }: { message: TicketMessage; onCancel?: () => void }) {
  const isStaff = isStaffMessage(message);
  return (
    <div className={`ticket-message ${isStaff ? 'ticket-message--staff' : 'ticket-message--customer'}`} data-testid="ticket-message">
      <div className="ticket-message__bubble">
        <Flex justify="space-between" gap={8} className="ticket-message__head">
          <Typography.Text strong>{message.user_name || (isStaff ? t.roles.staff : t.roles.customer)}</Typography.Text>
          <Space size={4}>
            <Typography.Text type="secondary" className="ticket-message__time">{formatDateTime(message.created_at)}</Typography.Text>
            {onCancel ? (
              <Tooltip title={t.actions.cancelMessage}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t.actions.cancelMessage} onClick={onCancel} data-testid="ticket-message-cancel" />
              </Tooltip>
            ) : null}
          </Space>
        </Flex>
        {message.message ? <div className="ticket-message__text">{message.message}</div> : null}
        <Attachments documentFile={message.document_file} />
      </div>
    </div>
  );
}

/** supports/{id}: the conversation (customer left, staff right), reply with a template, state and executor. */
export function TicketPage() {
  const { ticketId } = useParams();
  const id = Number(ticketId);
  const toast = useToast();
  const [modal, contextHolder] = Modal.useModal();
  const ticket = useTicket(id);
  const executors = useTicketExecutors();
  const changeState = useChangeTicketState();
  const edit = useEditTicket();
  const mark = useMarkTickets();
  const cancelMessage = useCancelTicketMessage();
  const endRef = useRef<HTMLDivElement>(null);
  const count = ticket.data?.data.length ?? 0;

  // the newest message in view when the conversation opens or grows
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (!Number.isInteger(id) || id <= 0) return <Result status="404" title={az.errors.notFound} />;
  if (ticket.isLoading) return <Flex justify="center" style={{ padding: 48 }}><Spin /></Flex>;
  if (ticket.isError || !ticket.data) {
    return <Result status="warning" title={ticket.error ? readErrorMessage(ticket.error) : az.errors.notFound}
      extra={<Link to="/@next/supports"><Button>{t.actions.back}</Button></Link>} />;
  }
  const { ticket: row, data: messages } = ticket.data;
  const isOver = isTicketOver(row.state_id);

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      void toast.success(success);
    } catch (error) {
      void toast.error(readErrorMessage(error));
    }
  };
  const onState = (stateId: number) => void modal.confirm({
    title: t.confirm.title, content: t.confirm.changeState, okText: az.table.yes, cancelText: az.table.no,
    onOk: () => run(() => changeState.mutateAsync({ ids: [row.id], stateId }), t.messages.stateChanged),
  });
  const onCancelMessage = (messageId: number) => void modal.confirm({
    title: t.confirm.title, content: t.confirm.cancelMessage, okText: az.table.yes, cancelText: az.table.no, okButtonProps: { danger: true, 'data-testid': 'ticket-message-cancel-ok' } as never,
    onOk: () => run(() => cancelMessage.mutateAsync(messageId), t.messages.messageCancelled),
  });

  return (
    <Card
      size="small"
      title={(
        <Space wrap>
          <Link to="/@next/supports" aria-label={t.actions.back}><ArrowLeftOutlined /></Link>
          <span>{`${t.ticket} #${row.id}`}</span>
          {stateTag(row.state_id, row.state_name)}
        </Space>
      )}
    >
      {contextHolder}
      <Space wrap style={{ marginBottom: 8 }}>
        <SearchSelect
          aria-label={t.actions.changeState}
          data-testid="ticket-state"
          style={{ width: 170 }}
          allowClear={false}
          value={row.state_id}
          options={STATE_OPTIONS}
          onChange={(value) => (Number(value) !== row.state_id ? onState(Number(value)) : undefined)}
        />
        <SearchSelect
          aria-label={t.actions.assign}
          data-testid="ticket-executor"
          style={{ width: 200 }}
          placeholder={t.actions.unassigned}
          value={row.user_id_admin ?? undefined}
          loading={executors.isLoading}
          options={(executors.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
          onChange={(value) => void run(() => edit.mutateAsync({ ticketId: row.id, executorId: value === undefined || value === null ? null : Number(value) }), t.messages.assigned)}
        />
        <Button icon={<EyeInvisibleOutlined />} onClick={() => void run(() => mark.mutateAsync({ ids: [row.id], isNew: true }), t.messages.saved)}>
          {t.actions.markUnread}
        </Button>
      </Space>
      <Descriptions size="small" column={{ xs: 1, md: 4 }} items={[
        { key: 'c', label: t.fields.customer, children: <Link to={`/@next/users/${row.user_id}`}>{`${row.user_code ?? row.user_id} · ${row.user_name}`}</Link> },
        { key: 'k', label: t.fields.category, children: row.ticket_category_name },
        { key: 'e', label: t.fields.executor, children: row.user_id_admin ? row.user_name_admin : t.actions.unassigned },
        { key: 'd', label: t.fields.createdAt, children: formatDateTime(row.created_at) },
      ]} />
      <div className="ticket-conversation" data-testid="ticket-conversation">
        {messages.length === 0 ? <Empty description={t.messages.noMessages} /> : messages.map((m) => (
          <MessageBubble key={m.id} message={m} onCancel={isStaffMessage(m) ? () => onCancelMessage(m.id) : undefined} />
        ))}
        <div ref={endRef} />
      </div>
      {isOver
        ? <Alert type="info" showIcon message={t.errors.ticketClosed} />
        : <ReplyBox ticketId={row.id} />}
    </Card>
  );
}
