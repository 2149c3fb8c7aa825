import type { TransactionRow } from '@app/contract/transactions';
import { azTransactions as t } from '@app/contract/texts/az-transactions';
import type { XlsxColumn } from '../../platform/xlsx';

/** spec §9: transactions_export_… (as .xlsx with a timestamp, decision 0007 like the declaration exports). */
export const TRANSACTION_EXPORT_PREFIX = 'transactions_export_';

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** spec §2 "Transactions" columns, in the table's order. */
export const TRANSACTION_EXPORT_COLUMNS: XlsxColumn<TransactionRow>[] = [
  { header: 'ID', value: (r) => r.id, width: 10 },
  { header: t.customerCode, value: (r) => r.user_code },
  { header: t.customer, value: (r) => r.user_name, width: 24 },
  { header: t.section, value: (r) => r.model_name, width: 18 },
  { header: t.amount, value: (r) => num(r.amount) },
  { header: t.currency, value: (r) => r.currency },
  { header: t.amountAzn, value: (r) => num(r.amount_azn) },
  { header: t.previousBalance, value: (r) => r.before_balance },
  { header: t.cashback, value: (r) => r.cashback },
  { header: t.type, value: (r) => r.type_name },
  { header: t.paymentType, value: (r) => r.payment_type_name },
  { header: t.status, value: (r) => r.state_name, width: 16 },
  { header: t.confirmedBy, value: (r) => r.confirmed_by, width: 20 },
  { header: t.description, value: (r) => r.descr, width: 30 },
  { header: t.createdAt, value: (r) => r.created_at, width: 20 },
];
