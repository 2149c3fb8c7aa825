/**
 * Statistics pages (issue 19 item 2): the shapes of `GET /api/admin/statistics/*` real clients read
 * (../shared/spec/api-fields-in-use.tsv, api-requests-in-use.tsv) and the list query every figure
 * links to (issue 19 item 3: a figure equals the total of the list it opens with the same filters).
 *
 * Every page takes `start_date` / `end_date` as clients send them ('YYYY-MM-DD', or
 * 'YYYY-MM-DD HH:mm:ss' of which only the day counts): whole office days (APP_TIMEZONE, Asia/Baku),
 * both ends inside, so a parcel at 23:30 Baku time on the last day is counted. Missing: the last
 * 30 office days up to today. An end before the start is a 422 on `end_date`.
 *
 * Most pages have two variants on one path: the aggregate (figures per day) and, with
 * `getlist=true`, the drill-down: the linked list's own rows (`{ data, total }`), paged and sorted
 * as that list is (`page`, `per_page`, `sort_column`, `sort_order`).
 */
import { z } from 'zod';
import { zDateTimeText, zDecimalOut, zFlag, zId, zIdList, ZListQuery } from './common';
import { DECLARATION_SORT_COLUMNS, ZDeclarationListReply } from './declarations';
import { TRANSACTION_SORT_COLUMNS, ZTransactionListReply } from './transactions';
import { MODEL } from './models';
import { checkStatsRange } from './stats-range';

const int = () => z.number().int();
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** 'YYYY-MM-DD' (days are what the pages count). */
const zDayOut = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' → the day 'YYYY-MM-DD'. */
const zStatsDay = z.preprocess(blankToUndefined, zDateTimeText.transform((v) => v.slice(0, 10)).optional());

/** The date range of every statistics page (office days, both inclusive). */
export const ZStatsRange = z.object({ start_date: zStatsDay, end_date: zStatsDay });
export type StatsRange = z.infer<typeof ZStatsRange>;

/** start_date..end_date: the shared statistics range check (stats-range.ts), each error on its own field. */
function checkRange(q: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  checkStatsRange(q, ctx);
}

/** Whole days from `a` to `b` ('YYYY-MM-DD'). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

const getlist = z.preprocess(blankToUndefined, zFlag.optional());
const optId = z.preprocess(blankToUndefined, zId.optional());

// ---------------------------------------------------------------- declarations by status per branch

/**
 * GET statistics/by_declarations_count (+ `/export`, .xlsx of the drill-down rows): declarations
 * created in the range (the declarations list's `date_from`/`date_to`), by their status now and
 * their branch. `state_id` / `branch_id` one id or several ('9' or '9,10'); `company_id` (office
 * staff only) one partner company's parcels; a branch partner always sees only its own company.
 * `getlist=true`: the declarations list rows of those parcels.
 */
export const ZDeclarationCountsQuery = ZListQuery.extend({
  ...ZStatsRange.shape,
  sort_column: z.enum(DECLARATION_SORT_COLUMNS).optional(),
  state_id: zIdList,
  branch_id: zIdList,
  company_id: optId,
  /** drill-down of one day of the chart ('YYYY-MM-DD'); the range otherwise */
  changed_date: zStatsDay,
  getlist,
}).superRefine(checkRange);
export type DeclarationCountsQuery = z.infer<typeof ZDeclarationCountsQuery>;

/** Figures of a group of declarations: count, product price and delivery price sums (USD, exact). */
const declarationFigures = {
  declaration_count: int(),
  /** product price, USD */
  price: zDecimalOut,
  /** delivery price, USD */
  delivery_price: zDecimalOut,
};
export const ZDeclarationCountsDay = z.object({ changed_date: zDayOut, ...declarationFigures });
export const ZDeclarationCountsState = z.object({ state_id: int(), state_name: z.string(), ...declarationFigures });
export const ZDeclarationCountsBranch = z.object({ branch_id: int().nullable(), branch_name: z.string(), ...declarationFigures });
export const ZDeclarationCountsCell = z.object({
  branch_id: int().nullable(), branch_name: z.string(), state_id: int(), state_name: z.string(), ...declarationFigures,
});
export const ZDeclarationCountsAggregateReply = z.object({
  /** per day of the range (days without parcels left out), oldest first */
  data: z.array(ZDeclarationCountsDay),
  by_state: z.array(ZDeclarationCountsState),
  by_branch: z.array(ZDeclarationCountsBranch),
  /** branch × status (the page's table), branch then status order */
  by_branch_state: z.array(ZDeclarationCountsCell),
  total: z.object({ declaration_count: int(), price: z.number(), delivery_price: z.number() }),
  start_date: zDayOut,
  end_date: zDayOut,
});
export type DeclarationCountsAggregateReply = z.infer<typeof ZDeclarationCountsAggregateReply>;
export const ZDeclarationCountsReply = z.union([ZDeclarationCountsAggregateReply, ZDeclarationListReply]);
export type DeclarationCountsReply = z.infer<typeof ZDeclarationCountsReply>;

/**
 * The declarations list query (`/@next/declarations?…`, `GET v2/declaration/list`) a figure of
 * by_declarations_count / partner_by_declarations_count / by_tariff_count opens: the same parcels, so
 * its total is the figure. A null branch (parcels without a branch) or plan category is not given
 * here: no such filter then.
 */
export function declarationListParams(range: { start_date: string; end_date: string }, pick: {
  day?: string; state_id?: readonly number[] | number; branch_id?: readonly number[] | number | null;
  /** one partner company, or 'partners': every partner company (partner_by_declarations_count without company_id) */
  company_id?: number | 'partners' | null;
  /** one plan category (by_tariff_count) */
  plan_category_id?: number | null;
} = {}): Record<string, string> {
  const from = pick.day ?? range.start_date;
  const to = pick.day ?? range.end_date;
  const out: Record<string, string> = { date_from: `${from} 00:00:00`, date_to: `${to} 23:59:59` };
  const ids = (v: readonly number[] | number) => (Array.isArray(v) ? v.join(',') : String(v));
  if (pick.state_id !== undefined && (typeof pick.state_id === 'number' || pick.state_id.length)) out.state_id = ids(pick.state_id);
  if (pick.branch_id !== undefined && pick.branch_id !== null && (typeof pick.branch_id === 'number' || pick.branch_id.length)) out.branch_id = ids(pick.branch_id);
  if (pick.company_id === 'partners') out.has_partner = '1';
  else if (typeof pick.company_id === 'number') out.partner_id = String(pick.company_id);
  if (typeof pick.plan_category_id === 'number') out.plan_category_id = String(pick.plan_category_id);
  return out;
}

// ---------------------------------------------------------------- branch partner statistics

/**
 * GET statistics/partner_by_declarations_count (spec §2 statistics/branches-partner, branch_manager):
 * a partner company's parcels by day, as by_declarations_count (clients send `state_id` '9').
 * A partner sees only its company (any `company_id` it sends is ignored); office staff pick one
 * with `company_id` (all partner companies without it).
 */
export const ZPartnerDeclarationCountsQuery = ZListQuery.extend({
  ...ZStatsRange.shape,
  sort_column: z.enum(DECLARATION_SORT_COLUMNS).optional(),
  state_id: zIdList,
  branch_id: zIdList,
  company_id: optId,
  changed_date: zStatsDay,
  getlist,
}).superRefine(checkRange);
export type PartnerDeclarationCountsQuery = z.infer<typeof ZPartnerDeclarationCountsQuery>;
export const ZPartnerDeclarationCountsAggregateReply = z.object({
  data: z.array(ZDeclarationCountsDay),
  total: z.object({ declaration_count: int(), price: zDecimalOut, delivery_price: zDecimalOut }),
  /** the company counted (null: every partner company, office staff only) */
  company_id: int().nullable(),
  start_date: zDayOut,
  end_date: zDayOut,
});
export type PartnerDeclarationCountsAggregateReply = z.infer<typeof ZPartnerDeclarationCountsAggregateReply>;
export const ZPartnerDeclarationCountsReply = z.union([ZPartnerDeclarationCountsAggregateReply, ZDeclarationListReply]);

// ---------------------------------------------------------------- payments (transactions by payment type)

/** The transactions list's section (model_id filter) of payments for parcels (TRANSACTION_SECTIONS). */
export const DECLARATION_PAYMENT_SECTION = MODEL.handover;
/** spec §3: payment type 4 is online; every other type is paid at the office. */
export const ONLINE_PAYMENT_TYPE = 4;

/**
 * GET statistics/by_payment_type_count: confirmed (18) customer payments for parcels (balance
 * operations of the section 'declaration payments', model 7 (handover) in the transactions list;
 * the customer's expense, type 2) per day,
 * split online (payment type 4) / office (every other type). Sums in AZN (`amount_azn`).
 * `getlist=true`: the transactions list rows of those payments.
 */
export const ZPaymentTypeCountsQuery = ZListQuery.extend({
  ...ZStatsRange.shape,
  sort_column: z.enum(TRANSACTION_SORT_COLUMNS).optional(),
  payment_type: zIdList,
  changed_date: zStatsDay,
  getlist,
}).superRefine(checkRange);
export type PaymentTypeCountsQuery = z.infer<typeof ZPaymentTypeCountsQuery>;
export const ZPaymentTypeCountsAggregateReply = z.object({
  data: z.array(z.object({ date: zDayOut, count: int(), price: z.number(), online: z.number(), office: z.number() })),
  /** per payment type over the range */
  by_payment_type: z.array(z.object({ payment_type: int(), payment_type_name: z.string(), count: int(), price: z.number() })),
  total: z.object({ count: int(), price: z.number(), online: z.number(), office: z.number() }),
  start_date: zDayOut,
  end_date: zDayOut,
});
export type PaymentTypeCountsAggregateReply = z.infer<typeof ZPaymentTypeCountsAggregateReply>;
export const ZPaymentTypeCountsReply = z.union([ZPaymentTypeCountsAggregateReply, ZTransactionListReply]);

/**
 * The transactions list query (`/@next/transactions?…`, `GET v2/pay/getlist`) a figure of
 * by_payment_type_count opens: confirmed (18) expenses (type 2) of the declaration payments section.
 */
export function paymentListParams(range: { start_date: string; end_date: string }, pick: {
  day?: string; payment_type?: readonly number[] | number;
} = {}): Record<string, string> {
  const from = pick.day ?? range.start_date;
  const to = pick.day ?? range.end_date;
  const out: Record<string, string> = {
    created_at: `${from} 00:00:00,${to} 23:59:59`, state_id: '18', type: '2', model_id: String(DECLARATION_PAYMENT_SECTION),
  };
  if (pick.payment_type !== undefined && (typeof pick.payment_type === 'number' || pick.payment_type.length)) {
    out.payment_type = Array.isArray(pick.payment_type) ? pick.payment_type.join(',') : String(pick.payment_type);
  }
  return out;
}

/**
 * GET statistics/by_declaration_count: parcels paid in the range (their payment's day), by payment
 * type, with their delivery prices (USD and the AZN the customer paid). `payment_type` ids joined
 * with ','. A counter payment (declaration_payments: one handover, several parcels) counts under its
 * main type: the largest of cash (1), terminal (3) and the customer's balance (7). `getlist=true`:
 * the parcels behind the figure (the declarations list's rows, one per parcel of each payment, the
 * newest payment first, or sorted by a declarations list column), so the drill-down's total is the
 * figure's count of parcels (exact, decision 0004 addendum). No list screen has a payment-day filter:
 * the drill-down is where these parcels are listed.
 */
export const ZPaidDeclarationCountsQuery = ZListQuery.extend({
  ...ZStatsRange.shape,
  sort_column: z.enum(DECLARATION_SORT_COLUMNS).optional(),
  payment_type: zIdList,
  changed_date: zStatsDay,
  getlist,
}).superRefine(checkRange);
export type PaidDeclarationCountsQuery = z.infer<typeof ZPaidDeclarationCountsQuery>;
export const ZPaidDeclarationCountsAggregateReply = z.object({
  data: z.array(z.object({
    payed_date: zDayOut, payment_type: int(), payment_type_name: z.string(), declaration_count: int(),
    /** USD */
    delivery_price: zDecimalOut,
    delivery_price_azn: zDecimalOut,
  })),
  total: z.object({
    declaration_count: int(),
    /** AZN paid */
    amount: z.number(),
    /** USD */
    delivery_price: z.number(),
    payment_type_total: z.array(z.object({ payment_type_id: int(), payment_type_name: z.string(), payment_type_sum: z.number() })),
  }),
  start_date: zDayOut,
  end_date: zDayOut,
});
export type PaidDeclarationCountsAggregateReply = z.infer<typeof ZPaidDeclarationCountsAggregateReply>;
export const ZPaidDeclarationCountsReply = z.union([ZPaidDeclarationCountsAggregateReply, ZDeclarationListReply]);

// ---------------------------------------------------------------- tariff (plan) overview

/**
 * GET statistics/by_tariff_count: declarations created in the range per plan category (tariff).
 * `plan_category_id` narrows to one category; `getlist=true`: the declarations list rows of those
 * parcels (the drill-down of a category's figure), paged and sorted as that list is.
 */
export const ZTariffCountsQuery = ZListQuery.extend({
  ...ZStatsRange.shape,
  sort_column: z.enum(DECLARATION_SORT_COLUMNS).optional(),
  state_id: zIdList,
  branch_id: zIdList,
  plan_category_id: optId,
  getlist,
}).superRefine(checkRange);
export type TariffCountsQuery = z.infer<typeof ZTariffCountsQuery>;
export const ZTariffCountsAggregateReply = z.object({
  /** plan_category_id null: parcels without a plan category */
  data: z.array(z.object({ plan_category_id: int().nullable(), tariff_category_name: z.string(), ...declarationFigures })),
  total: z.object({ declaration_count: int(), price: z.number(), delivery_price: z.number() }),
  start_date: zDayOut,
  end_date: zDayOut,
});
export type TariffCountsAggregateReply = z.infer<typeof ZTariffCountsAggregateReply>;
export const ZTariffCountsReply = z.union([ZTariffCountsAggregateReply, ZDeclarationListReply]);
export type TariffCountsReply = z.infer<typeof ZTariffCountsReply>;

// ---------------------------------------------------------------- couriers (no couriers section yet)

/**
 * GET statistics/by_courier_count, by_region_courier_count, courier_by_region_count: the shapes
 * real clients read, with no rows until the couriers section exists (`couriers_ready: false`, a
 * later issue): the screen says so instead of showing invented numbers.
 */
export const ZCourierCountsQuery = ZListQuery.extend({
  ...ZStatsRange.shape,
  state_id: optId,
  region_id: optId,
  getlist,
}).superRefine(checkRange);
export type CourierCountsQuery = z.infer<typeof ZCourierCountsQuery>;
export const ZCourierCountsReply = z.object({
  data: z.array(z.object({ changed_date: zDayOut, courier_count: int(), cash: zDecimalOut, online: zDecimalOut })),
  total: z.union([z.object({ courier_count: int(), cash: zDecimalOut, online: zDecimalOut }), int()]),
  couriers_ready: z.boolean(),
});
export const ZRegionCourierCountsReply = z.object({
  data: z.array(z.object({
    region_id: int().nullable(), region_name: z.string(), changed_date: zDayOut, courier_count: int(), price: zDecimalOut, price_azn: zDecimalOut,
  })),
  total: z.union([z.object({ courier_count: int(), price: zDecimalOut, price_azn: zDecimalOut }), int()]),
  couriers_ready: z.boolean(),
});
export const ZCourierByRegionReply = z.object({
  data: z.array(z.object({ region_id: int(), name: z.string(), count: int(), price: zDecimalOut, price_azn: zDecimalOut })),
  couriers_ready: z.boolean(),
});
