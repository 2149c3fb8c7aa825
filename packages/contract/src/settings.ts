import { z } from 'zod';
import { zFlag, zId, zInt } from './common';
import { az } from './texts/az';

/**
 * The setting groups of spec §3 "Settings groups", edited over GET/POST /api/admin/settings/data
 * (spec §7). `warehouse` holds one address per country and `contact` one contact card per branch:
 * their POST names the country (`country_id`) or branch (`branch_id`) it saves.
 */
export const SETTING_GROUPS = ['email', 'azerpost', 'contact', 'cashback', 'others', 'cashflow', 'warehouse', 'trendyol'] as const;
export type SettingGroupId = (typeof SETTING_GROUPS)[number];
export const ZSettingGroupId = z.enum(SETTING_GROUPS);

/** Groups stored per country or per branch: the wire field naming the row. */
export const SETTING_GROUP_KEY_FIELD: Partial<Record<SettingGroupId, 'country_id' | 'branch_id'>> = {
  warehouse: 'country_id',
  contact: 'branch_id',
};

/** Text and numbers become trimmed text; anything else (an object, a list) is left for z.string() to refuse, never String()-ed. */
const asText = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : v);
const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : asText(v)), z.string().max(max));
/** Required text with its own message (mail settings: 'Zəhmət olmasa doldurun...'). */
const filled = (max: number, message: string) => text(max).refine((v) => v !== '', { message });
const optionalText = (max: number) => text(max).optional().transform((v) => v ?? '');

/** A non-negative amount with at most two decimals, kept as text ('5' → '5.00'). */
function money(message: string, opts: { isPositive?: boolean; max?: number } = {}) {
  return z.preprocess((v) => { const t = v === undefined || v === null ? '' : asText(v); return typeof t === 'string' ? t.replace(',', '.') : t; }, z.string())
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && (!opts.isPositive || Number(v) > 0) && (opts.max === undefined || Number(v) <= opts.max), { message })
    .transform((v) => Number(v).toFixed(2));
}
/** A percent 0–100 with at most two decimals. */
const percent = () => money(az.settingsUi.percentInvalid, { max: 100 });
const amount = () => money(az.settingsUi.amountInvalid);

/** A list of texts sent as `a[]=`, repeated keys, a comma list or a JSON array. */
const textList = (max: number) => z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return [];
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  return items.map(asText).filter((x) => x !== '');
}, z.array(z.string().max(max)).max(10));

/** An id the form must pick ('' is "not picked", reported as required). */
const requiredId = z.preprocess((v) => (v === null ? undefined : v), zId);
const optionalId = z.preprocess((v) => (v === '' || v === null || v === undefined || v === '0' || v === 0 ? null : v), zId.nullable());

export const ZMailSettings = z.object({
  ticketHtmlTemplateId: filled(60, az.settingsUi.fillIn),
  footerText: optionalText(2000),
  headerBannerUrl: filled(500, az.settingsUi.fillIn),
  headerBannerPhoto: filled(500, az.settingsUi.fillIn),
  rightBannerUrl: filled(500, az.settingsUi.fillIn),
  rightBannerPhoto: filled(500, az.settingsUi.fillIn),
});

export const ZTrendyolPrices = z.object({
  less10kg: money(az.settingsUi.positivePrice, { isPositive: true }),
  more10kg: money(az.settingsUi.positivePrice, { isPositive: true }),
});

export const ZPostalSettings = z.object({
  standardPrice: amount(),
  weightPrice: amount(),
});

export const ZCashbackSettings = z.object({
  cashbackPercent: percent(),
  cashbackMin: amount(),
  cashbackMax: amount(),
  cashbackBalance: amount(),
  cashbackAvtoMax: amount(),
  expired: z.preprocess((v) => (v === '' ? undefined : v), zInt.min(0).max(3650)),
}).superRefine((v, ctx) => {
  if (Number(v.cashbackMin) > Number(v.cashbackMax)) ctx.addIssue({ code: 'custom', path: ['cashbackMax'], message: az.settingsUi.maxBelowMin });
});

export const ZOtherSettings = z.object({
  smallPackage: amount(),
  mediumPackage: amount(),
  bigPackage: amount(),
  bonPercent: percent(),
  orderPercent: percent(),
  customs: zFlag.default(false),
  whatsapp: optionalText(32),
  declarationStatus: requiredId,
  orderStatus: requiredId,
  courierStatus: optionalId.default(null),
});

export const ZCashflowSettings = z.object({
  cashboxId: requiredId,
  terminalCashboxId: requiredId,
});

/** One foreign warehouse address (shown to customers, with their code in it). */
export const ZWarehouseAddress = z.object({
  country_id: zId,
  addressHeading: filled(160, az.errors.required),
  address: filled(300, az.errors.required),
  district: optionalText(120),
  city: filled(120, az.errors.required),
  province: optionalText(120),
  postalCode: filled(16, az.errors.required),
  country: filled(80, az.errors.required),
  phone: filled(32, az.errors.required),
  passportIdentity: optionalText(60),
});

/** A branch's contact card (spec §3 "contact branches"): name, numbers, e-mails, address, map. */
export const ZBranchContact = z.object({
  branch_id: zId,
  name: filled(120, az.errors.required),
  numbers: textList(32).refine((v) => v.length > 0, { message: az.errors.required }),
  emails: textList(190).refine((v) => v.every((e) => z.email().safeParse(e).success), { message: az.errors.invalidEmail }),
  address: filled(300, az.errors.required),
  map: optionalText(500),
});

export const SETTING_GROUP_SCHEMAS = {
  email: ZMailSettings,
  trendyol: ZTrendyolPrices,
  azerpost: ZPostalSettings,
  cashback: ZCashbackSettings,
  others: ZOtherSettings,
  cashflow: ZCashflowSettings,
  warehouse: ZWarehouseAddress,
  contact: ZBranchContact,
} as const satisfies Record<SettingGroupId, z.ZodType>;

export type MailSettings = z.infer<typeof ZMailSettings>;
export type TrendyolPrices = z.infer<typeof ZTrendyolPrices>;
export type PostalSettings = z.infer<typeof ZPostalSettings>;
export type CashbackSettings = z.infer<typeof ZCashbackSettings>;
export type OtherSettings = z.infer<typeof ZOtherSettings>;
export type CashflowSettings = z.infer<typeof ZCashflowSettings>;
export type WarehouseAddressSettings = Omit<z.infer<typeof ZWarehouseAddress>, 'country_id'>;
export type BranchContactSettings = Omit<z.infer<typeof ZBranchContact>, 'branch_id'>;

/** GET /api/admin/settings/data?group_id=…: the group's values; keyed groups by country or branch id. */
export const ZSettingsDataQuery = z.object({
  group_id: ZSettingGroupId,
  office: zFlag.optional(),
});

export interface SettingOption {
  id: number;
  name: string;
}

export interface SettingsDataReply {
  data: Record<string, unknown>;
  /** With office=1: what the office form picks from (cash registers, countries, branches, statuses). */
  options?: Record<string, SettingOption[]>;
}

/** GET /api/client/currencies (spec §3 "Currency"). */
export interface CurrencyRow {
  id: number;
  currency_name: string;
  currency_code: string;
  /** AZN per one unit: a number, as clients read it (issue 14 fields file). */
  currency_rate: number;
  /** The central bank's day the rate is from (YYYY-MM-DD); null for a seeded rate never fetched. */
  rate_date: string | null;
  /** `YYYY-MM-DD HH:mm:ss`, office time zone. */
  created_at: string;
}

/** GET /api/client/cbar?currency: the official AZN rate of one currency. */
export interface CbarRateReply {
  data: { currency: string; rate: string; nominal: number; value: string; date: string | null };
}

export const ZCbarQuery = z.object({ currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/) });
