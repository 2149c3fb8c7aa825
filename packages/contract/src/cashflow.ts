import { z } from 'zod';
import { zDateTimeText, zId, zIdList, ZListQuery, zListReply } from './common';
import { azCashflow } from './texts/az-cashflow';
import { zDateRangeText } from './users';

/*
 * Cash-flow transactions and their analytics (issue 17 items 5 and 6; spec §2 "Cash flow", §3
 * "Cash-flow transaction form", §7 cashbox_operations). A transaction is a `cash_operations` row
 * (a document); the registers' money moves only through the ledger (`cash_register_entries`).
 *  - GET  /api/admin/cashbox_operations                 list, flat rows, { data, total }
 *  - GET  /api/admin/cashbox_operations/info?cashbox_operation_id
 *  - POST /api/admin/cashbox_operations/create|edit|transfer (multipart), /cancel?cashbox_operation_id
 *  - GET  /api/admin/cashbox_operations/export (.xlsx), /export_csv (CSV of the list)
 *  - GET  /api/admin/cashbox_statistics, /api/admin/cashbox_statistics/daily
 */

/** Wire `operation`: 1 income (Mədaxil), 2 expense (Məxaric); a transfer is 2 on its source register. */
export const CASHFLOW_OPERATION = { income: 1, expense: 2 } as const;
export type CashflowOperation = (typeof CASHFLOW_OPERATION)[keyof typeof CASHFLOW_OPERATION];
/** Statuses of model 4 a cash-flow transaction takes: 18 active, 21 cancelled (deleted). */
export const CASHFLOW_STATUS = { active: 18, cancelled: 21 } as const;
/** Why a cash_operations row exists; only manual and transfer ones are changed from these screens. */
export const CASHFLOW_REASON = { manual: 'manual', transfer: 'transfer', handover: 'handover', balance: 'balance' } as const;
/** Reasons whose rows belong to another workflow (the handover, a balance top-up): not edited or cancelled here. */
export const CASHFLOW_FOREIGN_REASONS: readonly string[] = [CASHFLOW_REASON.handover, CASHFLOW_REASON.balance];
/** spec §9: the CSV and Excel file names. */
export const CASHFLOW_CSV_PREFIX = 'cashflow_transactions_list';
export const CASHFLOW_XLSX_PREFIX = 'cash_flow_transactions_export_';
/** Rows an export writes at most. */
export const CASHFLOW_EXPORT_MAX_ROWS = 100_000;
/** Money limits of the form: positive, two decimals, below numeric(14,2)'s ceiling. */
export const CASHFLOW_MAX_AMOUNT = '999999999999.99';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blank, zId.optional());
const optionalOperation = z.preprocess(blank, z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
  .transform((v) => Number(v) as CashflowOperation).optional());
const optionalSmallInt = z.preprocess(blank, zId.max(32_767).optional());
/** `id` of the table's text filter ('Kod'): digits (a code), anything else matches nothing. */
const idText = z.preprocess(blank, z.string().trim().max(20).optional());

export const CASHFLOW_SORT_COLUMNS = [
  'id', 'operation_date', 'created_at', 'amount', 'cashbox_id', 'cashbox_name', 'operation', 'payment_type', 'transfer',
  'cash_category_id', 'category_name', 'user_id', 'user_name', 'state_id',
] as const;

/** The list's filters (also the exports' and, minus paging, the statistics drill-down's). */
export const ZCashflowFilters = z.object({
  id: idText,
  /** 'YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss' in the office time zone (either side may be blank). */
  operation_date: zDateRangeText,
  operation: optionalOperation,
  payment_type: optionalSmallInt,
  /** Child categories (or top-level ones used directly); a list `a,b`. */
  cash_category_id: zIdList,
  /** Parent categories: the parent itself and every child of it. */
  cash_category_id_parent: zIdList,
  /** A register (its double-click): rows of it and transfers into it. */
  cashbox_id: optionalId,
  state_id: optionalSmallInt,
});
export type CashflowFilters = z.infer<typeof ZCashflowFilters>;

export const ZCashflowListQuery = ZListQuery.extend({ sort_column: z.enum(CASHFLOW_SORT_COLUMNS).optional() }).merge(ZCashflowFilters);
export type CashflowListQuery = z.infer<typeof ZCashflowListQuery>;

/**
 * One transaction, flat (api-fields-in-use.tsv). Absent relations are 0 / '' (clients read every
 * field as present): a non-transfer has transfer 0, transfer_cashbox_id 0 and ''/0 target fields;
 * a top-level category is `cash_category_id_parent` with `cash_category_id` 0.
 */
export const ZCashflowRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  cashbox_id: z.number().int(),
  cashbox_name: z.string(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  transfer: z.union([z.literal(0), z.literal(1)]),
  transfer_cashbox_id: z.number().int(),
  cashbox_name_transfer: z.string(),
  transfer_cashbox_currency_id: z.number().int(),
  transfer_cashbox_currency_code: z.string(),
  transfer_cashbox_amount: z.number(),
  /** Target ÷ source of a transfer between currencies (0 otherwise). */
  transfer_rate: z.number(),
  amount: z.number(),
  /** The register's balance before this transaction's latest post entry (the spec's previous balance). */
  before_balance: z.number(),
  transfer_before_balance: z.number(),
  state_id: z.number().int(),
  state_name: z.string(),
  cash_category_id_parent: z.number().int(),
  category_name_parent: z.string(),
  cash_category_id: z.number().int(),
  category_name: z.string(),
  /** The income side's category of a transfer (its parent and child the same way). */
  transfer_category_id_parent: z.number().int(),
  transfer_category_name_parent: z.string(),
  transfer_category_id: z.number().int(),
  transfer_category_name: z.string(),
  operation: z.number().int(),
  payment_type: z.number().int(),
  payment_type_name: z.string(),
  /** 'manual', 'transfer', 'handover', 'balance': only manual and transfer rows are edited here. */
  reason: z.string(),
  descr: z.string(),
  operation_date: z.string(),
  created_at: z.string(),
});
export type CashflowRow = z.infer<typeof ZCashflowRow>;
export const ZCashflowListReply = zListReply(ZCashflowRow);
export type CashflowListReply = z.infer<typeof ZCashflowListReply>;

export const ZCashflowInfoQuery = z.object({ cashbox_operation_id: zId });
export const ZCashflowInfoReply = z.object({ data: ZCashflowRow });
export type CashflowInfoReply = z.infer<typeof ZCashflowInfoReply>;

/** A positive amount with at most two decimals. */
export const zCashflowAmount = z.union([z.string(), z.number()], { error: azCashflow.errors.amountFormat })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) <= Number(CASHFLOW_MAX_AMOUNT), azCashflow.errors.amountFormat);

const optionalText = (max: number) => z.preprocess((v) => (v === null || v === undefined ? undefined : v), z.string().trim().max(max).optional());

/** POST cashbox_operations/create (multipart; every value a text). */
export const ZCashflowCreateForm = z.object({
  operation: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).transform((v) => Number(v) as CashflowOperation),
  cashbox_id: zId,
  amount: zCashflowAmount,
  category_id: optionalId,
  /** 'YYYY-MM-DD HH:mm:ss' in the office time zone. */
  operation_date: zDateTimeText,
  descr: optionalText(1000),
});
export type CashflowCreateForm = z.infer<typeof ZCashflowCreateForm>;

/** POST cashbox_operations/edit: the create fields of one transaction (its type may not change). */
export const ZCashflowEditForm = ZCashflowCreateForm.extend({
  cashbox_operation_id: zId,
  /** A transfer's edit sends its target side too. */
  transfer_cashbox_id: optionalId,
  transfer_amount: z.preprocess(blank, zCashflowAmount.optional()),
  category_id_second: optionalId,
});
export type CashflowEditForm = z.infer<typeof ZCashflowEditForm>;

/** POST cashbox_operations/transfer: from `cashbox_id` to `transfer_cashbox_id`. */
export const ZCashflowTransferForm = z.object({
  operation: z.preprocess(blank, z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).optional()),
  cashbox_id: zId,
  amount: zCashflowAmount,
  category_id: optionalId,
  operation_date: zDateTimeText,
  descr: optionalText(1000),
  transfer_cashbox_id: zId,
  /** Same currency: equals amount (taken as amount when missing); different currencies: required. */
  transfer_amount: z.preprocess(blank, zCashflowAmount.optional()),
  category_id_second: optionalId,
});
export type CashflowTransferForm = z.infer<typeof ZCashflowTransferForm>;

export const ZCashflowCancelQuery = z.object({ cashbox_operation_id: zId });
export const ZCashflowWriteReply = z.object({ data: ZCashflowRow });
export type CashflowWriteReply = z.infer<typeof ZCashflowWriteReply>;

// ---------------------------------------------------------------- analytics

/** GET /api/admin/cashbox_statistics: one register over a period (default: its first live register, the last 31 days). */
export const ZCashboxStatisticsQuery = z.object({
  cashbox_id: optionalId,
  start_date: z.preprocess(blank, zDateTimeText.optional()),
  end_date: z.preprocess(blank, zDateTimeText.optional()),
});
export type CashboxStatisticsQuery = z.infer<typeof ZCashboxStatisticsQuery>;

const zStatLine = z.object({ id: z.number().int(), name: z.string(), income: z.number(), expense: z.number(), percent: z.number() });
export type CashboxStatisticsLine = z.infer<typeof zStatLine>;
/**
 * `percent`: the category's share of the period's turnover (income + expense) in %, two decimals;
 * operations without a category are the row id 0 ('Kateqoriyasız'). Numbers equal the ledger to the cent.
 */
export const ZCashboxStatisticsReply = z.object({
  cashbox: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  currency: z.object({ id: z.number().int(), code: z.string() }),
  categories: z.array(zStatLine.extend({ children: z.array(zStatLine) })),
  total: z.object({ income: z.number(), expense: z.number(), percent: z.number() }),
});
export type CashboxStatisticsReply = z.infer<typeof ZCashboxStatisticsReply>;

/** GET /api/admin/cashbox_statistics/daily: per day in the office time zone. */
export const ZCashboxDailyQuery = z.object({
  operation_date: zDateRangeText,
  operation: optionalOperation,
  payment_type: optionalSmallInt,
  cashbox_id: optionalId,
  cash_category_id: zIdList,
  cash_category_id_parent: zIdList,
});
export type CashboxDailyQuery = z.infer<typeof ZCashboxDailyQuery>;

/**
 * `count` movements and `price` their sum (income and expense both positive; `operation` picks one
 * side). Ours beside them: `income`, `expense`, and with one register and no other filter
 * `balance` = the register's balance at the end of the day (its initial amount plus every active
 * movement up to then, by operation date).
 */
export const ZCashboxDailyRow = z.object({
  date: z.string(),
  count: z.number().int(),
  price: z.number(),
  income: z.number(),
  expense: z.number(),
  balance: z.number().nullable(),
});
export type CashboxDailyRow = z.infer<typeof ZCashboxDailyRow>;
export const ZCashboxDailyReply = z.object({
  data: z.array(ZCashboxDailyRow),
  total: z.object({ count: z.number().int(), price: z.number(), income: z.number(), expense: z.number() }),
  /** The register's balance before the period (null without one register). */
  opening_balance: z.number().nullable(),
  currency: z.object({ id: z.number().int(), code: z.string() }).nullable(),
});
export type CashboxDailyReply = z.infer<typeof ZCashboxDailyReply>;
