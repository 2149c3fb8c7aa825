import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app';
import { readConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { DEMO_PASSWORD, seedDemoData } from '../db/seed/demo-seed';
import { seedReferenceData } from '../db/seed/reference-data';
import { readCachesOf } from '../platform/write-epoch';

/** Which database the API tests run on: TEST_DB=pglite (default) or TEST_DB=postgres. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a real, freshly migrated and seeded database, one per test file: an in-memory
 * PGlite, or a new database on the PostgreSQL server that is dropped afterwards. `seed` fixes the
 * demo data's random() (on PGlite, one connection: the same data every run).
 */
export async function startTestApp(opts: { customers?: number; declarations?: number; env?: Record<string, string>; seed?: number } = {}): Promise<TestContext> {
  const config = readConfig({ NODE_ENV: 'test', LOGIN_MAX_ATTEMPTS: '5', ...opts.env });
  let database: Database;
  let dropDatabase = async () => {};
  if (TEST_DB === 'postgres') {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 4);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const snapshot = await readPgliteSnapshot(opts);
    database = await openPglite(null, snapshot ? { loadDataDir: snapshot } : {});
    if (snapshot) return started(database, config, dropDatabase);
  }
  await database.migrate();
  await seedReferenceData(database.db);
  if (opts.seed !== undefined) await database.db.execute(sql`select setseed(${opts.seed})`);
  await seedDemoData(database.db, { customers: opts.customers ?? 40, declarations: opts.declarations ?? 300 });
  if (TEST_DB === 'pglite') await writePgliteSnapshot(opts, database);
  return started(database, config, dropDatabase);
}

async function started(database: Database, config: Config, dropDatabase: () => Promise<void>): Promise<TestContext> {
  const app = await buildApp({ db: database.db, config, jwtSecret: randomBytes(32).toString('hex') });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/*
 * PGlite start-up (issue 15: faster tests): creating an in-memory PGlite runs initdb (1.5-3 s), and
 * then every file migrated and seeded the same demo data again. The first file of a run that asks
 * for a given demo size and seed saves its migrated, seeded database as a PGlite dump in the run's
 * snapshot folder (global-setup.ts, removed at the end of the run); later files with the same
 * options start from that dump (~0.6 s) instead. Each file still gets its own database.
 */
type SeedOptions = Parameters<typeof startTestApp>[0];

function snapshotPath(opts: SeedOptions): string | null {
  let dir: string | undefined;
  try {
    dir = inject('pgliteSnapshots');
  } catch {
    return null; // outside a vitest run with the global setup
  }
  if (!dir) return null;
  const key = JSON.stringify({ customers: opts?.customers ?? 40, declarations: opts?.declarations ?? 300, seed: opts?.seed ?? null });
  return path.join(dir, `${createHash('sha1').update(key).digest('hex')}.tar`);
}

async function readPgliteSnapshot(opts: SeedOptions): Promise<Blob | null> {
  const file = snapshotPath(opts);
  if (!file || !fs.existsSync(file)) return null;
  return new Blob([await fs.promises.readFile(file)]);
}

async function writePgliteSnapshot(opts: SeedOptions, database: Database): Promise<void> {
  const file = snapshotPath(opts);
  if (!file || !database.dump || fs.existsSync(file)) return;
  const dump = await database.dump();
  const partial = `${file}.${process.pid}.part`;
  await fs.promises.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await fs.promises.rename(partial, file); // whole or not at all, for files of other workers
}

export async function logInAs(app: App, email: string, password = DEMO_PASSWORD, rememberMe = false) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/token',
    payload: { email, password, rememberMe: rememberMe ? '1' : '0' },
  });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string; expires_in: number };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** POST an urlencoded form, as the web app's forms and existing clients send it. */
export function postForm(app: App, url: string, headers: Record<string, string>, fields: Record<string, string | number> = {}) {
  const payload = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
}

/** `a=1&b=x%20y` from params, leaving out the undefined ones. */
export function queryString(params: Record<string, string | number | undefined>): string {
  return Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');
}

/** A write outside the API (as a background job makes it): cached list totals and figures are dropped as an API write drops them. */
export async function writeOutsideApi(ctx: TestContext, query: SQL): Promise<void> {
  await ctx.database.db.execute(query);
  readCachesOf(ctx.database.db)?.bump();
}
