import { CheckSquareOutlined, FileExcelOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { CASHFLOW_OPERATION, CASHFLOW_STATUS, type CashflowRow } from '@app/contract/cashflow';
import { PAYMENT_TYPE, PAYMENT_TYPE_NAMES } from '@app/contract/money';
import { az } from '@app/contract/texts/az';
import { azCashflow as t } from '@app/contract/texts/az-cashflow';
import { Button, Card, Tag, Typography } from 'antd';
import { Fragment, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { ResourceRowMenu, type RowMenuItem } from '../../../shared/resource/resource-row-menu';
import { useToast } from '../../../shared/toast/toast-provider';
import { cashflowKeys, exportCashflowCsv, exportCashflowExcel, fetchCashflowPage, useCashRegisterOptions, useCategoryOptions } from '../api';
import { useCancelTransaction } from '../components/use-cancel-transaction';
import { canCancelCashflow, canWriteCashflow } from '../model/cashflow-access';
import { canChangeTransaction, categoryLabel, formatMoney } from '../model/transaction-form';

export const TRANSACTIONS_BASE = '/@next/cash-flow/transactions';
const PAYMENT_OPTIONS = [PAYMENT_TYPE.cash, PAYMENT_TYPE.terminal, PAYMENT_TYPE.bank, PAYMENT_TYPE.online]
  .map((id) => ({ value: id, label: PAYMENT_TYPE_NAMES[id] ?? String(id) }));

/** Income green, expense red; a transfer says so. */
function OperationTag({ row }: { row: CashflowRow }) {
  if (row.transfer) return <Tag color="blue">{t.transferType}</Tag>;
  return row.operation === CASHFLOW_OPERATION.income ? <Tag color="green">{t.income}</Tag> : <Tag color="red">{t.expense}</Tag>;
}

/**
 * spec §2 "Cash flow" transactions: code, cash register, amount with the currency's symbol, operation,
 * payment type, transfer flag, category (parent - child), executor, operation date; toolbar New
 * (cashbox_operations.cud), select all, refresh, reset, Export (CSV) and Excel; a register's
 * double-click arrives with ?cashbox_id=. Row menu: details, edit, delete; double-click opens details.
 * The form opens over the table (create, {id}/update) with the table's URL state kept.
 */
export function TransactionsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const registers = useCashRegisterOptions();
  const categories = useCategoryOptions();
  const { confirmCancel, contextHolder } = useCancelTransaction();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const canWrite = canWriteCashflow(user);
  const canCancel = canCancelCashflow(user);
  const go = (path: string) => void navigate({ pathname: path, search: location.search });

  const columns = useMemo<DataTableColumn<CashflowRow>[]>(() => {
    const registerOptions = (registers.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.currencyCode})` }));
    const categoryOptions = (categories.data ?? []).flatMap((p) => [
      { value: p.value, label: p.label },
      ...(p.children ?? []).map((c) => ({ value: c.value, label: `${p.label} - ${c.label}` })),
    ]);
    const menu = (row: CashflowRow): RowMenuItem[] => [
      { key: 'details', label: t.details, onClick: () => void navigate(`${TRANSACTIONS_BASE}/${row.id}`) },
      ...(canWrite && canChangeTransaction(row) ? [{ key: 'edit', label: t.edit, onClick: () => go(`${TRANSACTIONS_BASE}/${row.id}/update`) }] : []),
      ...(canCancel && canChangeTransaction(row) ? [{ key: 'delete', label: t.remove, isDanger: true, onClick: () => confirmCancel(row.id) }] : []),
    ];
    return [
      { key: 'actions', title: '', width: 'actions', isAlwaysVisible: true, align: 'center', render: (row) => <ResourceRowMenu rowId={row.id} items={menu(row)} /> },
      { key: 'id', title: t.code, width: 'small', isAlwaysVisible: true, sortColumn: 'id', filter: { kind: 'text', param: 'id' }, render: (row) => row.id },
      {
        key: 'cashbox', title: t.cashRegister, width: 'large', sortColumn: 'cashbox_id',
        filter: { kind: 'select', param: 'cashbox_id', options: registerOptions, isLoading: registers.isLoading },
        render: (row) => (row.transfer ? `${row.cashbox_name} → ${row.cashbox_name_transfer}` : row.cashbox_name),
      },
      {
        key: 'amount', title: t.amount, width: 'large', align: 'right', sortColumn: 'amount',
        render: (row) => (row.transfer && row.transfer_cashbox_currency_code !== row.currency_code
          ? `${formatMoney(row.amount, row.currency_code)} → ${formatMoney(row.transfer_cashbox_amount, row.transfer_cashbox_currency_code)}`
          : formatMoney(row.amount, row.currency_code)),
      },
      {
        key: 'operation', title: t.operation, width: 'small', sortColumn: 'operation',
        filter: { kind: 'select', param: 'operation', options: [{ value: CASHFLOW_OPERATION.income, label: t.income }, { value: CASHFLOW_OPERATION.expense, label: t.expense }] },
        render: (row) => <OperationTag row={row} />,
      },
      { key: 'payment_type', title: t.paymentType, width: 'small', sortColumn: 'payment_type', filter: { kind: 'select', param: 'payment_type', options: PAYMENT_OPTIONS }, render: (row) => row.payment_type_name || '—' },
      { key: 'transfer', title: t.transfer, width: 'smaller', sortColumn: 'transfer', render: (row) => (row.transfer ? t.yes : t.no) },
      {
        key: 'category', title: t.category, width: 'large', sortColumn: 'cash_category_id',
        filter: { kind: 'select', param: 'cash_category_id', options: categoryOptions, isMulti: true, isLoading: categories.isLoading },
        render: (row) => categoryLabel(row) || '—',
      },
      { key: 'executor', title: t.executor, width: 'normal', sortColumn: 'user_id', render: (row) => row.user_name || '—' },
      {
        key: 'operation_date', title: t.operationDate, width: 'date', sortColumn: 'operation_date',
        filter: { kind: 'date-range', param: 'operation_date' }, render: (row) => row.operation_date,
      },
      {
        key: 'state', title: t.status, isFilterOnly: true, render: () => null,
        filter: { kind: 'select', param: 'state_id', options: [{ value: CASHFLOW_STATUS.active, label: 'Təsdiqlənib' }, { value: CASHFLOW_STATUS.cancelled, label: 'Ləğv edilib' }] },
      },
    ];
    // go reads location.search at click time through navigate's closure
  }, [registers.data, registers.isLoading, categories.data, categories.isLoading, canWrite, canCancel, navigate, confirmCancel, location.search]); // eslint-disable-line react-hooks/exhaustive-deps

  const startExport = async (kind: 'csv' | 'xlsx', params: QueryParams) => {
    setExporting(kind);
    try {
      await (kind === 'csv' ? exportCashflowCsv(params) : exportCashflowExcel(params));
    } catch (error) {
      void toast.error(readErrorMessage(error));
    } finally {
      setExporting(null);
    }
  };

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Fragment key="cancel-confirm">{contextHolder}</Fragment>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{t.tabs.transactions}</Typography.Title>
      <DataTable<CashflowRow>
        tableId="cashflow-transactions"
        columns={columns}
        queryKey={cashflowKeys.list}
        fetchPage={fetchCashflowPage}
        rowKey={(row) => row.id}
        defaultSort={{ column: 'operation_date', order: 'desc' }}
        onRowDoubleClick={(row) => void navigate(`${TRANSACTIONS_BASE}/${row.id}`)}
        toolbar={({ selectPage, params }) => (
          <>
            {canWrite && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => go(`${TRANSACTIONS_BASE}/create`)} data-testid="cashflow-create">
                {t.newTransaction}
              </Button>
            )}
            <Button icon={<CheckSquareOutlined />} onClick={selectPage}>{az.table.selectAll}</Button>
            <Button icon={<FileTextOutlined />} loading={exporting === 'csv'} onClick={() => void startExport('csv', params)} data-testid="cashflow-export-csv">{t.exportCsv}</Button>
            <Button icon={<FileExcelOutlined />} loading={exporting === 'xlsx'} onClick={() => void startExport('xlsx', params)} data-testid="cashflow-export-xlsx">{t.exportExcel}</Button>
          </>
        )}
      />
      <Outlet />
    </Card>
  );
}
