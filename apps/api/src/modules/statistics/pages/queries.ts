import type { DeclarationListRow } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { declarations as d } from '../../../db/schema/declarations';
import { balanceOperations as b } from '../../../db/schema/money';
import { branches, statuses, tariffCategories } from '../../../db/schema/settings';
import { statBalanceDaily as bs, statDeclarationsDaily as ds } from '../../../db/schema/statistics';
import { declarationPaymentStatsDaily as ps } from '../../../db/schema/statistics-pages';
import { declarationListSpec, declarationRows, rowKey } from '../../declarations/lists/queries';

/*
 * SQL of the statistics pages. Figures come from the rollups kept by the database, one per source
 * table: stat_declarations_daily and stat_balance_daily (db/schema/statistics.ts,
 * migration 0012 (from migrations-extra/20-statistics.sql), shared with the landing) and declaration_payment_stats_daily
 * (db/schema/statistics-pages.ts, migration 0012), whose days are Asia/Baku office days.
 * With another APP_TIMEZONE the same figures are summed from the source rows instead (correct,
 * slower), so a page never mixes two definitions of a day.
 */

/** The time zone the rollups' days are kept in (the triggers' constant). */
export const ROLLUP_TIME_ZONE = 'Asia/Baku';

const intArray = (ids: readonly number[]) => sql`${sql.param(`{${ids.join(',')}}`)}::int[]`;

/** Whose parcels: everybody's, one partner company's, or every partner company's. */
export type CompanyFilter = { kind: 'all' } | { kind: 'company'; companyId: number } | { kind: 'partners' };

export interface DeclarationStatsFilter {
  from: string;
  to: string;
  states?: readonly number[];
  branches?: readonly number[];
  /** one plan category (0: none) */
  planCategoryId?: number;
  company: CompanyFilter;
}

/** The groupings a page asks for: per day, status, branch, branch × status, plan category, and the total. */
export type DeclarationStatsSet = 'day' | 'state' | 'branch' | 'cell' | 'plan' | 'total';

export interface DeclarationStatsRow {
  set: DeclarationStatsSet;
  day: string | null;
  statusId: number | null;
  branchId: number | null;
  planCategoryId: number | null;
  count: number;
  price: string;
  deliveryPrice: string;
}

const SET_GROUPED: Record<DeclarationStatsSet, readonly string[]> = {
  day: ['day'], state: ['status_id'], branch: ['branch_id'], cell: ['branch_id', 'status_id'], plan: ['plan_category_id'], total: [],
};
const SET_COLUMNS: Record<DeclarationStatsSet, SQL> = {
  day: sql`(day)`, state: sql`(status_id)`, branch: sql`(branch_id)`, cell: sql`(branch_id, status_id)`, plan: sql`(plan_category_id)`, total: sql`()`,
};

/**
 * The filter's figures in one query, summed by the database in the groupings asked for (GROUPING
 * SETS): a year is a few hundred rows back, not the tens of thousands of rollup rows it reads.
 */
export async function sumDeclarationStats(db: DbOrTx, f: DeclarationStatsFilter, timeZone: string, sets: readonly DeclarationStatsSet[]): Promise<DeclarationStatsRow[]> {
  const conditions: SQL[] = [];
  let source: SQL;
  if (timeZone === ROLLUP_TIME_ZONE) {
    conditions.push(sql`${ds.day} between ${f.from}::date and ${f.to}::date`);
    if (f.states?.length) conditions.push(sql`${ds.statusId} = any(${intArray(f.states)})`);
    if (f.branches?.length) conditions.push(sql`${ds.branchId} = any(${intArray(f.branches)})`);
    if (f.planCategoryId !== undefined) conditions.push(sql`${ds.planCategoryId} = ${f.planCategoryId}`);
    if (f.company.kind === 'company') conditions.push(sql`${ds.partnerId} = ${f.company.companyId}`);
    if (f.company.kind === 'partners') conditions.push(sql`${ds.partnerId} <> 0`);
    source = sql`select ${ds.day} as day, ${ds.statusId} as status_id, ${ds.branchId} as branch_id, ${ds.planCategoryId} as plan_category_id,
        ${ds.count} as n, ${ds.price} as price, ${ds.deliveryPrice} as delivery
      from ${ds} where ${sql.join(conditions, sql` and `)}`;
  } else {
    conditions.push(sql`${d.deletedAt} is null`);
    conditions.push(sql`${d.createdAt} >= (${f.from}::date::timestamp at time zone ${timeZone})`);
    conditions.push(sql`${d.createdAt} < ((${f.to}::date + 1)::timestamp at time zone ${timeZone})`);
    if (f.states?.length) conditions.push(sql`${d.statusId} = any(${intArray(f.states)})`);
    if (f.branches?.length) conditions.push(sql`coalesce(${d.branchId}, 0) = any(${intArray(f.branches)})`);
    if (f.planCategoryId !== undefined) conditions.push(sql`coalesce(${d.planCategoryId}, 0) = ${f.planCategoryId}`);
    if (f.company.kind === 'company') conditions.push(sql`${d.partnerId} = ${f.company.companyId}`);
    if (f.company.kind === 'partners') conditions.push(sql`${d.partnerId} is not null`);
    source = sql`select (${d.createdAt} at time zone ${timeZone})::date as day, ${d.statusId} as status_id, coalesce(${d.branchId}, 0) as branch_id,
        coalesce(${d.planCategoryId}, 0) as plan_category_id, 1 as n, coalesce(${d.price}, 0) as price, coalesce(${d.deliveryPrice}, 0) as delivery
      from ${d} where ${sql.join(conditions, sql` and `)}`;
  }
  // grouping() only of columns some set groups by (PostgreSQL refuses the others)
  const all = [...new Set(sets.flatMap((set) => SET_GROUPED[set]))];
  const kind = sql.raw(`case ${sets.map((set) => {
    const on: readonly string[] = SET_GROUPED[set];
    const test = all.length ? all.map((c) => `grouping(s.${c}) = ${on.includes(c) ? 0 : 1}`).join(' and ') : 'true';
    return `when ${test} then '${set}'`;
  }).join(' ')} end`);
  const pick = (c: string, type: string) => sql.raw(all.includes(c) ? `s.${c}::${type} as ${c}` : `null::${type} as ${c}`);
  const res = await db.execute<{ grp: DeclarationStatsSet; day: string | null; status_id: number | null; branch_id: number | null; plan_category_id: number | null; n: number; price: string; delivery_price: string }>(sql`
    select ${kind} as grp, ${pick('day', 'text')}, ${pick('status_id', 'int')}, ${pick('branch_id', 'int')}, ${pick('plan_category_id', 'int')},
           coalesce(sum(s.n), 0)::int as n, coalesce(sum(s.price), 0)::text as price, coalesce(sum(s.delivery), 0)::text as delivery_price
    from (${source}) s
    group by grouping sets (${sql.join(sets.map((set) => SET_COLUMNS[set]), sql`, `)})`);
  return res.rows
    .filter((r) => r.grp === 'total' || Number(r.n) !== 0)
    .map((r) => ({
      set: r.grp, day: r.day, statusId: r.status_id === null ? null : Number(r.status_id), branchId: r.branch_id === null ? null : Number(r.branch_id),
      planCategoryId: r.plan_category_id === null ? null : Number(r.plan_category_id), count: Number(r.n), price: r.price, deliveryPrice: r.delivery_price,
    }));
}

export interface BalanceStatsFilter {
  from: string;
  to: string;
  /** 1: declaration payments (object_model 'declaration_payment') */
  objectKind: number;
  type: number;
  statusId: number;
  paymentTypes?: readonly number[];
}

export interface BalanceStatsRow { day: string; paymentType: number; count: number; amountAzn: string }

/** Balance operations grouped by day and payment type over the filter. */
export async function sumBalanceStats(db: DbOrTx, f: BalanceStatsFilter, timeZone: string): Promise<BalanceStatsRow[]> {
  const conditions: SQL[] = [];
  let source: SQL;
  if (timeZone === ROLLUP_TIME_ZONE) {
    conditions.push(sql`${bs.day} between ${f.from}::date and ${f.to}::date`);
    conditions.push(sql`${bs.objectKind} = ${f.objectKind} and ${bs.type} = ${f.type} and ${bs.statusId} = ${f.statusId}`);
    if (f.paymentTypes?.length) conditions.push(sql`${bs.paymentType} = any(${intArray(f.paymentTypes)})`);
    source = sql`select ${bs.day}::text as day, ${bs.paymentType} as payment_type, sum(${bs.count})::int as n, sum(${bs.amountAzn})::text as amount_azn
      from ${bs} where ${sql.join(conditions, sql` and `)} group by 1, 2 having sum(${bs.count}) <> 0`;
  } else {
    const kind = sql`(case when ${b.objectModel} is null then 0 when ${b.objectModel} = 'declaration_payment' then 1 else 2 end)`;
    conditions.push(sql`${b.createdAt} >= (${f.from}::date::timestamp at time zone ${timeZone})`);
    conditions.push(sql`${b.createdAt} < ((${f.to}::date + 1)::timestamp at time zone ${timeZone})`);
    conditions.push(sql`${kind} = ${f.objectKind} and ${b.type} = ${f.type} and ${b.statusId} = ${f.statusId}`);
    if (f.paymentTypes?.length) conditions.push(sql`${b.paymentType} = any(${intArray(f.paymentTypes)})`);
    source = sql`select (${b.createdAt} at time zone ${timeZone})::date::text as day, ${b.paymentType} as payment_type, count(*)::int as n,
        coalesce(sum(${b.amountAzn}), 0)::text as amount_azn
      from ${b} where ${sql.join(conditions, sql` and `)} group by 1, 2`;
  }
  const res = await db.execute<{ day: string; payment_type: number; n: number; amount_azn: string }>(source);
  return res.rows.map((r) => ({ day: r.day, paymentType: Number(r.payment_type), count: Number(r.n), amountAzn: r.amount_azn }));
}

export interface PaidDeclarationsFilter { from: string; to: string; paymentTypes?: readonly number[] }

/** A counter payment's main type (payments alias p): the largest of the customer's balance (7), terminal (3) and cash (1), as the rollup's trigger. */
const MAIN_PAYMENT_TYPE = sql.raw('(case when p.balance_azn >= greatest(p.cash_azn, p.terminal_azn) and p.balance_azn > 0 then 7 when p.terminal_azn > p.cash_azn then 3 else 1 end)');

/** Payments (alias p) made on the filter's office days in the time zone. */
const paidInRange = (f: PaidDeclarationsFilter, timeZone: string) =>
  sql`p.created_at >= (${f.from}::date::timestamp at time zone ${timeZone}) and p.created_at < ((${f.to}::date + 1)::timestamp at time zone ${timeZone})`;

/**
 * Parcels paid at the counter in the range (declaration_payments, one per handover, by the office
 * day of the payment) per main payment type (the larger of cash 1, terminal 3 and the customer's
 * balance 7): payments, parcels, delivery debt in USD and AZN, AZN paid. From
 * declaration_payment_stats_daily; with another time zone from the payments themselves.
 */
export async function sumPaidDeclarations(db: DbOrTx, f: PaidDeclarationsFilter, timeZone: string) {
  const filterType = f.paymentTypes?.length ? sql`and x.payment_type = any(${intArray(f.paymentTypes)})` : sql``;
  const source = timeZone === ROLLUP_TIME_ZONE
    ? sql`select ${ps.day}::text as day, ${ps.paymentType} as payment_type, ${ps.payments} as payments, ${ps.parcels} as parcels,
          ${ps.debtUsd} as debt_usd, ${ps.debtAzn} as debt_azn, ${ps.paidAzn} as paid_azn
        from ${ps} where ${ps.day} between ${f.from}::date and ${f.to}::date`
    : sql`select (p.created_at at time zone ${timeZone})::date::text as day,
          ${MAIN_PAYMENT_TYPE} as payment_type,
          1 as payments, jsonb_array_length(p.declaration_ids) as parcels, p.debt_usd, p.debt_azn, p.total_azn as paid_azn
        from declaration_payments p
        where ${paidInRange(f, timeZone)}`;
  const res = await db.execute<{ day: string; payment_type: number; payments: number; parcels: number; debt_usd: string; debt_azn: string; paid_azn: string }>(sql`
    select x.day, x.payment_type, sum(x.payments)::int as payments, sum(x.parcels)::int as parcels,
           sum(x.debt_usd)::text as debt_usd, sum(x.debt_azn)::text as debt_azn, sum(x.paid_azn)::text as paid_azn
    from (${source}) x where true ${filterType}
    group by 1, 2 having sum(x.payments) <> 0 order by 1, 2`);
  return res.rows.map((r) => ({
    day: r.day, paymentType: Number(r.payment_type), payments: Number(r.payments), parcels: Number(r.parcels),
    debtUsd: r.debt_usd, debtAzn: r.debt_azn, paidAzn: r.paid_azn,
  }));
}

/**
 * One page of the parcels behind sumPaidDeclarations' figure: the declaration ids of the payments
 * made in the range (one per parcel of each payment, as the figure counts them), the newest payment
 * first, or by a declarations list column (`sorts`, the list's own sort map) with the id breaking ties.
 * Reads the payments by their created_at index; the declarations only when sorted by one of their columns.
 */
export async function findPaidParcelPage(db: DbOrTx, f: PaidDeclarationsFilter, timeZone: string, page: {
  sort?: { column: AnyColumn; order: 'asc' | 'desc' }; limit: number; offset: number;
}): Promise<number[]> {
  const filterType = f.paymentTypes?.length ? sql`and ${MAIN_PAYMENT_TYPE} = any(${intArray(f.paymentTypes)})` : sql``;
  const dir = sql.raw(page.sort?.order === 'asc' ? 'asc' : 'desc');
  const order = page.sort
    ? sql`${page.sort.column} ${dir}, ${d.id} ${dir}, p.id desc, x.n`
    : sql`p.created_at desc, p.id desc, x.n`;
  const res = await db.execute<{ id: number }>(sql`
    select x.id::int as id
    from declaration_payments p
    cross join lateral jsonb_array_elements_text(p.declaration_ids) with ordinality as x(id, n)
    ${page.sort ? sql`left join ${d} on ${d.id} = x.id::int` : sql``}
    where ${paidInRange(f, timeZone)} ${filterType}
    order by ${order}
    limit ${page.limit} offset ${page.offset}`);
  return res.rows.map((r) => Number(r.id));
}

/** The declarations list's rows of these ids, in their order (the list's own row query). */
export function readDeclarationListRows(db: DbOrTx, ids: readonly number[], timeZone: string): Promise<DeclarationListRow[]> {
  return declarationRows.rows<DeclarationListRow>(db, rowKey(timeZone, null), ids);
}

/** A declarations list sort key's column (the list's own sort map; undefined for an unknown key). */
export function declarationSortColumn(key: string | undefined, timeZone: string): AnyColumn | undefined {
  const sorts = declarationListSpec(timeZone).sorts;
  return key && Object.hasOwn(sorts, key) ? sorts[key] : undefined;
}

/** Names of declaration statuses (model 2). */
export async function findDeclarationStatusNames(db: DbOrTx): Promise<Map<number, string>> {
  const res = await db.execute<{ id: number; name: string }>(sql`select ${statuses.id} as id, ${statuses.name} as name from ${statuses} where ${statuses.modelId} = ${MODEL.declarations}`);
  return new Map(res.rows.map((r) => [Number(r.id), r.name]));
}

export async function findBranchNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const res = await db.execute<{ id: number; name: string }>(sql`select ${branches.id} as id, ${branches.name} as name from ${branches} where ${branches.id} = any(${intArray(ids)})`);
  return new Map(res.rows.map((r) => [Number(r.id), r.name]));
}

export async function findPlanCategoryNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const res = await db.execute<{ id: number; name: string }>(sql`select ${tariffCategories.id} as id, ${tariffCategories.name} as name from ${tariffCategories} where ${tariffCategories.id} = any(${intArray(ids)})`);
  return new Map(res.rows.map((r) => [Number(r.id), r.name]));
}

