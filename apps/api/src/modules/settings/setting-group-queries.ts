import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cashRegisters } from '../../db/schema/money';
import { branches, countries, currencies, settings, statuses } from '../../db/schema/settings';

/** A group's values (JSON text parsed here: drizzle's jsonb reader would turn the string '0.50' into 0.5). */
export function findSettingGroupRows(db: DbOrTx, groupId: string) {
  return db.select({ key: settings.key, json: sql<string | null>`${settings.value}::text` }).from(settings)
    .where(eq(settings.groupId, groupId)).orderBy(asc(settings.key))
    .then((rows) => rows.map((r) => ({ key: r.key, value: r.json === null ? null : (JSON.parse(r.json) as unknown) })));
}

/** Inserts or replaces one value per key of a group. */
export async function upsertSettingValues(db: DbOrTx, groupId: string, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ groupId, key, value: value ?? null }));
  if (!rows.length) return;
  await db.insert(settings).values(rows).onConflictDoUpdate({
    target: [settings.groupId, settings.key],
    set: { value: sql`excluded.value`, updatedAt: sql`now()` },
  });
}

export function findCashRegisterOptions(db: DbOrTx) {
  return db.select({ id: cashRegisters.id, name: cashRegisters.name, currency_code: currencies.currencyCode })
    .from(cashRegisters).leftJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(isNull(cashRegisters.deletedAt)).orderBy(asc(cashRegisters.id));
}

/** The named registers that exist, with their currency code. */
export function findExistingCashRegisters(db: DbOrTx, ids: number[]) {
  return db.select({ id: cashRegisters.id, currencyCode: currencies.currencyCode }).from(cashRegisters)
    .leftJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(and(inArray(cashRegisters.id, ids), isNull(cashRegisters.deletedAt)))
    .then((rows) => new Map(rows.map((r) => [r.id, r.currencyCode])));
}

export function findCountryOptions(db: DbOrTx) {
  return db.select({ id: countries.id, name: countries.countryName }).from(countries).orderBy(asc(countries.id));
}

export function findBranchContactOptions(db: DbOrTx) {
  return db.select({ id: branches.id, name: branches.name }).from(branches).where(isNull(branches.deletedAt)).orderBy(asc(branches.id));
}

export function findStatusOptions(db: DbOrTx, modelId: number) {
  return db.select({ id: statuses.id, name: statuses.name }).from(statuses)
    .where(eq(statuses.modelId, modelId)).orderBy(asc(statuses.sort), asc(statuses.id));
}

export function hasStatus(db: DbOrTx, modelId: number, id: number) {
  return db.select({ id: statuses.id }).from(statuses).where(and(eq(statuses.modelId, modelId), eq(statuses.id, id)))
    .then((rows) => rows.length > 0);
}
