import { MoreOutlined } from '@ant-design/icons';
import { azNotifier } from '@app/contract/texts/az-notifier';
import { Button, Dropdown, Tag, Typography, type MenuProps } from 'antd';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { formatDateTime } from '../../../shared/format/format-date';
import type { ArchiveChannelSpec, ArchiveView } from '../model/archive-channels';
import { dateRangeParams } from '../model/archive-query';
import { isTruthyFlag, listMessageActions, type ArchiveRow, type MessageAction } from '../model/archive-row';
import { messageObjectPath, userPath } from '../model/record-links';
import { DeliveryStatusCell } from './delivery-status-cell';

export interface ArchiveRowActions {
  onResend: (row: ArchiveRow) => void;
  onSetActive: (row: ArchiveRow, active: boolean) => void;
  onOpen: (row: ArchiveRow) => void;
}

interface ColumnOptions {
  spec: ArchiveChannelSpec;
  view: ArchiveView;
  /** The created date's starting range: all time when opened for one customer. */
  createdPreset: 'all' | undefined;
  actions: ArchiveRowActions;
}

function ArchiveRowMenu({ row, actions }: { row: ArchiveRow; actions: ArchiveRowActions }) {
  const t = azNotifier.archive;
  const labels: Record<MessageAction, string> = { open: t.showBody, resend: t.resend, pause: t.pause, resume: t.resume };
  const run: Record<MessageAction, () => void> = {
    open: () => actions.onOpen(row),
    resend: () => actions.onResend(row),
    pause: () => actions.onSetActive(row, false),
    resume: () => actions.onSetActive(row, true),
  };
  const items: MenuProps['items'] = listMessageActions(row).map((action) => ({ key: action, label: labels[action], onClick: run[action] }));
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t.actions} data-testid={`message-menu-${row.id}`} />
    </Dropdown>
  );
}

function flagTag(value: number, yes: string, no: string, yesColor = 'green') {
  return isTruthyFlag(value) ? <Tag color={yesColor}>{yes}</Tag> : <Tag>{no}</Tag>;
}

/** spec §3 "SMS/email logs": every field of an archive row, with the fields file's filters (wire names). */
export function buildArchiveColumns({ spec, view, createdPreset, actions }: ColumnOptions): DataTableColumn<ArchiveRow>[] {
  const t = azNotifier.archive;
  const isMail = spec.channel === 'mail';
  const columns: (DataTableColumn<ArchiveRow> | null)[] = [
    { key: 'actions', title: '', width: 'actions', isAlwaysVisible: true, render: (row) => <ArchiveRowMenu row={row} actions={actions} /> },
    { key: 'id', title: t.id, width: 'small', isAlwaysVisible: true, sortColumn: 'id', filter: { kind: 'number', param: 'id', isInteger: true }, render: (row) => row.id },
    { key: 'address', title: isMail ? t.email : t.number, width: isMail ? 'large' : 'normal', filter: { kind: 'text', param: spec.addressFilter },
      render: (row) => (isMail ? row.email : row.number) || '—' },
    { key: 'user_id', title: t.user, width: 'small', filter: { kind: 'number', param: 'user_id', isInteger: true },
      render: (row) => {
        const path = userPath(row.user_id);
        return path ? <Link to={path} title={row.user_name ?? undefined}>{row.user_id}</Link> : '—';
      } },
    view === 'queues'
      ? { key: 'active', title: t.active, width: 'small', filter: { kind: 'boolean', param: 'active' }, render: (row) => flagTag(row.active, t.isActive, t.isPaused, 'blue') }
      : null,
    { key: 'sent', title: isMail ? t.sentMail : t.sent, width: isMail ? 125 : 'small', filter: { kind: 'boolean', param: 'sent' }, render: (row) => flagTag(row.sent, t.isSent, t.isWaiting) },
    { key: 'model_name', title: t.model, width: 'normal', filter: { kind: 'text', param: 'model_name' },
      render: (row) => {
        if (!row.model_name && !row.object_id) return '—';
        const path = messageObjectPath(row.model_id, row.object_id);
        const text = `${row.model_name ?? ''}${row.object_id ? ` #${row.object_id}` : ''}`.trim();
        return path ? <Link to={path}>{text}</Link> : text;
      } },
    { key: 'body', title: t.body, width: 300, filter: { kind: 'text', param: 'body' },
      render: (row) => <span title={row.body}>{isMail && row.subject ? <b>{row.subject}: </b> : null}{row.body}</span> },
    { key: 'template', title: t.template, width: 'small', render: (row) => row.template_name || (row.template_id ? `#${row.template_id}` : '—') },
    { key: 'bulk', title: t.bulk, width: 'smaller', render: (row) => (isTruthyFlag(row.bulk) ? <Tag color="purple">{t.yes}</Tag> : t.no) },
    { key: 'provider_state', title: t.providerState, width: 'small', render: (row) => row.provider_state || '—' },
    { key: 'error', title: t.error, width: 'normal',
      render: (row) => (row.error ? <Typography.Text type="danger" title={row.error}>{row.error}</Typography.Text> : '—') },
    spec.hasStatusCall ? { key: 'delivery', title: t.deliveryStatus, width: 'small', render: (row) => <DeliveryStatusCell spec={spec} id={row.id} /> } : null,
    { key: 'params', title: t.params, width: 'large', isHiddenByDefault: true, render: (row) => (row.params && row.params !== '{}' ? row.params : '—') },
    { key: 'retry_at', title: t.retryAt, width: 'date', sortColumn: 'retry_at', render: (row) => formatDateTime(row.retry_at),
      filter: { kind: 'date-range', param: 'retry_at', ...dateRangeParams('retry_at'), defaultPreset: 'all' } },
    { key: 'sended_at', title: t.sentAt, width: 'date', sortColumn: 'sended_at', render: (row) => formatDateTime(row.sended_at),
      filter: { kind: 'date-range', param: 'sended_at', ...dateRangeParams('sended_at'), defaultPreset: 'all' } },
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at', render: (row) => formatDateTime(row.created_at),
      filter: { kind: 'date-range', param: 'created_at', ...dateRangeParams('created_at'), defaultPreset: createdPreset } },
  ];
  return columns.filter((column): column is DataTableColumn<ArchiveRow> => column !== null);
}
