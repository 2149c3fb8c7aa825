import { EyeOutlined, ProfileOutlined } from '@ant-design/icons';
import { ARCHIVE_AFTER_DAYS, type DeletedDeclarationRow, type PostDeclarationRow } from '@app/contract/declaration-lists';
import type { ListResponse } from '@app/contract/common';
import type { DeclarationListRow, PartnerDeclarationRow } from '@app/contract/declarations';
import { CURRENCY_SIGN } from '@app/contract/countries';
import { az, fill } from '@app/contract/texts/az';
import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import type { QueryParams } from '../../../shared/http/http-client';
import { useBranches, useDeclarationStatuses, useProductTypes, useTariffCategoryOptions } from '../api';
import { buildDeclarationColumns } from './declaration-columns';
import { SimpleDeclarationModal } from './simple-declaration-modal';
import { CustomsPingIndicator } from '../../customs/components/ping-indicator';
import {
  declarationListKeys, fetchArchivePage, fetchCurrentMonthPage, fetchDeletedPage, fetchMiniPage, fetchPartnerPage, fetchPostPage,
} from './lists-api';
import { restrictColumns, withDatePreset } from './list-columns';

const BASE = '/@next/declarations';
const BY_CREATED: TableSort = { column: 'created_at', order: 'desc' };
const ui = az.declarationListsUi;

/** The main list's columns with their lookups; `renderActions` is each screen's own first column. */
function useDeclarationColumns<Row extends DeclarationListRow>(renderActions: (row: Row) => ReactNode): DataTableColumn<Row>[] {
  const statuses = useDeclarationStatuses();
  const productTypes = useProductTypes();
  const branches = useBranches();
  const tariffCategories = useTariffCategoryOptions();
  return useMemo(
    () =>
      buildDeclarationColumns({
        statuses: statuses.data ?? [],
        productTypes: productTypes.data ?? [],
        branches: branches.data ?? [],
        tariffCategories: tariffCategories.data ?? [],
        isLoading: statuses.isLoading || productTypes.isLoading || branches.isLoading,
        renderActions: renderActions as (row: DeclarationListRow) => ReactNode,
      }) as DataTableColumn<Row>[],
    [statuses.data, productTypes.data, branches.data, tariffCategories.data, statuses.isLoading, productTypes.isLoading, branches.isLoading, renderActions],
  );
}

function DetailsLink({ id }: { id: number }) {
  return (
    <Tooltip title={az.declarationsUi.details}>
      <Link to={`${BASE}/${id}`} aria-label={az.declarationsUi.details} data-testid={`declaration-open-${id}`}>
        <Button size="small" type="text" icon={<EyeOutlined />} />
      </Link>
    </Tooltip>
  );
}
const renderDetailsLink = (row: { id: number }) => <DetailsLink id={row.id} />;

function ListCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Space align="baseline" wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Space>
      {children}
    </Card>
  );
}

interface VariantTableProps<Row> {
  tableId: string;
  columns: DataTableColumn<Row>[];
  queryKey: readonly unknown[];
  fetchPage: (params: QueryParams, signal: AbortSignal) => Promise<ListResponse<Row>>;
  defaultSort?: TableSort;
  onRowDoubleClick?: (row: Row) => void;
}

function VariantTable<Row extends { id: number }>(props: VariantTableProps<Row>) {
  const navigate = useNavigate();
  return (
    <DataTable<Row>
      tableId={props.tableId}
      columns={props.columns}
      queryKey={props.queryKey}
      fetchPage={props.fetchPage}
      rowKey={(row) => row.id}
      defaultSort={props.defaultSort ?? BY_CREATED}
      isSelectable={false}
      onRowDoubleClick={props.onRowDoubleClick ?? ((row) => void navigate(`${BASE}/${row.id}`))}
    />
  );
}

// ---------------------------------------------------------------- partners

/** declarations/partners (partner_declarations): the list of branch partners' declarations, with the partner's name. */
export function PartnerDeclarationsPage() {
  const base = useDeclarationColumns<PartnerDeclarationRow>(renderDetailsLink);
  const columns = useMemo<DataTableColumn<PartnerDeclarationRow>[]>(() => {
    const partner: DataTableColumn<PartnerDeclarationRow> = {
      key: 'partner', title: ui.partnerName, width: 'normal', isAlwaysVisible: true, render: (row) => row.partner_name ?? '—',
    };
    const editedBy: DataTableColumn<PartnerDeclarationRow> = {
      key: 'edited_by', title: ui.editedBy, width: 'normal', render: (row) => row.causer_name ?? '—', filter: { kind: 'text', param: 'causer_name' },
    };
    return [base[0]!, partner, ...base.slice(1), editedBy];
  }, [base]);
  return (
    <ListCard title={ui.partnersTitle}>
      <VariantTable tableId="declarations-partners" columns={columns} queryKey={declarationListKeys.partners} fetchPage={fetchPartnerPage} />
    </ListCard>
  );
}

// ---------------------------------------------------------------- minilist

const PROVIDER_OPTIONS = [0, 1, 2].map((id) => ({ value: id, label: az.providers[id] ?? String(id) }));
const MINI_KEYS = ['actions', 'customer_code', 'customer', 'track_code', 'status', 'weight', 'delivery_price', 'created_at'];

/** declarations/mini (design: the spec names no route): the tiny list with its provider filter (spec §2). */
export function MiniDeclarationsPage() {
  const base = useDeclarationColumns<DeclarationListRow>(renderDetailsLink);
  const columns = useMemo<DataTableColumn<DeclarationListRow>[]>(() => {
    const provider: DataTableColumn<DeclarationListRow> = {
      key: 'provider', title: ui.provider, width: 'small', render: (row) => az.providers[row.trendyol] ?? row.trendyol,
      filter: { kind: 'select', param: 'trendyol', options: PROVIDER_OPTIONS },
    };
    const kept = base.filter((column) => MINI_KEYS.includes(column.key));
    return [...kept.slice(0, 4), provider, ...kept.slice(4)];
  }, [base]);
  return (
    <ListCard title={ui.miniTitle}>
      <VariantTable tableId="declarations-mini" columns={columns} queryKey={declarationListKeys.mini} fetchPage={fetchMiniPage} />
    </ListCard>
  );
}

// ---------------------------------------------------------------- current month

/** declarations/users/{userId}/current-month: one customer's declarations this month, customer columns hidden. */
export function CurrentMonthDeclarationsPage() {
  const userId = Number(useParams().userId);
  const base = useDeclarationColumns<DeclarationListRow>(renderDetailsLink);
  const columns = useMemo(
    () => withDatePreset(restrictColumns(base, { filters: ALL_FILTERS, sorts: ALL_SORTS, hidden: ['customer_code', 'customer'] }), 'created_at', 'all'),
    [base],
  );
  const fetchPage = useMemo(() => fetchCurrentMonthPage(userId), [userId]);
  const [name, setName] = useState<string | null>(null);
  const fetchAndName = useMemo(
    () => async (params: QueryParams, signal: AbortSignal) => {
      const page = await fetchPage(params, signal);
      const first = page.data[0];
      if (first?.user_id) setName(`${first.user_code ?? ''} · ${first.user_name ?? ''}`);
      return page;
    },
    [fetchPage],
  );
  return (
    <ListCard
      title={fill(ui.currentMonthTitle, { NAME: name ?? fill(ui.currentMonthOf, { ID: userId }) })}
      extra={<Link to={`/@next/users/${userId}`}>{az.declarationsUi.details}</Link>}
    >
      <VariantTable
        tableId="declarations-current-month"
        columns={columns}
        queryKey={declarationListKeys.currentMonth(userId)}
        fetchPage={fetchAndName}
      />
    </ListCard>
  );
}
/** The main list call's filter params and sorts (this_month and partner_declarations take them all). */
const ALL_FILTERS = [
  'customer_code', 'user_name', 'country_id', 'track_code', 'global_track_code', 'state_id', 'payed', 'customs', 'return', 'flight_name', 'weight',
  'price', 'delivery_price', 'quantity', 'type', 'shop_name', 'product_type_id', 'box_id', 'container_name', 'branch_id', 'created',
];
const ALL_SORTS = [
  'user_id', 'country_id', 'track_code', 'global_track_code', 'state_id', 'payed', 'customs', 'flight_id', 'weight', 'price', 'delivery_price', 'quantity',
  'container_id', 'branch_id', 'created_at',
];

// ---------------------------------------------------------------- deleted

const DELETED_FILTERS = ['customer_code', 'user_name', 'track_code', 'global_track_code', 'state_id', 'country_id', 'branch_id', 'created', 'deleted'];
const BY_DELETED: TableSort = { column: 'deleted_at', order: 'desc' };

/**
 * declarations/deleted (deleted_customs_declarations): declarations withdrawn at customs (the customs
 * link's deleted declarations) as our rows, when, and who of us cancelled it (or the citizen); a row
 * opens its details.
 */
export function DeletedDeclarationsPage() {
  const base = useDeclarationColumns<DeletedDeclarationRow>(renderDetailsLink);
  const columns = useMemo<DataTableColumn<DeletedDeclarationRow>[]>(() => {
    const restricted = withDatePreset(restrictColumns(base, { filters: DELETED_FILTERS, sorts: ['track_code', 'created_at'] }), 'created_at', 'all');
    const deletedAt: DataTableColumn<DeletedDeclarationRow> = {
      key: 'deleted_at', title: ui.deletedAt, width: 'date', sortColumn: 'deleted_at', isAlwaysVisible: true,
      render: (row) => formatDateTime(row.deleted_at),
      filter: { kind: 'date-range', param: 'deleted', fromParam: 'deleted_from', toParam: 'deleted_to', defaultPreset: 'all' },
    };
    const deletedBy: DataTableColumn<DeletedDeclarationRow> = {
      key: 'deleted_by', title: ui.deletedBy, width: 'normal', render: (row) => row.deleted_by_name ?? az.customsUi.withdrawnByCitizen,
    };
    return [...restricted, deletedAt, deletedBy];
  }, [base]);
  return (
    <ListCard title={ui.deletedTitle} extra={<CustomsPingIndicator />}>
      <VariantTable
        tableId="declarations-deleted"
        columns={columns}
        queryKey={declarationListKeys.deleted}
        fetchPage={fetchDeletedPage}
        defaultSort={BY_DELETED}
      />
    </ListCard>
  );
}

// ---------------------------------------------------------------- archive

const ARCHIVE_FILTERS = [
  'customer_code', 'user_name', 'track_code', 'global_track_code', 'state_id', 'country_id', 'branch_id', 'flight_name', 'payed', 'return', 'created',
];

/** archived-declarations (declarations_archive): finished declarations; a row opens the simple declaration view. */
export function ArchivedDeclarationsPage() {
  const [viewId, setViewId] = useState<number | null>(null);
  const renderActions = useMemo(
    () => (row: DeclarationListRow) => (
      <Tooltip title={ui.simpleView}>
        <Button size="small" type="text" icon={<ProfileOutlined />} aria-label={ui.simpleView} data-testid={`archive-view-${row.id}`} onClick={() => setViewId(row.id)} />
      </Tooltip>
    ),
    [],
  );
  const base = useDeclarationColumns<DeclarationListRow>(renderActions);
  const columns = useMemo(
    () => withDatePreset(restrictColumns(base, { filters: ARCHIVE_FILTERS, sorts: ['track_code', 'weight', 'delivery_price', 'created_at'] }), 'created_at', 'all'),
    [base],
  );
  return (
    <ListCard title={ui.archiveTitle} extra={<Typography.Text type="secondary">{fill(ui.archiveHint, { N: ARCHIVE_AFTER_DAYS })}</Typography.Text>}>
      <VariantTable
        tableId="declarations-archive"
        columns={columns}
        queryKey={declarationListKeys.archive}
        fetchPage={fetchArchivePage}
        onRowDoubleClick={(row) => setViewId(row.id)}
      />
      {viewId !== null && <SimpleDeclarationModal declarationId={viewId} onClose={() => setViewId(null)} />}
    </ListCard>
  );
}

// ---------------------------------------------------------------- post declarations

/** declarations/post (post_declarations): spec §2 "Post table: customer, track code, price, customs price, customs id, created date". */
export function PostDeclarationsPage() {
  const navigate = useNavigate();
  const columns = useMemo<DataTableColumn<PostDeclarationRow>[]>(() => {
    const t = az.declarations;
    return [
      { key: 'customer', title: t.customer, width: 'large', isAlwaysVisible: true, filter: { kind: 'text', param: 'user' },
        render: (row) => (row.user_id ? `${row.user_code ?? ''} · ${row.user_name ?? ''}` : '—') },
      { key: 'track_code', title: t.trackCode, width: 'large', isAlwaysVisible: true, sortColumn: 'track_code', filter: { kind: 'text', param: 'track_code' },
        render: (row) => (
          <Space size={4}>
            {row.track_code}
            {row.is_new === 1 && <Tag color="blue">{ui.isNew}</Tag>}
          </Space>
        ) },
      { key: 'price', title: ui.declaredPrice, width: 'normal', sortColumn: 'price', align: 'right', filter: { kind: 'number', param: 'price' },
        render: (row) => formatAmount(row.price, CURRENCY_SIGN.USD) },
      { key: 'dgk_price', title: ui.customsPrice, width: 'normal', sortColumn: 'dgk_price', align: 'right', filter: { kind: 'number', param: 'dgk_price' },
        render: (row) => formatAmount(row.dgk_price, CURRENCY_SIGN.USD) },
      { key: 'customs_id', title: ui.customsId, width: 'normal', filter: { kind: 'text', param: 'customs_id' }, render: (row) => row.customs_id ?? '—' },
      { key: 'declaration_id', title: ui.declarationId, width: 'small', filter: { kind: 'number', param: 'declaration_id', isInteger: true },
        render: (row) => (row.declaration_id ? <Link to={`${BASE}/${row.declaration_id}`}>{`#${row.declaration_id}`}</Link> : '—') },
      { key: 'is_new', title: ui.isNew, width: 'small', align: 'center', filter: { kind: 'boolean', param: 'is_new' }, isHiddenByDefault: true,
        render: (row) => (row.is_new === 0 ? <Tag>{az.table.no}</Tag> : <Tag color="blue">{az.table.yes}</Tag>) },
      { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at', filter: { kind: 'date-range', param: 'created', defaultPreset: 'all' },
        render: (row) => formatDateTime(row.created_at) },
    ];
  }, []);
  return (
    <ListCard title={ui.postTitle} extra={<CustomsPingIndicator />}>
      <DataTable<PostDeclarationRow>
        tableId="declarations-post"
        columns={columns}
        queryKey={declarationListKeys.post}
        fetchPage={fetchPostPage}
        rowKey={(row) => row.id}
        defaultSort={BY_CREATED}
        isSelectable={false}
        onRowDoubleClick={(row) => row.declaration_id && void navigate(`${BASE}/${row.declaration_id}`)}
      />
    </ListCard>
  );
}
