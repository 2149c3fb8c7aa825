import { z } from 'zod';
import { zDecimal, zFlag, zId, zInt } from './common';
import { az } from './texts/az';

/**
 * The setting groups of spec §3 "Settings groups", edited over GET/POST /api/admin/settings/data
 * (spec §7). `warehouse` holds one address per country and `contact` one contact card per branch:
 * their POST names the country (`country_id`) or branch (`branch_id`) it saves.
 */
export const SETTING_GROUPS = ['email', 'azerpost', 'contact', 'cashback', 'others', 'cashflow', 'topup', 'warehouse', 'trendyol'] as const;
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

/** Balance top-ups (issue 17): whether customers' USD and TRY balances may be topped up ('1'/'0' on the wire). */
export const ZTopupSettings = z.object({
  usdBalanceEnabled: zFlag.default(true),
  tryBalanceEnabled: zFlag.default(true),
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
  topup: ZTopupSettings,
  warehouse: ZWarehouseAddress,
  contact: ZBranchContact,
} as const satisfies Record<SettingGroupId, z.ZodType>;

export type MailSettings = z.infer<typeof ZMailSettings>;
export type TrendyolPrices = z.infer<typeof ZTrendyolPrices>;
export type PostalSettings = z.infer<typeof ZPostalSettings>;
export type CashbackSettings = z.infer<typeof ZCashbackSettings>;
export type OtherSettings = z.infer<typeof ZOtherSettings>;
export type CashflowSettings = z.infer<typeof ZCashflowSettings>;
export type TopupSettings = z.infer<typeof ZTopupSettings>;
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

/*
 * The wire names of the groups (issue 14, what real clients read and send): snake_case, the clients'
 * spellings ('standart_price', 'cashback_expired'), the package prices nested as `package_price{}`, the
 * status picks as decimal strings ('0' = none), flags '1'/'0', ids as text; the per-country and per-branch
 * groups as an array of entries with `id`. Values are stored under the form names above: the server
 * translates at the boundary and the web app reads the wire back through `settingGroupFromWire`.
 */
const WIRE_NAMES: Partial<Record<SettingGroupId, Record<string, string>>> = {
  email: {
    ticketHtmlTemplateId: 'ticket_html_template_id', footerText: 'footer_text', headerBannerUrl: 'header_banner_url',
    headerBannerPhoto: 'header_banner_photo', rightBannerUrl: 'right_banner_url', rightBannerPhoto: 'right_banner_photo',
  },
  azerpost: { standardPrice: 'standart_price', weightPrice: 'weight_price' },
  cashback: {
    cashbackPercent: 'cashback_percent', cashbackMin: 'cashback_min', cashbackMax: 'cashback_max', cashbackBalance: 'cashback_balance',
    cashbackAvtoMax: 'cashback_avto_max', expired: 'cashback_expired',
  },
  others: {
    smallPackage: 'small_package', mediumPackage: 'medium_package', bigPackage: 'big_package', bonPercent: 'bon_percent',
    orderPercent: 'order_percent', customs: 'customs', whatsapp: 'whatsapp', declarationStatus: 'declaration_status',
    orderStatus: 'order_status', courierStatus: 'courier_status',
  },
  cashflow: { cashboxId: 'cashbox_id', terminalCashboxId: 'terminal_cashbox_id' },
  topup: { usdBalanceEnabled: 'usd_balance_enabled', tryBalanceEnabled: 'try_balance_enabled' },
  warehouse: {
    addressHeading: 'address_heading', address: 'address', district: 'district', city: 'city', province: 'province',
    postalCode: 'postal_code', country: 'country', phone: 'phone', passportIdentity: 'passport_identity',
  },
};
const PACKAGE_KEYS = ['small_package', 'medium_package', 'big_package'] as const;
/** Switches sent as '1'/'0'. */
const FLAG_KEYS = ['customs', 'usd_balance_enabled', 'try_balance_enabled'] as const;
const STATUS_KEYS = new Set(['declaration_status', 'order_status', 'courier_status', 'cashbox_id', 'terminal_cashbox_id']);
type Values = Record<string, unknown>;
const textOf = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const listOf = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v !== '' ? v.split(',') : []);

function renameKeys(values: Values, names: Record<string, string>): Values {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [names[k] ?? k, v]));
}

/** One group's stored values as the wire sends them (GET and the POST reply). */
export function settingGroupToWire(groupId: SettingGroupId, stored: Values): Values | Values[] {
  const names = WIRE_NAMES[groupId] ?? {};
  if (groupId === 'warehouse') {
    return Object.entries(stored).map(([id, entry]) => ({ id, ...Object.fromEntries(Object.values(names).map((n) => [n, ''])), ...renameKeys(entry as Values, names) }));
  }
  if (groupId === 'contact') {
    return Object.entries(stored).map(([id, raw]) => {
      const entry = raw as Values;
      const numbers = listOf(entry.numbers);
      const emails = listOf(entry.emails);
      return {
        id, name: textOf(entry.name), number: numbers[0] ?? '', email: emails[0] ?? '', numbers: numbers.join(','), emails: emails.join(','),
        address: textOf(entry.address), map: textOf(entry.map),
      };
    });
  }
  const wire = renameKeys(stored, names);
  for (const key of STATUS_KEYS) if (key in wire) wire[key] = wire[key] === null || wire[key] === undefined || wire[key] === '' ? '0' : String(wire[key]);
  if ('cashback_expired' in wire) wire.cashback_expired = textOf(wire.cashback_expired);
  for (const key of FLAG_KEYS) if (key in wire) wire[key] = wire[key] === true || wire[key] === '1' || wire[key] === 1 ? '1' : '0';
  if (groupId === 'others') {
    // Clients read it as a switch (!!Number): nothing stored is '0'.
    wire.whatsapp = textOf(wire.whatsapp) || '0';
    wire.package_price = Object.fromEntries(PACKAGE_KEYS.map((k) => [k, Number(wire[k] ?? 0)]));
    for (const k of PACKAGE_KEYS) delete wire[k];
  }
  return wire;
}

/** The wire of a group read back into the stored shape the forms edit (the web app's one mapper). */
export function settingGroupFromWire(groupId: SettingGroupId, wire: Values | Values[]): Values {
  const inverse = Object.fromEntries(Object.entries(WIRE_NAMES[groupId] ?? {}).map(([stored, name]) => [name, stored]));
  if (Array.isArray(wire)) {
    return Object.fromEntries(wire.map(({ id, number: _number, email: _email, ...entry }) => {
      const values = renameKeys(entry, inverse);
      if (groupId === 'contact') { values.numbers = listOf(values.numbers); values.emails = listOf(values.emails); }
      return [String(id), values];
    }));
  }
  // Package prices are amounts with two decimals on the form, as stored ('0.50').
  const { package_price: packages, ...rest } = wire;
  const flat: Values = { ...rest, ...(packages && typeof packages === 'object' ? Object.fromEntries(Object.entries(packages).map(([k, v]) => [k, Number(v).toFixed(2)])) : {}) };
  // The picks are option ids again (numbers; '0' is none).
  for (const key of STATUS_KEYS) if (key in flat) flat[key] = flat[key] === '0' || flat[key] === '' || flat[key] === null ? null : Number(flat[key]);
  for (const key of FLAG_KEYS) if (key in flat) flat[key] = flat[key] === '1';
  if (groupId === 'others' && flat.whatsapp === '0') flat.whatsapp = null;
  return renameKeys(flat, inverse);
}

/** A stored field's wire name in its group (the name itself when it has no other). */
export function settingWireName(groupId: SettingGroupId, storedKey: string): string {
  return WIRE_NAMES[groupId]?.[storedKey] ?? storedKey;
}

/** A POST form in the wire names (or the stored ones: both are taken) as the group's schema reads it. */
export function settingFormFromWire(groupId: SettingGroupId, form: Values): Values {
  const inverse = Object.fromEntries(Object.entries(WIRE_NAMES[groupId] ?? {}).map(([stored, name]) => [name, stored]));
  return renameKeys(form, inverse);
}

export interface SettingOption {
  id: number;
  name: string;
}

export const ZSettingsDataReply = z.object({
  /** The group's values in the wire names; the per-country and per-branch groups as an array of entries. */
  data: z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]),
  /** With office=1: what the office form picks from (cash registers, countries, branches, statuses). */
  options: z.record(z.string(), z.array(z.object({ id: z.number().int(), name: z.string() }))).optional(),
});
export type SettingsDataReply = z.infer<typeof ZSettingsDataReply>;

/** GET /api/client/currencies (spec §3 "Currency"). */
export const ZCurrencyRow = z.object({
  id: z.number().int(),
  currency_name: z.string(),
  currency_code: z.string(),
  /** AZN per one unit: a number, as clients read it (issue 14 fields file). */
  currency_rate: z.number(),
  /** The central bank's day the rate is from (YYYY-MM-DD); null for a seeded rate never fetched. */
  rate_date: z.string().nullable(),
  /** `YYYY-MM-DD HH:mm:ss`, office time zone. */
  created_at: z.string(),
});
export type CurrencyRow = z.infer<typeof ZCurrencyRow>;
export const ZCurrencyListReply = z.object({ data: z.array(ZCurrencyRow), total: z.number() });
export const ZCurrencyInfoReply = z.object({ data: ZCurrencyRow });

/**
 * The currencies list's create and edit (spec §2 "Settings-type lists": currencies/create,
 * currencies/{id}/update): the name, the ISO code (unique) and the AZN rate of one unit, which the
 * central bank's rates replace once it publishes the code.
 */
const currencyFields = {
  currency_name: z.string().trim().min(1).max(60),
  currency_code: z.string().trim().toUpperCase().refine((v) => /^[A-Z]{3}$/.test(v), az.settingsLists.currencyCode),
  currency_rate: zDecimal.refine((v) => Number(v) > 0 && Number(v) < 1e10, az.settingsLists.positive)
    .refine((v) => (v.split('.')[1] ?? '').length <= 4, az.settingsLists.rateDecimals),
};
export const ZCurrencyForm = z.object(currencyFields);
export const ZCurrencyEditForm = z.object({ currency_id: zId, ...currencyFields });
export type CurrencyForm = z.infer<typeof ZCurrencyForm>;
export type CurrencyEditForm = z.infer<typeof ZCurrencyEditForm>;
export const ZCurrencyInfoQuery = z.object({ currency_id: zId });
export const ZCurrencySavedReply = z.object({ data: z.object({ id: z.number().int() }) });

/**
 * GET /api/client/cbar?currency: the official AZN rate of one currency. Clients read `data` as the bare
 * rate (an exact decimal string, AZN per one unit); `detail` carries the bank's figures and day.
 */
export const ZCbarRateReply = z.object({
  data: z.string().regex(/^\d+(\.\d+)?$/),
  detail: z.object({ currency: z.string(), rate: z.string(), nominal: z.number(), value: z.string(), date: z.string().nullable() }),
});
export type CbarRateReply = z.infer<typeof ZCbarRateReply>;

export const ZCbarQuery = z.object({ currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/) });
