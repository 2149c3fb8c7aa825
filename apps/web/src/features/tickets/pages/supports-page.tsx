import { AppstoreOutlined, CheckOutlined, PlusOutlined, EyeInvisibleOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { azTickets } from '@app/contract/texts/az-tickets';
import { TICKET_STATES, TICKET_TAG_COLORS, ticketStateName, type TicketListRow } from '@app/contract/tickets';
import { Badge, Button, Card, Dropdown, Modal, Space, Tag, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDateTime } from '../../../shared/format/format-date';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { CategoriesModal } from '../components/categories-modal';
import { CreateTicketModal } from '../components/create-ticket-modal';
import { fetchTicketPage, ticketKeys, useCancelTickets, useChangeTicketState, useMarkTickets, useTicketCategories, useTicketExecutors } from '../api';

const t = azTickets;
const DEFAULT_SORT: TableSort = { column: 'id', order: 'desc' };
export const STATE_OPTIONS = TICKET_STATES.map((id) => ({ value: id, label: ticketStateName(id) }));

export function stateTag(stateId: number, name?: string) {
  return <Tag color={TICKET_TAG_COLORS[stateId]}>{name || ticketStateName(stateId)}</Tag>;
}

/** Unread rows are bold (spec §2 supports: unread flag). */
const strong = (row: TicketListRow, content: ReactNode) => (row.is_new_admin ? <b>{content}</b> : content);

/** supports (tickets): the list with filters; unread rows bold; open one for its conversation. */
export function SupportsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [modal, contextHolder] = Modal.useModal();
  const categories = useTicketCategories();
  const executors = useTicketExecutors();
  const changeState = useChangeTicketState();
  const mark = useMarkTickets();
  const cancel = useCancelTickets();
  const [isCategoriesOpen, setCategoriesOpen] = useState(false);
  const [isCreateOpen, setCreateOpen] = useState(false);

  const columns = useMemo<DataTableColumn<TicketListRow>[]>(() => {
    const f = t.fields;
    const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
    const executorOptions = (executors.data ?? []).map((e) => ({ value: e.id, label: e.name }));
    return [
      { key: 'id', title: f.id, width: 'small', sortColumn: 'id', isAlwaysVisible: true, filter: { kind: 'number', param: 'id', isInteger: true },
        render: (row) => strong(row, <Link to={`/@next/supports/${row.id}`} data-testid={`ticket-link-${row.id}`}>#{row.id}</Link>) },
      { key: 'is_new_admin', title: t.actions.unread, isFilterOnly: true, filter: { kind: 'boolean', param: 'is_new_admin' }, render: () => null },
      { key: 'user_id', title: f.userCode, width: 'small', sortColumn: 'user_id', filter: { kind: 'text', param: 'user_id' },
        render: (row) => strong(row, row.user_code ?? row.user_id) },
      { key: 'user_name', title: f.customer, width: 'large', filter: { kind: 'text', param: 'user_name' }, render: (row) => strong(row, row.user_name) },
      { key: 'category', title: f.category, width: 'normal', sortColumn: 'ticket_category_id',
        filter: { kind: 'select', param: 'ticket_category_id', options: categoryOptions, isLoading: categories.isLoading },
        render: (row) => strong(row, row.ticket_category_name) },
      { key: 'state', title: f.state, width: 'normal', sortColumn: 'state_id', filter: { kind: 'select', param: 'state_id', options: STATE_OPTIONS },
        render: (row) => stateTag(row.state_id, row.state_name) },
      { key: 'executor', title: f.executor, width: 'normal', sortColumn: 'user_id_admin',
        filter: { kind: 'select', param: 'user_id_admin', options: executorOptions, isLoading: executors.isLoading },
        render: (row) => (row.user_id_admin ? row.user_name_admin : <Typography.Text type="secondary">{t.actions.unassigned}</Typography.Text>) },
      { key: 'messages', title: f.messages, width: 'small', sortColumn: 'all_message_count', align: 'center',
        render: (row) => (
          <Space size={4}>
            {strong(row, row.all_message_count)}
            {Number.parseInt(row.new_message_count, 10) > 0
              ? <Badge count={Number.parseInt(row.new_message_count, 10)} size="small" title={f.newMessages} />
              : null}
          </Space>
        ) },
      { key: 'created_at', title: f.createdAt, width: 'date', sortColumn: 'created_at', filter: { kind: 'date-range', param: 'created_at', defaultPreset: 'all' },
        render: (row) => strong(row, formatDateTime(row.created_at)) },
      { key: 'updated_at', title: f.updatedAt, width: 'date', sortColumn: 'updated_at', render: (row) => formatDateTime(row.updated_at) },
    ];
  }, [categories.data, categories.isLoading, executors.data, executors.isLoading]);

  const run = async (action: () => Promise<unknown>, success: string, done: () => void) => {
    try {
      await action();
      void toast.success(success);
      done();
    } catch (error) {
      void toast.error(readErrorMessage(error));
    }
  };
  const confirmState = (ids: number[], stateId: number, done: () => void) => void modal.confirm({
    title: t.confirm.title, content: `${t.confirm.changeState} (${ids.length})`, okText: az.table.yes, cancelText: az.table.no,
    onOk: () => run(() => changeState.mutateAsync({ ids, stateId }), t.messages.stateChanged, done),
  });
  const confirmCancel = (ids: number[], done: () => void) => void modal.confirm({
    title: t.confirm.title, content: `${t.confirm.cancelTicket} (${ids.length})`, okText: az.table.yes, cancelText: az.table.no, okButtonProps: { danger: true },
    onOk: () => run(() => cancel.mutateAsync(ids), t.messages.ticketCancelled, done),
  });

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      {contextHolder}
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{t.title}</Typography.Title>
      <DataTable<TicketListRow>
        tableId="supports"
        columns={columns}
        queryKey={ticketKeys.list}
        fetchPage={fetchTicketPage}
        rowKey={(row) => row.id}
        defaultSort={DEFAULT_SORT}
        onRowDoubleClick={(row) => void navigate(`/@next/supports/${row.id}`)}
        toolbar={({ selectedKeys, clearSelection, selectPage }) => {
          const ids = selectedKeys.map(Number);
          return (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreateOpen(true)} data-testid="ticket-create">{t.actions.create}</Button>
              <Button icon={<AppstoreOutlined />} onClick={() => setCategoriesOpen(true)} data-testid="ticket-categories">{t.actions.categories}</Button>
              <Button onClick={selectPage}>{az.table.selectAll}</Button>
              {ids.length > 0 && (
                <>
                  <Button icon={<CheckOutlined />} data-testid="tickets-mark-read"
                    onClick={() => void run(() => mark.mutateAsync({ ids, isNew: false }), t.messages.saved, clearSelection)}>
                    {`${t.actions.markRead} (${ids.length})`}
                  </Button>
                  <Button icon={<EyeInvisibleOutlined />}
                    onClick={() => void run(() => mark.mutateAsync({ ids, isNew: true }), t.messages.saved, clearSelection)}>
                    {`${t.actions.markUnread} (${ids.length})`}
                  </Button>
                  <Dropdown trigger={['click']} menu={{ items: STATE_OPTIONS.map((s) => ({ key: String(s.value), label: s.label, onClick: () => confirmState(ids, s.value, clearSelection) })) }}>
                    <Button icon={<SwapOutlined />}>{`${t.actions.changeState} (${ids.length})`}</Button>
                  </Dropdown>
                  <Button danger icon={<StopOutlined />} onClick={() => confirmCancel(ids, clearSelection)}>{`${t.actions.cancelTicket} (${ids.length})`}</Button>
                </>
              )}
            </>
          );
        }}
      />
      {isCategoriesOpen ? <CategoriesModal onClose={() => setCategoriesOpen(false)} /> : null}
      {isCreateOpen ? <CreateTicketModal onClose={() => setCreateOpen(false)} onCreated={(id) => void navigate(`/@next/supports/${id}`)} /> : null}
    </Card>
  );
}
