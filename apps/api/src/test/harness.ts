import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from '../app';
import { readConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { DEMO_PASSWORD, seedDemoData } from '../db/seed/demo-seed';
import { seedReferenceData } from '../db/seed/reference-data';

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
    database = await openPglite(null);
  }
  await database.migrate();
  await seedReferenceData(database.db);
  if (opts.seed !== undefined) await database.db.execute(sql`select setseed(${opts.seed})`);
  await seedDemoData(database.db, { customers: opts.customers ?? 40, declarations: opts.declarations ?? 300 });
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
