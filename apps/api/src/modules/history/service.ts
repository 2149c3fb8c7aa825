import type { LogInfoReply, LogListQuery, LogListReply, LogRow, StateArchiveQuery, StateArchiveReply } from '@app/contract/history';
import { MODEL_NAMES, type ModelId } from '@app/contract/models';
import { ROLE } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { ENTITY_OF_MODEL, findLog, findLogPage, findStateArchivePage, type LogSqlRow } from './queries';

const MODEL_OF_ENTITY: Record<string, number> = Object.fromEntries(Object.entries(ENTITY_OF_MODEL).map(([m, e]) => [e, Number(m)]));

/** The flat log row (issue 14): the action's Azerbaijani title, the entity's model and numeric id (0 when none). */
function toLogRow(row: LogSqlRow): LogRow {
  const modelId = row.entity ? MODEL_OF_ENTITY[row.entity] ?? 0 : 0;
  const objectId = row.entity_id && /^\d{1,9}$/.test(row.entity_id) ? Number(row.entity_id) : 0;
  return {
    ...row,
    title: az.declarations.timelineActions[row.action] ?? az.declarationWorkflow.timelineActions[row.action] ?? row.action,
    model_id: modelId,
    model_name: MODEL_NAMES[modelId as ModelId] ?? row.entity ?? '',
    object_id: objectId,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{ field: { from, to } }` entries split into before/after (other entries count as new); no diff: the object is the new value. */
function splitChanges(changes: unknown): { old_value: Record<string, unknown> | null; new_value: Record<string, unknown> | null } {
  if (!isRecord(changes)) return { old_value: null, new_value: null };
  const isDiff = (v: unknown): v is { from: unknown; to: unknown } => isRecord(v) && 'from' in v && 'to' in v;
  const entries = Object.entries(changes);
  if (!entries.some(([, v]) => isDiff(v))) return { old_value: null, new_value: changes };
  return {
    old_value: Object.fromEntries(entries.filter(([, v]) => isDiff(v)).map(([k, v]) => [k, (v as { from: unknown }).from])),
    new_value: Object.fromEntries(entries.map(([k, v]) => [k, isDiff(v) ? v.to : v])),
  };
}

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
  return { data: rows.map(toLogRow), total: total.total, total_kind: total.kind };
}

/** GET /api/admin/logs/info?log_id: one entry with what changed; another user's entry is 404 for a non-admin. */
export async function readLog(db: Db, viewer: RequestUser, id: number, timeZone: string): Promise<LogInfoReply> {
  const row = await findLog(db, id, timeZone);
  const only = ownOnly(viewer);
  if (!row || (only !== undefined && row.user_id !== only)) throw notFound('log_id');
  return { data: { ...toLogRow(row), changes: row.changes, ...splitChanges(row.changes) } };
}
