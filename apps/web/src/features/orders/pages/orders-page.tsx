import { BarChartOutlined, CheckSquareOutlined, DownOutlined, FileExcelOutlined, FileTextOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { OrderRow } from '@app/contract/orders';
import { azOrdersList as t } from '@app/contract/texts/az-orders';
import { Button, Card, Dropdown, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import type { TableSort } from '../../../shared/data-table/table-state';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { exportOrdersCsv, exportOrdersExcel, fetchOrderPage, orderKeys, toOrderFilterQuery, useOrderCountries, useOrderStatuses } from '../api';
import { BulkStatusButton } from '../components/change-status-modal';
import { buildOrderColumns } from '../components/order-columns';
import { buildStatusItems, OrderRowMenu } from '../components/order-row-menu';
import { SelectionSum } from '../components/selection-sum';
import { useOrderActions } from '../components/use-order-actions';
import { whyCannotSetStatusOfMany } from '../model/order-status-rules';

const DEFAULT_SORT: TableSort = { column: 'created_at', order: 'desc' };
const EXPORT_TOAST_KEY = 'orders-export';
export const COUNTS_PATH = '/@next/statistics/status/order-counts';

/** What the modal routes over the table read (bulk_reject: the filters' columns). */
export interface OrdersOutletContext {
  columns: readonly DataTableColumn<OrderRow>[];
}

/**
 * spec §2 "Orders" (issue 18 item 1): the list with its filters and sorts in the URL, the row menu,
 * the toolbar (new, refresh/reset, Excel and CSV, bulk status by filters, counts by status, the
 * selection's status change and sum per currency); double-click opens the order. Modal routes
 * (create, {id}/update, {id}/timeline, {ids}/reject, bulk_reject) render over it.
 */
export function OrdersPage({ overlay }: { overlay?: (context: OrdersOutletContext) => ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const statuses = useOrderStatuses();
  const countries = useOrderCountries();
  const { contextHolder, changeStatus, confirmDelete, toggleRead } = useOrderActions();
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const statusOptions = useMemo(() => statuses.data ?? [], [statuses.data]);

  const columns = useMemo(() => buildOrderColumns({
    statuses: statusOptions,
    countries: countries.data ?? [],
    isLoading: statuses.isLoading || countries.isLoading,
    renderActions: (row: OrderRow) => (
      <OrderRowMenu row={row} statuses={statusOptions} onStatus={(r, stateId) => void changeStatus([r.id], stateId)}
        onToggleRead={(r) => void toggleRead(r)} onDelete={confirmDelete} />
    ),
  }), [statusOptions, countries.data, statuses.isLoading, countries.isLoading, changeStatus, toggleRead, confirmDelete]);

  const startExport = async (kind: 'xlsx' | 'csv', params: QueryParams) => {
    setExporting(kind);
    void toast.loading({ content: t.exportPreparing, key: EXPORT_TOAST_KEY, duration: 0 });
    try {
      await (kind === 'xlsx' ? exportOrdersExcel(params) : exportOrdersCsv(params));
      void toast.success({ content: t.exportReady, key: EXPORT_TOAST_KEY });
    } catch (error) {
      void toast.error({ content: readErrorMessage(error), key: EXPORT_TOAST_KEY });
    } finally {
      setExporting(null);
    }
  };

  const context: OrdersOutletContext = { columns };

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      {contextHolder}
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{t.title}</Typography.Title>
      <DataTable<OrderRow>
        tableId="orders"
        columns={columns}
        queryKey={orderKeys.list}
        fetchPage={fetchOrderPage}
        rowKey={(row) => row.id}
        defaultSort={DEFAULT_SORT}
        onRowDoubleClick={(row) => void navigate(`/@next/orders/${row.id}`)}
        toolbar={({ selectPage, clearSelection, selectedRows, params }) => (
          <>
            <Button type="primary" icon={<PlusOutlined />} data-testid="orders-create"
              onClick={() => void navigate(`/@next/orders/create${location.search}`)}>
              {t.create}
            </Button>
            {/* the toolbar hides what does not fit from its end: the selection's sum and status come first */}
            <SelectionSum rows={selectedRows} />
            {selectedRows.length > 0 && (
              <Dropdown trigger={['click']} menu={{
                items: buildStatusItems(
                  statusOptions,
                  (stateId) => whyCannotSetStatusOfMany(selectedRows, stateId),
                  (stateId) => void changeStatus(selectedRows.map((row) => row.id), stateId, clearSelection),
                  'selection-status',
                ),
              }}>
                <Button icon={<SwapOutlined />} data-testid="orders-selection-status">{`${t.changeSelected} (${selectedRows.length})`} <DownOutlined /></Button>
              </Dropdown>
            )}
            <Button icon={<CheckSquareOutlined />} onClick={selectPage}>{t.selectAll}</Button>
            <BulkStatusButton filters={toOrderFilterQuery(params)} statuses={statusOptions} />
            <Link to={`${COUNTS_PATH}${location.search}`}>
              <Button icon={<BarChartOutlined />} data-testid="orders-counts">{t.countsByStatus}</Button>
            </Link>
            <Button icon={<FileExcelOutlined />} loading={exporting === 'xlsx'} disabled={exporting !== null}
              onClick={() => void startExport('xlsx', params)} data-testid="orders-export-xlsx">
              {t.exportExcel}
            </Button>
            <Button icon={<FileTextOutlined />} loading={exporting === 'csv'} disabled={exporting !== null}
              onClick={() => void startExport('csv', params)} data-testid="orders-export-csv">
              {t.exportCsv}
            </Button>
          </>
        )}
      />
      {overlay?.(context)}
      <Outlet context={context} />
    </Card>
  );
}
