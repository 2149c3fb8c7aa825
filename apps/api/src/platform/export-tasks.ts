import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { IMPORT_STATUS } from '@app/contract/statuses';
import { MODEL } from '@app/contract/models';
import { and, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { exportTasks } from '../db/schema/exports';
import { statuses } from '../db/schema/settings';
import { users } from '../db/schema/users';
import type { Jobs } from './jobs';

/**
 * Export tasks (spec §3/§4): an export too big for a direct download is written in the background
 * by a job (platform/jobs.ts) into DATA_DIR/exports and downloaded when ready. Status 131 in
 * progress (queued) → 132 loading (being written) → 134 ready; 133 when it failed. Domains register
 * an exporter per kind (declarations full/mini/handover/import; flights add theirs).
 */
export interface Exporter {
  /** The file name prefix (spec §9). */
  prefix: string;
  model: string;
  /** Streams the file into `out`; calls `progress` with the rows written so far; returns the row count. */
  write(db: Db, params: unknown, out: Writable, progress: (rows: number) => Promise<void>): Promise<number>;
}

const JOB = 'export-task';
/** What a queued export task is: who asked, which exporter, for which model, with what parameters. */
export interface ExportTaskRequest { userId: number | null; kind: string; model: string; params: unknown }
const exporters = new Map<string, Exporter>();
const defined = new WeakSet<FastifyInstance>();

export function exportDir(dataDir: string): string {
  return path.resolve(dataDir, 'exports');
}

export function registerExporter(app: FastifyInstance, kind: string, exporter: Exporter): void {
  exporters.set(kind, exporter);
  if (defined.has(app)) return;
  defined.add(app);
  const dir = exportDir(app.config.DATA_DIR);
  app.jobs.define<{ taskId: number }>(JOB, (payload, ctx) => runExportTask(ctx.db, dir, payload.taskId), { maxAttempts: 2, backoffSeconds: 5 });
}

/** Creates the task (status 131) and its job in one transaction; returns the task id. */
export async function startExportTask(app: FastifyInstance, userId: number, kind: string, params: unknown): Promise<number> {
  const exporter = exporters.get(kind);
  if (!exporter) throw new Error(`no exporter for ${kind}`);
  return app.db.transaction((tx) => queueExportTask(tx, app.jobs, { userId, kind, model: exporter.model, params }));
}

/**
 * The task row (status 131) and its job, inside the caller's transaction. Used by startExportTask
 * and by the demo seed, whose tasks are then written by the running server like any other.
 */
export async function queueExportTask(tx: DbOrTx, jobs: Pick<Jobs, 'enqueue'>, request: ExportTaskRequest): Promise<number> {
  const [task] = await tx.insert(exportTasks).values({ type: request.kind, model: request.model, userId: request.userId, params: request.params, statusId: IMPORT_STATUS.inProgress }).returning({ id: exportTasks.id });
  await jobs.enqueue(tx, JOB, { taskId: task!.id });
  return task!.id;
}

async function runExportTask(db: Db, dir: string, taskId: number): Promise<void> {
  const [task] = await db.select().from(exportTasks).where(eq(exportTasks.id, taskId));
  if (!task || task.statusId === IMPORT_STATUS.ready) return;
  const exporter = exporters.get(task.type);
  if (!exporter) throw new Error(`no exporter for ${task.type}`);
  await setTask(db, taskId, { statusId: IMPORT_STATUS.loading, rows: 0, error: null });
  const key = `${taskId}-${randomBytes(6).toString('hex')}.xlsx`;
  const file = path.join(dir, key);
  await fs.promises.mkdir(dir, { recursive: true });
  try {
    let lastReport = 0;
    const out = fs.createWriteStream(file);
    const done = pipelineDone(out);
    const rows = await exporter.write(db, task.params, out, async (n) => {
      // Progress is written every few thousand rows, not for each batch.
      if (n - lastReport >= 5_000) {
        lastReport = n;
        await setTask(db, taskId, { rows: n });
      }
    });
    await done;
    const name = `${exporter.prefix}${taskId}.xlsx`;
    await setTask(db, taskId, { statusId: IMPORT_STATUS.ready, filePath: key, fileName: name, rows });
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    await setTask(db, taskId, { statusId: IMPORT_STATUS.failed, error: err instanceof Error ? err.message.slice(0, 500) : String(err) });
  }
}

function pipelineDone(out: fs.WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.on('finish', () => resolve());
    out.on('error', reject);
  });
}

function setTask(db: DbOrTx, id: number, values: Partial<typeof exportTasks.$inferInsert>) {
  return db.update(exportTasks).set({ ...values, updatedAt: new Date() }).where(eq(exportTasks.id, id));
}

/** The task list (spec §7: sorted by id descending); staff see their own tasks, a full admin all. */
export async function listExportTasks(db: DbOrTx, opts: { userId?: number; model: string; type?: string; page: number; perPage: number; timeZone: string }) {
  const where = and(
    eq(exportTasks.model, opts.model),
    opts.userId === undefined ? undefined : eq(exportTasks.userId, opts.userId),
    opts.type === undefined ? undefined : eq(exportTasks.type, opts.type),
  );
  const fmt = (col: AnyColumn) => sql<string>`to_char(${col} at time zone ${opts.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  const rows = await db.select({
    id: exportTasks.id,
    type: exportTasks.type,
    file_path: exportTasks.filePath,
    file_name: exportTasks.fileName,
    created_at: fmt(exportTasks.createdAt),
    updated_at: fmt(exportTasks.updatedAt),
    user: sql<{ id: number; name: string } | null>`(select json_build_object('id', ${users.id}, 'name', ${users.name} || ' ' || ${users.surname}) from ${users} where ${users.id} = ${exportTasks.userId})`,
    status: sql<{ id: number; name: string }>`json_build_object('id', ${exportTasks.statusId}, 'name', coalesce((select ${statuses.name} from ${statuses} where ${statuses.modelId} = ${MODEL.exportTasks} and ${statuses.id} = ${exportTasks.statusId}), ''))`,
    model: exportTasks.model,
    rows: exportTasks.rows,
    error: exportTasks.error,
  }).from(exportTasks).where(where).orderBy(desc(exportTasks.id)).limit(opts.perPage).offset((opts.page - 1) * opts.perPage);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(exportTasks).where(where);
  return { data: rows, total: count?.n ?? 0 };
}

export async function findExportTask(db: DbOrTx, id: number) {
  const [task] = await db.select().from(exportTasks).where(eq(exportTasks.id, id));
  return task;
}

/** Streams a ready task's file into `out` (a reply). */
export function exportFileStream(dataDir: string, key: string): fs.ReadStream {
  return fs.createReadStream(path.join(exportDir(dataDir), path.basename(key)));
}

