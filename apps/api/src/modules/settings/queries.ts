import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, productTypes, settings, shopNames, statuses, tariffCategories } from '../../db/schema/settings';

export function findSettings(db: DbOrTx) {
  return db.select({ groupId: settings.groupId, key: settings.key, value: settings.value }).from(settings);
}

export function findStatusesOfModel(db: DbOrTx, modelId: number) {
  return db
    .select({ id: statuses.id, name: statuses.name, name_en: statuses.nameEn, model_id: statuses.modelId, sort: statuses.sort, freely: statuses.freely })
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
