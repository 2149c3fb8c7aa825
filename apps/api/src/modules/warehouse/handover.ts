import { DECLARATION_STATUS, HANDOVER_STATUS } from '@app/contract/statuses';
import { az } from '@app/contract/texts/az';
import type { HandoverListQuery, HandoverListReply, HandoverTaskDetail, ZHandoverCreateForm } from '@app/contract/warehouse';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { hasPermission, type RequestUser } from '../../platform/access';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { partnerScopeOf, type PartnerScope } from '../../platform/partner-scope';
import {
  cancelTask, countExecutedToday, countOpenItems, countTasksByState, findActiveTaskIds, findQueueCandidates, findTaskCard,
  findTaskDeclarations, findTaskForUpdate, findTaskIdsOfDeclarations, findTasks, insertAudit, insertTask, removeTaskItem, setTaskState,
} from './handover-queries';

/*
 * The handover queue (spec §2 "Handover queues", §3, §4: 41 waiting → 42 in progress → 43 handed
 * over; DOMAIN §5). Staff send a customer's status-9 parcels to warehouse preparation (41); a
 * cashier with local_warehouse_execute starts it (42) and the handover (declaration/pay with
 * handover_task) finishes it (43). Every queue sees only its own branch (the user's admin branch).
 */

const W = az.warehouse;
const OPEN: readonly number[] = [HANDOVER_STATUS.waiting, HANDOVER_STATUS.inProgress];

function branchOf(user: RequestUser): number | null {
  return user.adminBranchId;
}

export async function listHandoverTasks(db: Db, user: RequestUser, q: HandoverListQuery, timeZone: string): Promise<HandoverListReply> {
  const states = q.state_id?.length ? q.state_id : [...OPEN];
  const limit = Math.min(q.per_page, 200);
  const { rows, total } = await findTasks(db, {
    states, branchId: branchOf(user), limit, offset: (q.page - 1) * limit, history: states.includes(HANDOVER_STATUS.handedOver),
  }, timeZone);
  const active = await findActiveTaskIds(db, user.id, branchOf(user));
  return { data: rows, total, param: active.map((id) => ({ id })) };
}

async function loadVisibleTask(db: DbOrTx, user: RequestUser, id: number, timeZone: string) {
  const card = await findTaskCard(db, id, timeZone);
  const branchId = branchOf(user);
  if (!card || (branchId !== null && card.branch_id !== branchId)) throw notFound('handover_task_id');
  return card;
}

/** GET handover/info: the row's names and its parcels (flat; clients group them by box). */
export async function readHandoverTask(db: Db, user: RequestUser, id: number, timeZone: string): Promise<{ data: HandoverTaskDetail }> {
  const card = await loadVisibleTask(db, user, id, timeZone);
  const declarations = await findTaskDeclarations(db, id);
  return { data: { ...card, declarations } };
}

async function lockOpenTask(tx: DbOrTx, user: RequestUser, id: number) {
  const task = await findTaskForUpdate(tx, id);
  const branchId = branchOf(user);
  if (!task || (branchId !== null && task.branchId !== branchId)) throw notFound('handover_task_id');
  if (!OPEN.includes(task.statusId)) throw invalid({ handover_task_id: [W.taskNotOpen] });
  return task;
}

/** POST handover/state: only 41 → 42 here ('Icra edirəm', local_warehouse_execute); 43 comes from the handover itself. */
export async function changeHandoverState(db: Db, user: RequestUser, form: { handover_task_id: number; state_id: number }) {
  if (form.state_id !== HANDOVER_STATUS.inProgress) throw invalid({ state_id: [W.taskStateNotAllowed] });
  if (!hasPermission(user, 'local_warehouse_execute')) throw forbidden();
  return db.transaction(async (tx) => {
    const task = await lockOpenTask(tx, user, form.handover_task_id);
    if (task.statusId !== HANDOVER_STATUS.waiting) throw invalid({ handover_task_id: [W.taskOnlyFromWaiting] });
    await setTaskState(tx, task.id, task.statusId, HANDOVER_STATUS.inProgress, user.id, { cashierId: user.id });
    await insertAudit(tx, { userId: user.id, action: 'handover_task.start', entityId: task.id, changes: { state_id: { from: task.statusId, to: HANDOVER_STATUS.inProgress }, cashier_id: user.id } });
    return { data: { id: task.id, state_id: HANDOVER_STATUS.inProgress } };
  });
}

/** POST handover/cancel (local_warehouse_delete): the entry leaves the queue; its parcels stay at 9. */
export async function cancelHandoverTask(db: Db, user: RequestUser, id: number) {
  return db.transaction(async (tx) => {
    const task = await lockOpenTask(tx, user, id);
    await cancelTask(tx, task.id);
    await insertAudit(tx, { userId: user.id, action: 'handover_task.cancel', entityId: task.id, changes: { state_id: task.statusId } });
    return { data: { id: task.id } };
  });
}

/** POST handover/cancelitem: one parcel leaves the entry; an entry left empty is cancelled. */
export async function removeHandoverItem(db: Db, user: RequestUser, form: { handover_task_id: number; declaration_id: number }) {
  return db.transaction(async (tx) => {
    const task = await lockOpenTask(tx, user, form.handover_task_id);
    if (!(await removeTaskItem(tx, task.id, form.declaration_id))) throw invalid({ declaration_id: [W.itemNotInTask] });
    const left = await countOpenItems(tx, task.id);
    if (left === 0) await cancelTask(tx, task.id);
    await insertAudit(tx, { userId: user.id, action: 'handover_task.remove_item', entityId: task.id, changes: { declaration_id: form.declaration_id, left } });
    return { data: { id: task.id, count: left, cancelled: left === 0 } };
  });
}

type CreateInput = z.output<typeof ZHandoverCreateForm>;

/**
 * POST handover/create (design): "send to warehouse preparation" from the handover modal. The
 * parcels must be at 9, of one customer, and in no open queue entry; the entry is made at 41 in
 * the sender's branch with the packaging counts chosen in the modal.
 */
export async function sendToWarehousePreparation(db: Db, user: RequestUser, form: CreateInput) {
  const ids = [...new Set(form.declaration_id)];
  return db.transaction(async (tx) => {
    const rows = await findQueueCandidates(tx, ids);
    if (rows.length !== ids.length) throw notFound('declaration_id');
    if (rows.some((r) => r.status_id !== DECLARATION_STATUS.localWarehouse)) throw invalid({ declaration_id: [W.taskNeedsStatus9] });
    const customers = new Set(rows.map((r) => r.user_id));
    const customerId = rows[0]!.user_id;
    if (customers.size !== 1 || customerId === null) throw invalid({ declaration_id: [W.taskOneCustomer] });
    if (rows.some((r) => r.queued)) throw invalid({ declaration_id: [W.taskAlreadyQueued] });
    const id = await insertTask(tx, {
      statusId: HANDOVER_STATUS.waiting, userId: customerId, branchId: user.adminBranchId, createdBy: user.id,
      smallPackage: form.small_package ?? 0, mediumPackage: form.medium_package ?? 0, bigPackage: form.big_package ?? 0,
    }, ids);
    await setTaskState(tx, id, null, HANDOVER_STATUS.waiting, user.id);
    await insertAudit(tx, { userId: user.id, action: 'handover_task.create', entityId: id, changes: { declaration_ids: ids, user_id: customerId } });
    return { data: { handover_task_id: id } };
  });
}

/**
 * For the handover (declarations domain, inside its transaction): the queue entry reaches 43 when
 * its parcels are handed over. Given no task id, any open entry holding these parcels is closed.
 */
export async function completeHandoverTasks(tx: DbOrTx, userId: number, input: { taskId?: number | null; declarationIds: readonly number[] }): Promise<number[]> {
  const ids = input.taskId ? [input.taskId] : await findTaskIdsOfDeclarations(tx, input.declarationIds);
  const done: number[] = [];
  for (const id of ids) {
    const task = await findTaskForUpdate(tx, id);
    if (!task || !OPEN.includes(task.statusId)) continue;
    await setTaskState(tx, id, task.statusId, HANDOVER_STATUS.handedOver, userId, { cashierId: task.cashierId ?? userId });
    await insertAudit(tx, { userId, action: 'handover_task.hand_over', entityId: id, changes: { state_id: { from: task.statusId, to: HANDOVER_STATUS.handedOver }, declaration_ids: input.declarationIds } });
    done.push(id);
  }
  return done;
}

/** Sidebar counters (spec §3 "Counters": handoverQueue pending, executing, executed) of the user's branch. */
export async function countHandoverQueue(db: Db, user: RequestUser | null, timeZone: string) {
  const branchId = user?.adminBranchId ?? null;
  const scope: PartnerScope = user ? partnerScopeOf(user) : { kind: 'office' };
  const byState = await countTasksByState(db, scope, branchId);
  return {
    waiting_tasks: byState[HANDOVER_STATUS.waiting] ?? 0,
    executing_tasks: byState[HANDOVER_STATUS.inProgress] ?? 0,
    executed_tasks: await countExecutedToday(db, scope, branchId, timeZone),
  };
}
