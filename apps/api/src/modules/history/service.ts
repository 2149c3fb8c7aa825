import type { LogInfoReply, LogListQuery, LogListReply, LogRow, StateArchiveQuery, StateArchiveReply, StateHistoryQuery, StateHistoryReply } from '@app/contract/history';
import { MODEL_NAMES, type ModelId } from '@app/contract/models';
import { toCsv, type CsvColumn } from '@app/contract/csv';
import { ROLE } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { invalid, notFound } from '../../platform/errors';
import { ENTITY_OF_MODEL, findLog, findLogPage, findLogsForExport, findStateArchivePage, findStateHistory, type LogSqlRow } from './queries';

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

/**
 * GET /api/admin/states/history and /api/client/get_status_map: one record's status changes, oldest
 * first; a record without changes (or no such record) has an empty history.
 */
export async function readStateHistory(db: Db, query: StateHistoryQuery, timeZone: string): Promise<StateHistoryReply> {
  const objectId = query.object_id ?? query.objectId;
  if (objectId === undefined) throw invalid({ objectId: [az.errors.required] });
  return { data: await findStateHistory(db, query.model_id, objectId, timeZone) };
}

/** "my logs": an admin (role 1) reads every entry; anyone else only their own. */
const ownOnly = (viewer: RequestUser) => (viewer.admin === ROLE.admin ? undefined : viewer.id);

/** GET /api/admin/logs: the operation log; ?model_id&object_id narrows it to one record (the timeline's link). */
export async function listLogs(db: Db, viewer: RequestUser, query: LogListQuery, timeZone: string): Promise<LogListReply> {
  const { rows, total } = await findLogPage(db, query, timeZone, logScope(viewer, query));
  return { data: rows.map(toLogRow), total: total.total, total_kind: total.kind };
}

/** The log/record scope of a list or export query: own entries only for a non-admin; model_id+object_id = one record. */
function logScope(viewer: RequestUser, query: LogListQuery) {
  let record: { entity: string; entityId: string } | undefined;
  if (query.object_id !== undefined) {
    const entity = query.model_id === undefined ? query.entity : ENTITY_OF_MODEL[query.model_id];
    // A model without audit entries of its own matches nothing rather than every entity with that id.
    record = { entity: entity ?? '-', entityId: String(query.object_id) };
  }
  return { onlyUserId: ownOnly(viewer), record };
}

export const LOG_EXPORT_MAX_ROWS = 100_000;
const T = az.historyUi;
const LOG_CSV: CsvColumn<LogRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: T.action, value: (r) => r.title },
  { header: T.user, value: (r) => r.user_name ?? '' },
  { header: T.model, value: (r) => r.model_name },
  { header: T.objectId, value: (r) => r.entity_id ?? '' },
  { header: T.method, value: (r) => r.method ?? '' },
  { header: T.path, value: (r) => r.path ?? '' },
  { header: T.statusCode, value: (r) => r.status_code ?? '' },
  { header: T.ip, value: (r) => r.ip ?? '' },
  { header: T.date, value: (r) => r.created_at },
];

/** GET /api/admin/logs/export: the log with the list's filters and sort as CSV (up to LOG_EXPORT_MAX_ROWS rows). */
export async function exportLogs(db: Db, viewer: RequestUser, query: LogListQuery, timeZone: string): Promise<string> {
  const rows = await findLogsForExport(db, query, timeZone, logScope(viewer, query), LOG_EXPORT_MAX_ROWS);
  return toCsv(LOG_CSV, rows.map(toLogRow));
}

/** GET /api/admin/logs/info?log_id: one entry with what changed; another user's entry is 404 for a non-admin. */
export async function readLog(db: Db, viewer: RequestUser, id: number, timeZone: string): Promise<LogInfoReply> {
  const row = await findLog(db, id, timeZone);
  const only = ownOnly(viewer);
  if (!row || (only !== undefined && row.user_id !== only)) throw notFound('log_id');
  return { data: { ...toLogRow(row), changes: row.changes, ...splitChanges(row.changes) } };
}
