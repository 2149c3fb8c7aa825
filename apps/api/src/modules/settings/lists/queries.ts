import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { declarations } from '../../../db/schema/declarations';
import { users } from '../../../db/schema/users';
import {
  branches, countries, productTypes, shopNames, statuses, tariffs,
} from '../../../db/schema/settings';
import { statusHistory } from '../../../db/schema/platform';
import { cargoes, cashbacks, coupons, refunds, returnTypes } from '../../../db/schema/settings-lists';

/** SQL of the reference lists: reference counts, existence checks (row names come from the definitions' joins). */

/**
 * A timestamp as the wire format writes dates (issue 14): `YYYY-MM-DD HH:mm:ss` in the office time
 * zone (APP_TIMEZONE; the list definitions are static, so it is read from the environment).
 */
export const isoDate = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone ${process.env.APP_TIMEZONE || 'Asia/Baku'}, 'YYYY-MM-DD HH24:MI:SS')`;

async function countWhere(db: DbOrTx, table: PgTable, condition: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(condition);
  return row?.n ?? 0;
}

/** Whether a live (not soft-deleted) row with this id exists. */
export async function existsRow(db: DbOrTx, table: PgTable, idColumn: PgColumn, id: number, deletedAt?: PgColumn): Promise<boolean> {
  return (await countWhere(db, table, and(eq(idColumn, id), deletedAt ? isNull(deletedAt) : undefined))) > 0;
}

export const countTariffsOfCategory = (db: DbOrTx, id: number) =>
  countWhere(db, tariffs, and(eq(tariffs.categoryId, id), isNull(tariffs.deletedAt)));
export const countBranchesOfCompany = (db: DbOrTx, id: number) =>
  countWhere(db, branches, and(eq(branches.companyId, id), isNull(branches.deletedAt)));
export const countTypesOfReason = (db: DbOrTx, id: number) =>
  countWhere(db, returnTypes, and(eq(returnTypes.returnReasonId, id), isNull(returnTypes.deletedAt)));
export const countChildProductTypes = (db: DbOrTx, id: number) =>
  countWhere(db, productTypes, and(eq(productTypes.parentId, id), isNull(productTypes.deletedAt)));
export const countChildBranches = (db: DbOrTx, id: number) =>
  countWhere(db, branches, and(eq(branches.parentId, id), isNull(branches.deletedAt)));
/**
 * What still refers to a country (tariffs, shops, cargoes, any parcel), in one statement: it is
 * called inside the delete's transaction, where several queries at once on one connection are
 * deprecated in pg (and removed in pg 9).
 */
export async function countCountryReferences(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({
    n: sql<number>`(
      (select count(*) from ${tariffs} where ${tariffs.countryId} = ${id} and ${tariffs.deletedAt} is null)
      + (select count(*) from ${shopNames} where ${shopNames.countryId} = ${id} and ${shopNames.deletedAt} is null)
      + (select count(*) from ${cargoes} where ${cargoes.countryId} = ${id} and ${cargoes.deletedAt} is null)
      + (select count(*) from (select 1 from ${declarations} where ${declarations.countryId} = ${id} limit 1) d)
    )::int`,
  }).from(sql`(select 1) as one`);
  return Number(row?.n ?? 0);
}

export async function nextCountryId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${countries.id}), 0)::int + 1` }).from(countries);
  return row?.n ?? 1;
}

export async function statusExists(db: DbOrTx, modelId: number, id: number): Promise<boolean> {
  return (await countWhere(db, statuses, and(eq(statuses.modelId, modelId), eq(statuses.id, id)))) > 0;
}

export async function isCouponCodeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: coupons.id }).from(coupons)
    .where(and(sql`upper(${coupons.code}) = ${code.toUpperCase()}`, isNull(coupons.deletedAt))).limit(2);
  return rows.some((r) => r.id !== exceptId);
}

export function userExists(db: DbOrTx, id: number) {
  return existsRow(db, users, users.id, id);
}
export function declarationExists(db: DbOrTx, id: number) {
  return existsRow(db, declarations, declarations.id, id);
}

/** Locks a refund or cashback row and returns its state (undefined when missing or deleted). */
export async function lockStateOf(db: DbOrTx, table: 'refunds' | 'cashbacks', id: number): Promise<number | undefined> {
  const t = table === 'refunds' ? refunds : cashbacks;
  const [row] = await db.select({ stateId: t.stateId }).from(t).where(and(eq(t.id, id), isNull(t.deletedAt))).limit(1).for('update');
  return row?.stateId;
}

export async function setStateOf(db: DbOrTx, table: 'refunds' | 'cashbacks', id: number, stateId: number): Promise<void> {
  const t = table === 'refunds' ? refunds : cashbacks;
  await db.update(t).set({ stateId }).where(eq(t.id, id));
}

export async function insertStatusHistory(
  db: DbOrTx, entry: { modelId: number; objectId: number; fromStateId: number | null; stateId: number; userId: number },
): Promise<void> {
  await db.insert(statusHistory).values(entry);
}

export async function lockCoupon(db: DbOrTx, id: number): Promise<{ isActive: boolean } | undefined> {
  const [row] = await db.select({ isActive: coupons.isActive }).from(coupons).where(and(eq(coupons.id, id), isNull(coupons.deletedAt))).limit(1).for('update');
  return row;
}

export async function setCouponActive(db: DbOrTx, id: number, isActive: boolean): Promise<void> {
  await db.update(coupons).set({ isActive }).where(eq(coupons.id, id));
}
