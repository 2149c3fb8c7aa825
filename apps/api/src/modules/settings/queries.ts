import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, countries, productTypes, settings, shopNames, statuses, tariffCategories } from '../../db/schema/settings';

/**
 * Setting values as stored. Read as JSON text and parsed here: drizzle's jsonb reader parses a
 * JSON string value a second time, so '0.50' would arrive as the number 0.5.
 */
export function findSettings(db: DbOrTx) {
  return db.select({ groupId: settings.groupId, key: settings.key, json: sql<string | null>`${settings.value}::text` }).from(settings)
    .then((rows) => rows.map((r) => ({ groupId: r.groupId, key: r.key, value: r.json === null ? null : (JSON.parse(r.json) as unknown) })));
}

/** Countries as GET /api/client/settings sends them (`countries[]`: id, abbr, name, unit). */
export function findSettingsCountries(db: DbOrTx) {
  return db
    .select({ id: countries.id, abbr: sql<string>`coalesce(${countries.abbr}, '')`, name: countries.countryName, unit: countries.unit })
    .from(countries)
    .where(isNull(countries.deletedAt))
    .orderBy(asc(countries.id));
}

export function findStatusesOfModel(db: DbOrTx, modelId: number) {
  return db
    .select({ id: statuses.id, name: statuses.name, name_en: statuses.nameEn, model_id: statuses.modelId, sort: statuses.sort, freely: sql<0 | 1>`(${statuses.freely})::int` })
    .from(statuses)
    .where(eq(statuses.modelId, modelId))
    .orderBy(asc(statuses.sort), asc(statuses.id));
}

export function findProductTypeOptions(db: DbOrTx) {
  return db.select({ id: productTypes.id, name: productTypes.nameAz, parent_id: productTypes.parentId })
    .from(productTypes).orderBy(asc(productTypes.nameAz));
}

export function findBranchOptions(db: DbOrTx) {
  return db.select({ id: branches.id, name: branches.name, company_id: branches.companyId })
    .from(branches).where(and(isNull(branches.deletedAt))).orderBy(asc(branches.name));
}

export function findShopNameOptions(db: DbOrTx) {
  return db.select({ id: shopNames.id, name: shopNames.name, country_id: shopNames.countryId })
    .from(shopNames).orderBy(asc(shopNames.name));
}

export function findTariffCategoryOptions(db: DbOrTx) {
  return db.select({ id: tariffCategories.id, name: tariffCategories.name, country_id: tariffCategories.countryId, descr: tariffCategories.descr })
    .from(tariffCategories).orderBy(asc(tariffCategories.id));
}
