/**
 * What the benchmarks share: a fresh (or reused) database of a million declarations built with the
 * project's own set-based generator, office-time dates as the web app sends them, and a login.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import type { Config } from '../apps/api/src/config';
import { openPglite, openPostgres, type Database, type Db } from '../apps/api/src/db/client';
import { generateDeclarations } from '../apps/api/src/db/seed/demo-data';
import { DEMO_PASSWORD, seedDemoData } from '../apps/api/src/db/seed/demo-seed';
import { seedReferenceData } from '../apps/api/src/db/seed/reference-data';

export type DbKind = 'postgres' | 'pglite';
export const CUSTOMERS = 100_000;
export const DAYS = 730;
const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_BENCH_DB = 'bench_declarations';

export interface BenchDatabase {
  database: Database;
  /** False when --reuse found a database from an earlier run. */
  fresh: boolean;
  cleanup: () => void;
}

/**
 * The bench's database: PostgreSQL `name` on 127.0.0.1:5432 (default `bench_declarations`; dropped and
 * created again unless reused), or PGlite in a temp dir (`<name>-pglite` when reused). Every bench opens
 * its own database through this.
 */
export async function openBenchDatabase(kind: DbKind, opts: { reuse: boolean; connections: number; name?: string }): Promise<BenchDatabase> {
  const name = opts.name ?? PG_BENCH_DB;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    const fresh = !(opts.reuse && exists);
    if (fresh) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
    await admin.end();
    const database = await openPostgres(`postgres://postgres@127.0.0.1:5432/${name}`, opts.connections);
    return { database, fresh, cleanup: () => undefined };
  }
  const slug = name.replace(/_/g, '-');
  const reuseDir = path.join(os.tmpdir(), `${slug}-pglite`);
  const dir = opts.reuse ? reuseDir : fs.mkdtempSync(path.join(os.tmpdir(), `${slug}-`));
  const fresh = !(opts.reuse && fs.existsSync(path.join(dir, 'PG_VERSION')));
  const database = await openPglite(dir);
  return { database, fresh, cleanup: () => { if (!opts.reuse) fs.rmSync(dir, { recursive: true, force: true }); } };
}

/** Reference data, the demo staff, 100,000 customers and `rowCount` declarations over the last 730 days. */
export async function fillBenchData(db: Db, rowCount: number): Promise<{ seconds: number; parts: string }> {
  const t0 = performance.now();
  await seedReferenceData(db);
  await seedDemoData(db, { customers: CUSTOMERS, declarations: 0 });
  const t1 = performance.now();
  const customers = await one<{ min: number; max: number }>(db, sql`select min(id)::int as min, max(id)::int as max from users where admin = 0`);
  const causers = await db.execute<{ id: number }>(sql`select id from users where email in ('anbar@example.az', 'ofis@example.az') order by id`);
  await generateDeclarations(db, {
    count: rowCount, firstNumber: 1, days: DAYS,
    customers: { minId: Number(customers.min), maxId: Number(customers.max) },
    causerIds: causers.rows.map((r) => Number(r.id)),
  });
  const t2 = performance.now();
  await db.execute(sql`vacuum analyze`);
  const t3 = performance.now();
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return {
    seconds: (t3 - t0) / 1000,
    parts: `reference data + ${CUSTOMERS.toLocaleString('en')} customers ${s(t1 - t0)} s, ` +
      `${rowCount.toLocaleString('en')} declarations ${s(t2 - t1)} s, vacuum analyze ${s(t3 - t2)} s`,
  };
}

export async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = await db.execute<Record<string, unknown>>(query);
  return result.rows[0] as T;
}

/** 'YYYY-MM-DD HH:mm:ss' in the office's time zone, as the web app sends date filters. */
export function officeDateTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).format(date);
}

export async function logIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.az', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function serverVersion(db: Db): Promise<string> {
  const row = await one<{ v: string }>(db, sql`select version() as v`);
  return String(row.v).split(' on ')[0] ?? '';
}

/** What one load run measured (bench/load-process.ts prints it as its last line). */
export interface LoadFigures { p50: number; p95: number; p99: number; rps: number; requests: number; non2xx: number; errors: number }

/**
 * Load on one URL from its own process (bench/load-process.ts, autocannon), so the server's process only serves.
 * Several URLs (same server): each request takes the next one in turn (e.g. distinct ranges, so no reply cache answers).
 */
export function runLoad(url: string | string[], token: string, connections: number, seconds: number, encoding?: string): Promise<LoadFigures> {
  const urls = typeof url === 'string' ? [url] : url;
  const paths = urls.length > 1 ? urls.map((u) => { const x = new URL(u); return x.pathname + x.search; }) : undefined;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load-process.ts'), JSON.stringify({ url: urls[0], token, connections, seconds, paths, encoding })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadFigures) : reject(new Error(`load process exited with ${code}`))));
  });
}

/** The app on a free loopback port over the bench's database, and the demo admin's token. */
export async function serveBenchApp(db: Db, config: Config): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; base: string; token: string }> {
  const app = await buildApp({ db, config, jwtSecret: 'bench-secret-bench-secret-bench-secret-0123456789', logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, base, token: await logIn(base) };
}
