import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { isPostgres, type DbOrTx } from '../db/client';

const dialect = new PgDialect();

/**
 * The rows of one page, read by their ids with SQL rendered once (issue 15). A list row with 60
 * columns and 13 joins is ~2.6 KB of SQL that the query builder would rebuild on every request
 * (about a quarter of the request's CPU), and that PostgreSQL would plan again each time (13 joins:
 * 4-6 ms of planning for 0.3 ms of work). Here the page's ids are chosen first by the list's own
 * small query (filters, sort, limit); the rows are then read with one fixed text per key:
 * `… from unnest($1::int[]) with ordinality as page(id, ord) join … order by page.ord`. On PostgreSQL
 * it is a named prepared statement (db/client.ts) whose generic plan is reused after a few
 * executions (planning 0.01 ms); on the embedded database, without named statements, it runs with
 * its joins in the written order (`join_collapse_limit = 1`, planning ~0.5 ms).
 *
 * `build(page)` gives the row query over `page.source` joined through `page.id`; values it uses
 * (time zone, viewer) are inlined as literals, so they must come from `key`, never from a request.
 * Each column is returned under its key (`expr as "key"`, see aliasedFields).
 */
export class RowTemplate {
  private readonly rendered = new Map<string, { before: string; after: string }>();

  constructor(
    private readonly build: (page: PageSource, key: string) => SQLWrapper,
    private readonly maxKeys = 64,
  ) {}

  async rows<Row>(db: DbOrTx, key: string, ids: readonly number[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    const { before, after } = this.render(key);
    const query = sql`${sql.raw(before)}unnest(${sql.param(ids)}::int[]) with ordinality as "page"("id", "ord")${sql.raw(after)} order by "page"."ord"`;
    if (isPostgres(db)) return (await db.execute(query)).rows as Row[];
    return inWrittenJoinOrder(db, async (tx) => (await tx.execute(query)).rows as Row[]);
  }

  private render(key: string): { before: string; after: string } {
    const known = this.rendered.get(key);
    if (known) return known;
    const page: PageSource = { id: sql<number>`"page"."id"`, source: sql.raw('__page_source__') };
    const text = dialect.sqlToQuery(this.build(page, key).getSQL().inlineParams()).sql;
    const at = text.indexOf('__page_source__');
    if (at < 0 || text.indexOf('__page_source__', at + 1) >= 0) throw new Error('RowTemplate: the row query must read page.source once');
    const parts = { before: text.slice(0, at), after: text.slice(at + '__page_source__'.length) };
    if (this.rendered.size < this.maxKeys) this.rendered.set(key, parts);
    return parts;
  }
}

/** What a row query reads its page from: `.from(page.source)`, joined through `page.id`. */
export interface PageSource {
  id: SQL<number>;
  source: SQL;
}

/** Every field under its key (`expr as "key"`), so rows read with `db.execute` come back keyed as the select says. */
export function aliasedFields<T extends Record<string, unknown>>(fields: T): Record<string, SQL.Aliased> {
  return Object.fromEntries(Object.entries(fields).map(([key, expr]) => [key, sql`${expr}`.as(key)]));
}

/**
 * Runs a page query with its joins in the order written (`join_collapse_limit = 1`): the page's ids
 * first, then one primary-key lookup per related record. With the 13 left joins of a row the planner
 * otherwise spends ~4-6 ms per request searching join orders for a query that runs in ~0.5 ms.
 * `set local` lasts to the end of the transaction: call it with the app's database, not inside a
 * caller's transaction.
 */
export function inWrittenJoinOrder<T>(db: DbOrTx, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local join_collapse_limit = 1`);
    return run(tx);
  });
}
