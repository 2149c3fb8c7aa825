import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestContext } from '../test/harness';
import { createJobs } from './jobs';

let ctx: TestContext;
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  ctx = await startTestApp({ customers: 5, declarations: 10 });
});
afterAll(() => ctx.close());

async function readJob(id: number) {
  const result = await ctx.database.db.execute(sql`select status, attempts, last_error, run_at from jobs where id = ${id}`);
  return result.rows[0] as { status: string; attempts: number; last_error: string | null; run_at: string };
}

describe('[JOBS] the background queue', () => {
  test('runs an enqueued job once with its payload and marks it done', async () => {
    const jobs = createJobs(ctx.database.db, quiet);
    const seen: unknown[] = [];
    jobs.define<{ n: number }>('test.echo', async (payload) => {
      seen.push(payload);
    });
    const id = await jobs.enqueue(ctx.database.db, 'test.echo', { n: 7 });
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 7 }]);
    expect((await readJob(id!)).status).toBe('done');
  });

  test('a job enqueued in a transaction that rolls back never runs', async () => {
    const jobs = createJobs(ctx.database.db, quiet);
    let runs = 0;
    jobs.define('test.rollback', async () => {
      runs++;
    });
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'test.rollback', {});
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await jobs.runDue()).toBe(0);
    expect(runs).toBe(0);
  });

  test('a failing job is retried later with back-off, then left failed with its error', async () => {
    const jobs = createJobs(ctx.database.db, quiet);
    jobs.define('test.fail', async () => {
      throw new Error('marketplace down');
    }, { maxAttempts: 2, backoffSeconds: 60 });
    const id = (await jobs.enqueue(ctx.database.db, 'test.fail', {}))!;
    await jobs.runDue();
    let job = await readJob(id);
    expect(job.status).toBe('queued');
    expect(job.attempts).toBe(1);
    expect(job.last_error).toBe('marketplace down');
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not due yet: nothing runs.
    expect(await jobs.runDue()).toBe(0);
    await ctx.database.db.execute(sql`update jobs set run_at = now() where id = ${id}`);
    await jobs.runDue();
    job = await readJob(id);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(2);
  });

  test('a singleton key keeps one waiting job per key', async () => {
    const jobs = createJobs(ctx.database.db, quiet);
    jobs.define('test.single', async () => {});
    const first = await jobs.enqueue(ctx.database.db, 'test.single', { v: 1 }, { singletonKey: 'decl:1' });
    const second = await jobs.enqueue(ctx.database.db, 'test.single', { v: 2 }, { singletonKey: 'decl:1' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await jobs.runDue();
    // Once done, the key is free again.
    expect(await jobs.enqueue(ctx.database.db, 'test.single', { v: 3 }, { singletonKey: 'decl:1' })).not.toBeNull();
    await jobs.runDue();
  });

  test('two runners never run the same job twice', async () => {
    const a = createJobs(ctx.database.db, quiet);
    const b = createJobs(ctx.database.db, quiet);
    const runs: number[] = [];
    for (const jobs of [a, b]) jobs.define<{ i: number }>('test.shared', async ({ i }) => {
      runs.push(i);
    });
    for (let i = 0; i < 6; i++) await a.enqueue(ctx.database.db, 'test.shared', { i });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(6);
    expect(runs.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test('a recurring job is enqueued once per interval across instances', async () => {
    const a = createJobs(ctx.database.db, quiet);
    const b = createJobs(ctx.database.db, quiet);
    let runs = 0;
    for (const jobs of [a, b]) {
      jobs.define('test.every', async () => {
        runs++;
      });
      jobs.every('test.every', 3600);
    }
    await a.runDue();
    await b.runDue();
    await a.runDue();
    expect(runs).toBe(1);
  });

  test('the app carries a job runner', () => {
    expect(typeof ctx.app.jobs.enqueue).toBe('function');
  });
});
