import { TagsOutlined } from '@ant-design/icons';
import { ZTariffEditForm, ZTariffForm, isPerUnitBand, type TariffRow } from '@app/contract/settings-lists';
import { az } from '@app/contract/texts/az';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import type { ResourceDefinition } from '../../../shared/resource/types';
import { combine, useCategoryOptions, useCountryOptions } from './lookups';
import { dateTime, text, toFilterOptions, yesNo } from './render';

const t = az.settingsLists;
const f = t.f;
export const TARIFF_TYPE_OPTIONS = [{ value: 1, label: f.liquid }, { value: 2, label: f.other }];
const typeName = (type: number | string) => (Number(type) === 1 ? f.liquid : f.other);
const usd = (value: string | null) => (value === null ? '—' : `$${value}`);

/** spec §2/§3/§5: plans (tariffs) — price in USD per weight band; ∞ clears and disables the upper bound. */
export const plansList: ResourceDefinition<TariffRow> = {
  id: 'plans',
  path: 'plans',
  title: t.lists.plans,
  api: {
    list: '/api/client/v2/tariff/list', info: '/api/admin/tariff/getinfo', create: '/api/admin/tariff/create',
    update: '/api/admin/tariff/edit', remove: '/api/admin/tariff/cancel', key: 'tariff_id',
  },
  permissions: { read: 'tarifs' },
  defaultSort: { column: 'from_weight', order: 'asc' },
  useOptions: () => combine({ countries: useCountryOptions(), categories: useCategoryOptions() }),
  columns: ({ options, isLoading }) => [
    { key: 'id', title: f.id, width: 'smaller', sortColumn: 'id', render: (r) => r.id, isAlwaysVisible: true },
    { key: 'country', title: f.country, width: 'normal', sortColumn: 'country_id', render: (r) => text(r.country_name), filter: { kind: 'select', param: 'country_id', options: toFilterOptions(options.countries), isLoading } },
    { key: 'from_weight', title: f.weightFrom, width: 'normal', sortColumn: 'from_weight', align: 'right', render: (r) => r.from_weight },
    { key: 'to_weight', title: f.weightTo, width: 'normal', sortColumn: 'to_weight', align: 'right', render: (r) => r.to_weight ?? '∞' },
    { key: 'price', title: f.price, width: 'small', sortColumn: 'price', align: 'right', render: (r) => usd(r.price) },
    { key: 'old_price', title: f.oldPrice, width: 'small', align: 'right', render: (r) => usd(r.old_price), isHiddenByDefault: true },
    { key: 'type', title: f.type, width: 'small', sortColumn: 'type', render: (r) => typeName(r.type), filter: { kind: 'select', param: 'type', options: TARIFF_TYPE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })) } },
    { key: 'special', title: f.isSpecial, width: 'small', render: (r) => yesNo(r.is_special), filter: { kind: 'boolean', param: 'is_special' } },
    { key: 'category', title: f.category, width: 'normal', render: (r) => (r.is_special ? text(r.tariff_category_name) : '—'), filter: { kind: 'select', param: 'tariff_category_id', options: toFilterOptions(options.categories), isLoading } },
    { key: 'per_unit', title: f.perUnit, width: 'small', render: (r) => yesNo(r.per_unit) },
    { key: 'description', title: f.descr, width: 'large', render: (r) => text(r.descr) },
  ],
  schema: { create: ZTariffForm, update: ZTariffEditForm },
  defaults: { country_id: 1, type: 2, units: 1, infinity: false, is_special: false },
  toValues: (row) => ({
    country_id: row.country_id, type: Number(row.type), from_weight: row.from_weight, to_weight: row.to_weight ?? undefined,
    infinity: row.to_weight === null, price: row.price, old_price: row.old_price ?? undefined, is_special: row.is_special,
    tariff_category_id: row.is_special ? (row.tariff_category_id ?? undefined) : undefined, units: 1, descr: row.descr ?? undefined,
  }),
  fields: [
    { name: 'country_id', label: f.country, kind: 'select', options: 'countries' },
    { name: 'type', label: f.type, kind: 'radio', options: TARIFF_TYPE_OPTIONS },
    { name: 'from_weight', label: f.weightFrom, kind: 'decimal', span: 8 },
    {
      name: 'infinity', label: f.infinity, kind: 'switch', span: 6, isLocal: true,
      // spec §5: the toggle clears the upper bound and disables it
      onChange: (on, { form }) => {
        if (on) form.setFieldValue('to_weight', undefined);
      },
    },
    { name: 'to_weight', label: f.weightTo, kind: 'decimal', span: 10, isDisabled: ({ values }) => Boolean(values.infinity) },
    { name: 'price', label: f.price, kind: 'decimal', extra: 'USD' },
    { name: 'old_price', label: f.oldPrice, kind: 'decimal', isHidden: ({ mode }) => mode === 'create' },
    {
      name: 'is_special', label: f.isSpecial, kind: 'switch', span: 6,
      onChange: (on, { form }) => {
        if (!on) form.setFieldValue('tariff_category_id', undefined);
      },
    },
    { name: 'tariff_category_id', label: f.category, kind: 'select', span: 12, isDisabled: ({ values }) => !values.is_special, options: (_ctx, all) => (all.categories ?? []).filter((o) => o.value !== 1) },
    { name: 'units', label: f.units, kind: 'integer', span: 6, isReadOnly: true },
    {
      name: 'per_unit_hint', label: '', kind: 'custom', span: 24,
      render: ({ values }) => (isPerUnitBand(String(values.from_weight ?? 0)) ? <Tag color="blue" data-testid="per-unit-hint">{f.perUnit}</Tag> : null),
    },
    { name: 'descr', label: f.descr, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: f.country, render: (r) => text(r.country_name) },
    { label: f.type, render: (r) => typeName(r.type) },
    { label: f.weightFrom, render: (r) => r.from_weight },
    { label: f.weightTo, render: (r) => r.to_weight ?? '∞' },
    { label: f.price, render: (r) => usd(r.price) },
    { label: f.oldPrice, render: (r) => usd(r.old_price) },
    { label: f.isSpecial, render: (r) => yesNo(r.is_special) },
    { label: f.category, render: (r) => text(r.tariff_category_name) },
    { label: f.units, render: (r) => r.units },
    { label: f.perUnit, render: (r) => yesNo(r.per_unit) },
    { label: f.descr, render: (r) => text(r.descr), span: 2 },
    { label: f.createdAt, render: (r) => dateTime(r.created_at) },
  ],
  deleteConfirm: `${t.tariffDeleteConfirm} ${t.cannotUndo}`,
  toolbarExtra: (
    <Link to="/@next/plans/categories">
      <Button icon={<TagsOutlined />} data-testid="plans-categories">{t.lists.planCategories}</Button>
    </Link>
  ),
};
