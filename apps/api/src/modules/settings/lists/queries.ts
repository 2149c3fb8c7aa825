import { STANDARD_CATEGORY_ID, type TariffStatsRow } from '@app/contract/settings-lists';
import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { declarations } from '../../../db/schema/declarations';
import { users } from '../../../db/schema/users';
import {
  branches, countries, models, productTypes, shopNames, statuses, tariffs,
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

/** Status ids are unique within a model; a new one is taken above every model's, so it is unique by itself. */
export async function nextStatusId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${statuses.id}), 0)::int + 1` }).from(statuses);
  return row?.n ?? 1;
}

/** Model ids are the code's (MODEL); a new model takes the next free one. */
export async function nextModelId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${models.id}), 0)::int + 1` }).from(models);
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

export interface TariffStatsFilter {
  from?: string;
  to?: string;
  stateId?: number;
  payed?: boolean;
}

const isDay = (v: string) => v.length === 10;

/**
 * Parcels per tariff band within the period (tariff/stats): every live band, and a deleted one while
 * parcels of the period use it. A parcel counts for the band that priced it (tariff_id); one without
 * (priced before bands were stored) for the band the pricing rule gives it today: its country, type
 * and category (else the standard one), the highest band holding its weight. A bare day bounds the
 * whole day in the office time zone.
 */
export async function findTariffStats(db: DbOrTx, filter: TariffStatsFilter, timeZone: string): Promise<TariffStatsRow[]> {
  const conditions: SQL[] = [sql`d.deleted_at is null`];
  if (filter.from) conditions.push(sql`d.created_at >= (${filter.from}::timestamp at time zone ${timeZone})`);
  if (filter.to) {
    conditions.push(isDay(filter.to)
      ? sql`d.created_at < ((${filter.to}::date + 1)::timestamp at time zone ${timeZone})`
      : sql`d.created_at <= (${filter.to}::timestamp at time zone ${timeZone})`);
  }
  if (filter.stateId !== undefined) conditions.push(sql`d.status_id = ${filter.stateId}`);
  if (filter.payed !== undefined) conditions.push(sql`d.payed = ${filter.payed}`);
  const result = await db.execute<TariffStatsRow>(sql`
    with used as (
      select coalesce(d.tariff_id, band.id) as tariff_id, count(*)::int as n,
             round(coalesce(sum(d.weight), 0), 2)::float8 as weight, round(coalesce(sum(d.delivery_price), 0), 2)::float8 as delivery_price
      from declarations d
      left join lateral (
        select t.id from tariffs t
        where d.tariff_id is null and d.weight is not null and t.deleted_at is null
          and t.country_id = d.country_id and t.type = d.type and t.category_id in (coalesce(d.plan_category_id, ${STANDARD_CATEGORY_ID}), ${STANDARD_CATEGORY_ID})
          and (t.weight_from < d.weight or t.weight_from = 0) and (t.weight_to is null or d.weight <= t.weight_to)
        order by (t.category_id = coalesce(d.plan_category_id, ${STANDARD_CATEGORY_ID})) desc, t.weight_from desc
        limit 1
      ) band on true
      where ${and(...conditions)} and coalesce(d.tariff_id, band.id) is not null
      group by 1
    )
    select t.id, coalesce(u.n, 0)::int as total_declaration, coalesce(u.weight, 0)::float8 as total_weight,
           coalesce(u.delivery_price, 0)::float8 as total_delivery_price,
           -- clients read the band as text; an open upper bound is ''
           json_build_object('from_weight', t.weight_from::text, 'to_weight', coalesce(t.weight_to::text, ''),
                             'price', t.price::text, 'type', t.type::text) as tariff,
           t.country_id, coalesce(c.country_name, '') as country_name, t.category_id as tariff_category_id, coalesce(tc.name, '') as tariff_category_name
    from tariffs t
    left join used u on u.tariff_id = t.id
    left join countries c on c.id = t.country_id
    left join tariff_categories tc on tc.id = t.category_id
    where t.deleted_at is null or u.tariff_id is not null
    order by t.country_id, t.type, t.category_id, t.weight_from, t.id`);
  return result.rows.map((r) => ({
    ...r, id: Number(r.id), total_declaration: Number(r.total_declaration), total_weight: Number(r.total_weight),
    total_delivery_price: Number(r.total_delivery_price), country_id: Number(r.country_id),
    tariff_category_id: r.tariff_category_id === null ? null : Number(r.tariff_category_id),
  }));
}
