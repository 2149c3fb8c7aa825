import { sumAmounts } from '@app/contract/declaration-workflow';
import { MODEL } from '@app/contract/models';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { declarationPayments } from '../../../db/schema/declaration-workflow';
import { customsParcels, customsQueue } from '../../../db/schema/customs';
import { declarations as d } from '../../../db/schema/declarations';
import { auditLog, statusHistory } from '../../../db/schema/platform';
import { settings } from '../../../db/schema/settings';
import { users } from '../../../db/schema/users';

/* SQL of the workflow beyond the form: handover (customs states, marketplace data, counts: marketplace/queries.ts). */


// ---------------------------------------------------------------- handover

export function findHandoverDeclarations(tx: DbOrTx, ids: readonly number[], lock: boolean) {
  const q = tx.select().from(d).where(and(inArray(d.id, [...ids]), isNull(d.deletedAt))).orderBy(d.id);
  return lock ? q.for('update') : q;
}

export function findCustomer(tx: DbOrTx, id: number, lock: boolean) {
  const q = tx.select({
    id: users.id, code: users.code, name: users.name, surname: users.surname, phone: users.phone,
    balanceUsd: users.balanceUsd, balanceTry: users.balanceTry,
  }).from(users).where(eq(users.id, id));
  return (lock ? q.for('update') : q).then((r) => r[0]);
}

/** Package prices (AZN) from the settings group 'others'; a missing key is 0. */
export async function findPackagePrices(db: DbOrTx): Promise<{ small: string; medium: string; big: string }> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings)
    .where(and(eq(settings.groupId, 'others'), inArray(settings.key, ['smallPackage', 'mediumPackage', 'bigPackage'])));
  const read = (key: string) => {
    const v = rows.find((r) => r.key === key)?.value;
    const text = v === null || v === undefined ? '0' : String(v).trim();
    return /^\d+(\.\d+)?$/.test(text) ? sumAmounts([text]) : '0.00';
  };
  return { small: read('smallPackage'), medium: read('mediumPackage'), big: read('bigPackage') };
}

/** The registers the payment's cash and terminal went into (known once the money is recorded). */
export async function setPaymentRegisters(tx: DbOrTx, paymentId: number, cashRegisterId: number | null, terminalRegisterId: number | null): Promise<void> {
  await tx.update(declarationPayments).set({ cashRegisterId, terminalRegisterId }).where(eq(declarationPayments.id, paymentId));
}

/** Status 10, paid, delivered now; one status history row per declaration (set-based). */
export async function markHandedOver(tx: DbOrTx, ids: readonly number[], userId: number, note: string, toState: number): Promise<void> {
  const idList = sql.param(`{${ids.join(',')}}`);
  await tx.execute(sql`
    with changed as (
      update ${d} set status_id = ${toState}, payed = true, delivered_at = now(), updated_at = now()
      from (select id, status_id as from_state from ${d} where id = any(${idList}::int[])) prev
      where ${d.id} = prev.id
      returning prev.id, prev.from_state
    )
    insert into ${statusHistory} (model_id, object_id, from_state_id, state_id, user_id, note)
    select ${MODEL.declarations}, id, from_state, ${toState}, ${userId}, ${note} from changed`);
}

export async function insertPayment(tx: DbOrTx, row: typeof declarationPayments.$inferInsert): Promise<number> {
  const [created] = await tx.insert(declarationPayments).values(row).returning({ id: declarationPayments.id });
  return created!.id;
}

/** One audit entry per declaration with the same changes (set-based). */
export async function insertDeclarationAudits(tx: DbOrTx, ids: readonly number[], entry: { userId: number; action: string; changes: unknown }) {
  if (!ids.length) return;
  await tx.execute(sql`
    insert into ${auditLog} (user_id, action, entity, entity_id, changes)
    select ${entry.userId}, ${entry.action}, 'declaration', x::text, ${JSON.stringify(entry.changes)}::jsonb
    from unnest(${sql.param(`{${ids.join(',')}}`)}::int[]) as x`);
}

/** Bulk handover (design): paid declarations at `fromState`, optionally of a tariff category and branch. */
export async function handOverPaidWhere(tx: DbOrTx, q: { fromState: number; toState: number; planCategoryId?: number; branchId?: number; userId: number; note: string }): Promise<number[]> {
  const res = await tx.execute<{ id: number }>(sql`
    with target as (
      select ${d.id} as id, ${d.statusId} as from_state from ${d}
      where ${d.deletedAt} is null and ${d.statusId} = ${q.fromState} and ${d.payed}
        ${q.planCategoryId ? sql`and ${d.planCategoryId} = ${q.planCategoryId}` : sql``}
        ${q.branchId ? sql`and ${d.branchId} = ${q.branchId}` : sql``}
      for update
    ), changed as (
      update ${d} set status_id = ${q.toState}, delivered_at = now(), updated_at = now() from target where ${d.id} = target.id
      returning target.id, target.from_state
    ), history as (
      insert into ${statusHistory} (model_id, object_id, from_state_id, state_id, user_id, note)
      select ${MODEL.declarations}, id, from_state, ${q.toState}, ${q.userId}, ${q.note} from changed
      returning object_id
    )
    select object_id::int as id from history`);
  return res.rows.map((r) => Number(r.id));
}

// ---------------------------------------------------------------- customs FIN change (issue 16)

/** The customer of a (not deleted) declaration, locked: the FIN customs knows the parcel by is theirs. */
export function findDeclarationCustomerForUpdate(tx: DbOrTx, declarationId: number) {
  return tx.select({ id: d.id, trackCode: d.trackCode, userId: d.userId, fin: users.fin })
    .from(d).leftJoin(users, eq(users.id, d.userId))
    .where(and(eq(d.id, declarationId), isNull(d.deletedAt)))
    .for('update', { of: [d] })
    .then((r) => r[0]);
}

/** What customs holds of a parcel (null: nothing, or withdrawn). */
export function findCustomsParcelOf(tx: DbOrTx, trackCode: string) {
  return tx.select({ postStatus: customsParcels.postStatus, regNumber: customsParcels.regNumber, fin: customsParcels.fin })
    .from(customsParcels)
    .where(and(eq(customsParcels.trackCode, trackCode), isNull(customsParcels.removedAt)))
    .then((r) => r[0] ?? null);
}

/** Another customer (not deleted) with this FIN. */
export function findOtherUserWithFin(tx: DbOrTx, fin: string, userId: number) {
  return tx.select({ id: users.id }).from(users)
    .where(and(sql`upper(${users.fin}) = ${fin}`, ne(users.id, userId), isNull(users.deletedAt)))
    .limit(1).then((r) => r[0]);
}

export async function setUserFin(tx: DbOrTx, userId: number, fin: string): Promise<void> {
  await tx.update(users).set({ fin }).where(eq(users.id, userId));
}

/** An add of the parcel still waiting in the customs queue carries the old FIN: dropped (failed, with the reason), as the customs link drops adds. */
export async function dropUnsentCustomsAdds(tx: DbOrTx, trackCode: string, reason: string): Promise<number> {
  const rows = await tx.update(customsQueue).set({ status: 'failed', lastError: reason, retryAt: null, updatedAt: new Date() })
    .where(and(eq(customsQueue.trackCode, trackCode), inArray(customsQueue.action, ['add', 'add_commercial']), eq(customsQueue.status, 'queued')))
    .returning({ id: customsQueue.id });
  return rows.length;
}
