import {
  SETTING_GROUP_KEY_FIELD, SETTING_GROUP_SCHEMAS, SETTING_GROUPS, type SettingGroupId,
} from '@app/contract/settings';
import { az } from '@app/contract/texts/az';

/** How a setting field is edited. */
export type SettingFieldKind = 'text' | 'textarea' | 'decimal' | 'integer' | 'flag' | 'select' | 'list';

export interface SettingField {
  name: string;
  kind: SettingFieldKind;
  /** For 'select': the key of the GET reply's `options` (office=1) it picks from. */
  options?: string;
  /** Fields the server allows to be empty (the mail footer, the courier status…). */
  isOptional?: boolean;
}

const f = (name: string, kind: SettingFieldKind, extra: Partial<SettingField> = {}): SettingField => ({ name, kind, ...extra });

/** spec §3 "Settings groups": the fields of each group's screen, in the order they show. */
export const SETTING_FIELDS: Record<SettingGroupId, readonly SettingField[]> = {
  email: [
    f('ticketHtmlTemplateId', 'text'), f('headerBannerUrl', 'text'), f('headerBannerPhoto', 'text'),
    f('rightBannerUrl', 'text'), f('rightBannerPhoto', 'text'), f('footerText', 'textarea', { isOptional: true }),
  ],
  azerpost: [f('standardPrice', 'decimal'), f('weightPrice', 'decimal')],
  contact: [f('name', 'text'), f('numbers', 'list'), f('emails', 'list', { isOptional: true }), f('address', 'text'), f('map', 'text', { isOptional: true })],
  cashback: [
    f('cashbackPercent', 'decimal'), f('cashbackMin', 'decimal'), f('cashbackMax', 'decimal'), f('cashbackBalance', 'decimal'),
    f('cashbackAvtoMax', 'decimal'), f('expired', 'integer'),
  ],
  others: [
    f('smallPackage', 'decimal'), f('mediumPackage', 'decimal'), f('bigPackage', 'decimal'), f('bonPercent', 'decimal'),
    f('orderPercent', 'decimal'), f('declarationStatus', 'select', { options: 'declarationStatuses' }),
    f('orderStatus', 'select', { options: 'orderStatuses' }), f('courierStatus', 'select', { options: 'courierStatuses', isOptional: true }),
    f('whatsapp', 'text', { isOptional: true }), f('customs', 'flag', { isOptional: true }),
  ],
  cashflow: [f('cashboxId', 'select', { options: 'cashboxes' }), f('terminalCashboxId', 'select', { options: 'cashboxes' })],
  topup: [f('usdBalanceEnabled', 'flag'), f('tryBalanceEnabled', 'flag')],
  warehouse: [
    f('addressHeading', 'text'), f('address', 'text'), f('district', 'text', { isOptional: true }), f('city', 'text'),
    f('province', 'text', { isOptional: true }), f('postalCode', 'text'), f('country', 'text'), f('phone', 'text'),
    f('passportIdentity', 'text', { isOptional: true }),
  ],
  trendyol: [f('less10kg', 'decimal'), f('more10kg', 'decimal')],
};

/** The settings menu: the eight groups, then the currencies list. */
export const SETTINGS_SECTIONS = [...SETTING_GROUPS, 'currencies'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export function isSettingGroup(section: string | undefined): section is SettingGroupId {
  return (SETTING_GROUPS as readonly string[]).includes(section ?? '');
}

export function isSettingsSection(section: string | undefined): section is SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(section ?? '');
}

export const sectionLabel = (section: SettingsSection) => (section === 'currencies' ? az.settingsUi.currencies : az.settingsUi.groups[section] ?? section);
export const fieldLabel = (name: string) => az.settingsUi.fields[name] ?? name;

/** The wire field naming a keyed group's row (warehouse → country_id, contact → branch_id). */
export function keyFieldOf(groupId: SettingGroupId) {
  return SETTING_GROUP_KEY_FIELD[groupId];
}

export type SettingFormValues = Record<string, string | number | boolean | null>;

/** The stored values of a group (or of one country's / branch's entry) as the form edits them. */
export function toFormValues(groupId: SettingGroupId, stored: Record<string, unknown> | undefined): SettingFormValues {
  const values: SettingFormValues = {};
  for (const field of SETTING_FIELDS[groupId]) {
    const value = stored?.[field.name];
    if (field.kind === 'flag') values[field.name] = value === true;
    else if (field.kind === 'list') values[field.name] = Array.isArray(value) ? value.join(', ') : '';
    else if (field.kind === 'select') values[field.name] = typeof value === 'number' ? value : null;
    else values[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** The form as POST /api/admin/settings/data takes it (form fields; lists comma-separated; flags 1/0). */
export function toWireForm(groupId: SettingGroupId, values: SettingFormValues, key?: number | null): Record<string, string | number> {
  const wire: Record<string, string | number> = {};
  const keyField = keyFieldOf(groupId);
  if (keyField) wire[keyField] = key ?? '';
  for (const field of SETTING_FIELDS[groupId]) {
    const value = values[field.name];
    if (field.kind === 'flag') wire[field.name] = value ? 1 : 0;
    else if (value === null || value === undefined) wire[field.name] = '';
    else wire[field.name] = typeof value === 'string' ? value.trim() : Number(value);
  }
  return wire;
}

/** email, topup and trendyol carry group_id in the query, the other groups in the form (spec §7). */
export function isGroupInQuery(groupId: SettingGroupId): boolean {
  return groupId === 'email' || groupId === 'topup' || groupId === 'trendyol';
}

/** The contract's schema of a group, which the form validates with before the server does. */
export function schemaOf(groupId: SettingGroupId) {
  return SETTING_GROUP_SCHEMAS[groupId];
}
