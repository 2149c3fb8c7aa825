import { CheckSquareOutlined, CloseSquareOutlined, FileExcelOutlined, LineChartOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { azTransactions as t } from '@app/contract/texts/az-transactions';
import type { TransactionRow } from '@app/contract/transactions';
import { Button, Card, Dropdown, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { exportTransactions, fetchTransactionPage, transactionKeys, usePaymentTypes, useTransactionStatuses } from '../api';
import { StatsPopover } from '../components/stats-popover';
import { TransactionRowMenu, useTransactionActions } from '../components/transaction-actions';
import { buildTransactionColumns } from '../components/transaction-columns';

const DEFAULT_SORT: TableSort = { column: 'created_at', order: 'desc' };
const EXPORT_TOAST_KEY = 'transactions-export';

/** spec §2 "Transactions": the customers' balance operations, with transactions/create over it. */
export function TransactionsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const statuses = useTransactionStatuses();
  const paymentTypes = usePaymentTypes();
  const { contextHolder, confirmStatus, confirmCancel } = useTransactionActions();
  const [isExporting, setExporting] = useState(false);
  const statusOptions = useMemo(() => statuses.data ?? [], [statuses.data]);

  const columns = useMemo(() => buildTransactionColumns({
    statuses: statusOptions,
    paymentTypes: (paymentTypes.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    isLoading: statuses.isLoading || paymentTypes.isLoading,
    renderActions: (row: TransactionRow) => (
      <TransactionRowMenu row={row} statuses={statusOptions} onStatus={(r, stateId) => confirmStatus([r.id], stateId)} onCancel={confirmCancel} />
    ),
  }), [statusOptions, paymentTypes.data, statuses.isLoading, paymentTypes.isLoading, confirmStatus, confirmCancel]);

  const startExport = async (params: QueryParams) => {
    setExporting(true);
    void toast.loading({ content: t.exportPreparing, key: EXPORT_TOAST_KEY, duration: 0 });
    try {
      await exportTransactions(params);
      void toast.success({ content: t.exportReady, key: EXPORT_TOAST_KEY });
    } catch (error) {
      void toast.error({ content: readErrorMessage(error), key: EXPORT_TOAST_KEY });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      {contextHolder}
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{t.title}</Typography.Title>
      <DataTable<TransactionRow>
        tableId="transactions"
        columns={columns}
        queryKey={transactionKeys.list}
        fetchPage={fetchTransactionPage}
        rowKey={(row) => row.id}
        defaultSort={DEFAULT_SORT}
        toolbar={({ selectPage, clearSelection, selectedKeys, params }) => (
          <>
            <Button type="primary" icon={<PlusOutlined />} data-testid="transactions-create"
              onClick={() => void navigate(`/@next/transactions/create${location.search}`)}>
              {t.create}
            </Button>
            <Button icon={<CheckSquareOutlined />} onClick={selectPage}>{az.table.selectAll}</Button>
            {selectedKeys.length > 0 && <Button icon={<CloseSquareOutlined />} onClick={clearSelection}>{az.table.clearSelection}</Button>}
            {selectedKeys.length > 0 && (
              <Dropdown trigger={['click']} menu={{
                items: statusOptions.map((s) => ({
                  key: String(s.value), label: s.label,
                  onClick: () => confirmStatus(selectedKeys.map(Number), Number(s.value), clearSelection),
                })),
              }}>
                <Button icon={<SwapOutlined />} data-testid="transactions-bulk-status">{`${t.changeStatusSelected} (${selectedKeys.length})`}</Button>
              </Dropdown>
            )}
            <StatsPopover params={params} />
            <Link to="/@next/statistics/transactions/balances">
              <Button icon={<LineChartOutlined />}>{t.balancesStatistics}</Button>
            </Link>
            <Button icon={<FileExcelOutlined />} loading={isExporting} onClick={() => void startExport(params)} data-testid="transactions-export">
              {t.exportExcel}
            </Button>
          </>
        )}
      />
      <Outlet />
    </Card>
  );
}
