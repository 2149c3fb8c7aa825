import type { LogInfoReply, LogListQuery, LogListReply, StateArchiveQuery, StateArchiveReply } from '@app/contract/history';
import { ROLE } from '@app/contract/roles';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { ENTITY_OF_MODEL, findLog, findLogPage, findStateArchivePage } from './queries';

/* History screens (spec §2 "Content"): status archive and operation log. */

/** GET /api/admin/states/archive: status changes of every record, newest first. */
export async function listStateArchive(db: Db, query: StateArchiveQuery, timeZone: string): Promise<StateArchiveReply> {
  const { rows, total } = await findStateArchivePage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** "my logs": an admin (role 1) reads every entry; anyone else only their own. */
const ownOnly = (viewer: RequestUser) => (viewer.admin === ROLE.admin ? undefined : viewer.id);

/** GET /api/admin/logs: the operation log; ?model_id&object_id narrows it to one record (the timeline's link). */
export async function listLogs(db: Db, viewer: RequestUser, query: LogListQuery, timeZone: string): Promise<LogListReply> {
  let record: { entity: string; entityId: string } | undefined;
  if (query.object_id !== undefined) {
    const entity = query.model_id === undefined ? query.entity : ENTITY_OF_MODEL[query.model_id];
    // A model without audit entries of its own matches nothing rather than every entity with that id.
    record = { entity: entity ?? '-', entityId: String(query.object_id) };
  }
  const { rows, total } = await findLogPage(db, query, timeZone, { onlyUserId: ownOnly(viewer), record });
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** GET /api/admin/logs/info?log_id: one entry with what changed; another user's entry is 404 for a non-admin. */
export async function readLog(db: Db, viewer: RequestUser, id: number, timeZone: string): Promise<LogInfoReply> {
  const row = await findLog(db, id, timeZone);
  const only = ownOnly(viewer);
  if (!row || (only !== undefined && row.user_id !== only)) throw notFound('log_id');
  const { user_id: _userId, ...data } = row;
  return { data };
}
