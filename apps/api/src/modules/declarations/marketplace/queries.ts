import type { MarketplaceListRow } from '@app/contract/declaration-workflow';
import { MODEL } from '@app/contract/models';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  declarationCustomsStates, marketplaceLogs, marketplaceParcelStates, marketplacePinChanges,
} from '../../../db/schema/declaration-workflow';
import { declarations as d } from '../../../db/schema/declarations';
import { statuses } from '../../../db/schema/settings';
import { users } from '../../../db/schema/users';
import { alias } from 'drizzle-orm/pg-core';
import { declarationRowColumns, inWrittenJoinOrder, joinDeclarationRow } from '../lists/queries';
import { asDateTime, fullName } from '../../../platform/sql-format';

const marketplaceState = alias(statuses, 'marketplace_state');

/* SQL of customs states, marketplace data and the status counts (handover: workflow/queries.ts). */

// ---------------------------------------------------------------- customs

export function findDeclarationByTrack(db: DbOrTx, trackCode: string) {
  return db.select({
    id: d.id, trackCode: d.trackCode, weight: d.weight, price: d.price, productTypeId: d.productTypeId, userId: d.userId,
    fin: users.fin, deletedAt: d.deletedAt,
  }).from(d).leftJoin(users, eq(users.id, d.userId))
    .where(sql`(${d.trackCode} = ${trackCode} or ${d.globalTrackCode} = ${trackCode})`)
    .orderBy(sql`${d.deletedAt} nulls first`, desc(d.id)).limit(1).then((r) => r[0]);
}

export function findLatestCustomsState(db: DbOrTx, declarationId: number) {
  return db.select({ code: declarationCustomsStates.code, json: declarationCustomsStates.json }).from(declarationCustomsStates)
    .where(eq(declarationCustomsStates.declarationId, declarationId))
    .orderBy(desc(declarationCustomsStates.createdAt), desc(declarationCustomsStates.id)).limit(1).then((r) => r[0]);
}

export function findCustomsStates(db: DbOrTx, declarationId: number, timeZone: string) {
  return db.select({
    id: declarationCustomsStates.id, code: declarationCustomsStates.code, json: declarationCustomsStates.json,
    created_at: asDateTime(sql`${declarationCustomsStates.createdAt}`, timeZone),
  }).from(declarationCustomsStates).where(eq(declarationCustomsStates.declarationId, declarationId))
    .orderBy(declarationCustomsStates.createdAt, declarationCustomsStates.id);
}

// ---------------------------------------------------------------- marketplace

export function findMarketplaceLog(db: DbOrTx, declarationId: number, lock = false) {
  const q = db.select().from(marketplaceLogs).where(eq(marketplaceLogs.declarationId, declarationId));
  return (lock ? q.for('update') : q).then((r) => r[0]);
}

export async function findMarketplaceInfo(db: DbOrTx, declarationId: number, timeZone: string) {
  const log = await findMarketplaceLog(db, declarationId);
  if (!log) return null;
  const state = log.stateId === null ? undefined
    : (await db.select({ name: statuses.name }).from(statuses).where(and(eq(statuses.modelId, MODEL.trendyol), eq(statuses.id, log.stateId))))[0];
  const change = (await db.select({
    id: marketplacePinChanges.id, newPin: marketplacePinChanges.newPin, status: marketplacePinChanges.status,
    lastError: marketplacePinChanges.lastError,
    createdAt: asDateTime(sql`${marketplacePinChanges.createdAt}`, timeZone),
    appliedAt: sql<string | null>`to_char(${marketplacePinChanges.appliedAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
  }).from(marketplacePinChanges).where(eq(marketplacePinChanges.declarationId, declarationId))
    .orderBy(desc(marketplacePinChanges.id)).limit(1))[0];
  return { log, stateName: state?.name ?? null, change: change ?? null };
}

export async function insertPinChange(tx: DbOrTx, row: typeof marketplacePinChanges.$inferInsert): Promise<number> {
  const [created] = await tx.insert(marketplacePinChanges).values(row).returning({ id: marketplacePinChanges.id });
  return created!.id;
}

export function findPinChange(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(marketplacePinChanges).where(eq(marketplacePinChanges.id, id));
  return (lock ? q.for('update') : q).then((r) => r[0]);
}

export async function updatePinChange(tx: DbOrTx, id: number, fields: Partial<typeof marketplacePinChanges.$inferInsert>) {
  await tx.update(marketplacePinChanges).set(fields).where(eq(marketplacePinChanges.id, id));
}

/** Supersedes older pending changes of the declaration (only the newest PIN is sent). */
export async function supersedePendingPinChanges(tx: DbOrTx, declarationId: number) {
  await tx.update(marketplacePinChanges).set({ status: 'failed', lastError: 'superseded' })
    .where(and(eq(marketplacePinChanges.declarationId, declarationId), eq(marketplacePinChanges.status, 'pending')));
}

export async function applyPinToLog(tx: DbOrTx, declarationId: number, pin: string) {
  await tx.update(marketplaceLogs).set({
    pinCode: pin, data: sql`jsonb_set(${marketplaceLogs.data}, '{pin_code}', to_jsonb(${pin}::text))`, updatedAt: sql`now()`,
  }).where(eq(marketplaceLogs.declarationId, declarationId));
}

const stateAuthor = alias(users, 'state_author');

export function findParcelStates(db: DbOrTx, trackCode: string, timeZone: string) {
  return db.select({
    _id: sql<string>`${marketplaceParcelStates.id}::text`,
    state: marketplaceParcelStates.name,
    comment: sql<string>`coalesce(${marketplaceParcelStates.description}, '')`,
    author: sql<string>`coalesce(${fullName(stateAuthor.name, stateAuthor.surname)}, '')`,
    created_at: asDateTime(marketplaceParcelStates.createdAt, timeZone),
    updated_at: asDateTime(marketplaceParcelStates.createdAt, timeZone),
    state_id: marketplaceParcelStates.stateId,
    author_id: marketplaceParcelStates.userId,
  }).from(marketplaceParcelStates)
    .leftJoin(stateAuthor, eq(stateAuthor.id, marketplaceParcelStates.userId))
    .where(sql`${marketplaceParcelStates.trackCode} = ${trackCode} or ${marketplaceParcelStates.declarationId} = (select id from ${d} where track_code = ${trackCode} limit 1)`)
    .orderBy(marketplaceParcelStates.createdAt, marketplaceParcelStates.id);
}

export function marketplaceStateExists(db: DbOrTx, id: number) {
  return db.select({ id: statuses.id, name: statuses.name }).from(statuses)
    .where(and(eq(statuses.modelId, MODEL.trendyol), eq(statuses.id, id))).then((r) => r[0]);
}

/** The marketplace list's WHERE from its filters (marketplace parcels only, not deleted). */
export function marketplaceWhere(f: {
  track_code?: string; global_track_code?: string; user_id?: number; user_name?: string; trendyol?: number;
  marketplace_state_id?: number; state_id?: number[]; pin_code?: string; date_from?: string; date_to?: string;
}, timeZone: string, ids?: readonly number[]): SQL {
  const parts: SQL[] = [sql`${d.deletedAt} is null`, sql`${d.trendyol} in (1, 2)`];
  if (f.track_code) parts.push(sql`${d.trackCode} ilike ${`%${f.track_code}%`}`);
  if (f.global_track_code) parts.push(sql`${d.globalTrackCode} ilike ${`%${f.global_track_code}%`}`);
  if (f.user_id) parts.push(sql`${d.userId} = ${f.user_id}`);
  if (f.user_name) parts.push(sql`${d.userId} in (select id from ${users} where (name || ' ' || surname) ilike ${`%${f.user_name}%`})`);
  if (f.trendyol) parts.push(sql`${d.trendyol} = ${f.trendyol}`);
  if (f.marketplace_state_id) parts.push(sql`exists (select 1 from ${marketplaceLogs} m where m.declaration_id = ${d.id} and m.state_id = ${f.marketplace_state_id})`);
  if (f.state_id?.length) parts.push(sql`${d.statusId} = any(${sql.param(`{${f.state_id.join(',')}}`)}::int[])`);
  if (f.pin_code) parts.push(sql`exists (select 1 from ${marketplaceLogs} m where m.declaration_id = ${d.id} and m.pin_code ilike ${`%${f.pin_code}%`})`);
  if (f.date_from) parts.push(sql`${d.createdAt} >= (${f.date_from}::timestamp at time zone ${timeZone})`);
  if (f.date_to) parts.push(sql`${d.createdAt} <= (${f.date_to}::timestamp at time zone ${timeZone})`);
  if (ids) parts.push(sql`${d.id} = any(${sql.param(`{${ids.join(',') || '0'}}`)}::int[])`);
  return sql.join(parts, sql` and `);
}

const MARKETPLACE_SORT: Record<string, SQL> = {
  id: sql`${d.id}`, created_at: sql`${d.createdAt}`, track_code: sql`${d.trackCode}`, weight: sql`${d.weight}`,
};

export async function findMarketplacePage(
  db: DbOrTx, where: SQL, q: { page: number; per_page: number; sort_column?: string; sort_order?: 'asc' | 'desc' }, timeZone: string,
): Promise<{ rows: MarketplaceListRow[]; total: number }> {
  const order = q.sort_order === 'asc' ? sql`asc` : sql`desc`;
  const sortBy = (q.sort_column && Object.hasOwn(MARKETPLACE_SORT, q.sort_column) ? MARKETPLACE_SORT[q.sort_column] : undefined) ?? MARKETPLACE_SORT.created_at!;
  // the page's ids first (declarations alone), then their list rows (lists/queries.ts)
  const page = db.select({ id: d.id }).from(d).where(where)
    .orderBy(sql`${sortBy} ${order}`, sql`${d.id} ${order}`).limit(q.per_page).offset((q.page - 1) * q.per_page).as('page');
  const rows = await inWrittenJoinOrder(db, (tx) => joinDeclarationRow(tx.select({
    ...declarationRowColumns(timeZone),
    trendyol_state_id: marketplaceLogs.stateId,
    trendyol_state_name: marketplaceState.name,
    pin_code: marketplaceLogs.pinCode,
  }).from(page).innerJoin(d, eq(d.id, page.id)).$dynamic())
    .leftJoin(marketplaceLogs, eq(marketplaceLogs.declarationId, d.id))
    .leftJoin(marketplaceState, and(eq(marketplaceState.modelId, MODEL.trendyol), eq(marketplaceState.id, marketplaceLogs.stateId)))
    .orderBy(sql`${sortBy} ${order}`, sql`${d.id} ${order}`));
  const total = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${d} where ${where}`);
  return { rows, total: Number(total.rows[0]?.n ?? 0) };
}

/** Sets the marketplace state of every matching declaration, with a parcel-state row each. Returns the ids. */
export async function setMarketplaceStateWhere(tx: DbOrTx, where: SQL, stateId: number, stateName: string, userId: number): Promise<number[]> {
  const res = await tx.execute<{ id: number }>(sql`
    with target as (select ${d.id} as id, ${d.trackCode} as track_code from ${d} where ${where} for update),
    upd as (
      update ${marketplaceLogs} m set state_id = ${stateId}, updated_at = now()
      from target where m.declaration_id = target.id returning m.declaration_id
    ), ins as (
      insert into ${marketplaceLogs} (declaration_id, provider, state_id, data)
      select t.id, dd.trendyol, ${stateId}, '{}'::jsonb from target t join ${d} dd on dd.id = t.id
      where not exists (select 1 from ${marketplaceLogs} m where m.declaration_id = t.id)
      returning declaration_id
    ), states as (
      insert into ${marketplaceParcelStates} (declaration_id, track_code, state_id, name, user_id)
      select id, track_code, ${stateId}, ${stateName}, ${userId} from target
      returning declaration_id
    )
    select declaration_id::int as id from states`);
  return res.rows.map((r) => Number(r.id));
}

// ---------------------------------------------------------------- counts

export async function countByStatus(db: DbOrTx) {
  const res = await db.execute<{ state_id: number; name: string; count: number }>(sql`
    select s.id::int as state_id, s.name, coalesce(c.n, 0)::int as count
    from ${statuses} s
    left join (select status_id, count(*) as n from ${d} where deleted_at is null group by status_id) c on c.status_id = s.id
    where s.model_id = ${MODEL.declarations}
    order by s.sort, s.id`);
  return res.rows.map((r) => ({ state_id: Number(r.state_id), name: r.name, count: Number(r.count) }));
}
