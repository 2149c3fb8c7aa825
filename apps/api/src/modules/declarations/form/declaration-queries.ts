import type { DeclarationDetail, DeclarationTimelineEntry } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { declarationReturns, declarations as d } from '../../../db/schema/declarations';
import { auditLog, statusHistory } from '../../../db/schema/platform';
import { branches, productTypes, returnReasons, statuses, tariffCategories, tariffs } from '../../../db/schema/settings';
import { users } from '../../../db/schema/users';
import { containers } from '../../../db/schema/warehouse';
import { declarationDetailColumns, joinDeclarationRow } from '../lists/queries';

/*
 * SQL of one declaration's workflow (info, create, edit, status changes, timeline). The list's
 * SQL is in lists/queries.ts.
 */

export type DeclarationRow = typeof d.$inferSelect;
export type DeclarationInsert = typeof d.$inferInsert;

export function findDeclarationForUpdate(tx: DbOrTx, id: number) {
  return tx.select().from(d).where(and(eq(d.id, id), isNull(d.deletedAt))).for('update').then((r) => r[0]);
}

export function findDeclarationsForUpdate(tx: DbOrTx, ids: readonly number[]) {
  return tx.select().from(d).where(and(inArray(d.id, [...ids]), isNull(d.deletedAt))).orderBy(d.id).for('update');
}

export function findListedDeclarations(db: DbOrTx, ids: readonly number[]) {
  return db.select().from(d).where(and(inArray(d.id, [...ids]), isNull(d.deletedAt))).orderBy(d.id);
}

/** One declaration in the list row's names plus the details screen's (deleted ones too: their history stays readable). */
export async function findDeclarationDetail(db: DbOrTx, id: number, timeZone: string, viewerBranchId: number | null) {
  const rows = await joinDeclarationRow(db.select(declarationDetailColumns(timeZone, viewerBranchId)).from(d).$dynamic())
    .where(eq(d.id, id));
  return rows[0] as DeclarationDetail | undefined;
}

export async function nextDeclarationId(tx: DbOrTx): Promise<number> {
  const res = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('declarations', 'id'))::int as id`);
  return Number(res.rows[0]!.id);
}

export async function insertDeclaration(tx: DbOrTx, row: DeclarationInsert): Promise<number> {
  const [created] = await tx.insert(d).values(row).returning({ id: d.id });
  return created!.id;
}

export async function updateDeclaration(tx: DbOrTx, id: number, fields: Partial<DeclarationInsert>): Promise<void> {
  await tx.update(d).set({ ...fields, updatedAt: sql`now()` }).where(eq(d.id, id));
}

export async function softDeleteDeclarations(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx.update(d).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(and(inArray(d.id, [...ids]), isNull(d.deletedAt)));
}

export async function insertStatusHistory(tx: DbOrTx, entry: { objectId: number; from: number | null; to: number; userId: number; note?: string | null; modelId?: number }) {
  await tx.insert(statusHistory).values({
    modelId: entry.modelId ?? MODEL.declarations, objectId: entry.objectId, fromStateId: entry.from, stateId: entry.to, userId: entry.userId, note: entry.note ?? null,
  });
}

/** One audit entry per declaration, set-based (bulk delete). */
export async function insertAuditForEach(tx: DbOrTx, ids: readonly number[], entry: { userId: number; action: string; changes: unknown }) {
  if (!ids.length) return;
  await tx.execute(sql`
    insert into ${auditLog} (user_id, action, entity, entity_id, changes)
    select ${entry.userId}, ${entry.action}, 'declaration', x::text, ${JSON.stringify(entry.changes)}::jsonb
    from unnest(${sql.param(`{${ids.join(',')}}`)}::int[]) as x`);
}

/**
 * Bulk status change (spec §7 v2 edit/state): every declaration matching `where` moves to
 * `to`, and each gets its status history row, in one statement (set-based: 10,000 rows well
 * under a second). Returns how many changed.
 */
/**
 * The set-based manual status change: every declaration matching `where` whose status is one of
 * `sources` takes `to`, with a status history row each, in one statement. `matched` counts every
 * row of `where` (the same snapshot), so the caller knows how many the rule left out.
 */
export async function changeStatusWhere(
  tx: DbOrTx, where: SQL | undefined, sources: readonly number[], to: number, userId: number, note: string | null,
): Promise<{ count: number; matched: number }> {
  if (!sources.length) return { count: 0, matched: 0 };
  const res = await tx.execute<{ n: number; matched: number }>(sql`
    with target as (
      select ${d.id} as id, ${d.statusId} as from_state from ${d}
      where ${where ?? sql`true`} and ${inArray(d.statusId, [...sources])} for update
    ), changed as (
      update ${d} set status_id = ${to}, updated_at = now() from target where ${d.id} = target.id
      returning target.id, target.from_state
    ), history as (
      insert into ${statusHistory} (model_id, object_id, from_state_id, state_id, user_id, note)
      select ${MODEL.declarations}, id, from_state, ${to}, ${userId}, ${note} from changed
      returning 1
    )
    select (select count(*)::int from history) as n, (select count(*)::int from ${d} where ${where ?? sql`true`}) as matched`);
  return { count: Number(res.rows[0]?.n ?? 0), matched: Number(res.rows[0]?.matched ?? 0) };
}

/** The rows a manual change by ids would touch, locked (id order), with what the rule needs. */
export function findStatusesForUpdate(tx: DbOrTx, where: SQL | undefined) {
  return tx.select({ id: d.id, trackCode: d.trackCode, statusId: d.statusId }).from(d).where(where).orderBy(d.id).for('update');
}

/** A few track codes matching `where` (to name the parcels of a refused bulk change). */
export function findTrackCodesWhere(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db.select({ trackCode: d.trackCode }).from(d).where(where).orderBy(d.id).limit(limit).then((r) => r.map((x) => x.trackCode));
}

/** Names of declaration statuses (model 2), id → name, as the settings screens keep them. */
export async function findStatusNames(db: DbOrTx): Promise<Map<number, string>> {
  const rows = await db.select({ id: statuses.id, name: statuses.name }).from(statuses).where(eq(statuses.modelId, MODEL.declarations));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Which of these references name no row (create/edit forms): field name → missing. */
export async function findMissingReferences(db: DbOrTx, refs: { field: string; table: 'users' | 'branches' | 'product_types' | 'containers' | 'tariff_categories'; id: number }[]) {
  const missing: string[] = [];
  const tables = { users, branches, product_types: productTypes, containers, tariff_categories: tariffCategories };
  for (const r of refs) {
    const table = tables[r.table];
    const deleted = 'deletedAt' in table ? sql`and deleted_at is null` : sql``;
    const res = await db.execute<{ one: number }>(sql`select 1 as one from ${table} where id = ${r.id} ${deleted} limit 1`);
    if (!res.rows.length) missing.push(r.field);
  }
  return missing;
}

export function findTariffCategory(db: DbOrTx, id: number) {
  return db.select().from(tariffCategories).where(eq(tariffCategories.id, id)).then((r) => r[0]);
}

export async function isGlobalTrackCodeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: d.id }).from(d)
    .where(and(eq(d.globalTrackCode, code), isNull(d.deletedAt), exceptId ? sql`${d.id} <> ${exceptId}` : undefined)).limit(1);
  return rows.length > 0;
}

/**
 * The tariff band for a parcel: country, liquid (1) or other (2), category, and the band with
 * from < weight <= to (the first band, from 0, also takes weight 0; a blank `to` is open-ended).
 */
export function findTariffBand(db: DbOrTx, q: { countryId: number; type: number; categoryId: number; weight: string }) {
  return db.select({ id: tariffs.id, price: tariffs.price, weightFrom: tariffs.weightFrom }).from(tariffs)
    .where(and(
      eq(tariffs.countryId, q.countryId), eq(tariffs.type, q.type), eq(tariffs.categoryId, q.categoryId), isNull(tariffs.deletedAt),
      sql`(${tariffs.weightFrom} < ${q.weight}::numeric or ${tariffs.weightFrom} = 0)`,
      sql`(${tariffs.weightTo} is null or ${q.weight}::numeric <= ${tariffs.weightTo})`,
    ))
    .orderBy(sql`${tariffs.weightFrom} desc`)
    .limit(1)
    .then((r) => r[0]);
}

/**
 * The timeline: one entry per change, oldest first. A service writes a status change's history row
 * and its audit entry in one transaction, so both carry the same `now()`: such a pair is one entry
 * (the audit's action and changes, the history's new status). History rows with no audit entry
 * (seeded parcels, bulk changes) stand alone.
 */
export async function findTimeline(db: DbOrTx, id: number, timeZone: string): Promise<DeclarationTimelineEntry[]> {
  const res = await db.execute<DeclarationTimelineEntry & Record<string, unknown>>(sql`
    with hist as (
      select h.id, h.user_id, h.state_id, h.note, h.created_at from ${statusHistory} h
      where h.model_id = ${MODEL.declarations} and h.object_id = ${id}
    ), aud as (
      select a.id, a.user_id, a.action, a.changes, a.created_at from ${auditLog} a
      where a.entity = 'declaration' and a.entity_id = ${String(id)}
    )
    select e.id, e.action, e.note, e.changes,
           e.state_id, case when e.state_id is null then null else coalesce(s.name, '') end as state_name,
           dd.id as declaration_id, dd.track_code,
           u.id as causer_id, case when u.id is null then null else u.name || ' ' || u.surname end as causer_name,
           b.id as branch_id, b.name as branch_name,
           to_char(e.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as created_at
    from (
      select 'audit:' || a.id as id, a.action, a.user_id, coalesce(a.changes->>'note', h.note) as note, a.changes,
             a.created_at, a.id as seq, h.state_id
      from aud a
      left join lateral (
        select h.state_id, h.note from hist h
        where h.created_at = a.created_at and h.user_id is not distinct from a.user_id
        order by h.id desc limit 1
      ) h on true
      union all
      select 'status:' || h.id, 'declaration.state', h.user_id, h.note, null::jsonb, h.created_at, h.id, h.state_id
      from hist h
      where not exists (select 1 from aud a where a.created_at = h.created_at and a.user_id is not distinct from h.user_id)
    ) e
    join ${d} dd on dd.id = ${id}
    left join ${statuses} s on s.model_id = ${MODEL.declarations} and s.id = e.state_id
    left join ${users} u on u.id = e.user_id
    left join ${branches} b on b.id = u.admin_branch_id
    order by e.created_at, e.seq`);
  return res.rows;
}

export function findDeclarationDocumentPath(db: DbOrTx, id: number) {
  return db.select({ path: d.documentPath }).from(d).where(eq(d.id, id)).then((r) => r[0]?.path ?? null);
}

export function findReturnReasons(db: DbOrTx) {
  return db.select({ id: returnReasons.id, name: returnReasons.name }).from(returnReasons).where(isNull(returnReasons.deletedAt)).orderBy(returnReasons.id);
}

export async function returnReasonExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: returnReasons.id }).from(returnReasons).where(and(eq(returnReasons.id, id), isNull(returnReasons.deletedAt))).limit(1)).length > 0;
}

export async function insertDeclarationReturn(tx: DbOrTx, row: typeof declarationReturns.$inferInsert): Promise<number> {
  const [created] = await tx.insert(declarationReturns).values(row).returning({ id: declarationReturns.id });
  return created!.id;
}
