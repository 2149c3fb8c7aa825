import { z } from 'zod';
import { ZListQuery, zDateTimeOut, zDateTimeText, zDecimalOut, zId, zIdList, zInt, zListReply } from './common';
import { fromUnits, toUnits } from './declaration-workflow';
import { MODEL } from './models';
import { MONEY_OBJECT, MONEY_TYPE, PAYMENT_TYPE, TRANSACTION_STATUS } from './money';
import { azTransactions as t } from './texts/az-transactions';
import { zDateRangeText } from './users';

/*
 * Transactions: the customers' balance operations (issue 17 item 2; spec §2 "Transactions", §3
 * "Transaction", §5 "Balance operation"). Wire names as ../shared/spec/api-fields-in-use.tsv lists.
 */

/** The currencies a customer holds a balance in (spec §1); AZN operations (the handover's) move no balance. */
export const BALANCE_CURRENCIES = ['USD', 'TRY'] as const;
export type BalanceCurrencyCode = (typeof BALANCE_CURRENCIES)[number];
export const TRANSACTION_CURRENCIES = ['USD', 'TRY', 'AZN'] as const;

/** spec §5: the payment types each direction offers on the create form, in the form's order. */
export const PAYMENT_TYPES_BY_TYPE: Record<number, readonly number[]> = {
  [MONEY_TYPE.income]: [PAYMENT_TYPE.cash, PAYMENT_TYPE.gift, PAYMENT_TYPE.terminal, PAYMENT_TYPE.refund],
  [MONEY_TYPE.expense]: [PAYMENT_TYPE.cash, PAYMENT_TYPE.fine],
};
/** spec §5: refund (6) is shown for income but disabled: refunds come from the returns flow only. */
export const DISABLED_MANUAL_PAYMENT_TYPES: readonly number[] = [PAYMENT_TYPE.refund];

/** Whether a payment type may be entered by hand for this direction (the server's rule and the form's). */
export function isManualPaymentTypeAllowed(type: number, paymentType: number): boolean {
  return (PAYMENT_TYPES_BY_TYPE[type] ?? []).includes(paymentType) && !DISABLED_MANUAL_PAYMENT_TYPES.includes(paymentType);
}

/** Statuses of model 4 a transaction may be given (spec §4: any of them, after confirmation). */
export const TRANSACTION_STATUS_IDS = [TRANSACTION_STATUS.pending, TRANSACTION_STATUS.confirmed, TRANSACTION_STATUS.refunded, TRANSACTION_STATUS.cancelled] as const;

/** spec §2 status tag colours. */
export const TRANSACTION_STATUS_COLORS: Record<number, string> = { 17: 'orange', 18: 'blue', 19: 'magenta', 21: 'red' };

/**
 * The section (`model_id`/`model_name`) a balance operation belongs to: what its object is. A
 * manual operation (no object) belongs to the transactions themselves (model 4).
 */
export const TRANSACTION_SECTIONS: readonly { objectModel: string | null; modelId: number }[] = [
  { objectModel: MONEY_OBJECT.declarationPayment, modelId: MODEL.handover },
  { objectModel: MONEY_OBJECT.orderPayment, modelId: MODEL.orders },
  { objectModel: MONEY_OBJECT.orderRefund, modelId: MODEL.orders },
  { objectModel: null, modelId: MODEL.transactions },
];

// ---------------------------------------------------------------- the AZN amount (spec §5), exact, shared by api and web

const RATE_SCALE = 6;
const divideHalfUp = (n: bigint, d: bigint) => {
  const negative = (n < 0n) !== (d < 0n);
  const [a, b] = [n < 0n ? -n : n, d < 0n ? -d : d];
  const q = (a * 2n + b) / (b * 2n);
  return negative ? -q : q;
};
/** spec §5: AZN = amount × the day's rate, 2 decimals (half up). '' when either is not a number. */
export function aznFromAmount(amount: string, rate: string): string {
  if (!isDecimalText(amount) || !isDecimalText(rate)) return '';
  return fromUnits(divideHalfUp(toUnits(amount, 2) * toUnits(rate, RATE_SCALE), 10n ** BigInt(RATE_SCALE)));
}
/** spec §5: editing the AZN amount back-computes amount = AZN ÷ rate, 2 decimals (half up). */
export function amountFromAzn(azn: string, rate: string): string {
  if (!isDecimalText(azn) || !isDecimalText(rate) || toUnits(rate, RATE_SCALE) === 0n) return '';
  return fromUnits(divideHalfUp(toUnits(azn, 2) * 10n ** BigInt(RATE_SCALE), toUnits(rate, RATE_SCALE)));
}
/** The server accepts the AZN amount within one cent of amount × rate (the form's rounding both ways). */
export const AZN_TOLERANCE = '0.01';
export function isAznAmountMatching(amount: string, azn: string, rate: string): boolean {
  const expected = aznFromAmount(amount, rate);
  if (!expected || !isDecimalText(azn)) return false;
  const diff = toUnits(azn) - toUnits(expected);
  return (diff < 0n ? -diff : diff) <= toUnits(AZN_TOLERANCE);
}
function isDecimalText(v: string): boolean {
  return /^\s*\d+(\.\d*)?\s*$/.test(String(v ?? '').replace(',', '.'));
}

// ---------------------------------------------------------------- list, stats, export (same filters)

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A text filter; a number (a customer code or model id typed as digits) counts as its text. */
const text = z.preprocess((v) => (typeof v === 'number' ? String(v) : blank(v)), z.string().trim().max(120).optional());
const currencyList = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v;
  return Array.isArray(items) ? items.map((x) => (typeof x === 'string' ? x.trim().toUpperCase() : x)).filter((x) => x !== '') : items;
}, z.array(z.enum(TRANSACTION_CURRENCIES)).optional());

export const ZTransactionListFilters = z.object({
  /** 'M. kodu': the customer code (exact). */
  user_id: text,
  /** 'Müştəri': part of the customer's name. */
  user_name: text,
  /** Our own exact customer id filter (links from a customer's page). */
  customer_id: z.preprocess(blank, zId.optional()),
  /** 'Bölmə': a model id, or part of a section name. */
  model_id: text,
  /** 'Tarix': 'YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss'. */
  created_at: zDateRangeText,
  id: z.preprocess(blank, zId.optional()),
  type: z.preprocess(blank, zInt.min(1).max(2).optional()),
  payment_type: zIdList,
  state_id: zIdList,
  currency: currencyList,
});
export type TransactionListFilters = z.infer<typeof ZTransactionListFilters>;

/** Columns the list may be sorted by: each read from an index at 1,000,000 rows (bench/transactions-list.ts). */
export const TRANSACTION_SORT_COLUMNS = ['id', 'created_at', 'amount', 'user_id'] as const;

export const ZTransactionListQuery = ZListQuery.extend({
  sort_column: z.enum(TRANSACTION_SORT_COLUMNS).optional(),
}).extend(ZTransactionListFilters.shape);
export type TransactionListQuery = z.infer<typeof ZTransactionListQuery>;

/** GET pay/stats and pay/export take the list's filters (no paging). */
export const ZTransactionFilterQuery = ZTransactionListFilters.extend({
  sort_column: z.enum(TRANSACTION_SORT_COLUMNS).optional(),
  sort_order: z.enum(['asc', 'desc']).optional(),
});
export type TransactionFilterQuery = z.infer<typeof ZTransactionFilterQuery>;

const int = () => z.number().int();

/** One row of the transactions list (and of the balances statistics drill-down). */
export const ZTransactionRow = z.object({
  id: int(),
  user_id: int(),
  user_name: z.string(),
  user_code: z.string().nullable(),
  object_id: int(),
  model_id: int(),
  model_name: z.string(),
  amount: zDecimalOut,
  amount_azn: zDecimalOut,
  currency: z.string(),
  before_balance: z.number().nullable(),
  cashback: z.number(),
  payment_type: int(),
  payment_type_name: z.string(),
  type: int(),
  type_name: z.string(),
  state_id: int(),
  state_name: z.string(),
  confirmed_by: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: zDateTimeOut,
  descr: z.string().nullable(),
});
export type TransactionRow = z.infer<typeof ZTransactionRow>;
export const ZTransactionListReply = zListReply(ZTransactionRow);
export type TransactionListReply = z.infer<typeof ZTransactionListReply>;

/** GET pay/stats: what came in and went out per balance currency (TRY as exact strings, USD as numbers, as clients read them). */
export const ZTransactionStatsReply = z.object({
  data: z.object({ try_in: zDecimalOut, try_out: zDecimalOut, usd_in: z.number(), usd_out: z.number() }),
});
export type TransactionStatsReply = z.infer<typeof ZTransactionStatsReply>;

// ---------------------------------------------------------------- create (POST pay/balance, multipart)

export const TRANSACTION_AMOUNT_MAX = '999999999.99';
const zAmount = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.') : v),
  z.string({ error: t.required }).min(1, t.required)
    .regex(/^\d+(\.\d+)?$/, t.amountPositive)
    .regex(/^\d+(\.\d{1,2})?$/, t.amountDecimals)
    .refine((v) => Number(v) > 0, t.amountPositive)
    .refine((v) => v.split('.')[0]!.replace(/^0+/, '').length <= 9, t.amountTooBig),
);

export const ZBalanceForm = z.object({
  user_id: zId,
  amount: zAmount,
  currency: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(BALANCE_CURRENCIES)),
  amount_azn: zAmount,
  type: zInt.min(1).max(2),
  payment_type: zInt.min(1).max(8),
  descr: z.preprocess(blank, z.string().trim().max(1000, t.descrTooLong).optional()),
});
export type BalanceForm = z.infer<typeof ZBalanceForm>;
export const ZBalanceReply = z.object({ message: z.string(), data: ZTransactionRow });
export type BalanceReply = z.infer<typeof ZBalanceReply>;

// ---------------------------------------------------------------- status change and cancel (query payment_id[])

/** `payment_id[]` repeated (or `a,b`): at least one id, at most 1,000. */
const paymentIds = z.preprocess((v) => {
  const items = Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : v;
  return Array.isArray(items) ? items.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '') : items;
}, z.array(zId).min(1).max(1000));
export const ZTransactionStateQuery = z.object({ payment_id: paymentIds, state_id: zId });
export type TransactionStateQuery = z.infer<typeof ZTransactionStateQuery>;
export const ZTransactionCancelQuery = z.object({ payment_id: paymentIds });
export type TransactionCancelQuery = z.infer<typeof ZTransactionCancelQuery>;
export const ZTransactionChangedReply = z.object({ message: z.string(), data: z.object({ ids: z.array(int()) }) });
export type TransactionChangedReply = z.infer<typeof ZTransactionChangedReply>;

// ---------------------------------------------------------------- lookups and charts

export const ZPaymentTypesQuery = z.object({ per_page: z.preprocess(blank, zInt.optional()) });
export const ZPaymentTypesReply = z.object({ data: z.array(z.object({ id: int(), name: z.string() })), total: int() });
export type PaymentTypesReply = z.infer<typeof ZPaymentTypesReply>;

const perCurrency = z.object({ USD: zDecimalOut, TRY: zDecimalOut });
/** GET charts/balance: today's expense and top-ups and every customer's balance together, per currency. */
export const ZChartsBalanceReply = z.object({
  data: z.object({ today_expense: perCurrency, today_popup: perCurrency, total: perCurrency }),
});
export type ChartsBalanceReply = z.infer<typeof ZChartsBalanceReply>;

// ---------------------------------------------------------------- balances statistics (statistics/by_balance_count)

/** A real day or moment ('YYYY-MM-DD[ HH:mm[:ss]]'): no 2024-02-30, no month 42. */
const dayOrMoment = z.preprocess(blank, zDateTimeText.optional());
export const ZBalanceCountQuery = ZListQuery.extend({
  start_date: dayOrMoment,
  end_date: dayOrMoment,
  currency: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v), z.enum(BALANCE_CURRENCIES).optional()),
  getlist: z.preprocess(blank, z.enum(['true', 'false', '1', '0']).optional()),
  sort_column: z.enum(TRANSACTION_SORT_COLUMNS).optional(),
});
export type BalanceCountQuery = z.infer<typeof ZBalanceCountQuery>;

export const ZBalanceCountRow = z.object({
  added_date: z.string(),
  currency: z.string(),
  transaction_count: int(),
  amount: zDecimalOut,
  amount_azn: zDecimalOut,
});
export type BalanceCountRow = z.infer<typeof ZBalanceCountRow>;
export const ZBalanceCountAggregateReply = z.object({
  data: z.array(ZBalanceCountRow),
  total: z.object({ transaction_count: int(), amount_azn: z.number(), amount_try: z.number(), amount_usd: z.number() }),
});
export type BalanceCountAggregateReply = z.infer<typeof ZBalanceCountAggregateReply>;
export const ZBalanceCountReply = z.union([ZBalanceCountAggregateReply, ZTransactionListReply]);
export type BalanceCountReply = z.infer<typeof ZBalanceCountReply>;
