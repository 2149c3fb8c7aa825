import { MONEY_TYPE } from '@app/contract/money';
import { azTransactions as t } from '@app/contract/texts/az-transactions';
import { TRANSACTION_CURRENCIES, TRANSACTION_STATUS_COLORS, type TransactionRow } from '@app/contract/transactions';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import type { SelectOption } from '../../../shared/form/search-select';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';

const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);

export interface TransactionColumnLookups {
  statuses: SelectOption[];
  paymentTypes: SelectOption[];
  isLoading: boolean;
  renderActions?: (row: TransactionRow) => ReactNode;
}

const TYPE_OPTIONS: SelectOption[] = [{ value: MONEY_TYPE.income, label: t.income }, { value: MONEY_TYPE.expense, label: t.expense }];
const CURRENCY_OPTIONS: SelectOption[] = TRANSACTION_CURRENCIES.map((c) => ({ value: c, label: c }));

/** spec §2 "Transactions" columns, each with the filter the list call supports. */
export function buildTransactionColumns(lookups: TransactionColumnLookups): DataTableColumn<TransactionRow>[] {
  const actions: DataTableColumn<TransactionRow>[] = lookups.renderActions
    ? [{ key: 'actions', title: '', width: 'actions', isAlwaysVisible: true, align: 'center', render: lookups.renderActions }]
    : [];
  return [
    ...actions,
    { key: 'user_code', title: t.customerCode, width: 'small', isAlwaysVisible: true, sortColumn: 'user_id',
      render: (row) => orDash(row.user_code), filter: { kind: 'text', param: 'user_id' } },
    { key: 'user_name', title: t.customer, width: 'large',
      render: (row) => <Link to={`/@next/users/${row.user_id}`}>{row.user_name || `#${row.user_id}`}</Link>,
      filter: { kind: 'text', param: 'user_name' } },
    { key: 'section', title: t.section, width: 'normal', render: (row) => row.model_name, filter: { kind: 'text', param: 'model_id' } },
    { key: 'amount', title: t.amount, width: 'normal', sortColumn: 'amount', align: 'right',
      // spec §2: the amount's column filter is the currency selector
      render: (row) => <span data-testid={`amount-${row.id}`}>{formatAmount(row.amount, row.currency.toUpperCase())}</span>,
      filter: { kind: 'select', param: 'currency', options: CURRENCY_OPTIONS, isMulti: true } },
    { key: 'before_balance', title: t.previousBalance, width: 'normal', align: 'right',
      render: (row) => (row.before_balance === null ? '—' : row.before_balance.toFixed(2)) },
    { key: 'cashback', title: t.cashback, width: 'small', align: 'right', render: (row) => (row.cashback || 0).toFixed(2) },
    { key: 'type', title: t.type, width: 'small',
      render: (row) => (
        <Typography.Text type={row.type === MONEY_TYPE.income ? 'success' : 'danger'} strong>{row.type_name}</Typography.Text>
      ),
      filter: { kind: 'select', param: 'type', options: TYPE_OPTIONS } },
    { key: 'payment_type', title: t.paymentType, width: 'normal', render: (row) => row.payment_type_name,
      filter: { kind: 'select', param: 'payment_type', options: lookups.paymentTypes, isMulti: true, isLoading: lookups.isLoading } },
    { key: 'status', title: t.status, width: 'normal',
      render: (row) => <Tag color={TRANSACTION_STATUS_COLORS[row.state_id] ?? 'default'}>{row.state_name}</Tag>,
      filter: { kind: 'select', param: 'state_id', options: lookups.statuses, isMulti: true, isLoading: lookups.isLoading } },
    { key: 'confirmed_by', title: t.confirmedBy, width: 'normal', render: (row) => orDash(row.confirmed_by) },
    { key: 'descr', title: t.description, width: 'large', render: (row) => orDash(row.descr) },
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at', render: (row) => formatDateTime(row.created_at),
      filter: { kind: 'date-range', param: 'created_at' } },
  ];
}
