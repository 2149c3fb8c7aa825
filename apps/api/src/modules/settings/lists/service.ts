import { MODEL } from '@app/contract/models';
import { az } from '@app/contract/texts/az';
import type { TariffStatsQuery, TariffStatsReply } from '@app/contract/settings-lists';
import type { Db } from '../../../db/client';
import type { RequestUser } from '../../../platform/access';
import { recordAudit } from '../../../platform/audit';
import { invalid, notFound } from '../../../platform/errors';
import { CASHBACK_STATES, REFUND_STATES } from './definitions';
import { findTariffStats, insertStatusHistory, lockCoupon, lockStateOf, setCouponActive, setStateOf } from './queries';

const KINDS = {
  refunds: { param: 'return_id', model: MODEL.returns, states: REFUND_STATES, entity: 'refund' },
  cashbacks: { param: 'cashback_id', model: MODEL.transactions, states: CASHBACK_STATES, entity: 'cashback' },
} as const;

/**
 * A refund's or cashback entry's status change (returns/changestate, cashbacks/changestate):
 * only from pending to a decision; status history and audit entry in the same transaction.
 */
export async function changeEntryState(db: Db, viewer: RequestUser, kind: keyof typeof KINDS, id: number, stateId: number) {
  const k = KINDS[kind];
  if (!k.states.includes(stateId)) throw invalid({ state_id: [az.settingsLists.invalidReference] });
  return db.transaction(async (tx) => {
    const from = await lockStateOf(tx, kind, id);
    if (from === undefined) throw notFound(k.param);
    if (from === stateId) return { data: { id, state_id: stateId } };
    if (from !== k.states[0]) throw invalid({ state_id: [az.errors.forbidden] });
    await setStateOf(tx, kind, id, stateId);
    await insertStatusHistory(tx, { modelId: k.model, objectId: id, fromStateId: from, stateId, userId: viewer.id });
    await recordAudit(tx, { userId: viewer.id, action: `${k.entity}.changestate`, entity: k.entity, entityId: id, changes: { state_id: { from, to: stateId } } });
    return { data: { id, state_id: stateId } };
  });
}

/** coupons/editstatus: turn a coupon on or off. */
export async function setCouponStatus(db: Db, viewer: RequestUser, id: number, isActive: boolean) {
  return db.transaction(async (tx) => {
    const current = await lockCoupon(tx, id);
    if (!current) throw notFound('coupon_id');
    if (current.isActive !== isActive) {
      await setCouponActive(tx, id, isActive);
      await recordAudit(tx, { userId: viewer.id, action: 'coupon.editstatus', entity: 'coupon', entityId: id, changes: { is_active: { from: current.isActive, to: isActive } } });
    }
    return { data: { id, is_active: isActive } };
  });
}

/** tariff/stats: how many parcels each band priced in the period, their weight and delivery price. */
export async function summarizeTariffs(db: Db, query: TariffStatsQuery, timeZone: string): Promise<TariffStatsReply> {
  const data = await findTariffStats(db, { from: query.from_date, to: query.to_date, stateId: query.state_id, payed: query.payed }, timeZone);
  return { data, total: data.length };
}
