import { COUNTRY_FLAGS, COUNTRY_UNITS, ZCountryEditForm, ZCountryForm, type CountryFlag, type CountryRow } from '@app/contract/settings-lists';
import { az } from '@app/contract/texts/az';
import type { FieldSpec, ResourceDefinition } from '../../../shared/resource/types';
import { dateTime, text, yesNo } from './render';
import { crudApi } from '../../../shared/resource/resource-api';

const t = az.settingsLists;
const f = t.f;
const FLAG_LABELS: Record<CountryFlag, string> = {
  box: f.box, is_order: f.isOrder, sms_confirmation: f.smsConfirmation, zero_price: f.zeroPrice, zero_send: f.zeroSend,
  is_declaration: f.isDeclaration, full_declaration: f.fullDeclaration, has_warehouse: f.hasWarehouse,
};
// the wire code stays KG; the screen says 'kq' like every other weight (issue 16)
const unitLabel = (unit: string) => (unit === 'KG' ? az.declarationsUi.kg : unit);
const UNIT_OPTIONS = COUNTRY_UNITS.map((u) => ({ value: u, label: unitLabel(u) }));

/** spec §2/§3: countries — full-page create, update and info (double-click opens info); every flag; custom fields as JSON. */
export const countriesList: ResourceDefinition<CountryRow> = {
  id: 'countries',
  path: 'countries',
  title: t.lists.countries,
  layout: 'page',
  api: crudApi('/api/admin/countries', 'country_id'),
  permissions: { read: 'countries', create: 'country_edit', update: 'country_edit', delete: 'country_edit' },
  defaultSort: { column: 'id', order: 'asc' },
  columns: () => [
    { key: 'id', title: f.id, width: 'smaller', sortColumn: 'id', render: (r) => r.id, isAlwaysVisible: true },
    { key: 'country_name', title: f.name, width: 'normal', sortColumn: 'country_name', render: (r) => r.country_name, filter: { kind: 'text', param: 'country_name' } },
    { key: 'abbr', title: f.abbr, width: 'small', sortColumn: 'abbr', render: (r) => text(r.abbr), filter: { kind: 'text', param: 'abbr' } },
    { key: 'currency', title: f.currencyType, width: 'small', render: (r) => `${r.currency_type} (${r.currency})` },
    { key: 'unit', title: f.unit, width: 'small', render: (r) => unitLabel(r.unit), filter: { kind: 'select', param: 'unit', options: UNIT_OPTIONS.map((o) => ({ value: o.value, label: o.label })) } },
    { key: 'carrier', title: f.carrierCompanyName, width: 'large', render: (r) => text(r.carrier_company_name) },
    { key: 'has_warehouse', title: f.hasWarehouse, width: 'small', render: (r) => yesNo(r.has_warehouse) },
    { key: 'is_declaration', title: f.isDeclaration, width: 'small', render: (r) => yesNo(r.is_declaration) },
    { key: 'is_order', title: f.isOrder, width: 'small', render: (r) => yesNo(r.is_order) },
  ],
  schema: { create: ZCountryForm, update: ZCountryEditForm },
  // spec §3: KG on create
  defaults: { unit: 'KG', custom_fields: '{}', has_warehouse: true, is_order: true, is_declaration: true },
  toValues: (row) => ({
    ...Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'custom_fields' && k !== 'id' && k !== 'created_at' && k !== 'name')),
    // The row's 0/1 flags (wire format) are the form's switches.
    ...Object.fromEntries(COUNTRY_FLAGS.map((k) => [k, Boolean(row[k])])),
    min_size: row.min_size === null ? undefined : String(row.min_size),
    custom_fields: JSON.stringify(row.custom_fields ?? {}, null, 2),
  }),
  fields: [
    { name: 'country_name', label: f.name, kind: 'text' },
    { name: 'abbr', label: f.abbr, kind: 'text', span: 6 },
    { name: 'country_code', label: f.countryCode, kind: 'text', span: 6 },
    { name: 'currency', label: f.currency, kind: 'text', span: 6 },
    { name: 'currency_type', label: f.currencyType, kind: 'text', span: 6 },
    { name: 'unit', label: f.unit, kind: 'radio', options: UNIT_OPTIONS, span: 6 },
    { name: 'min_size', label: f.minSize, kind: 'decimal', span: 6 },
    { name: 'address_heading', label: f.addressHeading, kind: 'text' },
    { name: 'address', label: f.address, kind: 'textarea', span: 24 },
    { name: 'carrier_company_name', label: f.carrierCompanyName, kind: 'text' },
    { name: 'carrier_company_phone', label: f.carrierCompanyPhone, kind: 'text' },
    { name: 'carrier_company_address', label: f.carrierCompanyAddress, kind: 'textarea', span: 24 },
    ...COUNTRY_FLAGS.map((flag): FieldSpec => ({ name: flag, label: FLAG_LABELS[flag], kind: 'switch', span: 6 })),
    { name: 'custom_fields', label: f.customFields, kind: 'json', span: 24 },
    { name: 'descr', label: f.descr, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: f.name, render: (r) => r.country_name },
    { label: f.abbr, render: (r) => text(r.abbr) },
    { label: f.countryCode, render: (r) => text(r.country_code) },
    { label: f.currencyType, render: (r) => `${r.currency_type} (${r.currency})` },
    { label: f.unit, render: (r) => unitLabel(r.unit) },
    { label: f.minSize, render: (r) => text(r.min_size) },
    { label: f.addressHeading, render: (r) => text(r.address_heading) },
    { label: f.address, render: (r) => text(r.address) },
    { label: f.carrierCompanyName, render: (r) => text(r.carrier_company_name) },
    { label: f.carrierCompanyPhone, render: (r) => text(r.carrier_company_phone) },
    { label: f.carrierCompanyAddress, render: (r) => text(r.carrier_company_address), span: 2 },
    ...COUNTRY_FLAGS.map((flag) => ({ label: FLAG_LABELS[flag], render: (r: CountryRow) => yesNo(r[flag]) })),
    { label: f.customFields, render: (r) => <pre style={{ margin: 0 }}>{JSON.stringify(r.custom_fields, null, 2)}</pre>, span: 2 },
    { label: f.descr, render: (r) => text(r.descr), span: 2 },
    { label: f.createdAt, render: (r) => dateTime(r.created_at) },
  ],
};
