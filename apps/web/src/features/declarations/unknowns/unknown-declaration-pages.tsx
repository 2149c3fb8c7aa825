import { CheckOutlined, DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConflictedDeclarationDetail, ConflictedListRow } from '@app/contract/conflicted-declarations';
import { CONFLICTED_STATUS } from '@app/contract/statuses-constants';
import { az, fill } from '@app/contract/texts/az';
import { Button, Card, Descriptions, Dropdown, Flex, Modal, Result, Space, Spin, Tag, Typography, type MenuProps } from 'antd';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { openDeclarationDocument, useBranches } from '../api';
import { UnknownFormModal } from './unknown-form-modal';
import { declarationListKeys, fetchUnknownPage, useAcceptUnknownDeclaration, useDeleteUnknownDeclaration, useUnknownDeclaration } from '../lists/lists-api';
import { canDelete } from '../shared/declaration-access';

const BASE = '/@next/declarations/unknowns';
const BY_CREATED: TableSort = { column: 'created_at', order: 'desc' };
const ui = az.declarationListsUi;
const t = az.declarations;

const COUNTRY_OPTIONS = [1, 2].map((id) => ({ value: id, label: az.countries[id] ?? String(id) }));
const STATUS_OPTIONS = [
  { value: CONFLICTED_STATUS.unknown, label: 'Naməlum' },
  { value: CONFLICTED_STATUS.resolved, label: 'Həll edilib' },
];

const statusColor = (id: number) => (id === CONFLICTED_STATUS.resolved ? 'green' : 'orange');

/** Confirmed delete of an unknown declaration (needs declaration_cancel, spec §2). */
function useDeleteUnknown(afterDelete?: () => void) {
  const [modal, holder] = Modal.useModal();
  const toast = useToast();
  const remove = useDeleteUnknownDeclaration();
  const confirmDelete = useCallback(
    (id: number, code: string) =>
      void modal.confirm({
        title: az.form.confirmTitle,
        content: fill(ui.confirmDeleteUnknown, { CODE: code }),
        okButtonProps: { danger: true },
        okText: az.declarationsUi.delete,
        cancelText: az.form.cancel,
        onOk: async () => {
          try {
            await remove.mutateAsync(id);
            toast.success(ui.unknownDeleted);
            afterDelete?.();
          } catch (error) {
            toast.error(readErrorMessage(error));
          }
        },
      }),
    [modal, remove, toast, afterDelete],
  );
  return { confirmDelete, holder };
}

async function openDocument(path: string, onError: (text: string) => void) {
  try {
    await openDeclarationDocument(path);
  } catch (error) {
    onError(readErrorMessage(error));
  }
}

/** declarations/unknowns (conflicted_declarations): spec §2 "adds a basket column; row menu: details, edit, document, delete". */
export function UnknownDeclarationsPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { user: viewer } = useAuth();
  const toast = useToast();
  const branches = useBranches();
  const { confirmDelete, holder } = useDeleteUnknown();
  const mayDelete = canDelete(viewer);

  const renderMenu = useCallback(
    (row: ConflictedListRow) => {
      const items: NonNullable<MenuProps['items']> = [
        { key: 'details', label: az.declarationsUi.details, onClick: () => void navigate(`${BASE}/${row.id}`) },
        { key: 'edit', label: az.declarationsUi.edit, onClick: () => void navigate({ pathname: `${BASE}/${row.id}/update`, search }) },
        {
          key: 'document', label: az.declarationsUi.openDocument,
          onClick: () => void openDocument(`/api/admin/conflicted_declaration/document?conflicted_declaration_id=${row.id}`, (m) => void toast.error(m)),
        },
      ];
      if (mayDelete) items.push({ key: 'delete', label: az.declarationsUi.delete, danger: true, onClick: () => confirmDelete(row.id, row.track_code) });
      return (
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button size="small" type="text" icon={<MoreOutlined />} aria-label={az.declarationsUi.actions} data-testid={`unknown-menu-${row.id}`} />
        </Dropdown>
      );
    },
    [navigate, search, toast, mayDelete, confirmDelete],
  );

  const columns = useMemo<DataTableColumn<ConflictedListRow>[]>(() => [
    { key: 'actions', title: '', width: 48, isAlwaysVisible: true, align: 'center', render: renderMenu },
    { key: 'track_code', title: t.trackCode, width: 'large', isAlwaysVisible: true, sortColumn: 'track_code',
      render: (row) => row.track_code, filter: { kind: 'text', param: 'track_code' } },
    { key: 'global_track_code', title: t.globalTrackCode, width: 'large', render: (row) => row.global_track_code || '—',
      filter: { kind: 'text', param: 'global_track_code' } },
    { key: 'basket', title: ui.basket, width: 'normal', isAlwaysVisible: true, render: (row) => row.basket_name ?? '—',
      filter: { kind: 'number', param: 'basket_id', isInteger: true } },
    { key: 'status', title: t.status, width: 'normal', render: (row) => <Tag color={statusColor(row.state_id)}>{row.state_name}</Tag>,
      filter: { kind: 'select', param: 'state_id', options: STATUS_OPTIONS } },
    { key: 'customer', title: t.customer, width: 'normal',
      render: (row) => (row.user_id ? `${row.user_code ?? ''} · ${row.user_name ?? ''}` : '—') },
    { key: 'country', title: t.country, width: 120, render: (row) => az.countries[row.country_id] ?? row.country_id,
      filter: { kind: 'select', param: 'country_id', options: COUNTRY_OPTIONS } },
    { key: 'branch', title: t.branch, width: 'normal', render: (row) => row.branch_name ?? '—',
      filter: { kind: 'select', param: 'branch_id', options: branches.data ?? [], isLoading: branches.isLoading } },
    { key: 'product_type', title: t.productType, width: 'normal', render: (row) => row.product_type_name ?? '—' },
    { key: 'shop', title: t.shop, width: 'normal', render: (row) => row.shop_name ?? '—' },
    { key: 'weight', title: t.weight, width: 120, sortColumn: 'weight', align: 'right', render: (row) => formatAmount(row.weight) },
    { key: 'quantity', title: t.quantity, width: 'small', align: 'right', render: (row) => row.quantity ?? '—' },
    { key: 'causer', title: ui.causer, width: 'normal', render: (row) => row.causer_name ?? '—' },
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at', render: (row) => formatDateTime(row.created_at),
      filter: { kind: 'date-range', param: 'created', defaultPreset: 'all' } },
  ], [renderMenu, branches.data, branches.isLoading]);

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      {holder}
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>
        {ui.unknownsTitle}
      </Typography.Title>
      <DataTable<ConflictedListRow>
        tableId="declarations-unknowns"
        columns={columns}
        queryKey={declarationListKeys.unknowns}
        fetchPage={fetchUnknownPage}
        rowKey={(row) => row.id}
        defaultSort={BY_CREATED}
        isSelectable={false}
        onRowDoubleClick={(row) => void navigate(`${BASE}/${row.id}`)}
        toolbar={() => (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate({ pathname: `${BASE}/create`, search })} data-testid="unknowns-create">
            {az.declarationsUi.create}
          </Button>
        )}
      />
      <Outlet />
    </Card>
  );
}

function useCloseToUnknowns() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => void navigate({ pathname: BASE, search }, { replace: true }), [navigate, search]);
}

/** declarations/unknowns/create over the table. */
export function CreateUnknownRoute() {
  return <UnknownFormModal onClose={useCloseToUnknowns()} />;
}

/** declarations/unknowns/{id}/update over the table (spec §2 modal route). */
export function UpdateUnknownRoute() {
  const navigate = useNavigate();
  const id = Number(useParams().unknownId);
  return <UnknownFormModal unknownId={id} onClose={useCloseToUnknowns()} onAccepted={(declarationId) => void navigate(`/@next/declarations/${declarationId}`)} />;
}

function UnknownCard({ unknown, children }: { unknown: ConflictedDeclarationDetail; children?: ReactNode }) {
  const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="unknown-details">
      <Descriptions.Item label={t.trackCode}>{unknown.track_code}</Descriptions.Item>
      <Descriptions.Item label={t.globalTrackCode}>{dash(unknown.global_track_code)}</Descriptions.Item>
      <Descriptions.Item label={t.status}><Tag color={statusColor(unknown.state_id)}>{unknown.state_name}</Tag></Descriptions.Item>
      <Descriptions.Item label={ui.basket}>{dash(unknown.basket_name)}</Descriptions.Item>
      <Descriptions.Item label={t.customer}>
        {unknown.user_id ? <Link to={`/@next/users/${unknown.user_id}`}>{`${unknown.user_code ?? ''} · ${unknown.user_name ?? ''}`}</Link> : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t.country}>{az.countries[unknown.country_id] ?? unknown.country_id}</Descriptions.Item>
      <Descriptions.Item label={t.branch}>{dash(unknown.branch_name)}</Descriptions.Item>
      <Descriptions.Item label={t.productType}>{dash(unknown.product_type_name)}</Descriptions.Item>
      <Descriptions.Item label={t.shop}>{dash(unknown.shop_name)}</Descriptions.Item>
      <Descriptions.Item label={t.weight}>{formatAmount(unknown.weight)}</Descriptions.Item>
      <Descriptions.Item label={t.productPrice}>{formatAmount(unknown.price)}</Descriptions.Item>
      <Descriptions.Item label={t.quantity}>{dash(unknown.quantity)}</Descriptions.Item>
      <Descriptions.Item label={t.composition}>{unknown.type === 1 ? t.liquid : t.other}</Descriptions.Item>
      <Descriptions.Item label={ui.causer}>{dash(unknown.causer_name)}</Descriptions.Item>
      <Descriptions.Item label={t.createdAt}>{formatDateTime(unknown.created_at)}</Descriptions.Item>
      <Descriptions.Item label={ui.acceptedInto}>
        {unknown.declaration_id ? <Link to={`/@next/declarations/${unknown.declaration_id}`}>{`#${unknown.declaration_id}`}</Link> : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={az.declarationsUi.description} span={2}>{dash(unknown.descr)}</Descriptions.Item>
      {children}
    </Descriptions>
  );
}

/** declarations/unknowns/{id}: the unknown declaration with edit, accept, document and delete. */
export function UnknownDetailsPage() {
  const id = Number(useParams().unknownId);
  const navigate = useNavigate();
  const { user: viewer } = useAuth();
  const toast = useToast();
  const unknown = useUnknownDeclaration(id);
  const accept = useAcceptUnknownDeclaration();
  const [modal, modalHolder] = Modal.useModal();
  const { confirmDelete, holder } = useDeleteUnknown(() => void navigate(BASE));
  const isEditing = useLocation().pathname.endsWith('/update');

  if (unknown.isError) {
    return <Result status="404" title={az.errors.pageError} subTitle={readErrorMessage(unknown.error)} extra={<Link to={BASE}><Button>{ui.unknownsTitle}</Button></Link>} />;
  }
  const data = unknown.data;
  const isOpen = data?.declaration_id === null && data.deleted_at === null;
  const confirmAccept = () =>
    data &&
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(ui.confirmAccept, { CODE: data.track_code }),
      okText: ui.accept,
      cancelText: az.form.cancel,
      onOk: async () => {
        try {
          const reply = await accept.mutateAsync({ conflicted_declaration_id: data.id });
          toast.success(fill(ui.unknownAccepted, { ID: reply.data.declaration_id }));
          void navigate(`/@next/declarations/${reply.data.declaration_id}`);
        } catch (error) {
          toast.error(readErrorMessage(error));
        }
      },
    });

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      {holder}
      {modalHolder}
      <Spin spinning={unknown.isLoading}>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {fill(ui.unknownDetailsTitle, { CODE: data?.track_code ?? `#${id}` })}
          </Typography.Title>
          {data && (
            <Space wrap>
              <Button icon={<EditOutlined />} disabled={!isOpen} onClick={() => void navigate(`${BASE}/${id}/update`)} data-testid="unknown-edit">
                {az.declarationsUi.edit}
              </Button>
              <Button type="primary" icon={<CheckOutlined />} disabled={!isOpen} onClick={confirmAccept} data-testid="unknown-accept-now">
                {ui.accept}
              </Button>
              {data.document_file && (
                <Button onClick={() => void openDocument(data.document_file!, (m) => void toast.error(m))}>{az.declarationsUi.openDocument}</Button>
              )}
              {canDelete(viewer) && (
                <Button danger icon={<DeleteOutlined />} disabled={!isOpen} onClick={() => confirmDelete(data.id, data.track_code)}>
                  {az.declarationsUi.delete}
                </Button>
              )}
            </Space>
          )}
        </Flex>
        {data && <UnknownCard unknown={data} />}
      </Spin>
      {isEditing && data && (
        <UnknownFormModal unknownId={id} onClose={() => void navigate(`${BASE}/${id}`, { replace: true })}
          onAccepted={(declarationId) => void navigate(`/@next/declarations/${declarationId}`)} />
      )}
    </Card>
  );
}
