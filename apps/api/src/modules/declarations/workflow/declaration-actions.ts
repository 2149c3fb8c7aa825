import {
  COMBINE_MIN, DECLARATION_TYPE, STATUS_NEEDING_REASON,
  type DeclarationAcceptForm, type DeclarationActionReply, type DeclarationBulkReply, type DeclarationBulkStateForm,
  type DeclarationCombineReply, type DeclarationCommercialForm, type DeclarationInfoReply, type DeclarationListQuery,
  type DeclarationOrdersReply, type DeclarationSaveReply, type DeclarationTimelineReply,
} from '@app/contract/declarations';
import {
  MANUAL_TARGET_STATUSES, STATUS_WORKFLOW_OWNER, manualSourcesOf, refuseManualChange,
  type CustomsFinChangeReply, type DeclarationBulkStateReply, type ManualChangeRefusal,
} from '@app/contract/declaration-workflow';
import { DECLARATION_STATUS } from '@app/contract/statuses';
import { az, fill } from '@app/contract/texts/az';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { declarations as d } from '../../../db/schema/declarations';
import type { RequestUser } from '../../../platform/access';
import { recordAudit } from '../../../platform/audit';
import { badRequest, invalid, notFound } from '../../../platform/errors';
import { buildListQuery } from '../../../platform/list-query';
import type { CustomsLink } from '../../customs/service';
import { POST_STATUS } from '../../../integrations/customs/protocol';
import {
  dropUnsentCustomsAdds, findCustomsParcelOf, findDeclarationCustomerForUpdate, findOtherUserWithFin, setUserFin,
} from './queries';
import {
  changeStatusWhere, findDeclarationForUpdate, findDeclarationsForUpdate, findListedDeclarations, findStatusesForUpdate,
  findStatusNames, findTimeline, findTrackCodesWhere, insertAuditForEach, insertStatusHistory, softDeleteDeclarations,
  updateDeclaration,
} from '../form/declaration-queries';
import { readDeclarationDetail } from '../form/declaration-form';
import { declarationListSpec } from '../lists/queries';
import { addMoney } from '../form/tariff-price';
import { listDeclarationOrderIds } from '../../orders/service';

/* Everything done to an existing declaration besides the form (spec §2 row menu, detail page, §4). */

async function lockListed(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: number) {
  const row = await findDeclarationForUpdate(tx, id);
  if (!row) throw notFound('declaration_id');
  return row;
}

/** GET /api/admin/declaration/info: the full declaration (deleted ones too, for their history). */
export async function readDeclaration(db: Db, user: RequestUser, id: number, timeZone: string): Promise<DeclarationInfoReply> {
  return { data: await readDeclarationDetail(db, user, id, timeZone) };
}

/** What a cancel tells customs: the parcel it holds is deleted there (customs-link.ts). */
type CustomsWithdrawal = Pick<CustomsLink, 'withdrawDeclarations'>;

/**
 * POST /api/admin/declaration/cancel: soft delete (leaves every list, keeps its history). Route needs
 * declaration_cancel. In the same transaction, a parcel customs holds (not dispatched) is queued
 * for deleting at customs, and an add still waiting in the queue is dropped.
 */
export async function cancelDeclaration(db: Db, customs: CustomsWithdrawal, user: RequestUser, id: number): Promise<DeclarationActionReply> {
  await db.transaction(async (tx) => {
    const row = await lockListed(tx, id);
    await softDeleteDeclarations(tx, [row.id]);
    await customs.withdrawDeclarations(tx, [{ declarationId: row.id, trackCode: row.trackCode }]);
    await recordAudit(tx, { userId: user.id, action: 'declaration.cancel', entity: 'declaration', entityId: row.id, changes: { track_code: row.trackCode } });
  });
  return { data: { id } };
}

/** POST /api/admin/declaration/cancel_many: all or nothing; an unknown or deleted id refuses the whole call. Customs as for cancel. */
export async function cancelDeclarations(db: Db, customs: CustomsWithdrawal, user: RequestUser, ids: readonly number[]): Promise<DeclarationBulkReply> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await findDeclarationsForUpdate(tx, unique);
    if (rows.length !== unique.length) throw notFound('declaration_ids');
    await softDeleteDeclarations(tx, unique);
    await customs.withdrawDeclarations(tx, rows.map((r) => ({ declarationId: r.id, trackCode: r.trackCode })));
    await insertAuditForEach(tx, unique, { userId: user.id, action: 'declaration.cancel', changes: { bulk: true } });
    return { data: { count: unique.length } };
  });
}

// ---------------------------------------------------------------- manual status changes (issue 13 item 2)

const R = az.declarationStatusRules;
/** Parcels named per refusal: at most this many track codes, then "and N more". */
const NAMED_PARCELS = 5;

/** The reason a manual change from → to is refused, in Azerbaijani, with the statuses' names. */
function describeRefusal(refusal: ManualChangeRefusal, from: number, to: number, names: ReadonlyMap<number, string>): string {
  const name = (id: number) => names.get(id) ?? String(id);
  if (refusal === 'workflowOwned') return fill(R.workflowOwned, { STATUS: name(to), WORKFLOW: R.owners[STATUS_WORKFLOW_OWNER[to] ?? 'other']! });
  if (refusal === 'alreadyInStatus') return fill(R.alreadyInStatus, { TO: name(to) });
  return fill(R.sourceRefused, { FROM: name(from), TO: name(to) });
}

/** "AZ1, AZ2 və daha 3 bağlama: reason" — the refused parcels named, grouped by reason. */
function nameParcels(trackCodes: readonly string[], total: number, reason: string): string {
  const named = trackCodes.slice(0, NAMED_PARCELS).join(', ');
  const more = total - Math.min(trackCodes.length, NAMED_PARCELS);
  return fill(R.parcelRefused, { CODE: more > 0 ? `${named} ${fill(R.andMore, { N: more })}` : named, REASON: reason });
}

/** Every refused parcel of a by-ids change, grouped by reason (one message per reason). */
function refusalsOf(rows: readonly { trackCode: string; statusId: number }[], to: number, names: ReadonlyMap<number, string>): string[] {
  const byReason = new Map<string, string[]>();
  for (const row of rows) {
    const refusal = refuseManualChange(row.statusId, to);
    if (!refusal) continue;
    const reason = describeRefusal(refusal, row.statusId, to, names);
    byReason.set(reason, [...(byReason.get(reason) ?? []), row.trackCode]);
  }
  return [...byReason].map(([reason, codes]) => nameParcels(codes, codes.length, reason));
}

/**
 * POST /api/admin/declaration/edit/state: the row menu's manual change (spec §4: 9, or 88 with a
 * reason). The rule table (contract MANUAL_STATUS_TARGETS) decides, for every role: a
 * workflow-owned target or a source that does not allow it is a 422 naming the parcel.
 */
export async function changeDeclarationStatus(db: Db, user: RequestUser, id: number, stateId: number, descr: string | undefined): Promise<DeclarationActionReply> {
  const names = await findStatusNames(db);
  if (!names.has(stateId)) throw invalid({ state_id: [az.declarations.unknownStatus] });
  if (stateId === STATUS_NEEDING_REASON && !descr) throw invalid({ descr: [az.declarations.reasonRequired] });
  await db.transaction(async (tx) => {
    const row = await lockListed(tx, id);
    const refusal = refuseManualChange(row.statusId, stateId);
    if (refusal) throw invalid({ state_id: [nameParcels([row.trackCode], 1, describeRefusal(refusal, row.statusId, stateId, names))] });
    await updateDeclaration(tx, row.id, { statusId: stateId });
    await insertStatusHistory(tx, { objectId: row.id, from: row.statusId, to: stateId, userId: user.id, note: descr ?? null });
    await recordAudit(tx, { userId: user.id, action: 'declaration.state', entity: 'declaration', entityId: row.id, changes: { state_id: { from: row.statusId, to: stateId }, note: descr ?? null } });
  });
  return { data: { id } };
}

/**
 * POST /api/admin/v2/declaration/edit/state: every declaration matching the list's filters (and/or
 * the selected ids) takes new_state_id, in one transaction, one set-based statement whose
 * `status_id in (sources)` applies the rule table in SQL. No filter and no id is refused (it would
 * mean every declaration). 88 needs a reason.
 * - By ids (the selection): all or nothing. An unknown id is a 404; any parcel whose status does
 *   not allow the target is a 422 naming it and the reason, and nothing changes.
 * - By filter (the toolbar): a workflow-owned target is a 422 naming the matching parcels; else the
 *   parcels whose status allows the target change and the others stay as they are, counted in
 *   `skipped` (a clerk filtering a flight to hold it at customs does not want the handed-over
 *   ones to stop the rest).
 */
export async function changeDeclarationStatuses(db: Db, user: RequestUser, form: DeclarationBulkStateForm, timeZone: string): Promise<DeclarationBulkStateReply> {
  const { declaration_ids: ids, new_state_id: to, new_descr: note, ...filters } = form;
  const built = buildListQuery(declarationListSpec(timeZone), { ...filters, page: 1, per_page: 1 } as DeclarationListQuery);
  const isByIds = !!ids?.length;
  if (!built.isFiltered && !isByIds) throw invalid({ declaration_ids: [az.declarations.noSelection] });
  if (to === STATUS_NEEDING_REASON && !note) throw invalid({ new_descr: [az.declarations.reasonRequired] });
  const names = await findStatusNames(db);
  if (!names.has(to)) throw invalid({ new_state_id: [az.declarations.unknownStatus] });
  const where: SQL | undefined = isByIds ? and(built.where, inArray(d.id, ids)) : built.where;
  return db.transaction(async (tx) => {
    if (isByIds) {
      const rows = await findStatusesForUpdate(tx, where);
      if (!built.isFiltered && rows.length !== new Set(ids).size) throw notFound('declaration_ids');
      const refusals = refusalsOf(rows, to, names);
      if (refusals.length) throw invalid({ declaration_ids: refusals });
    } else if (!MANUAL_TARGET_STATUSES.includes(to)) {
      const codes = await findTrackCodesWhere(tx, where, NAMED_PARCELS + 1);
      const reason = describeRefusal('workflowOwned', to, to, names);
      throw invalid({ new_state_id: [codes.length ? nameParcels(codes, codes.length > NAMED_PARCELS ? NAMED_PARCELS + 1 : codes.length, reason) : reason] });
    }
    const { count, matched } = await changeStatusWhere(tx, where, manualSourcesOf(to), to, user.id, note ?? null);
    const skipped = isByIds ? 0 : matched - count;
    await recordAudit(tx, { userId: user.id, action: 'declaration.bulk_state', entity: 'declaration', changes: { new_state_id: to, note: note ?? null, filters, declaration_ids: ids, count, skipped } });
    return { data: { count, skipped } };
  });
}

/** POST /api/admin/isnew?model_id=2: the read/unread toggle. */
export async function setDeclarationRead(db: Db, user: RequestUser, id: number, isNew: boolean): Promise<DeclarationActionReply> {
  await db.transaction(async (tx) => {
    const row = await lockListed(tx, id);
    if (row.isNew === isNew) return;
    await updateDeclaration(tx, row.id, { isNew });
    await recordAudit(tx, { userId: user.id, action: 'declaration.read', entity: 'declaration', entityId: row.id, changes: { is_new: { from: row.isNew, to: isNew } } });
  });
  return { data: { id } };
}

/**
 * GET /api/admin/declaration/combine: a create form prefilled from 2+ declarations of one customer
 * and country: the first one's row (as declaration/info names it) with the sums of all of them.
 */
export async function readCombinedDeclarations(db: Db, user: RequestUser, ids: readonly number[], timeZone: string): Promise<DeclarationCombineReply> {
  const unique = [...new Set(ids)];
  if (unique.length < COMBINE_MIN) throw invalid({ combined_id: [az.declarations.combineNeedsTwo] });
  const rows = await findListedDeclarations(db, unique);
  if (rows.length !== unique.length) throw notFound('combined_id');
  const first = rows[0]!;
  if (rows.some((r) => r.userId !== first.userId || r.countryId !== first.countryId) || first.userId === null) {
    throw invalid({ combined_id: [az.declarations.combineMismatch] });
  }
  const sum = (values: (string | null)[]) => values.reduce<string>((acc, v) => addMoney(acc, v ?? '0'), '0.00');
  const shops = [...new Set(rows.map((r) => r.shopName).filter((s): s is string => !!s))];
  const row = await readDeclarationDetail(db, user, first.id, timeZone);
  return {
    data: {
      ...row,
      quantity: rows.reduce((n, r) => n + r.quantity, 0),
      weight: sum(rows.map((r) => r.weight)),
      price: sum(rows.map((r) => r.price)),
      type: rows.some((r) => r.type === DECLARATION_TYPE.liquid) ? DECLARATION_TYPE.liquid : DECLARATION_TYPE.other,
      shop_name: shops.join(', ').slice(0, 160),
      global_track_code: null, // the new declaration gets its own
      combined_id: rows.map((r) => r.id),
      declarations: rows.map((r) => ({ id: r.id, track_code: r.trackCode, global_track_code: r.globalTrackCode, weight: r.weight, price: r.price, quantity: r.quantity })),
    },
  };
}

/** GET /api/admin/declaration/getstates: status history and audit entries, oldest first. */
export async function readDeclarationTimeline(db: Db, user: RequestUser, id: number, timeZone: string): Promise<DeclarationTimelineReply> {
  await readDeclarationDetail(db, user, id, timeZone); // 404 for an unknown id
  return { data: await findTimeline(db, id, timeZone) };
}

/**
 * POST /api/admin/flights/canceldepesh: only at status 8 (dispatch sent); back to 7. Route needs
 * canceldepesh. Nothing is sent to customs: the e-carrier protocol has no call that undoes a depesh
 * (update only sets the air waybill and depesh number), so customs keeps the parcel as dispatched
 * (post 4) until it is cancelled there by other means (docs/architecture.md, "Customs").
 */
export async function cancelDispatch(db: Db, user: RequestUser, id: number): Promise<DeclarationActionReply> {
  await db.transaction(async (tx) => {
    const row = await lockListed(tx, id);
    if (row.statusId !== DECLARATION_STATUS.dispatchSent) throw badRequest(az.declarations.dispatchNotSent, { declaration_id: [az.declarations.dispatchNotSent] });
    await updateDeclaration(tx, row.id, { statusId: DECLARATION_STATUS.foreignWarehouse });
    await insertStatusHistory(tx, { objectId: row.id, from: row.statusId, to: DECLARATION_STATUS.foreignWarehouse, userId: user.id, note: az.declarations.dispatchCancelled });
    await recordAudit(tx, { userId: user.id, action: 'declaration.canceldepesh', entity: 'declaration', entityId: row.id, changes: { state_id: { from: row.statusId, to: DECLARATION_STATUS.foreignWarehouse } } });
  });
  return { data: { id } };
}

/** POST /api/warehouse/flights/remove_item: out of its flight (and bag); not after dispatch (cancel it first). */
export async function removeFromFlight(db: Db, user: RequestUser, id: number): Promise<DeclarationActionReply> {
  await db.transaction(async (tx) => {
    const row = await lockListed(tx, id);
    if (row.flightId === null) throw badRequest(az.declarations.notInFlight, { declaration_id: [az.declarations.notInFlight] });
    if (row.statusId === DECLARATION_STATUS.dispatchSent) throw badRequest(az.declarations.removeAfterDispatch, { declaration_id: [az.declarations.removeAfterDispatch] });
    await updateDeclaration(tx, row.id, { flightId: null, parcelId: null });
    await recordAudit(tx, { userId: user.id, action: 'declaration.remove_from_flight', entity: 'declaration', entityId: row.id, changes: { flight_id: { from: row.flightId, to: null }, parcel_id: { from: row.parcelId, to: null } } });
  });
  return { data: { id } };
}

/** POST /api/admin/declaration/update (accept): wardrobe number, description; change_state moves it to 9. */
export async function acceptDeclaration(db: Db, user: RequestUser, form: DeclarationAcceptForm, timeZone: string): Promise<DeclarationSaveReply> {
  await db.transaction(async (tx) => {
    const row = await lockListed(tx, form.declaration_id);
    const fields: Parameters<typeof updateDeclaration>[2] = {};
    if (form.wardrobe_number !== undefined) fields.wardrobeNumber = form.wardrobe_number;
    if (form.descr !== undefined) fields.description = form.descr;
    const toState = form.change_state && row.statusId !== DECLARATION_STATUS.localWarehouse ? DECLARATION_STATUS.localWarehouse : null;
    // The accept's change_state is the manual move to 9: the same rule table (never out of 10 or 12).
    const refusal = toState === null ? null : refuseManualChange(row.statusId, toState);
    if (refusal) throw invalid({ change_state: [nameParcels([row.trackCode], 1, describeRefusal(refusal, row.statusId, DECLARATION_STATUS.localWarehouse, await findStatusNames(tx)))] });
    if (toState !== null) fields.statusId = toState;
    await updateDeclaration(tx, row.id, fields);
    if (toState !== null) await insertStatusHistory(tx, { objectId: row.id, from: row.statusId, to: toState, userId: user.id, note: az.declarations.accepted });
    await recordAudit(tx, {
      userId: user.id, action: 'declaration.accept', entity: 'declaration', entityId: row.id,
      changes: { wardrobe_number: form.wardrobe_number, descr: form.descr, state_id: toState === null ? undefined : { from: row.statusId, to: toState } },
    });
  });
  return { data: await readDeclarationDetail(db, user, form.declaration_id, timeZone) };
}

/** POST /api/admin/declaration/commercial: marks it commercial with the air waybill and tax id. */
export async function markDeclarationCommercial(db: Db, user: RequestUser, form: DeclarationCommercialForm, timeZone: string): Promise<DeclarationSaveReply> {
  await db.transaction(async (tx) => {
    const row = await lockListed(tx, form.declaration_id);
    await updateDeclaration(tx, row.id, { isCommercial: true, awb: form.awb, voen: form.voen });
    await recordAudit(tx, {
      userId: user.id, action: 'declaration.commercial', entity: 'declaration', entityId: row.id,
      changes: { is_commercial: { from: row.isCommercial, to: true }, awb: { from: row.awb, to: form.awb }, voen: { from: row.voen, to: form.voen } },
    });
  });
  return { data: await readDeclarationDetail(db, user, form.declaration_id, timeZone) };
}

/** GET /api/admin/declaration/orders: the ids (as text) of the orders linked to the declaration (the orders domain). */
export async function listDeclarationOrders(db: Db, user: RequestUser, id: number, timeZone: string): Promise<DeclarationOrdersReply> {
  await readDeclarationDetail(db, user, id, timeZone);
  return { data: await listDeclarationOrderIds(db, id) };
}

/**
 * GET declaration/customs_fin_change/{id}?pincode (issue 16; contract ZCustomsFinChangeQuery): the
 * FIN customs knows the parcel by is its customer's, so the customer's FIN is corrected. Refused
 * when customs has the parcel declared, boxed or dispatched (its declaration belongs to the old
 * FIN) or another customer holds the FIN. An add still waiting in the queue carries the old FIN:
 * it is dropped and queued again with the new one. A parcel customs already holds at state 0 is
 * left as it is (the protocol has no FIN update; 'held' in the reply).
 */
export async function changeCustomsFin(
  db: Db, customs: Pick<CustomsLink, 'queueDeclarations'> | null, user: RequestUser, declarationId: number, fin: string,
): Promise<CustomsFinChangeReply> {
  return db.transaction(async (tx) => {
    const row = await findDeclarationCustomerForUpdate(tx, declarationId);
    if (!row) throw notFound('declaration_id');
    if (!row.userId) throw invalid({ user_id: [az.declarations.noCustomer] });
    const atCustoms = await findCustomsParcelOf(tx, row.trackCode);
    if (atCustoms && (atCustoms.postStatus !== POST_STATUS.inCustoms || atCustoms.regNumber)) {
      throw invalid({ pincode: [az.declarations.finChangeDeclared] });
    }
    const reply = (changed: boolean, outcome: CustomsFinChangeReply['data']['customs']): CustomsFinChangeReply => ({
      data: { declaration_id: row.id, user_id: row.userId as number, fin, changed, customs: outcome },
    });
    if ((row.fin ?? '').toUpperCase() === fin) return reply(false, atCustoms ? 'held' : 'none');
    if (await findOtherUserWithFin(tx, fin, row.userId)) throw invalid({ pincode: [az.declarations.finTaken] });

    await setUserFin(tx, row.userId, fin);
    await recordAudit(tx, {
      userId: user.id, action: 'declaration.customs_fin_change', entity: 'declaration', entityId: row.id,
      changes: { fin: { from: row.fin, to: fin }, user_id: row.userId },
    });
    await recordAudit(tx, { userId: user.id, action: 'user.fin', entity: 'user', entityId: row.userId, changes: { fin: { from: row.fin, to: fin }, declaration_id: row.id } });
    if (atCustoms) return reply(true, 'held');
    // An add not sent yet was built with the old FIN: replace it.
    await dropUnsentCustomsAdds(tx, row.trackCode, 'replaced: the customer\'s FIN was changed');
    const queued = customs ? ((await customs.queueDeclarations(tx, [row.id])) as { ids: number[] }) : { ids: [] };
    return reply(true, queued.ids.length > 0 ? 'queued' : 'none');
  });
}
