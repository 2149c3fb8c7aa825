import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, zDateTimeOut, zDateTimeText, zDecimal, zDecimalOut, zId, zInt, zListReply, ZListQuery } from './common';
import { azCashRegisters } from './texts/az-cash-registers';

/*
 * Cash registers and cash categories (issue 17 items 3, 4; spec §2 "Cash flow", §3 "Cash register",
 * "Cash category", §5 "Cash register amount locked on edit", §7 "Cash registers", "Cash categories").
 * Wire names as real clients send and read them (api-fields-in-use.tsv, api-requests-in-use.tsv):
 * cashbox_name, amount (what the register holds now) and initial_amount, currency_id + currency_code;
 * category_name, parent_id + parent_name, sub_categories.
 */

const tr = azCashRegisters.registers;
const tc = azCashRegisters.categories;

/** '' or null from a form means "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A parent picker sends '' (or 'null', '0') for "top level". */
const noParent = (v: unknown) => (v === '' || v === null || v === 'null' || v === 'undefined' || v === '0' || v === 0 ? null : v);

/** spec §9 lookup sizes: cash registers 1000, cash operation lookups (categories) 1000. */
export const CASH_REGISTER_LOOKUP_SIZE = 1000;
export const CASH_CATEGORY_LOOKUP_SIZE = 1000;
/** Form limits (the columns: varchar(120), numeric(14,2)). */
export const CASH_REGISTER_LIMITS = { name: 120, maxAmount: '999999999999.99' } as const;
export const CASH_CATEGORY_LIMITS = { name: 120 } as const;

/** A money amount of a numeric(14,2) column: 0 or more, at most two decimals (kept as exact text). */
export const zCashAmount = zDecimal.refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v.replace(/^0+(?=\d)/, '')), tr.amountRange);

/**
 * A table's date-range filter as real clients send it: 'YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss'
 * (either side may be empty) → { from, to }.
 */
const zCreatedRange = z.preprocess(blank, z.string().trim().max(60)
  .transform((v) => v.split(',').map((p) => p.trim()) as [string, string?])
  .refine((p) => p.length <= 2 && p.every((x) => x === '' || zDateTimeText.safeParse(x).success))
  .transform(([from, to]) => ({ from: from || undefined, to: to || undefined }))
  .optional());
const filterId = z.preprocess(blank, zId.optional());
const filterText = z.preprocess(blank, z.string().trim().max(120).optional());
/** The web table's date-range filter sends the two ends apart (date_from, date_to: 'YYYY-MM-DD HH:mm:ss'). */
const filterMoment = z.preprocess(blank, zDateTimeText.optional());

// ---------------------------------------------------------------- cash registers

/** GET /api/admin/cashboxes: filters id, name, created_at; per_page up to 1000 (pickers). */
export const ZCashRegisterListQuery = ZListQuery.extend({
  per_page: zInt.min(1).max(CASH_REGISTER_LOOKUP_SIZE).default(DEFAULT_PAGE_SIZE),
  id: filterId,
  name: filterText,
  created_at: zCreatedRange,
  date_from: filterMoment,
  date_to: filterMoment,
  currency_id: filterId,
});
export type CashRegisterListQuery = z.infer<typeof ZCashRegisterListQuery>;
/** Sortable columns of the list (sort_column). */
export const CASH_REGISTER_SORTS = ['id', 'name', 'cashbox_name', 'amount', 'initial_amount', 'currency_id', 'currency_code', 'created_at'] as const;

/** A register as clients read it: `amount` is what it holds now (its balance), `initial_amount` what it started with. */
export const ZCashRegisterRow = z.object({
  id: z.number().int(),
  name: z.string(),
  cashbox_name: z.string(),
  amount: zDecimalOut,
  initial_amount: zDecimalOut,
  currency_id: z.number().int(),
  currency_code: z.string(),
  created_at: zDateTimeOut,
});
export type CashRegisterRow = z.infer<typeof ZCashRegisterRow>;
/**
 * What office staff without `cashflow` read of the list: the pickers of other screens (the pay modal's
 * cashbox, the permissions modal, the settings cashflow selects; per_page 1000), never the money.
 */
export const ZCashRegisterLookupRow = ZCashRegisterRow.pick({ id: true, name: true, cashbox_name: true, currency_id: true, currency_code: true });
export type CashRegisterLookupRow = z.infer<typeof ZCashRegisterLookupRow>;
/** The list as a holder of `cashflow` reads it (the cash-flow screens). */
export const ZCashRegisterListReply = zListReply(ZCashRegisterRow);
/** The route's reply: full rows, or picker rows for office staff without `cashflow`. */
export const ZCashRegisterListOrLookupReply = zListReply(z.union([ZCashRegisterRow, ZCashRegisterLookupRow]));
export type CashRegisterListReply = z.infer<typeof ZCashRegisterListReply>;
/** The edit form's register: also whether it has ledger entries (its currency is then locked). */
export const ZCashRegisterDetail = ZCashRegisterRow.extend({ has_entries: z.boolean() });
export type CashRegisterDetail = z.infer<typeof ZCashRegisterDetail>;
export const ZCashRegisterInfoReply = z.object({ data: ZCashRegisterDetail });

export const ZCashRegisterIdQuery = z.object({ cashbox_id: zId });

/** POST /api/admin/cashboxes/create (multipart): the register starts holding its initial amount. */
export const ZCashRegisterForm = z.object({
  cashbox_name: z.string().trim().min(1).max(CASH_REGISTER_LIMITS.name),
  /** The initial amount; blank is 0. */
  amount: z.preprocess((v) => (v === undefined || v === null || v === '' ? '0' : v), zCashAmount),
  currency_id: zId,
});
export type CashRegisterForm = z.infer<typeof ZCashRegisterForm>;

/**
 * POST /api/admin/cashboxes/edit (multipart): name and currency. `amount` (the initial amount) is not
 * editable (spec §5): the same value sent back is ignored, another one is refused.
 */
export const ZCashRegisterEditForm = z.object({
  cashbox_id: zId,
  cashbox_name: z.string().trim().min(1).max(CASH_REGISTER_LIMITS.name),
  amount: z.preprocess(blank, zDecimal.optional()),
  currency_id: zId,
});
export type CashRegisterEditForm = z.infer<typeof ZCashRegisterEditForm>;

export const ZCashRegisterSavedReply = z.object({ data: z.object({ id: z.number().int() }) });

/** spec §9: `cash-registers_export_` + random (.xlsx). */
export const CASH_REGISTER_EXPORT_PREFIX = 'cash-registers_export_';

// ---------------------------------------------------------------- cash categories

/** GET /api/admin/cash_categories: the tree (top-level rows with their sub_categories). */
export const ZCashCategoryTreeQuery = ZListQuery.extend({
  per_page: zInt.min(1).max(CASH_CATEGORY_LOOKUP_SIZE).default(CASH_CATEGORY_LOOKUP_SIZE),
});
export const ZCashSubCategoryRow = z.object({
  id: z.number().int(),
  category_name: z.string(),
  parent_id: z.number().int(),
  created_at: zDateTimeOut,
});
export const ZCashCategoryTreeRow = z.object({
  id: z.number().int(),
  category_name: z.string(),
  parent_id: z.null(),
  created_at: zDateTimeOut,
  sub_categories: z.array(ZCashSubCategoryRow),
});
export type CashCategoryTreeRow = z.infer<typeof ZCashCategoryTreeRow>;
export const ZCashCategoryTreeReply = zListReply(ZCashCategoryTreeRow);
export type CashCategoryTreeReply = z.infer<typeof ZCashCategoryTreeReply>;

/** GET /api/admin/cash_categories/all: flat and paged (filters id, name, created_at, parent_id; per_page up to 1000). */
export const ZCashCategoryListQuery = ZListQuery.extend({
  per_page: zInt.min(1).max(CASH_CATEGORY_LOOKUP_SIZE).default(DEFAULT_PAGE_SIZE),
  id: filterId,
  name: filterText,
  created_at: zCreatedRange,
  date_from: filterMoment,
  date_to: filterMoment,
  parent_id: filterId,
  /** 1: top-level rows only (the parent picker). */
  is_top: z.preprocess(blank, z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true').optional()),
});
export type CashCategoryListQuery = z.infer<typeof ZCashCategoryListQuery>;
export const CASH_CATEGORY_SORTS = ['id', 'name', 'category_name', 'parent_id', 'parent_name', 'created_at'] as const;

/** A flat row: `parent_id` null and `parent_name` '' on a top-level one (clients show a parent only when both are set). */
export const ZCashCategoryRow = z.object({
  id: z.number().int(),
  category_name: z.string(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string(),
  created_at: zDateTimeOut,
});
export type CashCategoryRow = z.infer<typeof ZCashCategoryRow>;
export const ZCashCategoryListReply = zListReply(ZCashCategoryRow);
export type CashCategoryListReply = z.infer<typeof ZCashCategoryListReply>;
export const ZCashCategoryInfoReply = z.object({ data: ZCashCategoryRow });

export const ZCashCategoryIdQuery = z.object({ cash_category_id: zId });

const categoryFields = {
  category_name: z.string().trim().min(1).max(CASH_CATEGORY_LIMITS.name),
  /** '' (or absent) = top level. */
  parent_id: z.preprocess(noParent, zId.nullable().optional()).transform((v) => v ?? null),
};
/** POST /api/admin/cash_categories/create (multipart category_name, parent_id). */
export const ZCashCategoryForm = z.object(categoryFields);
export type CashCategoryForm = z.infer<typeof ZCashCategoryForm>;
/** POST /api/admin/cash_categories/edit: never its own parent (spec §3). */
export const ZCashCategoryEditForm = z.object({ cash_category_id: zId, ...categoryFields })
  .refine((f) => f.parent_id === null || f.parent_id !== f.cash_category_id, { path: ['parent_id'], message: tc.ownParent });
export type CashCategoryEditForm = z.infer<typeof ZCashCategoryEditForm>;
export const ZCashCategorySavedReply = z.object({ data: z.object({ id: z.number().int() }) });

/** "parent - child" as the spec's lists show a category (the parent's name only when there is one). */
export function cashCategoryLabel(row: { category_name: string; parent_name?: string | null; parent_id?: number | null }): string {
  return row.parent_id && row.parent_name ? `${row.parent_name} - ${row.category_name}` : row.category_name;
}
