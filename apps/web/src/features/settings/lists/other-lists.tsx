
import {
  CASHBACK_STATUS, COUPON_TYPES, REFUND_CURRENCIES, REFUND_STATUS, ZCargoEditForm, ZCargoForm, ZCompanyEditForm, ZCompanyForm,
  ZCouponEditForm, ZCouponForm, ZModelEditForm, ZModelForm, ZProductTypeEditForm, ZProductTypeForm, ZRefundEditForm, ZRefundForm, ZRegionEditForm,
  ZRegionForm, ZReturnReasonEditForm, ZReturnReasonForm, ZReturnTypeEditForm, ZReturnTypeForm, ZShopNameEditForm, ZShopNameForm,
  ZStatusEditForm, ZStatusForm, DEFAULT_BRANCH_STATE,
  type CargoRow, type CashbackRow, type CompanyRow, type CouponRow, type ModelRow, type ProductTypeRow, type RefundRow, type RegionRow,
  type ReturnReasonRow, type ReturnTypeRow, type ShopNameRow, type StatusRow,
} from '@app/contract/settings-lists';
import { az } from '@app/contract/texts/az';
import { Button } from 'antd';
import { Link } from 'react-router';
import { http } from '../../../shared/http/http-client';
import type { ResourceDefinition } from '../../../shared/resource/types';
import {
  combine, useAllStatusOptions, useBranchOptions, useBranchStateOptions, useCountryOptions, useModelOptions, useProductTypeOptions,
  useReturnReasonOptions, type StatusOption,
} from './lookups';
import { dateTime, text, toFilterOptions, yesNo } from './render';
import { crudApi } from '../../../shared/resource/resource-api';

const t = az.settingsLists;
const f = t.f;
const idColumn = { key: 'id', title: f.id, width: 'smaller' as const, sortColumn: 'id', isAlwaysVisible: true, render: (r: { id: number }) => r.id };
const createdColumn = { key: 'created_at', title: f.createdAt, width: 'date' as const, render: (r: { created_at: string }) => dateTime(r.created_at), isHiddenByDefault: true };
const createdDetail = { label: f.createdAt, render: (r: { created_at: string }) => dateTime(r.created_at) };

// ---------------------------------------------------------------- statuses

export const statusesList: ResourceDefinition<StatusRow> = {
  id: 'statuses', path: 'status', title: t.lists.statuses,
  api: { list: '/api/admin/states/list', info: '/api/admin/states/getinfobystateid', create: '/api/admin/states/create', update: '/api/admin/states/edit', key: 'state_id', keyExtra: (r) => ({ model_id: r.model_id }) },
  permissions: { read: 'states' },
  defaultSort: { column: 'model_id', order: 'asc' },
  useOptions: () => {
    const all = useAllStatusOptions();
    return combine({ models: useModelOptions(), statuses: { data: all.data, isLoading: all.isLoading } });
  },
  columns: ({ options, isLoading }) => [
    idColumn,
    { key: 'model', title: f.model, width: 'normal', sortColumn: 'model_id', render: (r) => text(r.model_name), filter: { kind: 'select', param: 'model_id', options: toFilterOptions(options.models), isLoading } },
    { key: 'name', title: f.name, width: 'large', sortColumn: 'name', render: (r) => r.name, filter: { kind: 'text', param: 'name' } },
    { key: 'name_en', title: f.nameEn, width: 'normal', render: (r) => text(r.name_en) },
    { key: 'parent', title: f.parent, width: 'normal', render: (r) => text(r.parent_name) },
    { key: 'sort', title: f.sort, width: 'smaller', sortColumn: 'sort', render: (r) => r.sort },
    { key: 'freely', title: f.freely, width: 'small', render: (r) => yesNo(r.freely), filter: { kind: 'boolean', param: 'freely' } },
    createdColumn,
  ],
  schema: { create: ZStatusForm, update: ZStatusEditForm },
  defaults: { sort: 0, freely: false },
  toValues: (r) => ({ state_id: r.id, model_id: r.model_id, name: r.name, name_en: r.name_en ?? undefined, parent_id: r.parent_id ?? undefined, description: r.description ?? undefined, sort: r.sort, freely: Boolean(r.freely) }),
  fields: [
    // a new status may leave its id blank: the next free one is taken
    { name: 'state_id', label: f.id, kind: 'integer', span: 6, isDisabled: ({ mode }) => mode === 'update', placeholder: t.autoId },
    { name: 'model_id', label: f.model, kind: 'select', options: 'models', span: 18, isDisabled: ({ mode }) => mode === 'update' },
    { name: 'name', label: f.name, kind: 'text' },
    { name: 'name_en', label: f.nameEn, kind: 'text' },
    { name: 'parent_id', label: f.parent, kind: 'select', options: ({ values }, all) => (all.statuses as StatusOption[] | undefined ?? []).filter((s) => s.modelId === Number(values.model_id) && s.value !== Number(values.state_id)) },
    { name: 'sort', label: f.sort, kind: 'integer', span: 6 },
    { name: 'freely', label: f.freely, kind: 'switch', span: 6 },
    { name: 'description', label: f.descr, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: f.id, render: (r) => r.id }, { label: f.model, render: (r) => text(r.model_name) }, { label: f.name, render: (r) => r.name },
    { label: f.nameEn, render: (r) => text(r.name_en) }, { label: f.parent, render: (r) => text(r.parent_name) }, { label: f.sort, render: (r) => r.sort },
    { label: f.freely, render: (r) => yesNo(r.freely) }, { label: f.descr, render: (r) => text(r.description) }, createdDetail,
  ],
};

// ---------------------------------------------------------------- return reasons and types

export const returnReasonsList: ResourceDefinition<ReturnReasonRow> = {
  id: 'return-reasons', path: 'return-types/reasons', title: t.lists.returnReasons,
  api: crudApi('/api/admin/return_reasons', 'return_reason_id'),
  permissions: { read: 'return_reasons' },
  columns: () => [idColumn, { key: 'name', title: f.name, width: 'large', sortColumn: 'reason', render: (r) => r.reason, filter: { kind: 'text', param: 'reason' } }, createdColumn],
  schema: { create: ZReturnReasonForm, update: ZReturnReasonEditForm },
  fields: [{ name: 'reason', label: f.name, kind: 'text', span: 24 }],
  toolbarExtra: <Link to="/@next/return-types"><Button>{t.lists.returnTypes}</Button></Link>,
  details: () => [{ label: f.name, render: (r) => r.reason }, createdDetail],
};

export const returnTypesList: ResourceDefinition<ReturnTypeRow> = {
  id: 'return-types', path: 'return-types', title: t.lists.returnTypes,
  api: crudApi('/api/admin/return_types', 'return_type_id'),
  permissions: { read: 'return_reasons' },
  useOptions: () => combine({ reasons: useReturnReasonOptions() }),
  columns: ({ options, isLoading }) => [
    idColumn,
    { key: 'name', title: f.name, width: 'large', sortColumn: 'name', render: (r) => r.name, filter: { kind: 'text', param: 'name' } },
    { key: 'reason', title: f.returnReason, width: 'large', sortColumn: 'return_reason_id', render: (r) => text(r.return_reason_name), filter: { kind: 'select', param: 'return_reason_id', options: toFilterOptions(options.reasons), isLoading } },
    createdColumn,
  ],
  schema: { create: ZReturnTypeForm, update: ZReturnTypeEditForm },
  fields: [{ name: 'name', label: f.name, kind: 'text' }, { name: 'return_reason_id', label: f.returnReason, kind: 'select', options: 'reasons' }],
  toolbarExtra: <Link to="/@next/return-types/reasons"><Button data-testid="return-reasons-link">{t.lists.returnReasons}</Button></Link>,
  details: () => [{ label: f.name, render: (r) => r.name }, { label: f.returnReason, render: (r) => text(r.return_reason_name) }, createdDetail],
};

// ---------------------------------------------------------------- product types

export const productTypesList: ResourceDefinition<ProductTypeRow> = {
  id: 'product-types', path: 'product-types', title: t.lists.productTypes,
  api: { list: '/api/admin/product-types/getlist', info: '/api/admin/product-types/getinfo', create: '/api/admin/product-types/create', update: '/api/admin/product-types/edit', remove: '/api/admin/product-types/cancel', key: 'product_type_id' },
  permissions: { read: 'producttypes' },
  defaultSort: { column: 'name', order: 'asc' },
  useOptions: () => combine({ productTypes: useProductTypeOptions() }),
  columns: ({ options, isLoading }) => [
    idColumn,
    { key: 'name_az', title: f.nameAz, width: 'large', sortColumn: 'name', render: (r) => r.name_az, filter: { kind: 'text', param: 'name' } },
    { key: 'name_en', title: f.nameEn, width: 'normal', render: (r) => text(r.name_en) },
    { key: 'name_ru', title: f.nameRu, width: 'normal', render: (r) => text(r.name_ru) },
    { key: 'name_tr', title: f.nameTr, width: 'normal', render: (r) => text(r.name_tr) },
    { key: 'parent', title: f.parent, width: 'normal', render: (r) => text(r.parent_name), filter: { kind: 'select', param: 'parent_id', options: toFilterOptions(options.productTypes), isLoading } },
    { key: 'customs_id', title: f.customsId, width: 'small', sortColumn: 'customs_id', render: (r) => text(r.customs_id), filter: { kind: 'text', param: 'customs_id' } },
    { key: 'customs_parent_id', title: f.customsParentId, width: 'small', render: (r) => text(r.customs_parent_id) },
    { key: 'status', title: f.isActive, width: 'small', render: (r) => yesNo(r.status) },
  ],
  schema: { create: ZProductTypeForm, update: ZProductTypeEditForm },
  defaults: { status: true },
  fields: [
    { name: 'name_az', label: f.nameAz, kind: 'text' }, { name: 'name_en', label: f.nameEn, kind: 'text' },
    { name: 'name_ru', label: f.nameRu, kind: 'text' }, { name: 'name_tr', label: f.nameTr, kind: 'text' },
    { name: 'parent_id', label: f.parent, kind: 'select', options: 'productTypes' },
    { name: 'status', label: f.isActive, kind: 'switch', span: 6 },
    { name: 'customs_id', label: f.customsId, kind: 'text', span: 12 }, { name: 'customs_parent_id', label: f.customsParentId, kind: 'text', span: 12 },
  ],
  details: () => [
    { label: f.nameAz, render: (r) => r.name_az }, { label: f.nameEn, render: (r) => text(r.name_en) }, { label: f.nameRu, render: (r) => text(r.name_ru) },
    { label: f.nameTr, render: (r) => text(r.name_tr) }, { label: f.parent, render: (r) => text(r.parent_name) }, { label: f.customsId, render: (r) => text(r.customs_id) },
    { label: f.customsParentId, render: (r) => text(r.customs_parent_id) }, { label: f.isActive, render: (r) => yesNo(r.status) }, createdDetail,
  ],
};

// ---------------------------------------------------------------- shop names

export const shopNamesList: ResourceDefinition<ShopNameRow> = {
  id: 'shop-names', path: 'shop-names', title: t.lists.shopNames,
  api: crudApi('/api/admin/shop_names', 'shop_name_id'),
  permissions: { read: 'shop_names' },
  defaultSort: { column: 'name', order: 'asc' },
  useOptions: () => combine({ countries: useCountryOptions() }),
  columns: ({ options, isLoading }) => [
    idColumn,
    { key: 'name', title: f.name, width: 'large', sortColumn: 'name', render: (r) => r.name, filter: { kind: 'text', param: 'name' } },
    { key: 'country', title: f.country, width: 'normal', sortColumn: 'country_id', render: (r) => text(r.country_name), filter: { kind: 'select', param: 'country_id', options: toFilterOptions(options.countries), isLoading } },
    { ...createdColumn, isHiddenByDefault: false },
  ],
  schema: { create: ZShopNameForm, update: ZShopNameEditForm },
  fields: [{ name: 'name', label: f.name, kind: 'text' }, { name: 'country_id', label: f.country, kind: 'select', options: 'countries' }],
  details: () => [{ label: f.name, render: (r) => r.name }, { label: f.country, render: (r) => text(r.country_name) }, createdDetail],
};

// ---------------------------------------------------------------- branch partners (companies)

export const companiesList: ResourceDefinition<CompanyRow> = {
  id: 'branch-partners', path: 'branch-partners', title: t.lists.companies,
  api: { ...crudApi('/api/admin/companies', 'company_id'), remove: '/api/admin/companies/delete', removeMethod: 'GET' },
  permissions: { read: 'companies', create: 'company_edit', update: 'company_edit', delete: 'company_delete' },
  useOptions: () => combine({ states: useBranchStateOptions() }),
  columns: ({ options, isLoading }) => [
    idColumn,
    { key: 'name', title: f.name, width: 'large', sortColumn: 'name', render: (r) => r.name, filter: { kind: 'text', param: 'name' } },
    { key: 'is_owner', title: f.isOwner, width: 'small', render: (r) => yesNo(r.is_owner), filter: { kind: 'boolean', param: 'is_owner' } },
    { key: 'contact', title: f.contact, width: 'normal', render: (r) => text(r.contact) },
    { key: 'state', title: f.state, width: 'small', render: (r) => text(r.state_name), filter: { kind: 'select', param: 'state_id', options: toFilterOptions(options.states), isLoading } },
    { key: 'descr', title: f.descr, width: 'large', render: (r) => text(r.descr) },
    createdColumn,
  ],
  schema: { create: ZCompanyForm, update: ZCompanyEditForm },
  defaults: { is_owner: false, state_id: DEFAULT_BRANCH_STATE },
  // The row's 0/1 flag (wire format) is the form's switch.
  toValues: (r) => ({ ...r, is_owner: Boolean(r.is_owner) }),
  fields: [
    { name: 'name', label: f.name, kind: 'text' }, { name: 'contact', label: f.contact, kind: 'text' },
    { name: 'is_owner', label: f.isOwner, kind: 'switch', span: 6 }, { name: 'state_id', label: f.state, kind: 'select', options: 'states', span: 6 },
    { name: 'descr', label: f.descr, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: f.name, render: (r) => r.name }, { label: f.isOwner, render: (r) => yesNo(r.is_owner) }, { label: f.contact, render: (r) => text(r.contact) },
    { label: f.state, render: (r) => text(r.state_name) }, { label: f.descr, render: (r) => text(r.descr) }, createdDetail,
  ],
};

// ---------------------------------------------------------------- models (edit only; ids are the code's)

export const modelsList: ResourceDefinition<ModelRow> = {
  id: 'models', path: 'models', title: t.lists.models,
  api: { list: '/api/admin/models/getlist', info: '/api/admin/models/info', create: '/api/admin/models/create', update: '/api/admin/models/edit', key: 'model_id' },
  permissions: { read: 'models' },
  defaultSort: { column: 'sort', order: 'asc' },
  columns: () => [
    idColumn,
    { key: 'name', title: f.name, width: 'large', sortColumn: 'name', render: (r) => r.name, filter: { kind: 'text', param: 'name' } },
    { key: 'sort', title: f.sort, width: 'smaller', sortColumn: 'sort', render: (r) => r.sort },
    { key: 'description', title: f.descr, width: 'large', render: (r) => text(r.description) },
  ],
  schema: { create: ZModelForm, update: ZModelEditForm },
  defaults: { sort: 0 },
  toValues: (r) => ({ name: r.name, sort: r.sort, description: r.description ?? undefined }),
  fields: [{ name: 'name', label: f.name, kind: 'text' }, { name: 'sort', label: f.sort, kind: 'integer' }, { name: 'description', label: f.descr, kind: 'textarea', span: 24 }],
  details: () => [{ label: f.id, render: (r) => r.id }, { label: f.name, render: (r) => r.name }, { label: f.sort, render: (r) => r.sort }, { label: f.descr, render: (r) => text(r.description) }],
};

// ---------------------------------------------------------------- regions

export const regionsList: ResourceDefinition<RegionRow> = {
  id: 'regions', path: 'regions', title: t.lists.regions,
  api: { list: '/api/admin/regions/getlist', info: '/api/admin/regions/getinfo', create: '/api/admin/regions/create', update: '/api/admin/regions/edit', remove: '/api/admin/regions/cancel', key: 'region_id' },
  permissions: { read: 'regions' },
  defaultSort: { column: 'sort', order: 'asc' },
  useOptions: () => combine({ branches: useBranchOptions() }),
  columns: ({ options, isLoading }) => [
    idColumn,
    { key: 'name', title: f.name, width: 'large', sortColumn: 'name', render: (r) => r.name, filter: { kind: 'text', param: 'name' } },
    { key: 'branch', title: f.branch, width: 'normal', render: (r) => text(r.branch_name), filter: { kind: 'select', param: 'branch_id', options: toFilterOptions(options.branches), isLoading } },
    { key: 'courier_price', title: f.courierPrice, width: 'small', sortColumn: 'courier_price', align: 'right', render: (r) => `${r.courier_price} ₼` },
    { key: 'sort', title: f.sort, width: 'smaller', sortColumn: 'sort', render: (r) => r.sort },
  ],
  schema: { create: ZRegionForm, update: ZRegionEditForm },
  defaults: { courier_price: '0', sort: 0 },
  fields: [
    { name: 'name', label: f.name, kind: 'text' }, { name: 'branch_id', label: f.branch, kind: 'select', options: 'branches' },
    { name: 'courier_price', label: f.courierPrice, kind: 'decimal' }, { name: 'sort', label: f.sort, kind: 'integer' },
    { name: 'descr', label: f.descr, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: f.name, render: (r) => r.name }, { label: f.branch, render: (r) => text(r.branch_name) }, { label: f.courierPrice, render: (r) => `${r.courier_price} ₼` },
    { label: f.sort, render: (r) => r.sort }, { label: f.descr, render: (r) => text(r.descr) }, createdDetail,
  ],
};

// ---------------------------------------------------------------- coupons

const COUPON_TYPE_OPTIONS = COUPON_TYPES.map((v) => ({ value: v, label: v === 1 ? f.percent : f.fixedAmount }));
const couponAmount = (r: CouponRow) => (r.type === 1 ? `${r.amount}%` : `${r.amount} ₼`);
export const couponsList: ResourceDefinition<CouponRow> = {
  id: 'coupons', path: 'coupons', title: t.lists.coupons,
  api: { list: '/api/admin/coupons', info: '/api/admin/coupons/info', create: '/api/admin/coupons/create', update: '/api/admin/coupons/edit', key: 'coupon_id' },
  permissions: { read: 'coupons' },
  defaultSort: { column: 'id', order: 'desc' },
  useOptions: () => combine({ countries: useCountryOptions() }),
  columns: ({ options, isLoading }) => [
    idColumn,
    { key: 'code', title: f.code, width: 'normal', sortColumn: 'code', render: (r) => r.code, filter: { kind: 'text', param: 'code' } },
    { key: 'amount', title: f.amount, width: 'small', sortColumn: 'amount', align: 'right', render: couponAmount },
    { key: 'country', title: f.country, width: 'normal', render: (r) => text(r.country_name), filter: { kind: 'select', param: 'country_id', options: toFilterOptions(options.countries), isLoading } },
    { key: 'period', title: `${f.startsAt} – ${f.endsAt}`, width: 'large', sortColumn: 'ends_at', render: (r) => `${r.starts_at ?? '…'} – ${r.ends_at ?? '…'}` },
    { key: 'usage', title: f.usedCount, width: 'small', render: (r) => `${r.used_count}${r.usage_limit ? ` / ${r.usage_limit}` : ''}` },
    { key: 'is_active', title: f.isActive, width: 'small', render: (r) => yesNo(r.is_active), filter: { kind: 'boolean', param: 'is_active' } },
  ],
  schema: { create: ZCouponForm, update: ZCouponEditForm },
  defaults: { type: 1, is_active: true },
  fields: [
    { name: 'code', label: f.code, kind: 'text' }, { name: 'type', label: f.couponType, kind: 'radio', options: COUPON_TYPE_OPTIONS },
    { name: 'amount', label: f.amount, kind: 'decimal' }, { name: 'country_id', label: f.country, kind: 'select', options: 'countries' },
    { name: 'starts_at', label: f.startsAt, kind: 'date' }, { name: 'ends_at', label: f.endsAt, kind: 'date' },
    { name: 'usage_limit', label: f.usageLimit, kind: 'integer' }, { name: 'is_active', label: f.isActive, kind: 'switch', span: 6 },
    { name: 'descr', label: f.descr, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: f.code, render: (r) => r.code }, { label: f.amount, render: couponAmount }, { label: f.country, render: (r) => text(r.country_name) },
    { label: f.startsAt, render: (r) => text(r.starts_at) }, { label: f.endsAt, render: (r) => text(r.ends_at) },
    { label: f.usedCount, render: (r) => `${r.used_count}${r.usage_limit ? ` / ${r.usage_limit}` : ''}` }, { label: f.isActive, render: (r) => yesNo(r.is_active) },
    { label: f.descr, render: (r) => text(r.descr) }, createdDetail,
  ],
  rowActions: (row) => [{
    key: 'toggle', label: row.is_active ? t.deactivate : t.activate,
    run: () => http.postForm('/api/admin/coupons/editstatus', { coupon_id: row.id, is_active: !row.is_active }),
  }],
};

// ---------------------------------------------------------------- foreign cargo companies

export const cargoesList: ResourceDefinition<CargoRow> = {
  id: 'cargoes', path: 'cargoes', title: t.lists.cargoes,
  api: crudApi('/api/admin/cargoes', 'cargo_id'),
  permissions: { read: 'foreign_cargoes' },
  defaultSort: { column: 'cargo_name', order: 'asc' },
  useOptions: () => combine({ countries: useCountryOptions() }),
  columns: ({ options, isLoading }) => [
    idColumn,
    { key: 'name', title: f.name, width: 'large', sortColumn: 'cargo_name', render: (r) => r.cargo_name, filter: { kind: 'text', param: 'cargo_name' } },
    { key: 'country', title: f.country, width: 'normal', sortColumn: 'country_id', render: (r) => text(r.country_name), filter: { kind: 'select', param: 'country_id', options: toFilterOptions(options.countries), isLoading } },
    { key: 'phone', title: f.phone, width: 'normal', render: (r) => text(r.phone) },
    { key: 'website', title: f.website, width: 'large', render: (r) => (r.website ? <a href={r.website} target="_blank" rel="noreferrer">{r.website}</a> : '—') },
    { key: 'is_active', title: f.isActive, width: 'small', render: (r) => yesNo(r.is_active), filter: { kind: 'boolean', param: 'is_active' } },
  ],
  schema: { create: ZCargoForm, update: ZCargoEditForm },
  defaults: { is_active: true },
  fields: [
    { name: 'cargo_name', label: f.name, kind: 'text' }, { name: 'country_id', label: f.country, kind: 'select', options: 'countries' },
    { name: 'phone', label: f.phone, kind: 'text' }, { name: 'website', label: f.website, kind: 'text', placeholder: 'https://' },
    { name: 'tracking_url', label: f.trackingUrl, kind: 'text', placeholder: 'https://' }, { name: 'is_active', label: f.isActive, kind: 'switch', span: 6 },
    { name: 'descr', label: f.descr, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: f.name, render: (r) => r.cargo_name }, { label: f.country, render: (r) => text(r.country_name) }, { label: f.phone, render: (r) => text(r.phone) },
    { label: f.website, render: (r) => text(r.website) }, { label: f.trackingUrl, render: (r) => text(r.tracking_url) },
    { label: f.isActive, render: (r) => yesNo(r.is_active) }, { label: f.descr, render: (r) => text(r.descr) }, createdDetail,
  ],
};

// ---------------------------------------------------------------- refunds (returns) and cashback

const decide = (path: string, key: string, id: number, stateId: number) => () => http.postForm(path, { [key]: id, state_id: stateId });
const refundStates = () => [
  { value: String(REFUND_STATUS.pending), label: t.states.pending }, { value: String(REFUND_STATUS.approved), label: t.states.approved },
  { value: String(REFUND_STATUS.rejected), label: t.states.rejected },
];

export const refundsList: ResourceDefinition<RefundRow> = {
  id: 'refunds', path: 'refunds', title: t.lists.refunds,
  api: crudApi('/api/admin/returns', 'return_id'),
  permissions: { read: 'returns' },
  defaultSort: { column: 'id', order: 'desc' },
  useOptions: () => combine({ reasons: useReturnReasonOptions() }),
  columns: () => [
    idColumn,
    { key: 'user', title: f.user, width: 'large', render: (r) => `${r.user_id} · ${text(r.user_name) as string}`, filter: { kind: 'number', param: 'user_id', isInteger: true } },
    { key: 'declaration', title: f.declaration, width: 'normal', render: (r) => text(r.track_code ?? r.declaration_id), filter: { kind: 'number', param: 'declaration_id', isInteger: true } },
    { key: 'amount', title: f.amount, width: 'small', sortColumn: 'amount', align: 'right', render: (r) => `${r.amount} ${r.currency}` },
    { key: 'reason', title: f.returnReason, width: 'large', render: (r) => text(r.return_reason_name) },
    { key: 'state', title: f.state, width: 'normal', sortColumn: 'state_id', render: (r) => text(r.state_name), filter: { kind: 'select', param: 'state_id', options: refundStates() } },
    { key: 'causer', title: f.causer, width: 'normal', render: (r) => text(r.causer_name) },
    { ...createdColumn, isHiddenByDefault: false, sortColumn: 'created_at' },
  ],
  schema: { create: ZRefundForm, update: ZRefundEditForm },
  defaults: { currency: 'AZN' },
  canEditRow: (r) => r.state_id === REFUND_STATUS.pending,
  fields: [
    { name: 'user_id', label: f.userId, kind: 'integer' }, { name: 'declaration_id', label: f.declaration, kind: 'integer' },
    { name: 'amount', label: f.amount, kind: 'decimal' }, { name: 'currency', label: f.currency, kind: 'radio', options: REFUND_CURRENCIES.map((c) => ({ value: c, label: c })) },
    { name: 'return_reason_id', label: f.returnReason, kind: 'select', options: 'reasons', span: 24 }, { name: 'descr', label: f.descr, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: f.user, render: (r) => `${r.user_id} · ${text(r.user_name) as string}` }, { label: f.declaration, render: (r) => text(r.track_code ?? r.declaration_id) },
    { label: f.amount, render: (r) => `${r.amount} ${r.currency}` }, { label: f.returnReason, render: (r) => text(r.return_reason_name) },
    { label: f.state, render: (r) => text(r.state_name) }, { label: f.causer, render: (r) => text(r.causer_name) }, { label: f.descr, render: (r) => text(r.descr) }, createdDetail,
  ],
  rowActions: (row) => (row.state_id === REFUND_STATUS.pending ? [
    { key: 'approve', label: t.approve, confirm: t.approveConfirm, run: decide('/api/admin/returns/changestate', 'return_id', row.id, REFUND_STATUS.approved) },
    { key: 'reject', label: t.reject, confirm: t.rejectConfirm, isDanger: true, run: decide('/api/admin/returns/changestate', 'return_id', row.id, REFUND_STATUS.rejected) },
  ] : []),
};

export const cashbacksList: ResourceDefinition<CashbackRow> = {
  id: 'cashback', path: 'cashback', title: t.lists.cashbacks,
  api: { list: '/api/admin/cashbacks', info: '/api/admin/cashbacks/info', key: 'cashback_id' },
  permissions: { read: 'cashback' },
  defaultSort: { column: 'id', order: 'desc' },
  columns: () => [
    idColumn,
    { key: 'user', title: f.user, width: 'large', render: (r) => `${r.user_id} · ${text(r.user_name) as string}`, filter: { kind: 'number', param: 'user_id', isInteger: true } },
    { key: 'declaration', title: f.declaration, width: 'small', render: (r) => text(r.declaration_id) },
    { key: 'amount', title: f.amount, width: 'small', sortColumn: 'amount', align: 'right', render: (r) => `${r.amount} ₼` },
    { key: 'percent', title: f.percent, width: 'small', align: 'right', render: (r) => `${r.percent}%` },
    {
      key: 'state', title: f.state, width: 'normal', render: (r) => text(r.state_name),
      filter: { kind: 'select', param: 'state_id', options: [
        { value: String(CASHBACK_STATUS.pending), label: t.states.pending }, { value: String(CASHBACK_STATUS.approved), label: t.states.approved },
        { value: String(CASHBACK_STATUS.rejected), label: t.states.rejected },
      ] },
    },
    { ...createdColumn, isHiddenByDefault: false, sortColumn: 'created_at' },
  ],
  details: () => [
    { label: f.user, render: (r) => `${r.user_id} · ${text(r.user_name) as string}` }, { label: f.amount, render: (r) => `${r.amount} ₼` },
    { label: f.percent, render: (r) => `${r.percent}%` }, { label: f.state, render: (r) => text(r.state_name) }, { label: f.descr, render: (r) => text(r.descr) }, createdDetail,
  ],
  rowActions: (row) => (row.state_id === CASHBACK_STATUS.pending ? [
    { key: 'approve', label: t.approve, confirm: t.approveConfirm, run: decide('/api/admin/cashbacks/changestate', 'cashback_id', row.id, CASHBACK_STATUS.approved) },
    { key: 'reject', label: t.reject, confirm: t.rejectConfirm, isDanger: true, run: decide('/api/admin/cashbacks/changestate', 'cashback_id', row.id, CASHBACK_STATUS.rejected) },
  ] : []),
};

