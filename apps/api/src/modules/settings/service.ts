import { manualTargetsFrom } from '@app/contract/declaration-workflow';
import { MODEL } from '@app/contract/models';
import type { Db } from '../../db/client';
import {
  findBranchOptions, findProductTypeOptions, findSettings, findShopNameOptions, findStatusesOfModel, findTariffCategoryOptions,
} from './queries';

/** Server-only settings (the JWT secret, the demo marker): never sent to a browser. */
const INTERNAL_GROUPS: ReadonlySet<string> = new Set(['system']);

/** Global settings and setting groups, as `{ group: { key: value } }` (spec §3 "Settings groups"). */
export async function readClientSettings(db: Db) {
  const rows = await findSettings(db);
  const data: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    if (INTERNAL_GROUPS.has(row.groupId)) continue; // never the JWT secret or seed markers
    (data[row.groupId] ??= {})[row.key] = row.value;
  }
  return { data };
}

/**
 * Statuses of one model. Declaration statuses (model 2) also say which targets a manual status
 * change may set from each (`manual_targets`, issue 13 item 2): the web's status menus read it.
 */
export async function listStatusesOfModel(db: Db, modelId: number) {
  const rows = await findStatusesOfModel(db, modelId);
  const data = modelId === MODEL.declarations ? rows.map((r) => ({ ...r, manual_targets: [...manualTargetsFrom(r.id)] })) : rows;
  return { data, total: data.length };
}

export async function listProductTypeOptions(db: Db) {
  const data = await findProductTypeOptions(db);
  return { data, total: data.length };
}

export async function listBranchOptions(db: Db) {
  const data = await findBranchOptions(db);
  return { data, total: data.length };
}

export async function listShopNameOptions(db: Db) {
  const data = await findShopNameOptions(db);
  return { data, total: data.length };
}

export async function listTariffCategoryOptions(db: Db) {
  const data = await findTariffCategoryOptions(db);
  return { data, total: data.length };
}
