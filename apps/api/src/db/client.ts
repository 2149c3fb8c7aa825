import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * One drizzle database type for both drivers: PGlite's and node-postgres' query builders are the
 * same PgDatabase; only `execute` results differ, and both carry `rows`.
 */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** PGlite only: the whole database as a tarball (`openPglite(null, { loadDataDir })` starts from it). */
  dump?(): Promise<Blob | File>;
  close(): Promise<void>;
}

const MIGRATIONS = path.resolve(import.meta.dirname, 'migrations');

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client can lose its server (restart, failover, a dropped test database): pg emits
  // 'error' on the pool, which would crash the process if nobody listened. The pool replaces it.
  pool.on('error', (err) => console.warn(`PostgreSQL pool: idle connection lost (${err.message})`));
  pool.on('connect', (client) => nameRepeatedReads(client));
  const db = drizzlePg(pool);
  postgresDatabases.add(db);
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS }),
    close: () => pool.end(),
  };
}

const postgresDatabases = new WeakSet<object>();

/** The database is a PostgreSQL pool (reads are named prepared statements there); false for PGlite and transactions. */
export function isPostgres(db: object): boolean {
  return postgresDatabases.has(db);
}

/** Distinct read texts given a statement name, per process (a bound: each is a plan kept on every connection). */
const MAX_NAMED_STATEMENTS = 2_000;
const MAX_NAMED_TEXT = 32_000;
const statementNames = new Map<string, string>();

/** The statement name of a read's SQL text, or undefined when the text is not worth keeping prepared. */
export function statementNameOf(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known) return known;
  if (statementNames.size >= MAX_NAMED_STATEMENTS || text.length > MAX_NAMED_TEXT || !/^\s*(select|with|\()/i.test(text)) return undefined;
  const name = `r_${createHash('sha1').update(text).digest('base64url')}`;
  statementNames.set(text, name);
  return name;
}

/**
 * Every read is sent as a named prepared statement, keyed by its SQL text (issue 15, PERFORMANCE.md):
 * PostgreSQL then parses it once per connection and, after a few executions, reuses its plan,
 * instead of parsing and planning each list, count and guard lookup from scratch (the declarations
 * page with its 13 joins plans in ~5 ms and runs in ~0.5 ms). The SQL text depends only on a query's
 * shape (values are parameters), so the same handful of texts recur. Writes stay unnamed.
 */
function nameRepeatedReads(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'text' in config && !('name' in config && (config as { name?: string }).name)) {
      const name = statementNameOf(String((config as { text: unknown }).text));
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

/** `loadDataDir`: start from a dump of another PGlite (`dumpDataDir()`), e.g. the tests' migrated and seeded database. */
export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** DATABASE_URL → PostgreSQL; otherwise embedded PGlite in DATA_DIR/pglite. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(path.resolve(opts.dataDir, 'pglite'));
}
