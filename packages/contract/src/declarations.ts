import { z } from 'zod';
import { zDateTimeOut, zDateTimeText, zDecimal, zDecimalOut, zFile, zFlag, zFlag01, zId, zIdList, zInt, zListReply, ZListQuery } from './common';
import { az, fill } from './texts/az';

// The plain constants live in the zod-free `declarations-constants` (issue 15); re-exported here.
export * from './declarations-constants';
import { COMBINE_MIN, DECLARATION_DECIMALS, DECLARATION_LIMITS, DECLARATION_MEASURE } from './declarations-constants';

const text = z.string().trim().max(200).optional();
const id = zId.optional();
const flag = zFlag.optional();
const dateTime = zDateTimeText.optional();

/**
 * spec §3 "List filter and sort fields" for GET /api/admin/v2/declaration/list.
 * Wire names are the spec's where it gives one (user_id, track_code, is_new, state_id, payed,
 * customs, return, causer_id, container_id, box_id), snake_case of the field otherwise.
 */
export const ZDeclarationListFilters = z.object({
  user_id: id,
  user_name: text,
  customer_code: text,
  track_code: text,
  global_track_code: text,
  is_new: flag,
  state_id: zIdList,
  state_name: text,
  payed: flag,
  customs: flag,
  return: flag,
  flight_name: text,
  flight_id: id,
  weight: zDecimal.optional(),
  price: zDecimal.optional(),
  delivery_price: zDecimal.optional(),
  quantity: zInt.min(0).optional(),
  type: zInt.min(1).max(2).optional(),
  delivery_point_id: id,
  container_name: text,
  branch_id: zIdList,
  plan_category_id: id,
  /** The Tarif column's filter as real clients send it (the same plan category as plan_category_id). */
  tariff_category_id: id,
  shop_name: text,
  product_type_id: zIdList,
  box_id: id,
  wardrobe_number: text,
  causer_id: id,
  causer_name: text,
  container_id: id,
  basket_id: id,
  country_id: zInt.min(1).max(2).optional(),
  trendyol: zInt.min(0).max(2).optional(),
  partner_id: id,
  /** Only declarations of a branch partner (1) or only our own (0). */
  has_partner: flag,
  /** Only declarations in a box (1: `container_id` set, the statistics' "in boxes") or in none (0). */
  in_box: flag,
  /** Only declarations with a branch (1) or without one (0: the statistics' "no branch" row). */
  has_branch: flag,
  date_from: dateTime,
  date_to: dateTime,
});
export type DeclarationListFilters = z.infer<typeof ZDeclarationListFilters>;

/** Columns the list may be sorted by (each served by an index; see docs/architecture.md). */
export const DECLARATION_SORT_COLUMNS = [
  'id', 'created_at', 'track_code', 'global_track_code', 'weight', 'price', 'delivery_price',
  'quantity', 'state_id', 'user_id', 'flight_id', 'country_id', 'branch_id', 'container_id',
  'payed', 'customs',
] as const;
export type DeclarationSortColumn = (typeof DECLARATION_SORT_COLUMNS)[number];

export const ZDeclarationListQuery = ZListQuery.extend({
  sort_column: z.enum(DECLARATION_SORT_COLUMNS).optional(),
}).extend(ZDeclarationListFilters.shape);
export type DeclarationListQuery = z.infer<typeof ZDeclarationListQuery>;

// ---------------------------------------------------------------- reply shapes (issue 14: the routes' reply schemas)

const int = () => z.number().int();


/**
 * One row of the declarations list (spec §2 "Declarations table columns") in the wire format real
 * clients read (issue 14, ../shared/spec/api-fields-in-use.tsv): flat snake_case, a related record
 * as `<name>_id` + `<name>_name`, money and measures as exact decimal strings, flags 0/1 where the
 * file says 0/1, dates `YYYY-MM-DD HH:mm:ss` in the office time zone. declaration/info answers the
 * same names (ZDeclarationDetail), plus a few its own screen needs.
 */
export const ZDeclarationListRow = z.object({
  id: int(),
  awb: z.string(),                         // '' when none
  track_code: z.string(),
  global_track_code: z.string().nullable(),
  requires_declaration: z.boolean(),
  can_accommodate: z.boolean(),            // may go into a box: not requiring a declaration
  editable: zFlag01,                       // not deleted and not handed over (10)
  weight: zDecimalOut.nullable(),
  height: zDecimalOut.nullable(),
  width: zDecimalOut.nullable(),
  depth: zDecimalOut.nullable(),
  price: zDecimalOut.nullable(),           // product price
  currency: z.string(),                    // prices are in USD
  voen: z.string().nullable(),
  coupon_id: int(),                        // 0: no coupon (no coupons yet)
  delivery_price: zDecimalOut.nullable(),
  /** The parcel (koli): its name, and its id for our own links. */
  box: z.string().nullable(),
  parcel_id: int().nullable(),
  parcel_sorting_id: int().nullable(),
  parcel_sorting_state_name: z.string().nullable(),
  parcel_sorting_created_at: zDateTimeOut.nullable(),
  basket_id: z.string().nullable(),        // a string where clients read it
  basket_name: z.string().nullable(),
  container_id: int().nullable(),
  container_name: z.string().nullable(),
  container_id_tmp: int().nullable(),      // the previous box (no box history yet: the current one)
  container_name_tmp: z.string().nullable(),
  branch_id: int().nullable(),
  branch_name: z.string().nullable(),
  quantity: int(),
  type: int(),                             // 1 liquid, 2 other
  shop_name: z.string(),                   // '' when none
  /** URL of the uploaded document (GET declaration/document), or null. */
  document_file: z.string().nullable(),
  tariff_category_id: int().nullable(),
  tariff_category_name: z.string().nullable(),
  state_id: int(),
  state_name: z.string(),
  product_type_id: int().nullable(),
  product_type_name: z.string().nullable(),
  user_id: int().nullable(),
  user_name: z.string().nullable(),        // customer's full name
  user_code: z.string().nullable(),        // customer code (our own screens)
  descr: z.string().nullable(),
  is_new: zFlag01,
  created_at: zDateTimeOut,
  /** null until handed over: a date clients read is not invented (the gaps file keeps it). */
  delivered_at: zDateTimeOut.nullable(),
  is_commercial: zFlag01,
  payed: zFlag01,
  customs: zFlag01,
  return: zFlag01,
  is_wanted: zFlag01,
  wanted_description: z.string().nullable(),
  flight_id: int().nullable(),
  flight_name: z.string().nullable(),
  country_id: int(),
  wardrobe_number: z.string(),             // '' when none
  is_your_branch: z.boolean(),             // branch = the viewer's admin branch
  causer_id: int().nullable(),
  causer_name: z.string().nullable(),      // who last changed it
  customs_data: z.object({ created_at: zDateTimeOut, raw_data: z.record(z.string(), z.unknown()) }).nullable(),
  delivery_point_id: int().nullable(),
  delivery_point_name: z.string().nullable(),
  trendyol: int(),                         // provider: 0 internal, 1 Trendyol-type, 2 Temu-type
  trendyol_logs: z.record(z.string(), z.unknown()).nullable(),
  who_added_bbs: z.string().nullable(),
  when_added_bbs: zDateTimeOut.nullable(),
  handover_task_id: z.string().nullable(),
  partner_id: int().nullable(),
  partner_name: z.string().nullable(),
});
export type DeclarationListRow = z.infer<typeof ZDeclarationListRow>;
/** GET v2/declaration/list, declaration/this_month, declaration/minilist, declaration/partner_declarations. */
export const ZDeclarationListReply = zListReply(ZDeclarationListRow);
export type DeclarationListReply = z.infer<typeof ZDeclarationListReply>;

// ================================================================ one declaration (issue 3)
/*
 * Spec §3 "Declaration", "Declaration form payload", "Accept payload", "Commercial payload",
 * "Timeline entry"; §4 status rules; §7 "Declarations". Forms arrive as
 * application/x-www-form-urlencoded, multipart/form-data (with `document_file`) or JSON.
 */

/** '' from an HTML/multipart form means "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const formText = (max = 200) => z.preprocess(blank, z.string().trim().max(max).optional());
const formId = z.preprocess(blank, zId.optional());
const formFlag = z.preprocess(blank, zFlag.optional());
const formDecimal = z.preprocess(blank, zDecimal.optional());

/*
 * issue 16: each field of the declaration form has its range, and its message says it. A value out
 * of range, negative, not a number or with more than 2 decimals is refused with that message (a
 * 'custom' issue, so both sides show the text as written), never cut or dropped silently.
 */
const L = DECLARATION_LIMITS;
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** A decimal in [min, max] with at most 2 places, kept as text (exact money math); '' is absent. */
export function zDecimalInRange(min: string, max: string, message: string) {
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim().replace(',', '.');
    if (!DECIMAL_TEXT.test(text) || Number(text) < Number(min) || Number(text) > Number(max)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if ((text.split('.')[1] ?? '').length > DECLARATION_DECIMALS) {
      ctx.addIssue({ code: 'custom', message: fill(az.declarations.decimalPlaces, { N: DECLARATION_DECIMALS }) });
      return z.NEVER;
    }
    return text;
  });
}
/** A whole number in [min, max] (a numeral text or a number). */
export function zIntInRange(min: number, max: number, message: string) {
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(text);
  });
}
/** A text of at most `max` characters (after trimming), refused with `message` beyond it. */
export function zTextUpTo(max: number, message = fill(az.declarations.textTooLong, { N: max })) {
  return z.string().trim().refine((text) => text.length <= max, message);
}
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** The declaration form's fields with their ranges; the unknown-declaration form uses the same ones. */
export const zDeclarationWeight = zDecimalInRange(L.weight.min, L.weight.max, fill(az.declarations.weightRange, { MIN: L.weight.min, MAX: L.weight.max }));
export const zDeclarationQuantity = zIntInRange(L.quantity.min, L.quantity.max, fill(az.declarations.quantityRange, { MIN: L.quantity.min, MAX: L.quantity.max }));
export const zDeclarationPrice = zDecimalInRange(L.price.min, L.price.max, fill(az.declarations.priceRange, { MIN: L.price.min, MAX: L.price.max }));
export const zDeclarationDeliveryPrice = zDecimalInRange(
  L.deliveryPrice.min, L.deliveryPrice.max, fill(az.declarations.deliveryPriceRange, { MIN: L.deliveryPrice.min, MAX: L.deliveryPrice.max }),
);
export const zDeclarationDescr = zTextUpTo(L.descr, fill(az.declarations.descrTooLong, { N: L.descr }));


/**
 * POST /api/admin/declaration/create and /edit (spec §3 "Declaration form payload").
 * - Status: a new declaration always takes 7 and measure 1 (`state_id` is ignored: statuses move
 *   through edit/state, canceldepesh, update, …).
 * - `is_special` is derived by the server: true exactly when `tariff_category_id` > 1.
 * - `delivery_price` and `tariff_category_id`/`is_special` may be set only by a holder of
 *   `changedeliveryprice` (403 otherwise, nothing saved); without them the server computes the
 *   delivery price from the tariffs (country, weight band, liquid/other, category).
 * - `weight` may be set only with `changeweightdeclaration` (403 otherwise) — on edit, only a
 *   changed value counts; on create a weight without the permission is refused too.
 * - `document_file`: multipart file, at most 10 MB, PDF/JPEG/PNG by content (422 on the field).
 * - `combined_id`: ids (2+) of declarations of the same customer and country this one replaces;
 *   they are cancelled (soft-deleted) in the same transaction (create only).
 */
export const ZDeclarationFormFields = z.object({
  user_id: formId,
  measure_id: z.preprocess(blank, zInt.pipe(z.literal(DECLARATION_MEASURE)).optional()),
  state_id: formId, // ignored (see above)
  global_track_code: optional(zTextUpTo(L.globalTrackCode)),
  product_type_id: formId,
  quantity: optional(zDeclarationQuantity),
  is_special: formFlag, // ignored: derived from tariff_category_id
  is_commercial: formFlag,
  tariff_category_id: formId,
  type: z.preprocess(blank, zInt.min(1).max(2).optional()),
  descr: optional(zDeclarationDescr),
  weight: optional(zDeclarationWeight),
  country_id: z.preprocess(blank, zInt.min(1).max(2).optional()),
  branch_id: formId,
  price: optional(zDeclarationPrice),
  voen: optional(zTextUpTo(L.voen)),
  container_id: formId,
  wardrobe_number: optional(zTextUpTo(L.wardrobeNumber)),
  delivery_price: optional(zDeclarationDeliveryPrice),
  combined_id: zIdList,
  shop_name: optional(zTextUpTo(L.shopName)),
  /** A file (multipart); anything else is refused by the server with a field error. */
  document_file: zFile,
});
/** Create: customer, country, branch, product type, quantity and price are required. */
export const ZDeclarationCreateForm = ZDeclarationFormFields.extend({
  user_id: z.preprocess(blank, zId),
  country_id: z.preprocess(blank, zInt.min(1).max(2)),
  branch_id: z.preprocess(blank, zId),
  product_type_id: z.preprocess(blank, zId),
  quantity: z.preprocess(blank, zDeclarationQuantity),
  price: z.preprocess(blank, zDeclarationPrice),
});
export type DeclarationCreateForm = z.infer<typeof ZDeclarationCreateForm>;
/** Edit: `declaration_id` plus any fields to change (absent = unchanged). */
export const ZDeclarationEditForm = ZDeclarationFormFields.extend({ declaration_id: z.preprocess(blank, zId) });
export type DeclarationEditForm = z.infer<typeof ZDeclarationEditForm>;

/** ?declaration_id= of info, cancel, getstates, orders, canceldepesh, remove_item, returns/run. */
export const ZDeclarationIdQuery = z.object({ declaration_id: zId });
export type DeclarationIdQuery = z.infer<typeof ZDeclarationIdQuery>;

/** POST /api/admin/declaration/cancel_many (design: delete many has no path in the spec). */
export const ZDeclarationCancelManyForm = z.object({ declaration_ids: zIdList.pipe(z.array(z.number().int().positive()).min(1)) });
export type DeclarationCancelManyForm = z.infer<typeof ZDeclarationCancelManyForm>;

/** POST /api/admin/declaration/edit/state?declaration_id&state_id (form: descr). Only 9 and 88; 88 needs descr. */
export const ZDeclarationStateQuery = z.object({ declaration_id: zId, state_id: zId });
export const ZDeclarationStateForm = z.object({ descr: formText(500) });
export type DeclarationStateForm = z.infer<typeof ZDeclarationStateForm>;

/**
 * POST /api/admin/v2/declaration/edit/state, everything in the body (form or JSON): the list's
 * filters (same wire names as the list) and/or `declaration_ids` (a selection; both given = both
 * apply), plus new_state_id and new_descr. One transaction, one status
 * history row per declaration. Without any filter or id: 422 'Bağlama seçilməyib' (never "all").
 * Status 88 needs new_descr. Reply: { data: { count } }.
 */
export const ZDeclarationBulkStateForm = ZDeclarationListFilters.extend({
  declaration_ids: zIdList,
  new_state_id: z.preprocess(blank, zId),
  new_descr: formText(500),
});
export type DeclarationBulkStateForm = z.infer<typeof ZDeclarationBulkStateForm>;

/** POST /api/admin/isnew?model_id=2&object_id&is_new (toggle read/unread). */
export const ZIsNewQuery = z.object({ model_id: zInt.pipe(z.literal(2)), object_id: zId, is_new: zFlag });
export type IsNewQuery = z.infer<typeof ZIsNewQuery>;

/** GET /api/admin/declaration/combine?combined_id=1,2 (or repeated): 2+ ids of one customer and country. */
export const ZCombineQuery = z.object({ combined_id: zIdList.pipe(z.array(z.number().int().positive()).min(COMBINE_MIN)) });
export type CombineQuery = z.infer<typeof ZCombineQuery>;

/** POST /api/admin/declaration/update (accept; spec §3 "Accept payload"). change_state=1 moves it to 9. */
export const ZDeclarationAcceptForm = z.object({
  declaration_id: z.preprocess(blank, zId),
  wardrobe_number: formText(32),
  descr: formText(2000),
  change_state: formFlag,
});
export type DeclarationAcceptForm = z.infer<typeof ZDeclarationAcceptForm>;

/** POST /api/admin/declaration/commercial (spec §3 "Commercial payload"): voen is 10 digits. */
export const ZDeclarationCommercialForm = z.object({
  declaration_id: z.preprocess(blank, zId),
  awb: z.preprocess(blank, z.string().trim().min(1).max(64)),
  voen: z.preprocess(blank, z.string().trim().refine((v) => /^\d{10}$/.test(v), az.declarations.invalidVoen)),
});
export type DeclarationCommercialForm = z.infer<typeof ZDeclarationCommercialForm>;

// ---------------------------------------------------------------- replies

/**
 * GET /api/admin/declaration/info?declaration_id → { data: DeclarationDetail }: the list row's names
 * (issue 14: the same row mapper as the list) plus what the details screen needs. info_by_track_code
 * (admin and branch partner) answers the same.
 */
export const ZDeclarationDetail = ZDeclarationListRow.extend({
  is_special: z.boolean(),
  measure_id: int(),
  deleted_at: zDateTimeOut.nullable(),
  user_surname: z.string().nullable(),
  user_first_name: z.string().nullable(),
  user_phone: z.string().nullable(),
  user_fin: z.string().nullable(),
  flight_state_id: int().nullable(),
  location_name: z.string(),               // its branch's name ('' when none)
});
export type DeclarationDetail = z.infer<typeof ZDeclarationDetail>;
export const ZDeclarationInfoReply = z.object({ data: ZDeclarationDetail });
export type DeclarationInfoReply = z.infer<typeof ZDeclarationInfoReply>;

/**
 * GET /api/admin/declaration/combine → the create form prefilled from the combined declarations:
 * the first one's row (the names every declaration reply has) with the sums and merges of all of
 * them (quantity, weight, price, liquid if any is, shops joined), no global track code (the new
 * declaration gets its own), the combined ids and a summary of each.
 */
export const ZDeclarationCombineReply = z.object({
  data: ZDeclarationListRow.extend({
    weight: zDecimalOut,
    price: zDecimalOut,
    combined_id: z.array(int()),
    declarations: z.array(z.object({
      id: int(), track_code: z.string(), global_track_code: z.string().nullable(),
      weight: zDecimalOut.nullable(), price: zDecimalOut.nullable(), quantity: int(),
    })),
  }),
});
export type DeclarationCombineReply = z.infer<typeof ZDeclarationCombineReply>;

/** GET /api/admin/declaration/getstates?declaration_id → { data: TimelineEntry[] }, oldest first (spec §3 "Timeline entry"). */
export interface DeclarationTimelineEntry {
  id: string;                    // 'audit:<n>' (a change, with the status it set), or 'status:<n>' (a status change with no audit entry)
  action: string;                // e.g. 'declaration.create', 'declaration.state', 'declaration.edit'
  state_id: number | null;       // the status after the change, when the change set one
  state_name: string | null;
  branch_id: number | null;      // the changer's branch
  branch_name: string | null;
  declaration_id: number;
  track_code: string;
  causer_id: number | null;      // who made the change (null: the system)
  causer_name: string | null;
  note: string | null;           // reason / description
  changes: Record<string, unknown> | null;
  created_at: string;
}
export interface DeclarationTimelineReply { data: DeclarationTimelineEntry[] }

/** create, edit, update (accept), commercial → { data: DeclarationDetail }. */
export type DeclarationSaveReply = DeclarationInfoReply;
/** cancel, edit/state, isnew, canceldepesh, remove_item → { data: { id } } */
export interface DeclarationActionReply { data: { id: number } }
/** cancel_many and v2 edit/state → how many declarations changed. */
export interface DeclarationBulkReply { data: { count: number } }
/** GET /api/admin/declaration/orders?declaration_id → the order ids (strings clients link to): [] until the orders domain exists (issue 18). */
export const ZDeclarationOrdersReply = z.object({ data: z.array(z.string()) });
export type DeclarationOrdersReply = z.infer<typeof ZDeclarationOrdersReply>;

// ---------------------------------------------------------------- returns (spec §3 "Return", §5)


/** GET /api/admin/returns/run?declaration_id → what may be given back. */
export interface ReturnDetailsReply {
  data: {
    declaration_id: number;
    delivery_price: string | null;   // USD, what returning the delivery price gives back (only when paid)
    money_back_price: string | null; // the declaration's value (product price)
    money_back: boolean;             // whether the delivery price may be returned (paid)
    paid: boolean;
    returned: boolean;
    order: { id: number; refund_amount: string; extra_percent: number } | null; // null until the orders domain exists
    reasons: { id: number; name: string }[];
  };
}

/**
 * POST /api/admin/returns/run (form). Rules (server): the declaration is not already returned; the
 * reason exists; return_delivery_price only when paid and at most the delivery price;
 * return_percent is 0 or 5 and 5 needs an order; return_declaration_price not with 5% and at most
 * the declaration's price. Effect: returned, status 12, history, audit, a return record.
 */
export const ZReturnForm = z.object({
  declaration_id: z.preprocess(blank, zId),
  return_reason_id: z.preprocess(blank, zId),
  return_delivery_price: formDecimal,
  return_percent: z.preprocess(blank, zInt.min(0).max(100).optional()),
  return_declaration_price: formDecimal,
});
export type ReturnForm = z.infer<typeof ZReturnForm>;

/** GET /api/admin/declaration/partner_declarations: the list's query (partner_id filters one partner). */
export type PartnerDeclarationRow = DeclarationListRow; // partner_id/partner_name, causer_id/causer_name (edited by)
export const ZPartnerDeclarationListReply = ZDeclarationListReply;
