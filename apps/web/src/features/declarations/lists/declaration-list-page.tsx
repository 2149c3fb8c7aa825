import { PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { DECLARATION_STATUS } from '@app/contract/statuses-constants';
import type { DeclarationListRow } from '@app/contract/declarations';
import { az } from '@app/contract/texts/az';
import { Button, Typography } from 'antd';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { declarationKeys, fetchDeclarationPage, useBranches, useDeclarationStatuses, useProductTypes, useTariffCategoryOptions } from '../api';
import { buildDeclarationColumns } from './declaration-columns';
import { DeclarationRowMenu, toDeclarationFacts } from './declaration-row-menu';
import { DeclarationFileMenu } from '../documents/declaration-file-menu';
import { AcceptanceMenu, BulkStatusButton, StatusCountsButton } from '../workflow/workflow-toolbar';
import { SelectionMenu } from './selection-menu';
import { SelectionSummary } from './selection-summary';
import { useDeclarationActions } from '../workflow/use-declaration-actions';
import type { RowActionKey } from '../shared/declaration-access';

/** antd Card's look (size small, body padding 12) without Card, which brings Tabs along (issue 15). */
const PANEL_STYLE = { background: '#fff', border: '1px solid #f0f0f0', borderRadius: 4, padding: 12 } as const;
const DEFAULT_SORT: TableSort = { column: 'created_at', order: 'desc' };
const BASE = '/@next/declarations';

/** `overlay`: a modal route matched outside the child routes (declarations/{ids}/stuck-at-customs). */
export function DeclarationListPage({ overlay }: { overlay?: ReactNode }) {
  const routerNavigate = useNavigate();
  const { search } = useLocation();
  // Modal routes keep the table's URL state (filters, page, sort) so closing returns to the same view.
  const navigate = useCallback(
    (to: string) => {
      const [pathname, query] = to.split('?');
      const params = new URLSearchParams(search);
      new URLSearchParams(query ?? '').forEach((value, key) => params.set(key, value));
      const text = params.toString();
      return routerNavigate({ pathname, search: text ? `?${text}` : '' });
    },
    [routerNavigate, search],
  );
  const statuses = useDeclarationStatuses();
  const productTypes = useProductTypes();
  const branches = useBranches();
  const tariffCategories = useTariffCategoryOptions();
  const actions = useDeclarationActions();
  const { confirmAction, changeStatus, switchRead, showNotReady } = actions;

  const onRowAction = useCallback(
    (key: RowActionKey, row: DeclarationListRow) => {
      const ref = { id: row.id, trackCode: row.track_code, isRead: toDeclarationFacts(row).isRead };
      switch (key) {
        case 'details':
          return void routerNavigate(`${BASE}/${row.id}`);
        case 'edit':
          return void navigate(`${BASE}/${row.id}/update`);
        case 'timeline':
          return void navigate(`${BASE}/${row.id}/timeline`);
        case 'removeFromFlight':
          return confirmAction('removeFromFlight', ref);
        case 'delete':
          return confirmAction('cancel', ref);
        case 'toggleRead':
          return void switchRead(ref);
        case 'status9':
          return changeStatus(ref, DECLARATION_STATUS.localWarehouse);
        case 'status88':
          return void navigate(`${BASE}/${row.id}/stuck-at-customs`);
        case 'return':
          return void navigate(`${BASE}/${row.id}/return`);
        case 'handOver':
          return void navigate(`${BASE}/${row.id}/handover`);
      }
    },
    [navigate, routerNavigate, confirmAction, changeStatus, switchRead],
  );

  const columns = useMemo(
    () =>
      buildDeclarationColumns({
        statuses: statuses.data ?? [],
        productTypes: productTypes.data ?? [],
        branches: branches.data ?? [],
        tariffCategories: tariffCategories.data ?? [],
        isLoading: statuses.isLoading || productTypes.isLoading || branches.isLoading || tariffCategories.isLoading,
        renderActions: (row) => <DeclarationRowMenu row={row} onAction={onRowAction} />,
      }),
    [statuses.data, productTypes.data, branches.data, tariffCategories.data, statuses.isLoading, productTypes.isLoading, branches.isLoading, tariffCategories.isLoading, onRowAction],
  );

  // spec §2: a double-click opens edit while the declaration awaits its declaration (5), details otherwise.
  const openDeclaration = (row: DeclarationListRow) => {
    if (row.state_id === DECLARATION_STATUS.awaiting) void navigate(`${BASE}/${row.id}/update`);
    else void routerNavigate(`${BASE}/${row.id}`);
  };

  return (
    <section style={PANEL_STYLE}>
      {actions.contextHolder}
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>
        {az.declarations.title}
      </Typography.Title>
      <DataTable<DeclarationListRow>
        tableId="declarations"
        columns={columns}
        queryKey={declarationKeys.list}
        fetchPage={fetchDeclarationPage}
        rowKey={(row) => row.id}
        defaultSort={DEFAULT_SORT}
        onRowDoubleClick={openDeclaration}
        toolbar={({ selectedRows, clearSelection, params }) => (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${BASE}/create`)} data-testid="declarations-create">
              {az.declarationsUi.create}
            </Button>
            {selectedRows.length === 0 && (
              // spec §2/§4: bulk 'held at customs' (36) for every parcel matching the filters (a modal route over the table).
              <Button icon={<SafetyCertificateOutlined />} onClick={() => void navigate(`${BASE}/stuck-at-customs`)} data-testid="declarations-bulk-stuck">
                {az.declarationsUi.bulkStuck}
              </Button>
            )}
            {selectedRows.length === 0 && (
              <>
                <StatusCountsButton />
                <AcceptanceMenu />
                <BulkStatusButton params={params} />
              </>
            )}
            <SelectionMenu
              rows={selectedRows}
              onAction={(key, statusId) => {
                const ids = selectedRows.map((row) => row.id);
                if (key === 'combine') void navigate(`${BASE}/create?combined_id=${ids.join(',')}`);
                else if (key === 'changeStatus' && statusId !== undefined) {
                  if (statusId === DECLARATION_STATUS.heldAtCustoms) void navigate(`${BASE}/${ids.join('/')}/stuck-at-customs`);
                  else actions.changeStatusMany(ids, statusId, clearSelection);
                } else if (key === 'delete') actions.deleteMany(ids, clearSelection);
                else if (key === 'handOver') void navigate(`${BASE}/${ids.join('/')}/handover`);
                else showNotReady();
              }}
            />
            <SelectionSummary rows={selectedRows} />
            <DeclarationFileMenu params={params} navigate={(to) => void navigate(to)} selectedIds={selectedRows.map((row) => row.id)} />
          </>
        )}
      />
      {overlay ?? <Outlet />}
    </section>
  );
}
