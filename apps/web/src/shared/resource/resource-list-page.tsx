import { CheckSquareOutlined, PlusOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Typography } from 'antd';
import { useCallback, useMemo, Fragment } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/auth-context';
import type { DataTableColumn } from '../data-table/column-types';
import { DataTable } from '../data-table/data-table';
import type { SelectOption } from '../form/search-select';
import type { QueryParams } from '../http/http-client';
import { canDo } from './permissions';
import { fetchResourcePage, keyParams, resourceKeys } from './resource-api';
import { ResourceRowMenu, type RowMenuItem } from './resource-row-menu';
import type { FormValues, ResourceDefinition, RowAction } from './types';
import { readErrorMessage } from '../http/http-error';
import { useToast } from '../toast/toast-provider';
import { useDeleteConfirm } from './use-delete-confirm';

const APP = '/@next';
const EMPTY_LOOKUPS: { options: Record<string, readonly SelectOption[]>; isLoading: boolean } = { options: {}, isLoading: false };

/** The path of a row's screen, with the extra key (statuses: ?model_id=) in the query. */
export function rowPath<Row extends { id: number }>(def: ResourceDefinition<Row, FormValues>, row: Row, suffix = ''): string {
  const extra = def.api.keyExtra?.(row) ?? {};
  const query = new URLSearchParams(Object.entries(extra).map(([k, v]) => [k, String(v)])).toString();
  return `${APP}/${def.path}/${row.id}${suffix}${query ? `?${query}` : ''}`;
}

/**
 * A settings-type list (spec §2): server-driven table with the list's filters, toolbar New,
 * Select all / selected count with clear, Refresh, Reset; row menu details, edit, delete;
 * double-click opens the details. Create, update and details open as child routes (modals)
 * or as pages (countries).
 */
export function ResourceListPage<Row extends { id: number }>({ def }: { def: ResourceDefinition<Row, FormValues> }) {
  const anyDef = def as unknown as ResourceDefinition<{ id: number }, FormValues>;
  const { user } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  // Lookups arrive as new objects each render: the columns are rebuilt only when their content changes.
  const lookupsText = JSON.stringify(def.useOptions?.() ?? EMPTY_LOOKUPS);
  const lookups = useMemo(() => JSON.parse(lookupsText) as typeof EMPTY_LOOKUPS, [lookupsText]);
  const { contextHolder, confirmDelete } = useDeleteConfirm(anyDef);
  const [modal, actionHolder] = Modal.useModal();
  const toast = useToast();
  const canCreate = Boolean(def.api.create) && canDo(user, def.permissions, 'create');
  const canUpdate = Boolean(def.api.update) && canDo(user, def.permissions, 'update');
  const canDelete = Boolean(def.api.remove) && canDo(user, def.permissions, 'delete');

  const runAction = useCallback((action: RowAction) => {
    const run = async () => {
      try {
        await action.run?.();
        void toast.success(az.form.success);
      } catch (error) {
        void toast.error(readErrorMessage(error));
      } finally {
        void client.invalidateQueries({ queryKey: resourceKeys.all(def) });
      }
    };
    if (!action.confirm) return void run();
    void modal.confirm({ title: az.form.confirmTitle, content: action.confirm, okText: az.table.yes, cancelText: az.table.no, okButtonProps: { danger: action.isDanger }, onOk: run });
  }, [client, def, modal, toast]);

  const columns = useMemo<DataTableColumn<Row>[]>(() => {
    const menuItems = (row: Row): RowMenuItem[] => {
      const isEditable = def.canEditRow?.(row) ?? true;
      const items: RowMenuItem[] = [];
      if (def.details) items.push({ key: 'details', label: az.settingsLists.details, onClick: () => void navigate(rowPath(def, row)) });
      if (canUpdate && isEditable) items.push({ key: 'edit', label: az.settingsLists.edit, onClick: () => void navigate(rowPath(def, row, '/update')) });
      for (const action of def.rowActions?.(row, { user }) ?? []) {
        items.push({ key: action.key, label: action.label, isDanger: action.isDanger, onClick: action.onClick ?? (() => runAction(action)) });
      }
      if (canDelete && isEditable) {
        items.push({ key: 'delete', label: az.settingsLists.delete, isDanger: true, onClick: () => confirmDelete(keyParams(anyDef, row.id, def.api.keyExtra?.(row))) });
      }
      return items;
    };
    // the row menu first, as on the main lists (issue 16: it sat in the last column, off screen)
    return [
      {
        key: 'actions', title: '', width: 'actions', isAlwaysVisible: true, align: 'center',
        render: (row: Row) => <ResourceRowMenu rowId={row.id} items={menuItems(row)} />,
      },
      ...def.columns(lookups),
    ];
  }, [def, anyDef, lookups, canUpdate, canDelete, navigate, confirmDelete, runAction, user]);

  const fetchPage = useMemo(() => (params: QueryParams, signal: AbortSignal) => fetchResourcePage<Row>(def, params, signal), [def]);

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      {/* each holder is keyed 'modal-holder' by antd: two siblings need keys of their own */}
      <Fragment key="delete-confirm">{contextHolder}</Fragment>
      <Fragment key="row-actions">{actionHolder}</Fragment>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{def.title}</Typography.Title>
      <DataTable<Row>
        tableId={def.id}
        columns={columns}
        queryKey={resourceKeys.list(def)}
        fetchPage={fetchPage}
        rowKey={(row) => `${JSON.stringify(def.api.keyExtra?.(row) ?? {})}${row.id}`}
        defaultSort={def.defaultSort}
        onRowDoubleClick={def.details ? (row) => void navigate(rowPath(def, row)) : undefined}
        toolbar={({ selectPage }) => (
          <>
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${APP}/${def.path}/create`)} data-testid={`${def.id}-create`}>
                {az.settingsLists.create}
              </Button>
            )}
            <Button icon={<CheckSquareOutlined />} onClick={selectPage}>{az.table.selectAll}</Button>
            {def.toolbarExtra}
          </>
        )}
      />
      <Outlet />
    </Card>
  );
}
