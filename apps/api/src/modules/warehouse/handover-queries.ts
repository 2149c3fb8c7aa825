import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { HandoverDeclaration, HandoverListDeclaration, HandoverTask } from '@app/contract/warehouse';
import { MODEL } from '@app/contract/models';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { declarations } from '../../db/schema/declarations';
import { handoverTaskItems as items, handoverTasks as tasks } from '../../db/schema/handover';
import { auditLog, statusHistory } from '../../db/schema/platform';
import { branches, countries, productTypes, statuses } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { baskets, containers } from '../../db/schema/warehouse';
import { inCompany, type PartnerScope } from '../../platform/partner-scope';
import { asDateTime } from '../../platform/sql-format';

/** A task's branch belongs to the partner's company (true for office staff). */
function taskInScope(scope: PartnerScope) {
  return inCompany(scope, sql`(select b.company_id from ${branches} b where b.id = ${tasks.branchId})`);
}

const HANDOVER_MODEL = 7;

/* The aliases the row SQL is written with (`t`, `cu`, `ca`): callers' conditions read `t.…`. */
const t = alias(tasks, 't');
const customer = alias(users, 'cu');
const cashier = alias(users, 'ca');

const trimmedName = (person: { name: AnyColumn; surname: AnyColumn }) => sql<string>`trim(coalesce(${person.name}, '') || ' ' || coalesce(${person.surname}, ''))`;

/**
 * A queue entry as a flat row (spec §3 "Handover queue", issue 14 wire names); turn = place among the
 * branch's entries of that day. `declarations` (the parcels with their box) replaces the former
 * per-box aggregate: one sub-select either way. The detail swaps it for the full parcels.
 */
function taskColumns(timeZone: string) {
  return {
    id: t.id,
    turn: sql<number>`(select count(*)::int from ${tasks} t2 where t2.branch_id is not distinct from t.branch_id
         and (t2.created_at at time zone ${timeZone})::date = (t.created_at at time zone ${timeZone})::date and t2.id <= t.id)`,
    state_id: t.statusId,
    state_name: sql<string>`coalesce(${statuses.name}, '')`,
    user_id: customer.id,
    user_code: customer.code,
    user_name: trimmedName(customer),
    // Not started yet: no cashier (0, '': clients read both as values).
    cashier_id: sql<number>`coalesce(${cashier.id}, 0)`,
    cashier_name: trimmedName(cashier),
    branch_id: branches.id,
    branch_name: branches.name,
    created_at: asDateTime(t.createdAt, timeZone),
    count: sql<number>`(select count(*)::int from ${items} i where i.task_id = t.id and i.removed_at is null)`,
    packages: sql<HandoverTask['packages']>`json_build_object('small_package', t.small_package, 'medium_package', t.medium_package, 'big_package', t.big_package)`,
  };
}

const listDeclarations = sql<HandoverListDeclaration[]>`coalesce((select json_agg(json_build_object('declaration_id', d.id, 'track_code', d.track_code,
    'wardrobe_number', coalesce(d.wardrobe_number, ''), 'container_id', c.id, 'container_name', c.name) order by c.name nulls last, d.id)
  from ${items} i join ${declarations} d on d.id = i.declaration_id left join ${containers} c on c.id = d.container_id
  where i.task_id = t.id and i.removed_at is null), '[]'::json)`;

/** The joins taskColumns reads (written out in each query: drizzle types a select's joins only on a concrete selection). */
const cashierOfTask = eq(cashier.id, t.cashierId);
const branchOfTask = eq(branches.id, t.branchId);
const stateOfTask = and(eq(statuses.modelId, HANDOVER_MODEL), eq(statuses.id, t.statusId));

export async function findTasks(
  db: DbOrTx, q: { states: number[]; branchId: number | null; limit: number; offset: number; history: boolean }, timeZone: string,
): Promise<{ rows: HandoverTask[]; total: number }> {
  const conds: SQL[] = [sql`t.cancelled_at is null`, sql`t.status_id in (${sql.join(q.states.map((s) => sql`${s}`), sql`, `)})`];
  if (q.branchId !== null) conds.push(sql`t.branch_id = ${q.branchId}`);
  const where = sql.join(conds, sql` and `);
  const order = q.history ? sql`t.id desc` : sql`t.id asc`;
  const rows = await db.select({ ...taskColumns(timeZone), declarations: listDeclarations }).from(t)
    .innerJoin(customer, eq(customer.id, t.userId)).leftJoin(cashier, cashierOfTask).leftJoin(branches, branchOfTask).leftJoin(statuses, stateOfTask)
    .where(where).orderBy(order).limit(q.limit).offset(q.offset);
  const total = await db.execute<{ n: number } & Record<string, unknown>>(sql`select count(*)::int as n from ${tasks} t where ${where}`);
  return { rows, total: total.rows[0]?.n ?? 0 };
}

/** Tasks this cashier has started and not finished: the screen sends them straight there. */
export async function findActiveTaskIds(db: DbOrTx, cashierId: number, branchId: number | null): Promise<number[]> {
  const rows = await db.select({ id: tasks.id }).from(tasks)
    .where(and(eq(tasks.cashierId, cashierId), eq(tasks.statusId, 42), isNull(tasks.cancelledAt),
      branchId === null ? undefined : eq(tasks.branchId, branchId)))
    .orderBy(tasks.id);
  return rows.map((r) => r.id);
}

export async function findTaskCard(db: DbOrTx, id: number, timeZone: string): Promise<Omit<HandoverTask, 'declarations'> | undefined> {
  const rows = await db.select(taskColumns(timeZone)).from(t)
    .innerJoin(customer, eq(customer.id, t.userId)).leftJoin(cashier, cashierOfTask).leftJoin(branches, branchOfTask).leftJoin(statuses, stateOfTask)
    .where(sql`t.id = ${id} and t.cancelled_at is null`);
  return rows[0];
}

export function findTaskDeclarations(db: DbOrTx, taskId: number): Promise<HandoverDeclaration[]> {
  return db.select({
    declaration_id: declarations.id,
    track_code: declarations.trackCode,
    global_track_code: sql<string>`coalesce(${declarations.globalTrackCode}, '')`,
    weight: sql<string | null>`${declarations.weight}::text`,
    quantity: declarations.quantity,
    basket_id: baskets.id,
    basket_name: baskets.name,
    country_id: countries.id,
    country_name: countries.countryName,
    state_id: declarations.statusId,
    state_name: sql<string>`coalesce(${statuses.name}, '')`,
    product_type_id: productTypes.id,
    product_type_name: productTypes.nameAz,
    shop_name: sql<string>`coalesce(${declarations.shopName}, '')`,
    container_id: containers.id,
    container_name: containers.name,
    wardrobe_number: sql<string>`coalesce(${declarations.wardrobeNumber}, '')`,
    trendyol: declarations.trendyol,
    partner_id: declarations.partnerId,
  }).from(items)
    .innerJoin(declarations, eq(declarations.id, items.declarationId))
    .leftJoin(baskets, eq(baskets.id, declarations.basketId))
    .leftJoin(countries, eq(countries.id, declarations.countryId))
    .leftJoin(statuses, and(eq(statuses.modelId, MODEL.declarations), eq(statuses.id, declarations.statusId)))
    .leftJoin(productTypes, eq(productTypes.id, declarations.productTypeId))
    .leftJoin(containers, eq(containers.id, declarations.containerId))
    .where(and(eq(items.taskId, taskId), isNull(items.removedAt)))
    .orderBy(sql`${containers.name} nulls last`, declarations.id);
}

export function findTaskForUpdate(tx: DbOrTx, id: number) {
  return tx.select().from(tasks).where(and(eq(tasks.id, id), isNull(tasks.cancelledAt))).limit(1).for('update').then((r) => r[0]);
}

/** The declarations to queue, locked, with any open queue entry they are already in. */
export async function findQueueCandidates(tx: DbOrTx, ids: readonly number[]) {
  const res = await tx.execute<{ id: number; user_id: number | null; status_id: number; queued: boolean } & Record<string, unknown>>(sql`
    select d.id, d.user_id, d.status_id,
      exists (select 1 from ${items} i join ${tasks} t on t.id = i.task_id
              where i.declaration_id = d.id and i.removed_at is null and t.cancelled_at is null and t.status_id in (41, 42)) as queued
    from ${declarations} d where d.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and d.deleted_at is null
    for update of d`);
  return res.rows;
}

export async function insertTask(tx: DbOrTx, row: typeof tasks.$inferInsert, declarationIds: readonly number[]): Promise<number> {
  const [created] = await tx.insert(tasks).values(row).returning({ id: tasks.id });
  const id = created!.id;
  await tx.insert(items).values(declarationIds.map((declarationId) => ({ taskId: id, declarationId })));
  return id;
}

export async function setTaskState(tx: DbOrTx, id: number, from: number | null, to: number, userId: number, fields: Partial<typeof tasks.$inferInsert> = {}) {
  await tx.update(tasks).set({ ...fields, statusId: to, updatedAt: sql`now()` }).where(eq(tasks.id, id));
  await tx.insert(statusHistory).values({ modelId: HANDOVER_MODEL, objectId: id, fromStateId: from, stateId: to, userId });
}

export async function cancelTask(tx: DbOrTx, id: number) {
  await tx.update(tasks).set({ cancelledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(tasks.id, id));
}

export async function removeTaskItem(tx: DbOrTx, taskId: number, declarationId: number): Promise<boolean> {
  const res = await tx.update(items).set({ removedAt: sql`now()` })
    .where(and(eq(items.taskId, taskId), eq(items.declarationId, declarationId), isNull(items.removedAt))).returning({ id: items.id });
  return res.length > 0;
}

export async function countOpenItems(tx: DbOrTx, taskId: number): Promise<number> {
  const res = await tx.execute<{ n: number } & Record<string, unknown>>(sql`select count(*)::int as n from ${items} where task_id = ${taskId} and removed_at is null`);
  return res.rows[0]?.n ?? 0;
}

export async function countTasksByState(db: DbOrTx, scope: PartnerScope, branchId: number | null) {
  const res = await db.execute<{ status_id: number; n: number } & Record<string, unknown>>(sql`
    select status_id, count(*)::int as n from ${tasks}
    where cancelled_at is null and status_id in (41, 42) ${branchId === null ? sql`` : sql`and branch_id = ${branchId}`} and ${taskInScope(scope)}
    group by status_id`);
  return Object.fromEntries(res.rows.map((r) => [r.status_id, r.n])) as Record<number, number>;
}

export async function countExecutedToday(db: DbOrTx, scope: PartnerScope, branchId: number | null, timeZone: string): Promise<number> {
  const res = await db.execute<{ n: number } & Record<string, unknown>>(sql`
    select count(*)::int as n from ${tasks}
    where cancelled_at is null and status_id = 43 and (updated_at at time zone ${timeZone})::date = (now() at time zone ${timeZone})::date
      ${branchId === null ? sql`` : sql`and branch_id = ${branchId}`} and ${taskInScope(scope)}`);
  return res.rows[0]?.n ?? 0;
}

export async function insertAudit(tx: DbOrTx, entry: { userId: number; action: string; entityId: number; changes: unknown }) {
  await tx.insert(auditLog).values({ userId: entry.userId, action: entry.action, entity: 'handover_task', entityId: String(entry.entityId), changes: entry.changes });
}

export async function findTaskIdsOfDeclarations(tx: DbOrTx, declarationIds: readonly number[]): Promise<number[]> {
  if (!declarationIds.length) return [];
  const rows = await tx.selectDistinct({ id: tasks.id }).from(items).innerJoin(tasks, eq(tasks.id, items.taskId))
    .where(and(inArray(items.declarationId, [...declarationIds]), isNull(items.removedAt), isNull(tasks.cancelledAt), inArray(tasks.statusId, [41, 42])));
  return rows.map((r) => r.id);
}
