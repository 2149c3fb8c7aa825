import type { ListQuery, SortOrder, TotalKind } from '@app/contract/common';
import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { readCachesOf } from './write-epoch';

/** A filter turns one parsed query value into a condition (or nothing, for an empty value). */
export type ListFilter<V> = (value: V) => SQL | undefined;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type Expr = AnyColumn | SQL;

/** The integer range of a column's type: a value outside it matches no row (and PostgreSQL would refuse the query). */
const INTEGER_RANGES: Record<string, number> = { PgSmallInt: 32_767, PgInteger: 2_147_483_647, PgSerial: 2_147_483_647, PgSmallSerial: 32_767 };
function fitsColumn(column: Expr, value: unknown): boolean {
  const max = 'columnType' in column ? INTEGER_RANGES[column.columnType] : undefined;
  return max === undefined || typeof value !== 'number' || (value >= -max - 1 && value <= max);
}

/** Declarative filter builders for a list's column map. */
export const filters = {
  equals: <V>(column: Expr): ListFilter<V> => (v) => (fitsColumn(column, v) ? sql`${column} = ${v}` : sql`false`),
  anyOf: (column: Expr): ListFilter<number[]> => (v) => {
    const fitting = v.filter((x) => fitsColumn(column, x));
    return v.length ? (fitting.length ? sql`${column} in ${fitting}` : sql`false`) : undefined;
  },
  /** Substring match, served by a trigram index where the list needs it fast. */
  contains: (column: Expr): ListFilter<string> => (v) => (v ? sql`${column} ilike ${`%${escapeLike(v)}%`}` : undefined),
  startsWith: (column: Expr): ListFilter<string> => (v) => (v ? sql`${column} ilike ${`${escapeLike(v)}%`}` : undefined),
  flag: (column: Expr): ListFilter<boolean> => (v) => sql`${column} = ${v}`,
  /** Date-times arrive as 'YYYY-MM-DD HH:mm:ss' in the office's time zone. */
  from: (column: Expr, timeZone: string): ListFilter<string> => (v) =>
    sql`${column} >= (${v}::timestamp at time zone ${timeZone})`,
  /**
   * The end covers the whole second it names ('… 23:59:59' is the day's end, 23:59:59.5 inside, as the
   * statistics' office days count it); other values are compared as they are.
   */
  to: (column: Expr, timeZone: string): ListFilter<string> => (v) =>
    /\d:\d\d:\d\d$/.test(v)
      ? sql`${column} < ((${v}::timestamp + interval '1 second') at time zone ${timeZone})`
      : sql`${column} <= (${v}::timestamp at time zone ${timeZone})`,
  /** The column's id is among the ids a sub-select returns (filters on a joined table's name). */
  idIn: (column: Expr, subquery: (v: string) => SQL): ListFilter<string> => (v) =>
    v ? sql`${column} in (${subquery(v)})` : undefined,
};

export interface ListSpec<Q> {
  /** Filter key (the wire name) → filter. Keys missing from the query are skipped. */
  filters: { [K in keyof Q]?: ListFilter<NonNullable<Q[K]>> };
  /** Sort key → column; the id breaks ties so pages never overlap. */
  sorts: Record<string, AnyColumn>;
  defaultSort: { column: string; order: SortOrder };
  tieBreaker: AnyColumn;
  /** Conditions every row of the list meets (e.g. not soft-deleted). */
  base?: SQL[];
  /**
   * The base conditions leave out much of the table (deleted ones, the archive, open unknowns):
   * the table's row estimate is then not the list's size, so the total is always counted (capped).
   */
  isBaseNarrow?: boolean;
}

export interface BuiltListQuery {
  where: SQL | undefined;
  /** Whether the query carries any user filter beyond the list's base conditions. */
  isFiltered: boolean;
  /** The total may be the table's row estimate: no user filter, and a base that keeps nearly every row. */
  isEstimable: boolean;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** Turns page, per_page, sort_column, sort_order and filters into SQL parts (one helper for all lists). */
export function buildListQuery<Q extends ListQuery>(spec: ListSpec<Q>, query: Q): BuiltListQuery {
  const conditions: SQL[] = [];
  for (const key of Object.keys(spec.filters) as (keyof Q)[]) {
    const value = query[key];
    if (value === undefined || value === null || value === '') continue;
    const condition = spec.filters[key]?.(value as NonNullable<Q[typeof key]>);
    if (condition) conditions.push(condition);
  }
  // own keys only: a sort_column such as `__proto__` or `constructor` is not a column
  const column = query.sort_column && Object.hasOwn(spec.sorts, query.sort_column) ? query.sort_column : spec.defaultSort.column;
  const order = query.sort_column ? (query.sort_order ?? 'asc') : spec.defaultSort.order;
  const direction = order === 'desc' ? desc : asc;
  const sortColumn = spec.sorts[column] as AnyColumn;
  const orderBy = sortColumn === spec.tieBreaker ? [direction(sortColumn)] : [direction(sortColumn), direction(spec.tieBreaker)];
  return {
    where: and(...(spec.base ?? []), ...conditions),
    isFiltered: conditions.length > 0,
    isEstimable: conditions.length === 0 && !spec.isBaseNarrow,
    orderBy,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
}

export interface ListTotal {
  total: number;
  kind: TotalKind;
}

/**
 * The list's total (PERFORMANCE.md: the page is cheap, the exact total is what costs):
 * exact up to `cap` rows; past it the reply says "at least cap" (capped). An unfiltered view of a
 * big table reads the planner's row estimate instead of counting (estimated).
 */
export async function countList(
  db: DbOrTx,
  table: PgTable,
  built: BuiltListQuery,
  cap = 10_000,
): Promise<ListTotal> {
  if (built.isEstimable) {
    const estimate = await estimateRows(db, table);
    if (estimate > cap * 10) return { total: estimate, kind: 'estimated' };
  }
  const capped = sql`select count(*)::int as n from (select 1 from ${table}${built.where ? sql` where ${built.where}` : sql``} limit ${cap + 1}) capped`;
  const count = async () => ({ n: Number((await db.execute<{ n: number }>(capped)).rows[0]?.n ?? 0) });
  // The same filter set counted again within a few seconds (a busy default view) reads the cached count.
  const caches = readCachesOf(db);
  const { n } = caches ? await caches.totals.getOrLoad(countKey(capped), count) : await count();
  return n > cap ? { total: cap, kind: 'capped' } : { total: n, kind: 'exact' };
}

const keyDialect = new PgDialect();
function countKey(query: SQL): string {
  const { sql: text, params } = keyDialect.sqlToQuery(query);
  return `${text}\n${JSON.stringify(params)}`;
}

async function estimateRows(db: DbOrTx, table: PgTable): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select greatest(reltuples, 0)::bigint::int as n from pg_class where oid = to_regclass(${tableName(table)})`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

function tableName(table: PgTable): string {
  return (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')] ?? '';
}
