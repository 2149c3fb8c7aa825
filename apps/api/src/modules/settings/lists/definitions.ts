import { MODEL } from '@app/contract/models';
import {
  BRANCH_LIMITS, STANDARD_CATEGORY_ID, TARIFF_UNITS, ZBranchEditForm, ZBranchForm, ZBranchListQuery, ZCargoEditForm, ZCargoForm,
  ZCargoListQuery, ZCompanyEditForm, ZCompanyForm, ZCompanyListQuery, ZCountryEditForm, ZCountryForm, ZCountryListQuery, ZCouponEditForm,
  ZCouponForm, ZCouponListQuery, ZModelEditForm, ZModelForm, ZModelListQuery, ZProductTypeEditForm, ZProductTypeForm, ZProductTypeListQuery,
  ZRefundEditForm, ZRefundForm, ZRefundListQuery, ZRegionEditForm, ZRegionForm, ZRegionListQuery, ZReturnReasonEditForm,
  ZReturnReasonForm, ZReturnReasonListQuery, ZReturnTypeEditForm, ZReturnTypeForm, ZReturnTypeListQuery, ZShopNameEditForm,
  ZShopNameForm, ZShopNameListQuery, ZStatusEditForm, ZStatusForm, ZStatusListQuery, ZTariffCategoryEditForm, ZTariffCategoryForm,
  ZTariffCategoryListQuery, ZTariffEditForm, ZTariffForm, ZTariffListQuery, REFUND_STATUS, CASHBACK_STATUS, ZCashbackListQuery,
  ZBranchRow, ZCargoRow, ZCashbackRow, ZCompanyRow, ZCountryRow, ZCouponRow, ZModelRow, ZProductTypeRow, ZRefundRow, ZRegionRow,
  ZReturnReasonRow, ZReturnTypeRow, ZShopNameRow, ZStatusRow, ZTariffCategoryRow, ZTariffRow,
} from '@app/contract/settings-lists';
import { BRANCH_STATUS } from '@app/contract/statuses';
import { az } from '@app/contract/texts/az';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  branches, companies, countries, models, productTypes, returnReasons, shopNames, statuses, tariffCategories, tariffs,
} from '../../../db/schema/settings';
import { cargoes, cashbacks, coupons, refunds, regions, returnTypes } from '../../../db/schema/settings-lists';
import { declarations } from '../../../db/schema/declarations';
import { users } from '../../../db/schema/users';
import { fullName } from '../../../platform/sql-format';
import { filters, type ListSpec } from '../../../platform/list-query';
import type { ResourceContext, ResourceDef } from '../../../platform/resource';
import { inCompany, sharedWithPartners } from '../../../platform/partner-scope';
import {
  countBranchesOfCompany, countChildBranches, countChildProductTypes, countCountryReferences, countTariffsOfCategory, countTypesOfReason,
  declarationExists, existsRow, isCouponCodeTaken, isoDate, nextCountryId, nextModelId, nextStatusId, statusExists, userExists,
} from './queries';

const tags = ['settings lists'];
/** A boolean column as clients read it: 0/1 (issue 14). */
const flag01 = (column: PgColumn) => sql<0 | 1>`(${column})::int`;
/** Text a client reads as a value: '' when there is none (issue 14). */
const orEmpty = (value: AnyColumn | SQL) => sql<string>`coalesce(${value}, '')`;

/*
 * The tables a row's names come from, left-joined once per query (issue 14: never a per-row
 * sub-select). Each alias is joined on a key, so at most one row per resource row.
 */
const countryJoin = (id: PgColumn) => {
  const c = alias(countries, 'row_country');
  return { table: c, name: c.countryName, join: { table: c, on: eq(c.id, id) } };
};
function statusJoin(modelId: number | PgColumn, id: PgColumn | SQL, name = 'row_state') {
  const st = alias(statuses, name);
  return { table: st, name: st.name, join: { table: st, on: and(eq(st.modelId, modelId as number), eq(st.id, id as never)) as SQL } };
}
const t = az.settingsLists;
type Errors = Record<string, string[]>;
type Form = Record<string, unknown>;

/** Ids on a form must name live rows (422 on the field otherwise). */
async function checkRefs(
  tx: ResourceContext['tx'],
  refs: Record<string, { id: unknown; table: PgTable; column: PgColumn; deletedAt?: PgColumn }>,
  errors: Errors = {},
): Promise<Errors> {
  for (const [field, ref] of Object.entries(refs)) {
    if (ref.id === undefined || ref.id === null) continue;
    if (!(await existsRow(tx, ref.table, ref.column, Number(ref.id), ref.deletedAt))) errors[field] = [t.invalidReference];
  }
  return errors;
}
const countryRef = (id: unknown) => ({ id, table: countries, column: countries.id, deletedAt: countries.deletedAt });
const branchRef = (id: unknown) => ({ id, table: branches, column: branches.id, deletedAt: branches.deletedAt });

/** A list spec whose text filters are `contains` and id filters `equals`. */
function spec<Q>(s: Omit<ListSpec<Q>, 'tieBreaker'> & { tieBreaker: PgColumn }): ListSpec<Q> {
  return s;
}

// ---------------------------------------------------------------- tariffs (plans) — spec §3 Tariff, §7 tariff/*

type TariffForm = z.infer<typeof ZTariffForm>;
const tariffCountry = countryJoin(tariffs.countryId);
const tariffCategory = alias(tariffCategories, 'row_category');
export const tariffList: ResourceDef<z.infer<typeof ZTariffListQuery>, TariffForm, z.infer<typeof ZTariffEditForm>> = {
  entity: 'tariff',
  tags,
  table: tariffs,
  keys: [{ param: 'tariff_id', column: tariffs.id }],
  deletedAt: tariffs.deletedAt,
  read: 'tarifs',
  // Wire names clients read (issue 14): weights, prices and type as exact decimal strings; prices are in USD (spec §3).
  columns: {
    id: tariffs.id, country_id: tariffs.countryId, country_name: orEmpty(tariffCountry.name),
    from_weight: sql<string>`${tariffs.weightFrom}::text`, to_weight: sql<string | null>`${tariffs.weightTo}::text`,
    // A band without an older price shows its price as the old one (clients parseFloat it; no strike-through).
    price: sql<string>`${tariffs.price}::text`, old_price: sql<string>`coalesce(${tariffs.oldPrice}, ${tariffs.price})::text`, type: sql<string>`${tariffs.type}::text`,
    tariff_category_id: tariffs.categoryId, tariff_category_name: orEmpty(tariffCategory.name), currency: sql<string>`'USD'`,
    is_special: sql<boolean>`coalesce(${tariffs.categoryId}, ${STANDARD_CATEGORY_ID}) <> ${STANDARD_CATEGORY_ID}`,
    per_unit: sql<boolean>`${tariffs.weightFrom} > 1`, units: sql<number>`${TARIFF_UNITS}::int`,
    descr: orEmpty(tariffs.description), created_at: isoDate(tariffs.createdAt),
  },
  joins: [tariffCountry.join, { table: tariffCategory, on: eq(tariffCategory.id, tariffs.categoryId) }],
  row: ZTariffRow,
  list: {
    path: '/api/client/v2/tariff/list',
    aliases: ['/api/admin/tariff/list'],
    query: ZTariffListQuery,
    spec: () => spec({
      filters: {
        id: filters.equals(tariffs.id), country_id: filters.equals(tariffs.countryId), type: filters.equals(tariffs.type),
        tariff_category_id: filters.equals(tariffs.categoryId),
        is_special: (v) => (v ? sql`coalesce(${tariffs.categoryId}, 1) <> 1` : sql`coalesce(${tariffs.categoryId}, 1) = 1`),
      },
      sorts: {
        id: tariffs.id, country_id: tariffs.countryId, from_weight: tariffs.weightFrom, to_weight: tariffs.weightTo, price: tariffs.price,
        type: tariffs.type, tariff_category_id: tariffs.categoryId, created_at: tariffs.createdAt,
      },
      defaultSort: { column: 'from_weight', order: 'asc' },
      tieBreaker: tariffs.id,
    }),
  },
  info: { path: '/api/admin/tariff/getinfo' },
  create: { path: '/api/admin/tariff/create', form: ZTariffForm },
  edit: { path: '/api/admin/tariff/edit', form: ZTariffEditForm },
  remove: { path: '/api/admin/tariff/cancel' },
  check: async (form, { tx }) => checkRefs(tx, {
    country_id: countryRef(form.country_id),
    tariff_category_id: { id: form.is_special ? form.tariff_category_id : undefined, table: tariffCategories, column: tariffCategories.id, deletedAt: tariffCategories.deletedAt },
  }),
  toValues: (form, { current }) => ({
    countryId: form.country_id,
    weightFrom: form.from_weight,
    weightTo: form.to_weight ?? null,
    price: form.price,
    // spec §3: the old price is shown (and kept) only on edit; a new band has none.
    oldPrice: current ? (form.old_price ?? null) : null,
    type: form.type,
    categoryId: form.is_special ? form.tariff_category_id : STANDARD_CATEGORY_ID,
    description: form.descr ?? null,
  }),
};

// ---------------------------------------------------------------- plan categories ('Xüsusi tariflər')

type CategoryForm = z.infer<typeof ZTariffCategoryForm>;
const categoryCountry = countryJoin(tariffCategories.countryId);
export const tariffCategoryList: ResourceDef<z.infer<typeof ZTariffCategoryListQuery>, CategoryForm, z.infer<typeof ZTariffCategoryEditForm>> = {
  entity: 'tariff_category',
  partnerScope: sharedWithPartners,
  tags,
  table: tariffCategories,
  keys: [{ param: 'tariff_category_id', column: tariffCategories.id }],
  deletedAt: tariffCategories.deletedAt,
  read: 'tarifs',
  columns: {
    id: tariffCategories.id, name: tariffCategories.name, descr: orEmpty(tariffCategories.descr), country_id: tariffCategories.countryId,
    country_name: orEmpty(categoryCountry.name), created_at: isoDate(tariffCategories.createdAt),
  },
  joins: [categoryCountry.join],
  row: ZTariffCategoryRow,
  list: {
    path: '/api/admin/tariff/category_list',
    query: ZTariffCategoryListQuery,
    lookupColumns: { id: tariffCategories.id, name: tariffCategories.name, country_id: tariffCategories.countryId, descr: orEmpty(tariffCategories.descr) },
    spec: () => spec({
      filters: { name: filters.contains(tariffCategories.name), country_id: filters.equals(tariffCategories.countryId) },
      sorts: { id: tariffCategories.id, name: tariffCategories.name },
      defaultSort: { column: 'id', order: 'asc' },
      tieBreaker: tariffCategories.id,
    }),
  },
  info: { path: '/api/admin/tariff/category_info' },
  create: { path: '/api/admin/tariff/category_create', form: ZTariffCategoryForm },
  edit: { path: '/api/admin/tariff/category_edit', form: ZTariffCategoryEditForm },
  remove: {
    path: '/api/admin/tariff/category_cancel',
    refuseWhenReferenced: true,
    // The standard category is what every band without a special category uses: never deleted.
    countReferences: async (tx, id) => (id === STANDARD_CATEGORY_ID ? 1 : countTariffsOfCategory(tx, id)),
  },
  check: async (form, { tx }) => checkRefs(tx, { country_id: countryRef(form.country_id) }),
  toValues: (form) => ({ name: form.name, descr: form.descr ?? null, countryId: form.country_id ?? null }),
};

// ---------------------------------------------------------------- statuses — spec §3 Status, §7 states/*

type StatusForm = z.infer<typeof ZStatusForm>;
const statusModelTable = alias(models, 'row_model');
const statusModel = { name: statusModelTable.name, join: { table: statusModelTable, on: eq(statusModelTable.id, statuses.modelId) } };
const statusParent = statusJoin(statuses.modelId, statuses.parentId, 'row_parent');
export const statusList: ResourceDef<z.infer<typeof ZStatusListQuery>, StatusForm, z.infer<typeof ZStatusEditForm>> = {
  entity: 'status',
  tags,
  table: statuses,
  // Clients ask for and edit one status by its state_id alone (ids are unique within a model; the lowest model wins).
  keys: [{ param: 'model_id', column: statuses.modelId, isOptional: true }, { param: 'state_id', column: statuses.id }],
  read: 'states',
  columns: {
    id: statuses.id, model_id: statuses.modelId, model_name: orEmpty(statusModel.name), name: statuses.name, name_en: orEmpty(statuses.nameEn),
    parent_id: statuses.parentId, parent_name: orEmpty(statusParent.name), description: statuses.description,
    descr: orEmpty(statuses.description), sort: statuses.sort, freely: flag01(statuses.freely), created_at: isoDate(statuses.createdAt),
  },
  joins: [statusModel.join, statusParent.join],
  row: ZStatusRow,
  list: {
    path: '/api/admin/states/list',
    aliases: ['/api/admin/states/getlist'],
    query: ZStatusListQuery,
    spec: () => spec({
      filters: { id: filters.equals(statuses.id), model_id: filters.equals(statuses.modelId), name: filters.contains(statuses.name), freely: filters.flag(statuses.freely) },
      sorts: { id: statuses.id, model_id: statuses.modelId, name: statuses.name, sort: statuses.sort },
      defaultSort: { column: 'model_id', order: 'asc' },
      tieBreaker: statuses.id,
    }),
  },
  info: { path: '/api/admin/states/getinfobystateid' },
  create: { path: '/api/admin/states/create', form: ZStatusForm },
  edit: { path: '/api/admin/states/edit', form: ZStatusEditForm },
  check: async (form, { tx, current }) => {
    // On edit the model is the status's own (clients may leave it out; the row was found by it when given).
    const modelId = current ? Number(current.modelId) : (form.model_id as number);
    const errors: Errors = await checkRefs(tx, { model_id: { id: modelId, table: models, column: models.id } });
    if (!current && form.state_id !== undefined && (await statusExists(tx, modelId, form.state_id))) errors.state_id = [t.duplicateId];
    if (form.parent_id !== undefined) {
      const ownId = current ? Number(current.id) : form.state_id;
      if (form.parent_id === ownId) errors.parent_id = [t.ownParent];
      else if (!(await statusExists(tx, modelId, form.parent_id))) errors.parent_id = [t.invalidReference];
    }
    return errors;
  },
  // A new status without an id takes one above every model's, so its state_id alone names it.
  beforeInsert: async (values, { tx }) => ({ ...values, id: values.id ?? (await nextStatusId(tx)) }),
  toValues: (form, { current }) => ({
    ...(current ? {} : { id: form.state_id, modelId: form.model_id }),
    name: form.name, nameEn: form.name_en ?? null, parentId: form.parent_id ?? null, description: form.description ?? form.descr ?? null,
    sort: form.sort, freely: form.freely,
  }),
};

// ---------------------------------------------------------------- branches — spec §3 Branch, §5, §7 branches/*

type BranchForm = z.infer<typeof ZBranchForm>;
const branchCompany = alias(companies, 'row_company');
const branchParent = alias(branches, 'row_parent');
const branchState = statusJoin(MODEL.branches, branches.stateId);
export const branchList: ResourceDef<z.infer<typeof ZBranchListQuery>, BranchForm, z.infer<typeof ZBranchEditForm>> = {
  entity: 'branch',
  // A partner reads the lookup of its own company only (platform/partner-scope.ts).
  partnerScope: (scope) => inCompany(scope, branches.companyId),
  tags,
  table: branches,
  keys: [{ param: 'branch_id', column: branches.id }],
  deletedAt: branches.deletedAt,
  read: 'branches',
  columns: {
    id: branches.id, name: branches.name, company_id: branches.companyId, company_name: orEmpty(branchCompany.name),
    parent_id: branches.parentId, parent_branch_name: orEmpty(branchParent.name), descr: orEmpty(branches.descr), is_branch: flag01(branches.isBranch),
    hide: flag01(branches.hide), is_region_branch: flag01(branches.isRegionBranch), latitude: orEmpty(branches.latitude), longitude: orEmpty(branches.longitude),
    map_url: orEmpty(branches.mapUrl), map_address: orEmpty(branches.mapAddress), sorting_letter: orEmpty(branches.sortingLetter),
    workinghours: orEmpty(branches.workingHours), open_hour: orEmpty(branches.openHour), close_hour: orEmpty(branches.closeHour),
    open_hour_saturday: orEmpty(branches.openHourSaturday), close_hour_saturday: orEmpty(branches.closeHourSaturday), address: orEmpty(branches.address),
    email: orEmpty(branches.email), phone: orEmpty(branches.phone), post_code: orEmpty(branches.postCode), province_name: orEmpty(branches.provinceName),
    city_name: orEmpty(branches.cityName), state_id: branches.stateId, status_id: branches.stateId, state_name: orEmpty(branchState.name),
    created_at: isoDate(branches.createdAt),
  },
  joins: [{ table: branchCompany, on: eq(branchCompany.id, branches.companyId) }, { table: branchParent, on: eq(branchParent.id, branches.parentId) }, branchState.join],
  row: ZBranchRow,
  list: {
    path: '/api/admin/branches',
    query: ZBranchListQuery,
    lookupColumns: { id: branches.id, name: branches.name, company_id: branches.companyId },
    spec: () => spec({
      filters: {
        id: filters.equals(branches.id), name: filters.contains(branches.name), company_id: filters.equals(branches.companyId),
        state_id: filters.equals(branches.stateId), is_region_branch: filters.flag(branches.isRegionBranch), hide: filters.flag(branches.hide),
      },
      sorts: { id: branches.id, name: branches.name, company_id: branches.companyId, sorting_letter: branches.sortingLetter, created_at: branches.createdAt },
      defaultSort: { column: 'name', order: 'asc' },
      tieBreaker: branches.id,
    }),
  },
  info: { path: '/api/admin/branches/info' },
  create: { path: '/api/admin/branches/create', form: ZBranchForm, access: 'branch_add' },
  edit: { path: '/api/admin/branches/edit', form: ZBranchEditForm, access: 'branch_edit' },
  remove: { path: '/api/admin/branches/cancel', access: 'branch_delete', countReferences: countChildBranches, refuseWhenReferenced: true },
  check: async (form, { tx, current }) => {
    const errors = await checkRefs(tx, {
      company_id: { id: form.company_id, table: companies, column: companies.id, deletedAt: companies.deletedAt },
      parent_id: branchRef(form.parent_id),
    });
    if (current && form.parent_id === current.id) errors.parent_id = [t.ownParent];
    if (!(await statusExists(tx, MODEL.branches, form.state_id))) errors.state_id = [t.invalidReference];
    return errors;
  },
  toValues: (form) => ({
    name: form.name, companyId: form.company_id ?? null, parentId: form.is_branch ? null : (form.parent_id ?? null), descr: form.descr ?? null,
    isBranch: form.is_branch, hide: form.hide, isRegionBranch: form.is_region_branch, latitude: form.latitude ?? null,
    longitude: form.longitude ?? null, mapUrl: form.map_url ?? null, mapAddress: form.map_address ?? null,
    sortingLetter: form.sorting_letter?.slice(0, BRANCH_LIMITS.sortingLetter) ?? null, workingHours: form.working_hours ?? null,
    openHour: form.open_hour ?? null, closeHour: form.close_hour ?? null, openHourSaturday: form.open_hour_saturday ?? null,
    closeHourSaturday: form.close_hour_saturday ?? null, address: form.address ?? null, email: form.email ?? null,
    phone: form.phone ?? null, postCode: form.post_code ?? null, provinceName: form.province_name ?? null, cityName: form.city_name ?? null,
    stateId: form.state_id,
  }),
};

// ---------------------------------------------------------------- return reasons and types

export const returnReasonList: ResourceDef<z.infer<typeof ZReturnReasonListQuery>, z.infer<typeof ZReturnReasonForm>, z.infer<typeof ZReturnReasonEditForm>> = {
  entity: 'return_reason',
  partnerScope: sharedWithPartners,
  tags,
  table: returnReasons,
  keys: [{ param: 'return_reason_id', column: returnReasons.id }],
  deletedAt: returnReasons.deletedAt,
  read: 'return_reasons',
  columns: { id: returnReasons.id, reason: returnReasons.name, name: returnReasons.name, created_at: isoDate(returnReasons.createdAt) },
  row: ZReturnReasonRow,
  list: {
    path: '/api/admin/return_reasons',
    query: ZReturnReasonListQuery,
    lookupColumns: { id: returnReasons.id, reason: returnReasons.name, name: returnReasons.name },
    spec: () => spec({
      filters: { id: filters.equals(returnReasons.id), reason: filters.contains(returnReasons.name), name: filters.contains(returnReasons.name) },
      sorts: { id: returnReasons.id, reason: returnReasons.name, name: returnReasons.name, created_at: returnReasons.createdAt },
      defaultSort: { column: 'id', order: 'asc' },
      tieBreaker: returnReasons.id,
    }),
  },
  info: { path: '/api/admin/return_reasons/info' },
  create: { path: '/api/admin/return_reasons/create', form: ZReturnReasonForm },
  edit: { path: '/api/admin/return_reasons/edit', form: ZReturnReasonEditForm },
  remove: { path: '/api/admin/return_reasons/cancel', countReferences: countTypesOfReason, refuseWhenReferenced: true },
  toValues: (form) => ({ name: form.reason }),
};

const typeReason = alias(returnReasons, 'row_reason');
export const returnTypeList: ResourceDef<z.infer<typeof ZReturnTypeListQuery>, z.infer<typeof ZReturnTypeForm>, z.infer<typeof ZReturnTypeEditForm>> = {
  entity: 'return_type',
  tags,
  table: returnTypes,
  keys: [{ param: 'return_type_id', column: returnTypes.id }],
  deletedAt: returnTypes.deletedAt,
  read: 'return_reasons',
  columns: {
    id: returnTypes.id, name: returnTypes.name, return_reason_id: returnTypes.returnReasonId,
    return_reason_name: orEmpty(typeReason.name), created_at: isoDate(returnTypes.createdAt),
  },
  joins: [{ table: typeReason, on: eq(typeReason.id, returnTypes.returnReasonId) }],
  row: ZReturnTypeRow,
  list: {
    path: '/api/admin/return_types',
    query: ZReturnTypeListQuery,
    spec: () => spec({
      filters: { id: filters.equals(returnTypes.id), name: filters.contains(returnTypes.name), return_reason_id: filters.equals(returnTypes.returnReasonId) },
      sorts: { id: returnTypes.id, name: returnTypes.name, return_reason_id: returnTypes.returnReasonId },
      defaultSort: { column: 'id', order: 'asc' },
      tieBreaker: returnTypes.id,
    }),
  },
  info: { path: '/api/admin/return_types/info' },
  create: { path: '/api/admin/return_types/create', form: ZReturnTypeForm },
  edit: { path: '/api/admin/return_types/edit', form: ZReturnTypeEditForm },
  remove: { path: '/api/admin/return_types/cancel' },
  check: async (form, { tx }) => checkRefs(tx, {
    return_reason_id: { id: form.return_reason_id, table: returnReasons, column: returnReasons.id, deletedAt: returnReasons.deletedAt },
  }),
  toValues: (form) => ({ name: form.name, returnReasonId: form.return_reason_id }),
};

// ---------------------------------------------------------------- product types — spec §3, §7 product-types/*

const productTypeParent = alias(productTypes, 'row_parent');
/** A product type on (status 1) or off reads as the branch statuses name it: 85 Aktiv, 86 Deaktiv. */
const productTypeStateId = sql<number>`case when ${productTypes.status} = 1 then ${BRANCH_STATUS.active}::int else ${BRANCH_STATUS.inactive}::int end`;
const productTypeState = statusJoin(MODEL.branches, productTypeStateId);
export const productTypeList: ResourceDef<z.infer<typeof ZProductTypeListQuery>, z.infer<typeof ZProductTypeForm>, z.infer<typeof ZProductTypeEditForm>> = {
  entity: 'product_type',
  partnerScope: sharedWithPartners,
  tags,
  table: productTypes,
  keys: [{ param: 'product_type_id', column: productTypes.id }],
  deletedAt: productTypes.deletedAt,
  read: 'producttypes',
  columns: {
    id: productTypes.id, name: productTypes.nameAz, name_az: productTypes.nameAz, name_en: orEmpty(productTypes.nameEn), name_ru: orEmpty(productTypes.nameRu),
    name_tr: orEmpty(productTypes.nameTr), parent_id: productTypes.parentId, parent_name: orEmpty(productTypeParent.nameAz),
    customs_id: productTypes.customsId, customs_parent_id: productTypes.customsParentId, status: sql<boolean>`${productTypes.status} = 1`,
    state_id: productTypeStateId, state_name: orEmpty(productTypeState.name), created_at: isoDate(productTypes.createdAt),
  },
  joins: [{ table: productTypeParent, on: eq(productTypeParent.id, productTypes.parentId) }, productTypeState.join],
  row: ZProductTypeRow,
  list: {
    path: '/api/admin/product-types/getlist',
    query: ZProductTypeListQuery,
    lookupColumns: { id: productTypes.id, name: productTypes.nameAz, parent_id: productTypes.parentId },
    spec: () => spec({
      filters: {
        id: filters.equals(productTypes.id), parent_id: filters.equals(productTypes.parentId), customs_id: filters.startsWith(productTypes.customsId),
        name: filters.contains(sql`concat_ws(' ', ${productTypes.nameAz}, ${productTypes.nameEn}, ${productTypes.nameRu}, ${productTypes.nameTr})`),
      },
      sorts: { id: productTypes.id, name: productTypes.nameAz, customs_id: productTypes.customsId },
      defaultSort: { column: 'name', order: 'asc' },
      tieBreaker: productTypes.id,
    }),
  },
  info: { path: '/api/admin/product-types/getinfo' },
  create: { path: '/api/admin/product-types/create', form: ZProductTypeForm },
  edit: { path: '/api/admin/product-types/edit', form: ZProductTypeEditForm },
  remove: { path: '/api/admin/product-types/cancel', countReferences: countChildProductTypes, refuseWhenReferenced: true },
  check: async (form, { tx, current }) => {
    const errors = await checkRefs(tx, { parent_id: { id: form.parent_id, table: productTypes, column: productTypes.id, deletedAt: productTypes.deletedAt } });
    if (current && form.parent_id === current.id) errors.parent_id = [t.ownParent];
    return errors;
  },
  toValues: (form) => ({
    nameAz: form.name_az, nameEn: form.name_en ?? null, nameRu: form.name_ru ?? null, nameTr: form.name_tr ?? null,
    parentId: form.parent_id ?? null, customsId: form.customs_id ?? null, customsParentId: form.customs_parent_id ?? null,
    status: form.status ? 1 : 0,
  }),
};

// ---------------------------------------------------------------- shop names — spec §7 shop_names/*

const shopCountry = countryJoin(shopNames.countryId);
export const shopNameList: ResourceDef<z.infer<typeof ZShopNameListQuery>, z.infer<typeof ZShopNameForm>, z.infer<typeof ZShopNameEditForm>> = {
  entity: 'shop_name',
  partnerScope: sharedWithPartners,
  tags,
  table: shopNames,
  keys: [{ param: 'shop_name_id', column: shopNames.id }],
  deletedAt: shopNames.deletedAt,
  read: 'shop_names',
  columns: {
    id: shopNames.id, name: shopNames.name, country_id: shopNames.countryId, country_name: shopCountry.name,
    created_at: isoDate(shopNames.createdAt),
  },
  joins: [shopCountry.join],
  row: ZShopNameRow,
  list: {
    path: '/api/admin/shop_names',
    query: ZShopNameListQuery,
    lookupColumns: { id: shopNames.id, name: shopNames.name, country_id: shopNames.countryId },
    spec: () => spec({
      filters: { id: filters.equals(shopNames.id), name: filters.contains(shopNames.name), country_id: filters.equals(shopNames.countryId) },
      sorts: { id: shopNames.id, name: shopNames.name, country_id: shopNames.countryId, created_at: shopNames.createdAt },
      defaultSort: { column: 'name', order: 'asc' },
      tieBreaker: shopNames.id,
    }),
  },
  info: { path: '/api/admin/shop_names/info' },
  create: { path: '/api/admin/shop_names/create', form: ZShopNameForm },
  edit: { path: '/api/admin/shop_names/edit', form: ZShopNameEditForm },
  remove: { path: '/api/admin/shop_names/cancel' },
  check: async (form, { tx }) => checkRefs(tx, { country_id: countryRef(form.country_id) }),
  toValues: (form) => ({ name: form.name, countryId: form.country_id }),
};

// ---------------------------------------------------------------- branch partners (companies) — spec §7 companies/*

const companyState = statusJoin(MODEL.branches, companies.stateId);
export const companyList: ResourceDef<z.infer<typeof ZCompanyListQuery>, z.infer<typeof ZCompanyForm>, z.infer<typeof ZCompanyEditForm>> = {
  entity: 'company',
  // A partner reads the lookup of its own company only (platform/partner-scope.ts).
  partnerScope: (scope) => inCompany(scope, companies.id),
  tags,
  table: companies,
  keys: [{ param: 'company_id', column: companies.id }],
  deletedAt: companies.deletedAt,
  read: 'companies',
  columns: {
    id: companies.id, name: companies.name, descr: orEmpty(companies.descr), is_owner: flag01(companies.isOwner), contact: orEmpty(companies.contact),
    state_id: companies.stateId, state_name: orEmpty(companyState.name), created_at: isoDate(companies.createdAt),
  },
  joins: [companyState.join],
  row: ZCompanyRow,
  list: {
    path: '/api/admin/companies',
    query: ZCompanyListQuery,
    lookupColumns: { id: companies.id, name: companies.name },
    spec: () => spec({
      filters: { id: filters.equals(companies.id), name: filters.contains(companies.name), is_owner: filters.flag(companies.isOwner), state_id: filters.equals(companies.stateId) },
      sorts: { id: companies.id, name: companies.name, created_at: companies.createdAt },
      defaultSort: { column: 'id', order: 'asc' },
      tieBreaker: companies.id,
    }),
  },
  info: { path: '/api/admin/companies/info' },
  create: { path: '/api/admin/companies/create', form: ZCompanyForm, access: 'company_edit' },
  edit: { path: '/api/admin/companies/edit', form: ZCompanyEditForm, access: 'company_edit' },
  remove: { path: '/api/admin/companies/delete', method: 'GET', access: 'company_delete', countReferences: countBranchesOfCompany, refuseWhenReferenced: true },
  check: async (form, { tx }) => ((await statusExists(tx, MODEL.branches, form.state_id)) ? undefined : { state_id: [t.invalidReference] }),
  toValues: (form) => ({ name: form.name, descr: form.descr ?? null, isOwner: form.is_owner, contact: form.contact ?? null, stateId: form.state_id }),
};

// ---------------------------------------------------------------- countries — spec §3 Country, §7 countries/*

type CountryForm = z.infer<typeof ZCountryForm>;
const countryState = statusJoin(MODEL.branches, countries.stateId);
export const countryList: ResourceDef<z.infer<typeof ZCountryListQuery>, CountryForm, z.infer<typeof ZCountryEditForm>> = {
  entity: 'country',
  partnerScope: sharedWithPartners,
  tags,
  table: countries,
  keys: [{ param: 'country_id', column: countries.id }],
  deletedAt: countries.deletedAt,
  read: 'countries',
  columns: {
    // Wire format (issue 14): `name` beside `country_name`, flags 0/1, the minimum size a number.
    id: countries.id, country_name: countries.countryName, name: countries.countryName, abbr: orEmpty(countries.abbr), country_code: orEmpty(countries.countryCode),
    descr: orEmpty(countries.descr), min_size: sql<number>`coalesce(${countries.minSize}, 0)::float8`, currency: countries.currency, currency_type: countries.currencyType,
    // spec §3: LBS is the fallback on read
    unit: sql<string>`case when ${countries.unit} = 'KG' then 'KG' else 'LBS' end`,
    address: orEmpty(countries.address), address_heading: orEmpty(countries.addressHeading), carrier_company_name: orEmpty(countries.carrierCompanyName),
    carrier_company_phone: orEmpty(countries.carrierCompanyPhone), carrier_company_address: orEmpty(countries.carrierCompanyAddress),
    // Countries are switched on and off with the branch statuses (85 Aktiv, 86 Deaktiv); none set reads ''.
    state_id: countries.stateId, state_name: orEmpty(countryState.name),
    custom_fields: countries.customFields, box: flag01(countries.box), is_order: flag01(countries.isOrder),
    sms_confirmation: flag01(countries.smsConfirmation), zero_price: flag01(countries.zeroPrice), zero_send: flag01(countries.zeroSend),
    is_declaration: flag01(countries.isDeclaration), full_declaration: flag01(countries.fullDeclaration), has_warehouse: flag01(countries.hasWarehouse),
    created_at: isoDate(countries.createdAt),
  },
  joins: [countryState.join],
  row: ZCountryRow,
  list: {
    path: '/api/admin/countries',
    query: ZCountryListQuery,
    lookupColumns: { id: countries.id, country_name: countries.countryName, name: countries.countryName, currency_type: countries.currencyType },
    spec: () => spec({
      filters: { id: filters.equals(countries.id), country_name: filters.contains(countries.countryName), abbr: filters.startsWith(countries.abbr), unit: filters.equals(countries.unit) },
      sorts: { id: countries.id, country_name: countries.countryName, abbr: countries.abbr },
      defaultSort: { column: 'id', order: 'asc' },
      tieBreaker: countries.id,
    }),
  },
  info: { path: '/api/admin/countries/info' },
  create: { path: '/api/admin/countries/create', form: ZCountryForm, access: 'country_edit' },
  edit: { path: '/api/admin/countries/edit', form: ZCountryEditForm, access: 'country_edit' },
  remove: { path: '/api/admin/countries/cancel', access: 'country_edit', countReferences: countCountryReferences, refuseWhenReferenced: true },
  // Country ids are the spec's (1 Türkiyə, 2 Amerika): a new one takes the next free id.
  beforeInsert: async (values, { tx }) => ({ ...values, id: await nextCountryId(tx) }),
  toValues: (form) => ({
    countryName: form.country_name, abbr: form.abbr ?? null, countryCode: form.country_code ?? null, descr: form.descr ?? null,
    minSize: form.min_size ?? null, currency: form.currency, currencyType: form.currency_type, unit: form.unit, address: form.address ?? null,
    addressHeading: form.address_heading ?? null, carrierCompanyName: form.carrier_company_name ?? null,
    carrierCompanyPhone: form.carrier_company_phone ?? null, carrierCompanyAddress: form.carrier_company_address ?? null,
    stateId: form.state_id ?? null, customFields: form.custom_fields, box: form.box, isOrder: form.is_order,
    smsConfirmation: form.sms_confirmation, zeroPrice: form.zero_price, zeroSend: form.zero_send, isDeclaration: form.is_declaration,
    fullDeclaration: form.full_declaration, hasWarehouse: form.has_warehouse,
  }),
};

// ---------------------------------------------------------------- models (ids are the code's; a new model takes the next free one)

export const modelList: ResourceDef<z.infer<typeof ZModelListQuery>, z.infer<typeof ZModelForm>, z.infer<typeof ZModelEditForm>> = {
  entity: 'model',
  partnerScope: sharedWithPartners,
  tags,
  table: models,
  keys: [{ param: 'model_id', column: models.id }],
  read: 'models',
  columns: { id: models.id, name: models.name, sort: models.sort, description: models.description, descr: orEmpty(models.description), created_at: isoDate(models.createdAt) },
  row: ZModelRow,
  list: {
    path: '/api/admin/models/getlist',
    query: ZModelListQuery,
    lookupColumns: { id: models.id, name: models.name },
    spec: () => spec({
      filters: { id: filters.equals(models.id), name: filters.contains(models.name) },
      sorts: { id: models.id, name: models.name, sort: models.sort },
      defaultSort: { column: 'sort', order: 'asc' },
      tieBreaker: models.id,
    }),
  },
  info: { path: '/api/admin/models/info' },
  create: { path: '/api/admin/models/create', form: ZModelForm },
  edit: { path: '/api/admin/models/edit', form: ZModelEditForm },
  beforeInsert: async (values, { tx }) => ({ ...values, id: await nextModelId(tx) }),
  toValues: (form) => ({ name: form.name, sort: form.sort, description: form.description ?? null }),
};

// ---------------------------------------------------------------- regions (design fields)

const regionBranch = alias(branches, 'row_branch');
// A listed (not deleted) region is in service: it reads as the branch status 85 Aktiv.
const regionState = statusJoin(MODEL.branches, sql`${BRANCH_STATUS.active}::int`);
export const regionList: ResourceDef<z.infer<typeof ZRegionListQuery>, z.infer<typeof ZRegionForm>, z.infer<typeof ZRegionEditForm>> = {
  entity: 'region',
  partnerScope: sharedWithPartners,
  tags,
  table: regions,
  keys: [{ param: 'region_id', column: regions.id }],
  deletedAt: regions.deletedAt,
  read: 'regions',
  columns: {
    id: regions.id, name: regions.name, branch_id: regions.branchId, branch_name: orEmpty(regionBranch.name),
    price: sql<string>`${regions.courierPrice}::text`, courier_price: sql<string>`${regions.courierPrice}::text`,
    branch: sql<{ id: number; name: string }[]>`case when ${regionBranch.id} is null then '[]'::json
      else json_build_array(json_build_object('id', ${regionBranch.id}, 'name', ${regionBranch.name})) end`,
    state_id: sql<number>`${BRANCH_STATUS.active}::int`, state_name: orEmpty(regionState.name),
    sort: regions.sort, descr: orEmpty(regions.descr), created_at: isoDate(regions.createdAt),
  },
  joins: [{ table: regionBranch, on: eq(regionBranch.id, regions.branchId) }, regionState.join],
  row: ZRegionRow,
  list: {
    path: '/api/admin/regions/getlist',
    query: ZRegionListQuery,
    lookupColumns: { id: regions.id, name: regions.name },
    spec: () => spec({
      filters: { id: filters.equals(regions.id), name: filters.contains(regions.name), branch_id: filters.equals(regions.branchId) },
      sorts: { id: regions.id, name: regions.name, sort: regions.sort, courier_price: regions.courierPrice },
      defaultSort: { column: 'sort', order: 'asc' },
      tieBreaker: regions.id,
    }),
  },
  info: { path: '/api/admin/regions/getinfo' },
  create: { path: '/api/admin/regions/create', form: ZRegionForm },
  edit: { path: '/api/admin/regions/edit', form: ZRegionEditForm },
  remove: { path: '/api/admin/regions/cancel' },
  check: async (form, { tx }) => checkRefs(tx, { branch_id: branchRef(form.branch_id) }),
  toValues: (form) => ({ name: form.name, branchId: form.branch_id ?? null, courierPrice: form.courier_price, sort: form.sort, descr: form.descr ?? null }),
};

// ---------------------------------------------------------------- coupons (design fields; no delete call: editstatus)

const couponCountry = countryJoin(coupons.countryId);
export const couponList: ResourceDef<z.infer<typeof ZCouponListQuery>, z.infer<typeof ZCouponForm>, z.infer<typeof ZCouponEditForm>> = {
  entity: 'coupon',
  tags,
  table: coupons,
  keys: [{ param: 'coupon_id', column: coupons.id }],
  deletedAt: coupons.deletedAt,
  read: 'coupons',
  columns: {
    id: coupons.id, code: coupons.code, type: coupons.type, amount: sql<number>`${coupons.amount}::float8`, country_id: coupons.countryId,
    country_name: orEmpty(couponCountry.name), starts_at: coupons.startsAt, ends_at: coupons.endsAt, usage_limit: coupons.usageLimit,
    used_count: coupons.usedCount, is_active: coupons.isActive, descr: orEmpty(coupons.descr), created_at: isoDate(coupons.createdAt),
    tag: coupons.code, coupon_type: sql<string>`${coupons.type}::text`, count: sql<number>`coalesce(${coupons.usageLimit}, 0)`,
    periodFrom: sql<string | null>`${coupons.startsAt}::text`, periodTo: sql<string | null>`${coupons.endsAt}::text`,
  },
  joins: [couponCountry.join],
  row: ZCouponRow,
  list: {
    path: '/api/admin/coupons',
    query: ZCouponListQuery,
    spec: () => spec({
      filters: { id: filters.equals(coupons.id), code: filters.contains(coupons.code), country_id: filters.equals(coupons.countryId), is_active: filters.flag(coupons.isActive) },
      sorts: { id: coupons.id, code: coupons.code, amount: coupons.amount, ends_at: coupons.endsAt, created_at: coupons.createdAt },
      defaultSort: { column: 'id', order: 'desc' },
      tieBreaker: coupons.id,
    }),
  },
  info: { path: '/api/admin/coupons/info' },
  create: { path: '/api/admin/coupons/create', form: ZCouponForm },
  edit: { path: '/api/admin/coupons/edit', form: ZCouponEditForm },
  check: async (form, { tx, current }) => {
    const errors = await checkRefs(tx, { country_id: countryRef(form.country_id) });
    if (await isCouponCodeTaken(tx, form.code, current?.id as number | undefined)) errors.code = [t.duplicateCode];
    return errors;
  },
  toValues: (form) => ({
    code: form.code, type: form.type, amount: form.amount, countryId: form.country_id ?? null, startsAt: form.starts_at ?? null,
    endsAt: form.ends_at ?? null, usageLimit: form.usage_limit ?? null, isActive: form.is_active, descr: form.descr ?? null,
  }),
};

// ---------------------------------------------------------------- foreign cargo companies (design fields)

const cargoCountry = countryJoin(cargoes.countryId);
export const cargoList: ResourceDef<z.infer<typeof ZCargoListQuery>, z.infer<typeof ZCargoForm>, z.infer<typeof ZCargoEditForm>> = {
  entity: 'cargo',
  tags,
  table: cargoes,
  keys: [{ param: 'cargo_id', column: cargoes.id }],
  deletedAt: cargoes.deletedAt,
  read: 'foreign_cargoes',
  columns: {
    id: cargoes.id, cargo_name: cargoes.name, name: cargoes.name, country_id: cargoes.countryId, country_name: orEmpty(cargoCountry.name),
    phone: orEmpty(cargoes.phone), website: orEmpty(cargoes.website), tracking_url: orEmpty(cargoes.trackingUrl), is_active: cargoes.isActive,
    descr: orEmpty(cargoes.descr), created_at: isoDate(cargoes.createdAt),
  },
  joins: [cargoCountry.join],
  row: ZCargoRow,
  list: {
    path: '/api/admin/cargoes',
    query: ZCargoListQuery,
    spec: () => spec({
      filters: {
        id: filters.equals(cargoes.id), cargo_name: filters.contains(cargoes.name), name: filters.contains(cargoes.name),
        descr: filters.contains(cargoes.descr), country_id: filters.equals(cargoes.countryId), is_active: filters.flag(cargoes.isActive),
      },
      sorts: { id: cargoes.id, cargo_name: cargoes.name, name: cargoes.name, country_id: cargoes.countryId, created_at: cargoes.createdAt },
      defaultSort: { column: 'name', order: 'asc' },
      tieBreaker: cargoes.id,
    }),
  },
  info: { path: '/api/admin/cargoes/info' },
  create: { path: '/api/admin/cargoes/create', form: ZCargoForm },
  edit: { path: '/api/admin/cargoes/edit', form: ZCargoEditForm },
  remove: { path: '/api/admin/cargoes/cancel' },
  check: async (form, { tx }) => checkRefs(tx, { country_id: countryRef(form.country_id) }),
  toValues: (form) => ({
    name: form.cargo_name, countryId: form.country_id, phone: form.phone ?? null, website: form.website ?? null,
    trackingUrl: form.tracking_url ?? null, isActive: form.is_active, descr: form.descr ?? null,
  }),
};

// ---------------------------------------------------------------- refunds (returns; design fields)

async function checkRefund(form: z.infer<typeof ZRefundForm>, { tx, current }: ResourceContext): Promise<Errors> {
  const errors: Errors = await checkRefs(tx, {
    return_reason_id: { id: form.return_reason_id, table: returnReasons, column: returnReasons.id, deletedAt: returnReasons.deletedAt },
  });
  if (!(await userExists(tx, form.user_id))) errors.user_id = [t.invalidReference];
  if (form.declaration_id !== undefined && !(await declarationExists(tx, form.declaration_id))) errors.declaration_id = [t.invalidReference];
  // A decided refund is not edited any more (its money has moved or was refused).
  if (current && current.stateId !== REFUND_STATUS.pending) errors.return_id = [az.errors.forbidden];
  return errors;
}

const refundUser = alias(users, 'row_user');
const refundCauser = alias(users, 'row_causer');
const refundDeclaration = alias(declarations, 'row_declaration');
const refundReason = alias(returnReasons, 'row_reason');
const refundState = statusJoin(MODEL.returns, refunds.stateId);
export const refundList: ResourceDef<z.infer<typeof ZRefundListQuery>, z.infer<typeof ZRefundForm>, z.infer<typeof ZRefundEditForm>> = {
  entity: 'refund',
  tags,
  table: refunds,
  keys: [{ param: 'return_id', column: refunds.id }],
  deletedAt: refunds.deletedAt,
  read: 'returns',
  columns: {
    id: refunds.id, user_id: refunds.userId, user_name: orEmpty(fullName(refundUser.name, refundUser.surname)), declaration_id: refunds.declarationId,
    track_code: orEmpty(refundDeclaration.trackCode), return_reason_id: refunds.returnReasonId, return_reason_name: orEmpty(refundReason.name),
    amount: sql<string>`${refunds.amount}::text`, currency: refunds.currency, state_id: refunds.stateId, state_name: orEmpty(refundState.name),
    descr: orEmpty(refunds.descr), causer_name: orEmpty(fullName(refundCauser.name, refundCauser.surname)), created_at: isoDate(refunds.createdAt),
  },
  joins: [
    { table: refundUser, on: eq(refundUser.id, refunds.userId) }, { table: refundDeclaration, on: eq(refundDeclaration.id, refunds.declarationId) },
    { table: refundReason, on: eq(refundReason.id, refunds.returnReasonId) }, refundState.join,
    { table: refundCauser, on: eq(refundCauser.id, refunds.causerId) },
  ],
  row: ZRefundRow,
  list: {
    path: '/api/admin/returns',
    query: ZRefundListQuery,
    spec: () => spec({
      filters: {
        id: filters.equals(refunds.id), user_id: filters.equals(refunds.userId), declaration_id: filters.equals(refunds.declarationId),
        state_id: filters.equals(refunds.stateId), currency: filters.equals(refunds.currency),
      },
      sorts: { id: refunds.id, amount: refunds.amount, created_at: refunds.createdAt, state_id: refunds.stateId },
      defaultSort: { column: 'id', order: 'desc' },
      tieBreaker: refunds.id,
    }),
  },
  info: { path: '/api/admin/returns/info' },
  create: { path: '/api/admin/returns/create', form: ZRefundForm },
  edit: { path: '/api/admin/returns/edit', form: ZRefundEditForm },
  remove: { path: '/api/admin/returns/cancel' },
  check: (form, ctx) => checkRefund(form, ctx),
  beforeInsert: (values, { viewer }) => ({ ...values, stateId: REFUND_STATUS.pending, causerId: viewer.id }),
  toValues: (form) => ({
    userId: form.user_id, declarationId: form.declaration_id ?? null, returnReasonId: form.return_reason_id ?? null,
    amount: form.amount, currency: form.currency, descr: form.descr ?? null,
  }),
};

// ---------------------------------------------------------------- cashbacks (read; state changes in routes.ts)

const cashbackUser = alias(users, 'row_user');
const cashbackState = statusJoin(MODEL.transactions, cashbacks.stateId);
export const cashbackList: ResourceDef<z.infer<typeof ZCashbackListQuery>, Form> = {
  entity: 'cashback',
  tags,
  table: cashbacks,
  keys: [{ param: 'cashback_id', column: cashbacks.id }],
  deletedAt: cashbacks.deletedAt,
  read: 'cashback',
  columns: {
    id: cashbacks.id, user_id: cashbacks.userId, user_name: orEmpty(fullName(cashbackUser.name, cashbackUser.surname)), declaration_id: cashbacks.declarationId,
    amount: sql<string>`${cashbacks.amount}::text`, cashback: sql<number>`${cashbacks.amount}::float8`, percent: sql<string>`${cashbacks.percent}::text`,
    state_id: cashbacks.stateId, state_name: orEmpty(cashbackState.name), descr: orEmpty(cashbacks.descr), created_at: isoDate(cashbacks.createdAt),
  },
  joins: [{ table: cashbackUser, on: eq(cashbackUser.id, cashbacks.userId) }, cashbackState.join],
  row: ZCashbackRow,
  list: {
    path: '/api/admin/cashbacks',
    query: ZCashbackListQuery,
    spec: () => spec({
      filters: {
        id: filters.equals(cashbacks.id), user_id: filters.equals(cashbacks.userId), declaration_id: filters.equals(cashbacks.declarationId),
        state_id: filters.equals(cashbacks.stateId),
      },
      sorts: { id: cashbacks.id, amount: cashbacks.amount, created_at: cashbacks.createdAt },
      defaultSort: { column: 'id', order: 'desc' },
      tieBreaker: cashbacks.id,
    }),
  },
  info: { path: '/api/admin/cashbacks/info' },
  toValues: () => ({}),
};

export const CASHBACK_STATES: readonly number[] = Object.values(CASHBACK_STATUS);
export const REFUND_STATES: readonly number[] = Object.values(REFUND_STATUS);
