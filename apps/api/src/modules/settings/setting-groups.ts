import { MODEL } from '@app/contract/models';
import {
  SETTING_GROUP_KEY_FIELD, SETTING_GROUP_SCHEMAS, ZSettingGroupId, settingFormFromWire, settingGroupToWire, settingWireName, type SettingGroupId,
  type SettingOption,
  type SettingsDataReply,
} from '@app/contract/settings';
import { az } from '@app/contract/texts/az';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { AppError, invalid } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import {
  findBranchContactOptions, findCashRegisterOptions, findCountryOptions, findExistingCashRegisters, findSettingGroupRows,
  findStatusOptions, hasStatus, upsertSettingValues,
} from './setting-group-queries';

/** What the office form of a group picks from (office=1). */
async function listGroupOptions(db: DbOrTx, groupId: SettingGroupId): Promise<Record<string, SettingOption[]>> {
  switch (groupId) {
    case 'cashflow':
      return {
        cashboxes: (await findCashRegisterOptions(db)).map((c) => ({ id: c.id, name: c.currency_code ? `${c.name} (${c.currency_code})` : c.name })),
      };
    case 'warehouse':
      return { countries: await findCountryOptions(db) };
    case 'contact':
      return { branches: await findBranchContactOptions(db) };
    case 'others':
      return {
        declarationStatuses: await findStatusOptions(db, MODEL.declarations),
        orderStatuses: await findStatusOptions(db, MODEL.orders),
        courierStatuses: await findStatusOptions(db, MODEL.couriers),
      };
    default:
      return {};
  }
}

async function readGroupValues(db: DbOrTx, groupId: SettingGroupId): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  for (const row of await findSettingGroupRows(db, groupId)) data[row.key] = row.value;
  return data;
}

/**
 * GET /api/admin/settings/data: one group's values in the wire names (contract `settingGroupToWire`);
 * the per-country warehouse addresses and per-branch contacts as an array of entries with `id`. With
 * office=1 the reply also carries the options the office form picks from.
 */
export async function readSettingGroup(db: Db, groupId: SettingGroupId, isOffice: boolean): Promise<SettingsDataReply> {
  const data = settingGroupToWire(groupId, await readGroupValues(db, groupId));
  return isOffice ? { data, options: await listGroupOptions(db, groupId) } : { data };
}

/** References a group names must exist: cash registers, default statuses, the country or branch. */
async function checkGroupReferences(db: DbOrTx, groupId: SettingGroupId, values: Record<string, unknown>): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (groupId === 'cashflow') {
    const ids = [values.cashboxId, values.terminalCashboxId] as number[];
    const existing = await findExistingCashRegisters(db, ids);
    for (const field of ['cashboxId', 'terminalCashboxId']) {
      const id = values[field] as number;
      if (!existing.has(id)) errors[field] = [az.settingsUi.unknownCashbox];
      // The handover credits these registers in manat (DOMAIN §5): a USD register would refuse every payment.
      else if (existing.get(id) !== 'AZN') errors[field] = [az.settingsUi.cashboxNotAzn];
    }
  }
  if (groupId === 'others') {
    const checks: [string, number][] = [['declarationStatus', MODEL.declarations], ['orderStatus', MODEL.orders], ['courierStatus', MODEL.couriers]];
    for (const [field, modelId] of checks) {
      const id = values[field] as number | null;
      if (id !== null && !(await hasStatus(db, modelId, id))) errors[field] = [az.settingsUi.unknownStatus];
    }
  }
  if (groupId === 'warehouse' && !(await findCountryOptions(db)).some((c) => c.id === values.country_id)) {
    errors.country_id = [az.settingsUi.unknownCountry];
  }
  if (groupId === 'contact' && !(await findBranchContactOptions(db)).some((b) => b.id === values.branch_id)) {
    errors.branch_id = [az.settingsUi.unknownBranch];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The group from the query (email, trendyol) or the form (the others, spec §7). */
export function pickGroupId(query: { group_id?: string }, body: unknown): SettingGroupId {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).group_id : undefined;
  const parsed = ZSettingGroupId.safeParse(query.group_id ?? fromBody);
  if (!parsed.success) throw invalid({ group_id: [query.group_id ?? fromBody ? az.errors.invalidInput : az.errors.required] });
  return parsed.data;
}

/**
 * POST /api/admin/settings/data: validates the group's form with its contract schema (422 with
 * field errors, nothing saved), checks what it refers to, then replaces the group's values (or one
 * country's / branch's entry) in one transaction with an audit entry of what changed.
 */
export async function saveSettingGroup(db: Db, user: RequestUser, groupId: SettingGroupId, body: unknown): Promise<SettingsDataReply & { message: string }> {
  const { group_id: _groupId, ...form } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  // Clients send the wire names (weight_price…), older forms the stored ones: both are read, and the
  // field errors come back under the name the form used.
  let values: Record<string, unknown>;
  try {
    values = parseOrThrow(SETTING_GROUP_SCHEMAS[groupId] as never, settingFormFromWire(groupId, form)) as Record<string, unknown>;
    await checkGroupReferences(db, groupId, values);
  } catch (error) {
    if (!(error instanceof AppError) || !error.errors) throw error;
    const nameOf = (key: string) => (settingWireName(groupId, key) in form ? settingWireName(groupId, key) : key);
    throw invalid(Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [nameOf(key), messages])));
  }
  const keyField = SETTING_GROUP_KEY_FIELD[groupId];
  let next: Record<string, unknown> = values;
  if (keyField) {
    const { [keyField]: id, ...entry } = values;
    next = { [String(id)]: entry };
  }
  await db.transaction(async (tx) => {
    const current = await readGroupValues(tx, groupId);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(next)) {
      if (JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null)) changes[key] = { from: current[key] ?? null, to: value };
    }
    if (!Object.keys(changes).length) return;
    await upsertSettingValues(tx, groupId, Object.fromEntries(Object.keys(changes).map((k) => [k, next[k]])));
    await recordAudit(tx, { userId: user.id, action: 'settings.save', entity: 'settings', entityId: groupId, changes });
  });
  return { data: settingGroupToWire(groupId, await readGroupValues(db, groupId)), message: az.settingsUi.saved };
}
