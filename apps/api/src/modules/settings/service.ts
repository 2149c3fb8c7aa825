import { manualTargetsFrom } from '@app/contract/declaration-workflow';
import { MODEL } from '@app/contract/models';
import type { Db } from '../../db/client';
import type { ClientSettingsReply, ClientSettingsWarehouse } from '@app/contract/auth';
import {
  findBranchOptions, findProductTypeOptions, findSettings, findSettingsCountries, findShopNameOptions, findStatusesOfModel,
  findTariffCategoryOptions,
} from './queries';

/** Server-only settings (the JWT secret, the demo marker): never sent to a browser. */
const INTERNAL_GROUPS: ReadonlySet<string> = new Set(['system']);

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** The "warehouse" group (one address per country id) as the list clients read (issue 14). */
function warehouseList(group: Record<string, unknown> | undefined, countryNames: Map<number, string>): ClientSettingsWarehouse[] {
  return Object.entries(group ?? {})
    .filter(([id, value]) => Number.isInteger(Number(id)) && value !== null && typeof value === 'object')
    .map(([id, value]) => {
      const w = value as Record<string, unknown>;
      return {
        country_id: Number(id),
        country_name: countryNames.get(Number(id)) ?? text(w.country),
        address_heading: text(w.addressHeading),
        address: text(w.address),
        district: text(w.district),
        city: text(w.city),
        province: text(w.province),
        postal_code: text(w.postalCode),
        country: text(w.country),
        phone: text(w.phone),
        passport_identity: text(w.passportIdentity),
      };
    })
    .sort((a, b) => a.country_id - b.country_id);
}

/**
 * Global settings (issue 14: `countries[]`, `working_hours`, `warehouses[]` as real clients read
 * them) and the setting groups as `{ group: { key: value } }` (spec §3 "Settings groups").
 */
export async function readClientSettings(db: Db): Promise<ClientSettingsReply> {
  const [rows, countries] = await Promise.all([findSettings(db), findSettingsCountries(db)]);
  const groups: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    if (INTERNAL_GROUPS.has(row.groupId)) continue; // never the JWT secret or seed markers
    (groups[row.groupId] ??= {})[row.key] = row.value;
  }
  const workingHours = groups.global?.workingHours;
  return {
    data: {
      ...groups,
      countries,
      working_hours: typeof workingHours === 'string' ? workingHours : null,
      warehouses: warehouseList(groups.warehouse, new Map(countries.map((c) => [c.id, c.name]))),
    },
  };
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
