import { DECLARATION_STATUS } from '@app/contract/statuses';
import { inArray, sql } from 'drizzle-orm';
import type { ExportParams } from '../../modules/declarations/documents/declaration-exports';
import { queueExportTask } from '../../platform/export-tasks';
import { createJobs } from '../../platform/jobs';
import type { Db } from '../client';
import { users } from '../schema/users';

/**
 * Documents demo data (issue 6): handed-over parcels get their handover time, so the handover
 * export (by date range) opens on rows. Set-based, idempotent.
 */
export async function generateDocumentsDemoData(db: Db): Promise<void> {
  await db.execute(sql`
    update declarations set delivered_at = least(now(), created_at + interval '12 days' + (id % 48) * interval '1 hour')
    where status_id = ${DECLARATION_STATUS.handedOver} and delivered_at is null`);
}

/**
 * A few export tasks and a partner import request for the demo office users, queued like the
 * server queues them: the running server's job worker writes their real .xlsx files within seconds
 * of starting, so the task list opens on ready files (main.ts asks for them; tests do not).
 */
export async function queueDemoExportTasks(db: Db): Promise<void> {
  const staff = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['admin@example.az', 'ofis@example.az']));
  const idOf = (email: string) => staff.find((s) => s.email === email)?.id ?? null;
  const admin = idOf('admin@example.az');
  const office = idOf('ofis@example.az');
  if (admin === null || office === null) return;
  const timeZone = 'Asia/Baku';
  const codes = await db.execute(sql`
    select track_code from declarations where deleted_at is null and status_id = ${DECLARATION_STATUS.localWarehouse} order by id limit 6`);
  const trackCodes = (codes.rows as { track_code: string }[]).map((r) => r.track_code);
  const requests: { userId: number; params: ExportParams }[] = [
    { userId: admin, params: { kind: 'full', filters: { state_id: [DECLARATION_STATUS.handedOver] }, timeZone } },
    { userId: office, params: { kind: 'mini', filters: { state_id: [DECLARATION_STATUS.localWarehouse] }, timeZone } },
    { userId: office, params: { kind: 'handover', query: { start_date: '2020-01-01 00:00:00', end_date: '2030-12-31 23:59:59' }, timeZone } },
    { userId: office, params: { kind: 'import', codes: [...trackCodes, 'QQ0000000001'], timeZone } },
  ];
  const jobs = createJobs(db);
  await db.transaction(async (tx) => {
    for (const r of requests) await queueExportTask(tx, jobs, { userId: r.userId, kind: r.params.kind, model: 'declarations', params: r.params });
  });
}
