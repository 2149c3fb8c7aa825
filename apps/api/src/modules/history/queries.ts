import type { LogListQuery, LogRow, StateArchiveQuery, StateArchiveRow } from '@app/contract/history';
import { MODEL } from '@app/contract/models';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog as a, statusHistory as h } from '../../db/schema/platform';
import { models } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';

/* SQL of the history screens: the status archive (status_history) and the operation log (audit_log). */

const asDateTime = (column: AnyColumn, timeZone: string) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
const staffNamed = (v: string) => sql`select u.id from ${users} u where (u.name || ' ' || u.surname) ilike ${`%${escapeLike(v)}%`}`;
/** Columns inside sub-selects are written table-qualified: drizzle leaves them bare in one-table selects. */
const hCol = (name: string) => sql.raw(`"status_history"."${name}"`);
const aCol = (name: string) => sql.raw(`"audit_log"."${name}"`);
const userRef = (idExpr: SQL) =>
  sql<{ id: number; name: string } | null>`(select json_build_object('id', u.id, 'name', u.name || ' ' || u.surname) from ${users} u where u.id = ${idExpr})`;
const stateRef = (stateExpr: SQL) =>
  sql<{ id: number; name: string } | null>`(select json_build_object('id', s.id, 'name', s.name) from statuses s where s.model_id = ${hCol('model_id')} and s.id = ${stateExpr})`;

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
      model_id: filters.equals(h.modelId),
      object_id: filters.equals(h.objectId),
      state_id: filters.equals(h.stateId),
      user_id: filters.equals(h.userId),
      user_name: filters.idIn(h.userId, staffNamed),
      date_from: filters.from(h.createdAt, timeZone),
      date_to: filters.to(h.createdAt, timeZone),
    },
    sorts: { id: h.id, created_at: h.createdAt },
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
    model: sql<StateArchiveRow['model']>`json_build_object('id', ${h.modelId}, 'name', coalesce((select m.name from ${models} m where m.id = ${hCol('model_id')}), ''))`,
    object_id: h.objectId,
    object_code: sql<string | null>`case when ${h.modelId} = ${MODEL.declarations} then (select d.track_code from declarations d where d.id = ${hCol('object_id')})
      when ${h.modelId} = ${MODEL.conflictedDeclarations} then (select c.track_code from conflicted_declarations c where c.id = ${hCol('object_id')}) end`,
    from_state: stateRef(hCol('from_state_id')),
    state: sql<StateArchiveRow['state']>`coalesce(${stateRef(hCol('state_id'))}, json_build_object('id', ${h.stateId}, 'name', ''))`,
    user: userRef(hCol('user_id')),
    note: h.note,
    created_at: asDateTime(h.createdAt, timeZone),
  }).from(page).innerJoin(h, eq(h.id, page.id)).orderBy(...built.orderBy);
  const total = await countList(db, h, built);
  return { rows: rows as StateArchiveRow[], total };
}

// ---------------------------------------------------------------- operation log

function logSpec(timeZone: string): ListSpec<LogListQuery> {
  return {
    filters: {
      user_id: filters.equals(a.userId),
      user_name: filters.idIn(a.userId, staffNamed),
      action: filters.contains(a.action),
      entity: filters.equals(a.entity),
      entity_id: filters.equals(a.entityId),
      method: filters.equals(a.method),
      date_from: filters.from(a.createdAt, timeZone),
      date_to: filters.to(a.createdAt, timeZone),
    },
    sorts: { id: a.id, created_at: a.createdAt },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: a.id,
  };
}

const logColumns = (timeZone: string) => ({
  id: a.id,
  user: userRef(aCol('user_id')),
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
export async function findLogPage(db: DbOrTx, query: LogListQuery, timeZone: string, scope: { onlyUserId?: number; record?: { entity: string; entityId: string } }) {
  const built = buildListQuery(logSpec(timeZone), query);
  const extra: SQL[] = [];
  if (scope.onlyUserId !== undefined) extra.push(sql`${a.userId} = ${scope.onlyUserId}`);
  if (scope.record) extra.push(sql`${a.entity} = ${scope.record.entity} and ${a.entityId} = ${scope.record.entityId}`);
  const where = and(built.where, ...extra);
  const scoped = { ...built, where, isEstimable: built.isEstimable && extra.length === 0 };
  const page = db.select({ id: a.id }).from(a).where(where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset).as('page');
  const rows = await db.select(logColumns(timeZone)).from(page).innerJoin(a, eq(a.id, page.id)).orderBy(...built.orderBy);
  const total = await countList(db, a, scoped);
  return { rows: rows as LogRow[], total };
}

export async function findLog(db: DbOrTx, id: number, timeZone: string) {
  const rows = await db.select({ ...logColumns(timeZone), user_id: a.userId, changes: a.changes }).from(a).where(eq(a.id, id));
  return rows[0];
}
