import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, zDateText, zDateTimeText, zDecimal, zFlag, zInt, ZListQuery as ZBaseListQuery } from './common';
import { findUnsafeInput } from './text-safety';
import { az } from './texts/az';

/*
 * Reference lists of the settings group (issue 4; spec §2 "Settings-type lists", §3 entities,
 * §5 branch and plan rules, §7 calls). Forms use the wire names of spec §7; the server validates
 * with these schemas and the web forms run the same rules field by field.
 */

const t = az.settingsLists;
/** '' or null from a form means "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const requiredText = (max = 160) => z.string().trim().min(1).max(max);
const optionalText = (max = 500) => z.preprocess(blank, z.string().trim().max(max).optional());
const optionalId = z.preprocess(blank, zInt.positive().optional());
const requiredId = zInt.positive();
const optionalInt = z.preprocess(blank, zInt.min(0).optional());
const flag = z.preprocess((v) => (v === undefined || v === '' ? false : v), zFlag);
const positiveDecimal = zDecimal.refine((v) => Number(v) >= 0, t.positive);
const optionalDecimal = z.preprocess(blank, positiveDecimal.optional());
const time = z.preprocess(blank, z.string().trim().refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), t.invalidTime).optional());
const dateOnly = z.preprocess(blank, zDateText.optional());

/** spec §9 lookup sizes: these lists double as lookups of up to 15000 rows (shops). */
export const MAX_LOOKUP_SIZE = 15000;
const ZListQuery = ZBaseListQuery.extend({
  per_page: zInt.min(1).max(MAX_LOOKUP_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** A list query with optional text and id filters. */
const filterText = optionalText(120);
const filterId = optionalId;
const filterFlag = z.preprocess(blank, zFlag.optional());

/*
 * Rows as replies send them (issue 14 wire format; the reply schemas of the lists and infos): text a
 * client reads as a value is '' when there is none, names come from joins, flags are 0/1, dates
 * 'YYYY-MM-DD HH:mm:ss' (office time zone), numeric columns exact decimal strings.
 */
const wId = z.number().int();
const wText = z.string();
const wDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const wDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const wFlag01 = z.union([z.literal(0), z.literal(1)]);

// ---------------------------------------------------------------- tariffs (plans)

/** spec §3 "Tariff": type 1 liquid, 2 other. */
export const TARIFF_TYPES = [1, 2] as const;
export const STANDARD_CATEGORY_ID = 1;
/** spec §3: units are fixed to 1. */
export const TARIFF_UNITS = 1;

/** Wire names as clients send them (issue 14): from_weight, to_weight, tariff_category_id, descr. */
const tariffFields = {
  country_id: requiredId,
  from_weight: positiveDecimal,
  /** Blank = unlimited (the infinity toggle). */
  to_weight: z.preprocess(blank, positiveDecimal.optional()),
  price: positiveDecimal,
  old_price: optionalDecimal,
  type: zInt.refine((v) => (TARIFF_TYPES as readonly number[]).includes(v), az.errors.invalidInput),
  is_special: flag,
  tariff_category_id: optionalId,
  descr: optionalText(1000),
  units: z.preprocess((v) => (v === undefined || v === '' ? TARIFF_UNITS : v), zInt)
    .refine((v) => v === TARIFF_UNITS, t.unitsFixed),
  /** Sent by other clients; units are fixed (spec §3) and the price is in the country's currency: read, not stored. */
  from_unit: optionalText(16),
  to_unit: optionalText(16),
  currency: optionalText(16),
};

type TariffShape = { from_weight: string; to_weight?: string; is_special: boolean; tariff_category_id?: number };
function tariffRules(v: TariffShape, ctx: z.RefinementCtx) {
  if (v.to_weight !== undefined && Number(v.to_weight) <= Number(v.from_weight)) {
    ctx.addIssue({ code: 'custom', path: ['to_weight'], message: t.weightToAfterFrom });
  }
  if (v.is_special && v.tariff_category_id === undefined) ctx.addIssue({ code: 'custom', path: ['tariff_category_id'], message: t.categoryRequired });
  if (v.is_special && v.tariff_category_id === STANDARD_CATEGORY_ID) ctx.addIssue({ code: 'custom', path: ['tariff_category_id'], message: t.standardNotSpecial });
}

export const ZTariffForm = z.object(tariffFields).superRefine(tariffRules);
export const ZTariffEditForm = z.object({ tariff_id: requiredId, ...tariffFields }).superRefine(tariffRules);
export type TariffForm = z.infer<typeof ZTariffForm>;
export const ZTariffListQuery = ZListQuery.extend({
  id: filterId, country_id: filterId, type: optionalId, tariff_category_id: filterId, is_special: filterFlag,
});
/** A tariff band (spec §3) with the wire names clients read: weights, prices and type as exact decimal strings. */
export const ZTariffRow = z.object({
  id: wId, country_id: wId, country_name: wText, from_weight: wDecimal, to_weight: wDecimal.nullable(),
  /** Prices in USD (spec §3); old_price is the price itself when the band has no older one. */
  price: wDecimal, old_price: wDecimal, type: wDecimal, tariff_category_id: wId.nullable(), tariff_category_name: wText,
  currency: wText, is_special: z.boolean(), per_unit: z.boolean(), units: z.number(), descr: wText, created_at: wDateTime,
});
export type TariffRow = z.infer<typeof ZTariffRow>;

/**
 * GET /api/admin/tariff/stats: parcels per tariff band within a period (by the parcel's creation time;
 * a bare day is the whole day, office time zone), optionally of one status and paid or not.
 */
export const ZTariffStatsQuery = z.object({
  from_date: z.preprocess(blank, zDateTimeText.optional()),
  to_date: z.preprocess(blank, zDateTimeText.optional()),
  state_id: filterId,
  payed: filterFlag,
}).refine((q) => !q.from_date || !q.to_date || q.from_date.slice(0, 10) <= q.to_date.slice(0, 10), { path: ['to_date'], message: t.dateOrder });
export type TariffStatsQuery = z.infer<typeof ZTariffStatsQuery>;
/** One band's figures: every live band (zero when no parcel used it), and a deleted band only while parcels of the period use it. */
export const ZTariffStatsRow = z.object({
  id: wId,
  total_declaration: z.number().int(),
  /** kq, 2 decimals */
  total_weight: z.number(),
  /** USD, 2 decimals */
  total_delivery_price: z.number(),
  tariff: z.object({ from_weight: wDecimal, to_weight: z.string(), price: wDecimal, type: wDecimal }),
  country_id: wId, country_name: wText, tariff_category_id: wId.nullable(), tariff_category_name: wText,
});
export type TariffStatsRow = z.infer<typeof ZTariffStatsRow>;
export const ZTariffStatsReply = z.object({ data: z.array(ZTariffStatsRow), total: z.number().int() });
export type TariffStatsReply = z.infer<typeof ZTariffStatsReply>;

/** A band is priced per unit of weight when its lower bound is above 1 kg (spec §3). */
export function isPerUnitBand(weightFrom: string | number): boolean {
  return Number(weightFrom) > 1;
}

const categoryFields = { name: requiredText(120), descr: optionalText(1000), country_id: optionalId };
export const ZTariffCategoryForm = z.object(categoryFields);
export const ZTariffCategoryEditForm = z.object({ tariff_category_id: requiredId, ...categoryFields });
export const ZTariffCategoryListQuery = ZListQuery.extend({ name: filterText, country_id: filterId });
export const ZTariffCategoryRow = z.object({
  id: wId, name: wText, descr: wText, country_id: wId.nullable(), country_name: wText, created_at: wDateTime,
});
export type TariffCategoryRow = z.infer<typeof ZTariffCategoryRow>;

// ---------------------------------------------------------------- statuses

const statusFields = {
  name: requiredText(120), name_en: optionalText(120), parent_id: optionalId, description: optionalText(1000),
  /** Clients send the description as `descr` (spec §7 states/create, edit); either is taken. */
  descr: optionalText(1000),
  sort: z.preprocess((v) => (v === undefined || v === '' ? 0 : v), zInt.min(0).max(100000)), freely: flag,
};
/** A new status: its id is given, or the next free one is taken (clients send none); the model is required. */
export const ZStatusForm = z.object({ state_id: optionalId, model_id: requiredId, ...statusFields });
/** An edit names the status by state_id; clients send model_id only when set: then it is the status's own (the lowest model holding the id). */
export const ZStatusEditForm = z.object({ state_id: requiredId, model_id: optionalId, ...statusFields });
export const ZStatusListQuery = ZListQuery.extend({ id: filterId, model_id: filterId, name: filterText, freely: filterFlag });
export const ZStatusRow = z.object({
  id: wId, model_id: wId, model_name: wText, name: wText, name_en: wText, parent_id: wId.nullable(),
  parent_name: wText, description: wText.nullable(), descr: wText, sort: z.number(), freely: wFlag01, created_at: wDateTime,
});
export type StatusRow = z.infer<typeof ZStatusRow>;

// ---------------------------------------------------------------- branches

/** spec §5: latitude and longitude at most 15 characters, sorting letter at most 5. */
export const BRANCH_LIMITS = { latitude: 15, longitude: 15, sortingLetter: 5 } as const;
export const DEFAULT_BRANCH_STATE = 85;

const branchFields = {
  name: requiredText(120),
  company_id: optionalId,
  parent_id: optionalId,
  descr: optionalText(1000),
  is_branch: flag,
  hide: flag,
  is_region_branch: flag,
  latitude: optionalText(BRANCH_LIMITS.latitude),
  longitude: optionalText(BRANCH_LIMITS.longitude),
  map_url: optionalText(1000),
  map_address: optionalText(500),
  sorting_letter: optionalText(BRANCH_LIMITS.sortingLetter),
  working_hours: optionalText(120),
  open_hour: time,
  close_hour: time,
  open_hour_saturday: time,
  close_hour_saturday: time,
  address: optionalText(500),
  email: z.preprocess(blank, z.email().max(190).optional()),
  phone: optionalText(64),
  post_code: optionalText(16),
  province_name: optionalText(120),
  city_name: optionalText(120),
  state_id: z.preprocess((v) => (v === undefined || v === '' ? DEFAULT_BRANCH_STATE : v), requiredId),
};
function branchRules(v: { is_branch: boolean; parent_id?: number }, ctx: z.RefinementCtx) {
  if (v.is_branch && v.parent_id !== undefined) ctx.addIssue({ code: 'custom', path: ['parent_id'], message: t.parentOfBranch });
}
export const ZBranchForm = z.object(branchFields).superRefine(branchRules);
export const ZBranchEditForm = z.object({ branch_id: requiredId, ...branchFields }).superRefine(branchRules);
export const ZBranchListQuery = ZListQuery.extend({
  id: filterId, name: filterText, company_id: filterId, state_id: filterId, is_region_branch: filterFlag, hide: filterFlag,
});
export const ZBranchRow = z.object({
  id: wId, name: wText, company_id: wId.nullable(), company_name: wText, parent_id: wId.nullable(), parent_branch_name: wText,
  descr: wText, is_branch: wFlag01, hide: wFlag01, is_region_branch: wFlag01, latitude: wText, longitude: wText,
  map_url: wText, map_address: wText, sorting_letter: wText, workinghours: wText, status_id: wId,
  open_hour: wText, close_hour: wText, open_hour_saturday: wText, close_hour_saturday: wText,
  address: wText, email: wText, phone: wText, post_code: wText, province_name: wText,
  city_name: wText, state_id: wId, state_name: wText, created_at: wDateTime,
});
export type BranchRow = z.infer<typeof ZBranchRow>;

// ---------------------------------------------------------------- return reasons and types

/** Clients write and read a reason's text as `reason` (issue 14); rows keep `name` for the lookups. */
export const ZReturnReasonForm = z.object({ reason: requiredText(160) });
export const ZReturnReasonEditForm = z.object({ return_reason_id: requiredId, reason: requiredText(160) });
export const ZReturnReasonListQuery = ZListQuery.extend({ id: filterId, reason: filterText, name: filterText });
export const ZReturnReasonRow = z.object({ id: wId, reason: wText, name: wText, created_at: wDateTime });
export type ReturnReasonRow = z.infer<typeof ZReturnReasonRow>;

const returnTypeFields = { name: requiredText(160), return_reason_id: requiredId };
export const ZReturnTypeForm = z.object(returnTypeFields);
export const ZReturnTypeEditForm = z.object({ return_type_id: requiredId, ...returnTypeFields });
export const ZReturnTypeListQuery = ZListQuery.extend({ id: filterId, name: filterText, return_reason_id: filterId });
export const ZReturnTypeRow = z.object({ id: wId, name: wText, return_reason_id: wId, return_reason_name: wText, created_at: wDateTime });
export type ReturnTypeRow = z.infer<typeof ZReturnTypeRow>;

// ---------------------------------------------------------------- product types

const productTypeFields = {
  name_az: requiredText(160), name_en: optionalText(160), name_ru: optionalText(160), name_tr: optionalText(160),
  parent_id: optionalId, customs_id: optionalText(32), customs_parent_id: optionalText(32),
  status: z.preprocess((v) => (v === undefined || v === '' ? true : v), zFlag),
};
export const ZProductTypeForm = z.object(productTypeFields);
export const ZProductTypeEditForm = z.object({ product_type_id: requiredId, ...productTypeFields });
export const ZProductTypeListQuery = ZListQuery.extend({ id: filterId, name: filterText, parent_id: filterId, customs_id: filterText });
export const ZProductTypeRow = z.object({
  id: wId, name: wText, name_az: wText, name_en: wText, name_ru: wText, name_tr: wText,
  parent_id: wId.nullable(), parent_name: wText, customs_id: wText.nullable(), customs_parent_id: wText.nullable(), status: z.boolean(),
  /** The product type's on/off status as the branch statuses name it (85 Aktiv, 86 Deaktiv). */
  state_id: wId, state_name: wText, created_at: wDateTime,
});
export type ProductTypeRow = z.infer<typeof ZProductTypeRow>;

// ---------------------------------------------------------------- shop names

const shopNameFields = { name: requiredText(160), country_id: requiredId };
export const ZShopNameForm = z.object(shopNameFields);
export const ZShopNameEditForm = z.object({ shop_name_id: requiredId, ...shopNameFields });
export const ZShopNameListQuery = ZListQuery.extend({ id: filterId, name: filterText, country_id: filterId });
export const ZShopNameRow = z.object({ id: wId, name: wText, country_id: wId, country_name: wText.nullable(), created_at: wDateTime });
export type ShopNameRow = z.infer<typeof ZShopNameRow>;

// ---------------------------------------------------------------- branch partners (companies)

const companyFields = {
  name: requiredText(120), descr: optionalText(1000), is_owner: flag, contact: optionalText(120),
  state_id: z.preprocess((v) => (v === undefined || v === '' ? DEFAULT_BRANCH_STATE : v), requiredId),
};
export const ZCompanyForm = z.object(companyFields);
export const ZCompanyEditForm = z.object({ company_id: requiredId, ...companyFields });
export const ZCompanyListQuery = ZListQuery.extend({ id: filterId, name: filterText, is_owner: filterFlag, state_id: filterId });
export const ZCompanyRow = z.object({
  id: wId, name: wText, descr: wText, is_owner: wFlag01, contact: wText, state_id: wId, state_name: wText, created_at: wDateTime,
});
export type CompanyRow = z.infer<typeof ZCompanyRow>;

// ---------------------------------------------------------------- countries

export const COUNTRY_UNITS = ['KG', 'LBS'] as const;
export const COUNTRY_FLAGS = [
  'box', 'is_order', 'sms_confirmation', 'zero_price', 'zero_send', 'is_declaration', 'full_declaration', 'has_warehouse',
] as const;
export type CountryFlag = (typeof COUNTRY_FLAGS)[number];

/** custom_fields arrive as JSON text (spec §7); an object is stored. */
const customFields = z.preprocess((v) => {
  if (v === undefined || v === '' || v === null) return {};
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return Symbol('invalid');
  }
}, z.unknown().refine((v) => typeof v === 'object' && v !== null && !Array.isArray(v), t.invalidJson)
  // JSON text parsed here never passed the request's own check (platform/input-safety.ts): same rules
  .refine((v) => Object.keys(findUnsafeInput([v])).length === 0, az.errors.controlCharacters)
  .transform((v) => v as Record<string, unknown>));

const countryFields = {
  country_name: requiredText(80),
  abbr: optionalText(8),
  country_code: optionalText(8),
  descr: optionalText(2000),
  min_size: optionalDecimal,
  currency: requiredText(8),
  currency_type: z.string().trim().regex(/^[A-Za-z]{3}$/, az.errors.invalidInput).transform((v) => v.toUpperCase()),
  /** spec §3: KG default on create. */
  unit: z.preprocess((v) => (v === undefined || v === '' ? 'KG' : v), z.enum(COUNTRY_UNITS)),
  address: optionalText(2000),
  address_heading: optionalText(160),
  carrier_company_name: optionalText(160),
  carrier_company_phone: optionalText(64),
  carrier_company_address: optionalText(1000),
  state_id: optionalId,
  custom_fields: customFields,
  ...Object.fromEntries(COUNTRY_FLAGS.map((f) => [f, flag])) as Record<CountryFlag, typeof flag>,
};
export const ZCountryForm = z.object(countryFields);
export const ZCountryEditForm = z.object({ country_id: requiredId, ...countryFields });
export const ZCountryListQuery = ZListQuery.extend({ id: filterId, country_name: filterText, abbr: filterText, unit: filterText });
export const ZCountryRow = z.object({
  id: wId, country_name: wText, name: wText, abbr: wText, country_code: wText, descr: wText, min_size: z.number(),
  currency: wText, currency_type: wText, unit: z.enum(COUNTRY_UNITS), address: wText, address_heading: wText,
  carrier_company_name: wText, carrier_company_phone: wText, carrier_company_address: wText,
  state_id: wId.nullable(), state_name: wText, custom_fields: z.record(z.string(), z.unknown()), created_at: wDateTime,
  ...(Object.fromEntries(COUNTRY_FLAGS.map((f) => [f, wFlag01])) as Record<CountryFlag, typeof wFlag01>),
});
export type CountryRow = z.infer<typeof ZCountryRow>;

/** spec §3: LBS is the fallback when a stored unit is neither. */
export function readCountryUnit(unit: string | null | undefined): 'KG' | 'LBS' {
  return unit === 'KG' ? 'KG' : 'LBS';
}

// ---------------------------------------------------------------- models

const modelFields = {
  name: requiredText(100), sort: z.preprocess((v) => (v === undefined || v === '' ? 0 : v), zInt.min(0).max(100000)), description: optionalText(1000),
};
/** A new model takes the next free id (the code's ids stay as they are). */
export const ZModelForm = z.object(modelFields);
export const ZModelEditForm = z.object({ model_id: requiredId, ...modelFields });
export const ZModelListQuery = ZListQuery.extend({ id: filterId, name: filterText });
export const ZModelRow = z.object({ id: wId, name: wText, sort: z.number(), description: wText.nullable(), descr: wText, created_at: wDateTime });
export type ModelRow = z.infer<typeof ZModelRow>;

// ---------------------------------------------------------------- regions (design: the spec names no fields)

const regionFields = {
  name: requiredText(120), branch_id: optionalId, courier_price: z.preprocess((v) => (v === undefined || v === '' ? '0' : v), positiveDecimal),
  sort: z.preprocess((v) => (v === undefined || v === '' ? 0 : v), zInt.min(0)), descr: optionalText(1000),
};
export const ZRegionForm = z.object(regionFields);
export const ZRegionEditForm = z.object({ region_id: requiredId, ...regionFields });
export const ZRegionListQuery = ZListQuery.extend({ id: filterId, name: filterText, branch_id: filterId });
export const ZRegionRow = z.object({
  id: wId, name: wText, branch_id: wId.nullable(), branch_name: wText,
  /** The region's delivery price: `price` as clients read it, `courier_price` the same amount. */
  price: wDecimal, courier_price: wDecimal,
  /** The branches that serve the region (one today), as clients read `branch[]`. */
  branch: z.array(z.object({ id: wId, name: wText })),
  /** A listed region is in service (branch status 85 Aktiv). */
  state_id: wId, state_name: wText, sort: z.number(), descr: wText, created_at: wDateTime,
});
export type RegionRow = z.infer<typeof ZRegionRow>;

// ---------------------------------------------------------------- coupons (design)

/** 1 percent of the price, 2 a fixed amount in AZN. */
export const COUPON_TYPES = [1, 2] as const;
const couponFields = {
  code: z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/, az.errors.invalidInput).transform((v) => v.toUpperCase()),
  type: zInt.refine((v) => (COUPON_TYPES as readonly number[]).includes(v), az.errors.invalidInput),
  amount: positiveDecimal.refine((v) => Number(v) > 0, t.positive),
  country_id: optionalId,
  starts_at: dateOnly,
  ends_at: dateOnly,
  usage_limit: optionalInt,
  is_active: z.preprocess((v) => (v === undefined || v === '' ? true : v), zFlag),
  descr: optionalText(1000),
};
function couponRules(v: { type: number; amount: string; starts_at?: string; ends_at?: string }, ctx: z.RefinementCtx) {
  if (v.type === 1 && Number(v.amount) > 100) ctx.addIssue({ code: 'custom', path: ['amount'], message: t.percentTooBig });
  if (v.starts_at && v.ends_at && v.ends_at < v.starts_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: t.dateOrder });
}
export const ZCouponForm = z.object(couponFields).superRefine(couponRules);
export const ZCouponEditForm = z.object({ coupon_id: requiredId, ...couponFields }).superRefine(couponRules);
export const ZCouponStatusForm = z.object({ coupon_id: requiredId, is_active: zFlag });
export const ZCouponListQuery = ZListQuery.extend({ id: filterId, code: filterText, country_id: filterId, is_active: filterFlag });
export const ZCouponRow = z.object({
  id: wId, code: wText, type: z.number(), amount: z.number(), country_id: wId.nullable(), country_name: wText, starts_at: wText.nullable(),
  ends_at: wText.nullable(), usage_limit: z.number().nullable(), used_count: z.number(), is_active: z.boolean(), descr: wText, created_at: wDateTime,
  /** Clients' names of the same facts (issue 14): the code as `tag`, the type as text, the limit as `count` (0 = none). */
  tag: wText, coupon_type: wText, count: z.number(), periodFrom: wText.nullable(), periodTo: wText.nullable(),
});
export type CouponRow = z.infer<typeof ZCouponRow>;

// ---------------------------------------------------------------- foreign cargo companies (design)

/** Clients write and read a cargo company's name as `cargo_name` (issue 14); rows keep `name` too. */
const cargoFields = {
  cargo_name: requiredText(120), country_id: requiredId, phone: optionalText(64),
  website: z.preprocess(blank, z.url().max(300).optional()), tracking_url: z.preprocess(blank, z.url().max(300).optional()),
  is_active: z.preprocess((v) => (v === undefined || v === '' ? true : v), zFlag), descr: optionalText(1000),
};
export const ZCargoForm = z.object(cargoFields);
export const ZCargoEditForm = z.object({ cargo_id: requiredId, ...cargoFields });
export const ZCargoListQuery = ZListQuery.extend({
  id: filterId, cargo_name: filterText, name: filterText, descr: filterText, country_id: filterId, is_active: filterFlag,
});
export const ZCargoRow = z.object({
  id: wId, cargo_name: wText, name: wText, country_id: wId, country_name: wText, phone: wText, website: wText,
  tracking_url: wText, is_active: z.boolean(), descr: wText, created_at: wDateTime,
});
export type CargoRow = z.infer<typeof ZCargoRow>;

// ---------------------------------------------------------------- refunds (returns; design)

/** Refund states (model 16 returns): pending, approved, rejected. */
export const REFUND_STATUS = { pending: 140, approved: 141, rejected: 142 } as const;
export const REFUND_CURRENCIES = ['AZN', 'USD', 'TRY'] as const;
const refundFields = {
  user_id: requiredId, declaration_id: optionalId, return_reason_id: optionalId,
  amount: positiveDecimal.refine((v) => Number(v) > 0, t.positive),
  currency: z.preprocess((v) => (v === undefined || v === '' ? 'AZN' : v), z.enum(REFUND_CURRENCIES)),
  descr: optionalText(1000),
};
export const ZRefundForm = z.object(refundFields);
export const ZRefundEditForm = z.object({ return_id: requiredId, ...refundFields });
export const ZRefundStateForm = z.object({ return_id: requiredId, state_id: requiredId });
export const ZRefundListQuery = ZListQuery.extend({ id: filterId, user_id: filterId, declaration_id: filterId, state_id: filterId, currency: filterText });
export const ZRefundRow = z.object({
  id: wId, user_id: wId, user_name: wText, declaration_id: wId.nullable(), track_code: wText,
  return_reason_id: wId.nullable(), return_reason_name: wText, amount: wDecimal, currency: wText, state_id: wId,
  state_name: wText, descr: wText, causer_name: wText, created_at: wDateTime,
});
export type RefundRow = z.infer<typeof ZRefundRow>;

// ---------------------------------------------------------------- cashbacks (design)

export const CASHBACK_STATUS = { pending: 150, approved: 151, rejected: 152 } as const;
export const ZCashbackStateForm = z.object({ cashback_id: requiredId, state_id: requiredId });
export const ZCashbackListQuery = ZListQuery.extend({ id: filterId, user_id: filterId, declaration_id: filterId, state_id: filterId });
export const ZCashbackRow = z.object({
  id: wId, user_id: wId, user_name: wText, declaration_id: wId.nullable(), amount: wDecimal,
  /** The amount as clients read it (a number, shown as is). */
  cashback: z.number(), percent: wDecimal, state_id: wId, state_name: wText, descr: wText, created_at: wDateTime,
});
export type CashbackRow = z.infer<typeof ZCashbackRow>;
