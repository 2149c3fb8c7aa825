import type { LogListQuery, LogRow, StateArchiveQuery, StateArchiveRow, StateHistoryRow } from '@app/contract/history';
import { MODEL, MODEL_NAMES, type ModelId } from '@app/contract/models';
import { az } from '@app/contract/texts/az';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog as a, statusHistory as h } from '../../db/schema/platform';
import { models } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';
import { asDateTime } from '../../platform/sql-format';

export type LogSqlRow = Omit<LogRow, 'title' | 'model_id' | 'model_name' | 'object_id'>;

/* SQL of the history screens: the status archive (status_history) and the operation log (audit_log). */

const staffNamed = (v: string) => sql`select u.id from ${users} u where (u.name || ' ' || u.surname) ilike ${`%${escapeLike(v)}%`}`;
/** Columns inside sub-selects are written table-qualified: drizzle leaves them bare in one-table selects. */
const hCol = (name: string) => sql.raw(`"status_history"."${name}"`);
const aCol = (name: string) => sql.raw(`"audit_log"."${name}"`);
const userName = (idExpr: SQL) => sql<string | null>`(select u.name || ' ' || u.surname from ${users} u where u.id = ${idExpr})`;
const stateName = (stateExpr: SQL) =>
  sql<string | null>`(select s.name from statuses s where s.model_id = ${hCol('model_id')} and s.id = ${stateExpr})`;

/** A 'from,to' range (office time zone) on a timestamp column. */
function createdBetween(column: AnyColumn, r: { from?: string; to?: string }, timeZone: string) {
  return and(r.from ? filters.from(column, timeZone)(r.from) : undefined, r.to ? filters.to(column, timeZone)(r.to) : undefined);
}

/** The log's `title` filter: the raw action, or an action whose Azerbaijani title matches. */
function titleMatches(v: string) {
  const needle = v.toLocaleLowerCase('az');
  const actions = Object.entries({ ...az.declarationWorkflow.timelineActions, ...az.declarations.timelineActions })
    .filter(([, title]) => String(title).toLocaleLowerCase('az').includes(needle)).map(([action]) => action);
  const like = sql`${a.action} ilike ${`%${escapeLike(v)}%`}`;
  return actions.length ? sql`(${like} or ${a.action} in (${sql.join(actions.map((x) => sql`${x}`), sql`, `)}))` : like;
}

/** The log's `model_name` filter: entities of the models so named, or the entity name itself. */
function entityOfModelNamed(v: string) {
  const needle = v.toLocaleLowerCase('az');
  const entities = Object.entries(ENTITY_OF_MODEL)
    .filter(([m]) => (MODEL_NAMES[Number(m) as ModelId] ?? '').toLocaleLowerCase('az').includes(needle)).map(([, e]) => e);
  const like = sql`${a.entity} ilike ${`%${escapeLike(v)}%`}`;
  return entities.length ? sql`(${like} or ${a.entity} in (${sql.join(entities.map((x) => sql`${x}`), sql`, `)}))` : like;
}

/** The audit entity a status model's records are written under (the timeline's link: model_id + object_id). */
export const ENTITY_OF_MODEL: Record<number, string> = {
  [MODEL.declarations]: 'declaration',
  [MODEL.conflictedDeclarations]: 'conflicted_declaration',
  [MODEL.users]: 'user',
};

// ---------------------------------------------------------------- status archive

function stateArchiveSpec(timeZone: string): ListSpec<StateArchiveQuery> {
  return {
    filters: {
      id: filters.equals(h.id),
      model_id: filters.equals(h.modelId),
      object_id: filters.equals(h.objectId),
      state_id: filters.equals(h.stateId),
      state_name: (v) => (v ? sql`${h.stateId} in (select s.id from statuses s where s.name ilike ${`%${escapeLike(v)}%`})` : undefined),
      created_at: (r) => createdBetween(h.createdAt, r, timeZone),
      user_id: filters.equals(h.userId),
      user_name: filters.idIn(h.userId, staffNamed),
      date_from: filters.from(h.createdAt, timeZone),
      date_to: filters.to(h.createdAt, timeZone),
    },
    sorts: {
      id: h.id, created_at: h.createdAt, model_id: h.modelId, object_id: h.objectId, state_id: h.stateId, user_id: h.userId,
      state_name: h.stateId, user_name: h.userId,
    },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: h.id,
  };
}

export async function findStateArchivePage(db: DbOrTx, query: StateArchiveQuery, timeZone: string) {
  const built = buildListQuery(stateArchiveSpec(timeZone), query);
  // The page's ids first (an index scan over status_history alone, cheap at a deep offset), then their names.
  const page = db.select({ id: h.id }).from(h).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset).as('page');
  const rows = await db.select({
    id: h.id,
    model_id: h.modelId,
    model_name: sql<string>`coalesce((select m.name from ${models} m where m.id = ${hCol('model_id')}), '')`,
    object_id: h.objectId,
    object_code: sql<string | null>`case when ${h.modelId} = ${MODEL.declarations} then (select d.track_code from declarations d where d.id = ${hCol('object_id')})
      when ${h.modelId} = ${MODEL.conflictedDeclarations} then (select c.track_code from conflicted_declarations c where c.id = ${hCol('object_id')}) end`,
    from_state_id: h.fromStateId,
    from_state_name: stateName(hCol('from_state_id')),
    state_id: h.stateId,
    state_name: sql<string>`coalesce(${stateName(hCol('state_id'))}, '')`,
    user_id: h.userId,
    user_name: userName(hCol('user_id')),
    note: h.note,
    created_at: asDateTime(h.createdAt, timeZone),
  }).from(page).innerJoin(h, eq(h.id, page.id)).orderBy(...built.orderBy);
  const total = await countList(db, h, built);
  return { rows: rows as StateArchiveRow[], total };
}

// ---------------------------------------------------------------- one record's status history

/** The status changes of one record, oldest first (status_history_object_idx). */
export async function findStateHistory(db: DbOrTx, modelId: number, objectId: number, timeZone: string) {
  const rows = await db.select({
    id: h.id,
    state_id: h.stateId,
    state_name: sql<string>`coalesce(${stateName(hCol('state_id'))}, '')`,
    from_state_id: h.fromStateId,
    from_state_name: stateName(hCol('from_state_id')),
    user_id: h.userId,
    user_name: userName(hCol('user_id')),
    descr: sql<string>`coalesce(${h.note}, '')`,
    created_at: asDateTime(h.createdAt, timeZone),
  }).from(h).where(and(eq(h.modelId, modelId), eq(h.objectId, objectId))).orderBy(h.createdAt, h.id);
  return rows as StateHistoryRow[];
}

// ---------------------------------------------------------------- operation log

function logSpec(timeZone: string): ListSpec<LogListQuery> {
  return {
    filters: {
      id: filters.equals(a.id),
      user_id: filters.equals(a.userId),
      user_name: filters.idIn(a.userId, staffNamed),
      action: filters.contains(a.action),
      title: (v) => (v ? titleMatches(v) : undefined),
      model_name: (v) => (v ? entityOfModelNamed(v) : undefined),
      created_at: (r) => createdBetween(a.createdAt, r, timeZone),
      entity: filters.equals(a.entity),
      entity_id: filters.equals(a.entityId),
      method: filters.equals(a.method),
      date_from: filters.from(a.createdAt, timeZone),
      date_to: filters.to(a.createdAt, timeZone),
    },
    sorts: { id: a.id, created_at: a.createdAt, user_id: a.userId, action: a.action, title: a.action, model_name: a.entity, user_name: a.userId },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: a.id,
  };
}

/** The SQL columns of a log row; the service adds the derived `title`, `model_*` and `object_id`. */
const logColumns = (timeZone: string) => ({
  id: a.id,
  user_id: a.userId,
  user_name: userName(aCol('user_id')),
  action: a.action,
  entity: a.entity,
  entity_id: a.entityId,
  method: a.method,
  path: a.path,
  status_code: a.statusCode,
  ip: a.ip,
  created_at: asDateTime(a.createdAt, timeZone),
});

/**
 * One page of the operation log. `onlyUserId`: the viewer may read only their own entries.
 * `record`: the timeline's link (model_id + object_id) turned into entity + entity_id.
 */
type LogScope = { onlyUserId?: number; record?: { entity: string; entityId: string } };

/** The log's ListSpec query plus the viewer's and the record's conditions (the list and its export). */
function buildLogQuery(query: LogListQuery, timeZone: string, scope: LogScope) {
  const built = buildListQuery(logSpec(timeZone), query);
  const extra: SQL[] = [];
  if (scope.onlyUserId !== undefined) extra.push(sql`${a.userId} = ${scope.onlyUserId}`);
  if (scope.record) extra.push(sql`${a.entity} = ${scope.record.entity} and ${a.entityId} = ${scope.record.entityId}`);
  const where = and(built.where, ...extra);
  return { built, where, scoped: { ...built, where, isEstimable: built.isEstimable && extra.length === 0 } };
}

export async function findLogPage(db: DbOrTx, query: LogListQuery, timeZone: string, scope: LogScope) {
  const { built, where, scoped } = buildLogQuery(query, timeZone, scope);
  const page = db.select({ id: a.id }).from(a).where(where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset).as('page');
  const rows = await db.select(logColumns(timeZone)).from(page).innerJoin(a, eq(a.id, page.id)).orderBy(...built.orderBy);
  const total = await countList(db, a, scoped);
  return { rows: rows as LogSqlRow[], total };
}

/** The whole filtered log (the list's filters and sort, no paging) up to `max` rows: logs/export. */
export async function findLogsForExport(db: DbOrTx, query: LogListQuery, timeZone: string, scope: LogScope, max: number) {
  const { built, where } = buildLogQuery({ ...query, page: 1, per_page: max }, timeZone, scope);
  const rows = await db.select(logColumns(timeZone)).from(a).where(where).orderBy(...built.orderBy).limit(built.limit);
  return rows as LogSqlRow[];
}

export async function findLog(db: DbOrTx, id: number, timeZone: string) {
  const rows = await db.select({ ...logColumns(timeZone), changes: a.changes }).from(a).where(eq(a.id, id));
  return rows[0] as (LogSqlRow & { changes: unknown }) | undefined;
}
