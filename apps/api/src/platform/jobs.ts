import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';

/**
 * Background work (decision 0006): exports, customs sends, marketplace calls, currency rates.
 * One table-backed queue (`jobs`) on PostgreSQL and PGlite alike: a worker claims a due job with
 * `for update skip locked`, so several api instances share the queue without running a job twice;
 * a job that throws is retried with a doubling back-off until its attempts run out, then it stays
 * `failed` for an operator to see and retry.
 */
export interface JobContext {
  db: Db;
  attempt: number;
  jobId: number;
  log: (message: string) => void;
}

export interface JobOptions {
  /** Attempts before the job is left failed (default 5). */
  maxAttempts?: number;
  /** Wait before the second attempt, doubled for each further one (default 30 s). */
  backoffSeconds?: number;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one queued or running job per key: a second enqueue with the same key is a no-op. */
  singletonKey?: string;
}

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

export interface Jobs {
  define<P>(name: string, handler: JobHandler<P>, options?: JobOptions): void;
  /** Inside the caller's transaction when given one: the job exists only if the transaction commits. Returns the job id (null when a singleton already waits). */
  enqueue<P>(db: DbOrTx, name: string, payload: P, options?: EnqueueOptions): Promise<number | null>;
  /** A recurring job: enqueued once per interval, whatever the number of instances. */
  every(name: string, intervalSeconds: number, payload?: unknown): void;
  /** Runs every due job now (and the recurring ones that are due); returns how many ran. Tests call this. */
  runDue(): Promise<number>;
  start(pollMs?: number): void;
  stop(): Promise<void>;
}

interface Definition {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  backoffSeconds: number;
}

interface ClaimedJob {
  id: number | string;
  name: string;
  payload: unknown;
  attempts: number;
}

/** A running job older than this is taken to belong to a dead instance and is queued again. */
const STALE_AFTER_MINUTES = 15;

export function createJobs(db: Db, log: { info(msg: string): void; warn(msg: string): void; error(msg: string): void } = console): Jobs {
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, { intervalSeconds: number; payload: unknown }>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopping = false;
  const savedSchedules = new Set<string>();

  async function enqueue<P>(target: DbOrTx, name: string, payload: P, options: EnqueueOptions = {}): Promise<number | null> {
    const definition = definitions.get(name);
    const maxAttempts = definition?.maxAttempts ?? 5;
    const runAt = options.runAt ?? new Date();
    const result = await target.execute(sql`
      insert into jobs (name, payload, max_attempts, run_at, singleton_key)
      values (${name}, ${JSON.stringify(payload ?? null)}::jsonb, ${maxAttempts}, ${runAt.toISOString()}::timestamptz, ${options.singletonKey ?? null})
      on conflict (singleton_key) where status in ('queued', 'running') do nothing
      returning id`);
    const row = result.rows[0] as { id: number | string } | undefined;
    return row ? Number(row.id) : null;
  }

  /** Each due schedule advances its next run atomically; the instance that advanced it enqueues. */
  async function enqueueDueSchedules(): Promise<void> {
    for (const [name, schedule] of schedules) {
      const advanced = await db.execute(sql`
        update job_schedules set next_run_at = now() + make_interval(secs => ${schedule.intervalSeconds})
        where name = ${name} and next_run_at <= now()
        returning name`);
      if (advanced.rows.length > 0) await enqueue(db, name, schedule.payload, { singletonKey: `schedule:${name}` });
    }
  }

  async function claim(): Promise<ClaimedJob | null> {
    const names = [...definitions.keys()];
    if (names.length === 0) return null;
    const result = await db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_at = now(), updated_at = now()
      where id = (
        select id from jobs
        where status = 'queued' and run_at <= now() and name = any(${`{${names.join(',')}}`}::text[])
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, name, payload, attempts`);
    return (result.rows[0] as ClaimedJob | undefined) ?? null;
  }

  async function finish(job: ClaimedJob, error: unknown): Promise<void> {
    const id = Number(job.id);
    if (!error) {
      await db.execute(sql`update jobs set status = 'done', finished_at = now(), updated_at = now(), last_error = null where id = ${id}`);
      return;
    }
    const definition = definitions.get(job.name);
    const message = error instanceof Error ? error.message : String(error);
    const backoff = (definition?.backoffSeconds ?? 30) * 2 ** Math.max(0, job.attempts - 1);
    await db.execute(sql`
      update jobs set
        status = case when attempts >= max_attempts then 'failed' else 'queued' end,
        run_at = case when attempts >= max_attempts then run_at else now() + make_interval(secs => ${backoff}) end,
        finished_at = case when attempts >= max_attempts then now() else null end,
        last_error = ${message.slice(0, 2000)}, locked_at = null, updated_at = now()
      where id = ${id}`);
    log.warn(`job ${job.name}#${id} attempt ${job.attempts} failed: ${message}`);
  }

  async function runOnce(): Promise<number> {
    await db.execute(sql`
      update jobs set status = 'queued', locked_at = null, updated_at = now()
      where status = 'running' and locked_at < now() - make_interval(mins => ${STALE_AFTER_MINUTES})`);
    await enqueueDueSchedules();
    let count = 0;
    for (;;) {
      if (stopping) break;
      const job = await claim();
      if (!job) break;
      const definition = definitions.get(job.name);
      const id = Number(job.id);
      let failure: unknown = null;
      try {
        if (!definition) throw new Error(`no handler for job ${job.name}`);
        await definition.handler(job.payload, {
          db,
          attempt: job.attempts,
          jobId: id,
          log: (message) => log.info(`job ${job.name}#${id}: ${message}`),
        });
      } catch (error) {
        failure = error ?? new Error('job failed');
      }
      await finish(job, failure);
      count++;
    }
    return count;
  }

  async function runDue(): Promise<number> {
    // One pass at a time per instance: a tick that finds the previous one still running waits for it.
    while (running) await running;
    for (const [name, schedule] of schedules) {
      if (savedSchedules.has(name)) continue;
      await db.execute(sql`
        insert into job_schedules (name, interval_seconds, next_run_at) values (${name}, ${schedule.intervalSeconds}, now())
        on conflict (name) do update set interval_seconds = excluded.interval_seconds`);
      savedSchedules.add(name);
    }
    running = runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    define(name, handler, options = {}) {
      definitions.set(name, {
        handler: handler as JobHandler<unknown>,
        maxAttempts: options.maxAttempts ?? 5,
        backoffSeconds: options.backoffSeconds ?? 30,
      });
    },
    enqueue,
    every(name, intervalSeconds, payload = null) {
      schedules.set(name, { intervalSeconds, payload });
    },
    runDue,
    start(pollMs = 1000) {
      if (timer) return;
      stopping = false;
      const tick = async () => {
        try {
          await runDue();
        } catch (error) {
          log.error(`job runner: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (!stopping) timer = setTimeout(tick, pollMs);
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running.catch(() => 0);
    },
  };
}
