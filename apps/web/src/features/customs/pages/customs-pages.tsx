import { EyeOutlined, InfoCircleOutlined, UploadOutlined } from '@ant-design/icons';
import type {
  CustomsCounts, CustomsDeclarationRow, CustomsPostRow, CustomsQueueRow, CustomsTaskRow,
} from '@app/contract/customs';
import type { ListResponse } from '@app/contract/common';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Descriptions, Modal, Popover, Spin, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDateTime } from '../../../shared/format/format-date';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import {
  customsKeys, fetchCarriersPosts, fetchCustomsDeclarations, fetchCustomsQueue, fetchCustomsTasks, useCustomsPing, useCustomsTask,
} from '../api';
import { CustomsPageCard } from '../components/customs-page-card';
import { CUSTOMS_ACTION_OPTIONS, describeCustomsAction, EMPTY_VALUE, prettyJson, QUEUE_ACTION_OPTIONS, summarizeJson } from '../model/customs-labels';

const T = az.customsUi;
const BY_ID: TableSort = { column: 'id', order: 'desc' };
const BY_ADDED: TableSort = { column: 'added_at', order: 'desc' };
const POST_STATUS_OPTIONS = [0, 1, 3, 4].map((v) => ({ value: v, label: `${v} — ${T.postStatuses[v]}` }));
const PACKAGE_TYPE_OPTIONS = ['1', '2'].map((v) => ({ value: v, label: T.packageTypes[v] ?? v }));
const QUEUE_STATUS_OPTIONS = Object.entries(T.queueStatuses).map(([value, label]) => ({ value, label }));
const TASK_STATE_OPTIONS = Object.entries(T.taskStates).map(([value, label]) => ({ value, label }));
const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'blue', 3: 'orange', 4: 'green' };

const PageCard = CustomsPageCard;

/** Pretty JSON of a stored request or a raw answer (kept as it came when it is not JSON); when there is none, says so in words. */
function JsonBlock({ value, emptyText, testId }: { value: unknown; emptyText: string; testId?: string }) {
  const text = prettyJson(value);
  if (text === null) return <Typography.Text type="secondary" data-testid={testId}>{emptyText}</Typography.Text>;
  return <pre data-testid={testId} style={{ margin: 0, maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', fontSize: 12 }}>{text}</pre>;
}

const taskStateColor = (state: string) => (state === 'done' ? 'green' : state === 'declined' ? 'orange' : 'red');

// ---------------------------------------------------------------- customs declarations

/** customs/declarations (dgk_declarations): our parcels at customs with their declarations; counts popover; a link to the list upload. */
export function CustomsDeclarationsPage() {
  const [counts, setCounts] = useState<CustomsCounts | null>(null);
  const [customerName, setCustomerName] = useState<string | null>(null);
  const fetchPage = useCallback(async (params: QueryParams, signal: AbortSignal): Promise<ListResponse<CustomsDeclarationRow>> => {
    const reply = await fetchCustomsDeclarations(params, signal);
    setCounts(reply.counts);
    // One customer's records: the title names them (from their rows; the id alone until rows come).
    setCustomerName(params.user_id ? reply.data.find((row) => row.user_name)?.user_name ?? null : null);
    return reply;
  }, []);
  const columns = useMemo<DataTableColumn<CustomsDeclarationRow>[]>(() => [
    { key: 'tracking_number', title: T.trackingNumber, width: 'normal', isAlwaysVisible: true, sortColumn: 'tracking_number',
      filter: { kind: 'text', param: 'tracking_number' }, render: (r) => r.TrackingNumber },
    { key: 'user', title: T.customer, width: 'normal', render: (r) => r.user_name ?? <Tag color="red">{T.unknown}</Tag>,
      filter: { kind: 'boolean', param: 'customer_exists' } },
    { key: 'importer_name', title: T.importer, width: 'normal', render: (r) => r.ImportName || '—' },
    { key: 'pin', title: T.pin, width: 'small', render: (r) => r.PinNumber || '—', filter: { kind: 'text', param: 'fin' } },
    { key: 'goods_name', title: T.goods, width: 'normal', render: (r) => r.GoodsName || '—' },
    { key: 'invoice_price', title: T.invoicePrice, width: 'small', align: 'right', sortColumn: 'invoice_price', render: (r) => r.InvoicePriceFull || '—' },
    { key: 'invoice_price_usd', title: T.invoicePriceUsd, width: 'small', align: 'right', render: (r) => r.InvoicePriceUsd || '—' },
    { key: 'quantity', title: T.quantity, width: 'smaller', align: 'right', render: (r) => r.QuantityFull || '—' },
    { key: 'pay_status', title: T.payStatus, width: 'small', render: (r) => (r.PayStatus ? T.payStatuses[Number(r.PayStatus)] ?? r.PayStatus : '—') },
    { key: 'reg_number', title: T.regNumber, width: 'normal', filter: { kind: 'boolean', param: 'declared' },
      render: (r) => r.RegNumber || <Tag color="orange">{T.undeclared}</Tag> },
    { key: 'flight', title: T.flight, width: 'small', filter: { kind: 'boolean', param: 'in_flight' }, render: (r) => r.flight_name ?? '—' },
    { key: 'post_status', title: T.status, width: 'small', render: (r) => <Tag color={STATUS_COLORS[r.post_status]}>{T.postStatuses[r.post_status] ?? r.post_status}</Tag> },
    { key: 'added_at', title: T.addedAt, width: 'date', sortColumn: 'added_at', render: (r) => formatDateTime(r.created_at),
      filter: { kind: 'date-range', param: 'added', fromParam: 'date_from', toParam: 'date_to', defaultPreset: 'all' } },
    { key: 'declared_at', title: T.declaredAt, width: 'date', sortColumn: 'declared_at', isHiddenByDefault: true, render: (r) => formatDateTime(r.declared_at) },
    { key: 'reg_filter', title: T.regNumber, isFilterOnly: true, render: () => null, filter: { kind: 'text', param: 'reg_number' } },
    // One customer's records (the user detail page's customs data button opens the list with ?user_id=).
    { key: 'user_id', title: T.customerId, isFilterOnly: true, render: () => null, filter: { kind: 'number', param: 'user_id', isInteger: true } },
  ], []);
  const [search] = useSearchParams();
  const userId = search.get('user_id');
  const countsPopover = (
    <Descriptions size="small" column={1} data-testid="customs-counts">
      <Descriptions.Item label={T.declared}>{counts?.declared ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={T.undeclared}>{counts?.undeclared ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={T.unknown}>{counts?.unknown ?? '—'}</Descriptions.Item>
    </Descriptions>
  );
  const extra = (
    <>
      <Popover content={countsPopover} title={T.counts} trigger={['click', 'hover']}>
        <Button icon={<InfoCircleOutlined />} data-testid="customs-counts-button">{T.counts}</Button>
      </Popover>
      <Link to="../upload" relative="path"><Button icon={<UploadOutlined />}>{T.upload}</Button></Link>
    </>
  );
  return (
    <PageCard title={userId ? fill(T.declarationsOfCustomer, { NAME: customerName ? `${customerName} (#${userId})` : `#${userId}` }) : T.declarations} extra={extra}>
      <DataTable<CustomsDeclarationRow>
        tableId="customs-declarations"
        columns={columns}
        queryKey={customsKeys.declarations}
        fetchPage={fetchPage}
        rowKey={(r) => r.TrackingNumber}
        defaultSort={BY_ADDED}
        isSelectable={false}
      />
    </PageCard>
  );
}

// ---------------------------------------------------------------- customs posts (live)

/**
 * customs/posts (dgk_declarations): customs' carrier posts asked live (GET customs/carriersposts),
 * date range defaulting to today, status 0/1/3/4, package type, FIN and track code. When customs
 * does not answer, a warning says so above the table (whose own result shows the server's words).
 */
export function CustomsPostsPage() {
  const ping = useCustomsPing();
  const [search, setSearch] = useSearchParams();
  const today = dayjs().format('YYYY-MM-DD');
  const hasDate = search.has('date');
  useEffect(() => {
    if (hasDate) return;
    const next = new URLSearchParams(search);
    next.set('date', `${today}~${today}`);
    setSearch(next, { replace: true });
  }, [hasDate, search, setSearch, today]);
  const columns = useMemo<DataTableColumn<CustomsPostRow>[]>(() => [
    { key: 'tracking_number', title: T.trackingNumber, width: 'normal', isAlwaysVisible: true, filter: { kind: 'text', param: 'track_code' }, render: (r) => r.trackinG_NO },
    { key: 'status', title: T.status, width: 'normal', filter: { kind: 'select', param: 'status', options: POST_STATUS_OPTIONS },
      render: (r) => <Tag color={STATUS_COLORS[Number(r.status)]}>{T.postStatuses[Number(r.status)] ?? r.status}</Tag> },
    { key: 'fin', title: T.pin, width: 'small', filter: { kind: 'text', param: 'fin' }, render: (r) => r.fin || '—' },
    { key: 'importer', title: T.importer, width: 'normal', render: (r) => r.idxaL_NAME || '—' },
    { key: 'exporter', title: T.exporter, width: 'normal', render: (r) => r.ixraC_NAME || '—' },
    { key: 'goods', title: T.goods, width: 'normal', render: (r) => r.goodsList.map((g) => g.namE_OF_GOODS).join(', ') || '—' },
    { key: 'price', title: T.invoicePrice, width: 'small', align: 'right', render: (r) => `${r.invoyS_PRICE} ${r.currencY_TYPE}`.trim() },
    { key: 'weight', title: T.weight, width: 'smaller', align: 'right', render: (r) => r.weighT_GOODS },
    { key: 'airwaybill', title: T.airwaybill, width: 'normal', render: (r) => r.airwaybill ?? '—' },
    { key: 'dispatch_number', title: T.dispatchNumber, width: 'normal', render: (r) => r.depesH_NUMBER ?? '—' },
    { key: 'reg', title: T.regNumber, width: 'normal', isHiddenByDefault: true, render: (r) => r.ecoM_REGNUMBER || '—' },
    { key: 'insert_date', title: T.date, width: 'date', render: (r) => (r.inserT_DATE || '—'),
      filter: { kind: 'date-range', param: 'date', fromParam: 'date_from', toParam: 'date_to', defaultPreset: 'all' } },
    { key: 'dispatch_date', title: T.dispatchDate, width: 'date', isHiddenByDefault: true, render: (r) => (r.depesH_DATE ?? '—') },
    { key: 'package_type', title: T.packageType, width: 'small', filter: { kind: 'select', param: 'package_type', options: PACKAGE_TYPE_OPTIONS },
      render: (r) => T.packageTypes[r.packagE_TYPE || '1'] ?? r.packagE_TYPE ?? '—' },
  ], []);
  return (
    <PageCard title={T.posts}>
      {ping.data && !ping.data.ok && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} data-testid="customs-posts-down" title={T.postsLiveWarning} />
      )}
      {hasDate ? (
        <DataTable<CustomsPostRow>
          tableId="customs-posts"
          columns={columns}
          queryKey={customsKeys.posts}
          fetchPage={fetchCarriersPosts}
          rowKey={(r) => r.trackinG_NO}
          isSelectable={false}
        />
      ) : <Spin />}
    </PageCard>
  );
}

// ---------------------------------------------------------------- customs tasks

function TaskDetail({ task }: { task: CustomsTaskRow }) {
  return (
    <Descriptions size="small" bordered column={1} data-testid="customs-task">
      <Descriptions.Item label={T.action}>
        {describeCustomsAction(task.action)} <Typography.Text type="secondary">{task.method} {task.path}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={T.status}><Tag color={taskStateColor(task.state)}>{T.taskStates[task.state] ?? task.state}</Tag></Descriptions.Item>
      <Descriptions.Item label={T.statusCode}>{task.status_code ?? EMPTY_VALUE}{task.http_status !== null && task.http_status !== task.status_code ? ` (HTTP ${task.http_status})` : ''}</Descriptions.Item>
      <Descriptions.Item label={T.attempts}>{task.attempts}</Descriptions.Item>
      {task.declaration_id > 0 && (
        <Descriptions.Item label={T.trackingNumber}>
          {task.track_code}
          {task.declaration_state_name && <Tag style={{ marginLeft: 8 }}>{task.declaration_state_name}</Tag>}
        </Descriptions.Item>
      )}
      {task.user_id > 0 && <Descriptions.Item label={T.customer}>{task.user_id} — {task.user_name}</Descriptions.Item>}
      <Descriptions.Item label={T.createdAt}>{formatDateTime(task.created_at)}</Descriptions.Item>
      <Descriptions.Item label={T.updatedAt}>{formatDateTime(task.updated_at)}</Descriptions.Item>
      <Descriptions.Item label={T.retryAt}>{formatDateTime(task.retry_at) || EMPTY_VALUE}</Descriptions.Item>
      {task.error && <Descriptions.Item label={T.error}>{task.error}</Descriptions.Item>}
      <Descriptions.Item label={T.request}><JsonBlock value={task.query} emptyText={T.noRequestBody} testId="customs-task-request" /></Descriptions.Item>
      <Descriptions.Item label={T.response}><JsonBlock value={task.response} emptyText={T.noResponse} testId="customs-task-response" /></Descriptions.Item>
    </Descriptions>
  );
}

/** customs/tasks/{id}: one task over the table; closing returns to the table with its filters. */
export function CustomsTaskModal() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const taskId = Number(id);
  const task = useCustomsTask(taskId);
  const close = () => navigate({ pathname: '..', search: location.search }, { relative: 'path' });
  return (
    <Modal open width={820} title={fill(T.taskTitle, { ID: taskId })} onCancel={close} footer={<Button type="primary" onClick={close}>{T.close}</Button>} destroyOnHidden>
      {task.isError && <Alert type="error" showIcon title={readErrorMessage(task.error)} />}
      <Spin spinning={task.isLoading}>{task.data && <TaskDetail task={task.data} />}</Spin>
    </Modal>
  );
}

/** customs/tasks (bbs_office): every call to customs, with a global search. */
export function CustomsTasksPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const open = useCallback((row: CustomsTaskRow) => navigate({ pathname: String(row.id), search: location.search }), [navigate, location.search]);
  const columns = useMemo<DataTableColumn<CustomsTaskRow>[]>(() => [
    { key: 'open', title: '', width: 48, align: 'center', isAlwaysVisible: true,
      render: (r) => <Tooltip title={T.open}><Button size="small" type="text" icon={<EyeOutlined />} aria-label={T.open} onClick={() => open(r)} /></Tooltip> },
    { key: 'id', title: 'ID', width: 'smaller', sortColumn: 'id', isAlwaysVisible: true, render: (r) => r.id },
    { key: 'search', title: T.search, isFilterOnly: true, render: () => null, filter: { kind: 'text', param: 'search' } },
    { key: 'action', title: T.action, width: 'large', filter: { kind: 'select', param: 'action', options: CUSTOMS_ACTION_OPTIONS },
      render: (r) => <Tooltip title={r.action}><Tag>{describeCustomsAction(r.action)}</Tag></Tooltip> },
    { key: 'state', title: T.status, width: 'small', filter: { kind: 'select', param: 'state', options: TASK_STATE_OPTIONS },
      render: (r) => <Tag color={taskStateColor(r.state)}>{T.taskStates[r.state] ?? r.state}</Tag> },
    { key: 'track_code', title: T.trackingNumber, width: 'normal', render: (r) => r.track_code || EMPTY_VALUE },
    { key: 'customer', title: T.customer, width: 'normal', isHiddenByDefault: true, render: (r) => (r.user_id > 0 ? `${r.user_id} — ${r.user_name}` : EMPTY_VALUE) },
    { key: 'status_code', title: T.statusCode, width: 'small', align: 'right', render: (r) => r.status_code ?? EMPTY_VALUE },
    { key: 'attempts', title: T.attempts, width: 'smaller', align: 'right', sortColumn: 'attempts', render: (r) => r.attempts },
    { key: 'query', title: T.request, width: 'large', render: (r) => <Typography.Text ellipsis style={{ maxWidth: 200 }}>{summarizeJson(r.query)}</Typography.Text> },
    { key: 'error', title: T.error, width: 'large', render: (r) => r.error || EMPTY_VALUE },
    { key: 'created_at', title: T.createdAt, width: 'date', sortColumn: 'created_at', render: (r) => formatDateTime(r.created_at),
      filter: { kind: 'date-range', param: 'created', fromParam: 'date_from', toParam: 'date_to', defaultPreset: 'all' } },
    { key: 'updated_at', title: T.updatedAt, width: 'date', isHiddenByDefault: true, render: (r) => formatDateTime(r.updated_at) },
    { key: 'retry_at', title: T.retryAt, width: 'date', render: (r) => formatDateTime(r.retry_at) || EMPTY_VALUE },
  ], [open]);
  return (
    <PageCard title={T.tasks}>
      <DataTable<CustomsTaskRow>
        tableId="customs-tasks"
        columns={columns}
        queryKey={customsKeys.tasks}
        fetchPage={fetchCustomsTasks}
        rowKey={(r) => r.id}
        defaultSort={BY_ID}
        isSelectable={false}
        onRowDoubleClick={open}
      />
      <Outlet />
    </PageCard>
  );
}

// ---------------------------------------------------------------- DNS queues

interface PreviewState { dnsQueue?: CustomsQueueRow }

/** customs/dns-queues/preview/query|response: the row comes in the navigation state; without it, back to the queue. */
export function QueuePreviewModal({ kind }: { kind: 'query' | 'response' }) {
  const location = useLocation();
  const navigate = useNavigate();
  const row = (location.state as PreviewState | null)?.dnsQueue;
  if (!row) return <Navigate to="../.." relative="path" replace />;
  const close = () => navigate({ pathname: '../..', search: location.search }, { relative: 'path' });
  return (
    <Modal open width={760} title={`${kind === 'query' ? T.previewQuery : T.previewResponse} — ${row.track_code}`} onCancel={close}
      footer={<Button type="primary" onClick={close}>{T.close}</Button>} destroyOnHidden>
      <JsonBlock value={kind === 'query' ? row.json : row.response} emptyText={kind === 'query' ? T.noRequestBody : T.noResponse} testId={`queue-preview-${kind}`} />
    </Modal>
  );
}

/** customs/dns-queues (bbs_queues): the package queue, one row per parcel and send. */
export function DnsQueuesPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const preview = useCallback((row: CustomsQueueRow, kind: 'query' | 'response') =>
    navigate({ pathname: `preview/${kind}`, search: location.search }, { state: { dnsQueue: row } }), [navigate, location.search]);
  const columns = useMemo<DataTableColumn<CustomsQueueRow>[]>(() => [
    { key: 'id', title: 'ID', width: 'smaller', sortColumn: 'id', isAlwaysVisible: true, render: (r) => r.id },
    { key: 'track_code', title: T.trackingNumber, width: 'normal', filter: { kind: 'text', param: 'track_code' }, render: (r) => r.track_code },
    { key: 'action', title: T.action, width: 'large', filter: { kind: 'select', param: 'action', options: QUEUE_ACTION_OPTIONS },
      render: (r) => <Tooltip title={r.action}><Tag>{describeCustomsAction(r.action)}</Tag></Tooltip> },
    { key: 'status', title: T.status, width: 'small', filter: { kind: 'select', param: 'status', options: QUEUE_STATUS_OPTIONS },
      render: (r) => <Tag color={{ sent: 'green', queued: 'blue', declined: 'orange', failed: 'red' }[r.status]}>{T.queueStatuses[r.status] ?? r.status}</Tag> },
    { key: 'status_code', title: T.statusCode, width: 'small', align: 'right', render: (r) => r.status_code ?? '—' },
    { key: 'attempts', title: T.attempts, width: 'smaller', align: 'right', sortColumn: 'attempts', render: (r) => r.attempts },
    { key: 'json', title: T.request, width: 'small', render: (r) => <Button size="small" onClick={() => preview(r, 'query')}>{T.open}</Button> },
    { key: 'response', title: T.response, width: 'small', render: (r) => <Button size="small" disabled={!r.response} onClick={() => preview(r, 'response')}>{T.open}</Button> },
    { key: 'retry_at', title: T.retryAt, width: 'date', render: (r) => formatDateTime(r.retry_at) || '—' },
    { key: 'created_at', title: T.createdAt, width: 'date', sortColumn: 'created_at', render: (r) => formatDateTime(r.created_at),
      filter: { kind: 'date-range', param: 'created', fromParam: 'date_from', toParam: 'date_to', defaultPreset: 'all' } },
    { key: 'updated_at', title: T.updatedAt, width: 'date', sortColumn: 'updated_at', render: (r) => formatDateTime(r.updated_at) },
  ], [preview]);
  return (
    <PageCard title={T.queues}>
      <DataTable<CustomsQueueRow>
        tableId="customs-dns-queues"
        columns={columns}
        queryKey={customsKeys.queues}
        fetchPage={fetchCustomsQueue}
        rowKey={(r) => r.id}
        defaultSort={BY_ID}
        isSelectable={false}
      />
      <Outlet />
    </PageCard>
  );
}
