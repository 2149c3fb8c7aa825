import {
  PROVIDER, customsStepOf,
  type CustomsStatesReply, type CustomsStatusReply, type FinChangeReply, type MarketplaceInfoReply, type MarketplaceListQuery,
  type MarketplaceListReply, type MarketplaceParcelQuery, type MarketplaceParcelReply, type MarketplaceParcelStatesReply, type MarketplaceStateReply, type PinChangeStatus,
  type StatusCountsReply,
} from '@app/contract/declaration-workflow';
import { az } from '@app/contract/texts/az';
import type { Db, DbOrTx } from '../../../db/client';
import type { MarketplaceClient } from '../../../integrations/marketplace/client';
import type { RequestUser } from '../../../platform/access';
import { recordAudit } from '../../../platform/audit';
import { badRequest, invalid, notFound } from '../../../platform/errors';
import type { JobContext } from '../../../platform/jobs';
import { findDeclarationForUpdate, findListedDeclarations } from '../form/declaration-queries';
import {
  applyPinToLog, countByStatus, findCustomsStates, findDeclarationByTrack, findLatestCustomsState, findMarketplaceInfo,
  findMarketplaceLog, findMarketplacePage, findParcelStates, findPinChange, insertPinChange,
  marketplaceStateExists, marketplaceWhere, setMarketplaceStateWhere, supersedePendingPinChanges, updatePinChange,
} from './queries';
import { insertDeclarationAudits } from '../workflow/queries';

/*
 * Customs status (spec §4, §7 customs_status), marketplace parcels (spec §3 logs, §5 PIN, §7
 * trendyol/*) and the status counts. The customs link (its own issue) will write customs states;
 * until then the stored ones answer.
 */

const WT = az.declarationWorkflow;
export const PIN_CHANGE_JOB = 'marketplace.pin_change';
export const PIN_CHANGE_MAX_ATTEMPTS = 5;

// ---------------------------------------------------------------- customs

/** GET /api/client/customs_status?track_code → { code, json } (null code: never sent), plus the incomplete flag. */
export async function readCustomsStatus(db: Db, trackCode: string): Promise<CustomsStatusReply> {
  const row = await findDeclarationByTrack(db, trackCode);
  if (!row) throw notFound('track_code');
  const latest = await findLatestCustomsState(db, row.id);
  const missing: string[] = [];
  if (!row.weight || Number(row.weight) <= 0) missing.push('weight');
  if (!row.price || Number(row.price) <= 0) missing.push('price');
  if (!row.productTypeId) missing.push('product_type_id');
  if (!row.userId) missing.push('user_id');
  else if (!row.fin) missing.push('fin');
  const json = latest?.json;
  return {
    data: {
      customs_status: latest?.code ?? null,
      json: json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null,
      incomplete: !latest && missing.length > 0,
      missing,
    },
  };
}

/** GET /api/admin/declaration/customs_states?declaration_id: the accordion's customs state history. */
export async function listCustomsStates(db: Db, declarationId: number, timeZone: string): Promise<CustomsStatesReply> {
  const rows = await findCustomsStates(db, declarationId, timeZone);
  return { data: rows.map((r) => ({ ...r, id: Number(r.id), label: WT.customsLabels[r.code] ?? String(r.code), json: r.json })) };
}
export { customsStepOf };

// ---------------------------------------------------------------- marketplace data

/** GET /api/admin/declaration/trendyol/info?declaration_id: the marketplace data and the latest PIN change. */
export async function readMarketplaceInfo(db: Db, declarationId: number, timeZone: string): Promise<MarketplaceInfoReply> {
  const found = await findMarketplaceInfo(db, declarationId, timeZone);
  if (!found) return { data: null };
  const { log, stateName, change } = found;
  return {
    data: {
      provider: log.provider, stateId: log.stateId, stateName, pinCode: log.pinCode, logs: log.data,
      pinChange: change ? { ...change, status: change.status as PinChangeStatus } : null,
    },
  };
}

/** GET declaration/trendyol/parcel-states/{trackCode}. */
export async function listParcelStates(db: Db, trackCode: string, timeZone: string): Promise<MarketplaceParcelStatesReply> {
  const rows = await findParcelStates(db, trackCode, timeZone);
  return { data: rows };
}

/**
 * GET declaration/trendyol/parcel?track_code|declaration_id (issue 16): one marketplace parcel as a
 * row of the marketplace list; its track code or the marketplace's global track code finds it.
 */
export async function readMarketplaceParcel(db: Db, query: MarketplaceParcelQuery, timeZone: string): Promise<MarketplaceParcelReply> {
  const id = query.declaration_id ?? (query.track_code ? (await findDeclarationByTrack(db, query.track_code))?.id : undefined);
  if (!id) throw notFound(query.declaration_id ? 'declaration_id' : 'track_code');
  const { rows } = await findMarketplacePage(db, marketplaceWhere({}, timeZone, [id]), { page: 1, per_page: 1 }, timeZone);
  const row = rows[0];
  if (!row) throw notFound(query.declaration_id ? 'declaration_id' : 'track_code');
  return { data: row };
}

/** GET /api/admin/declaration/trendyol: marketplace parcels with filters → data, total, last_page. */
export async function listMarketplaceParcels(db: Db, query: MarketplaceListQuery, timeZone: string): Promise<MarketplaceListReply> {
  const { rows, total } = await findMarketplacePage(db, marketplaceWhere(query, timeZone), query, timeZone);
  return { data: rows, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) };
}

/**
 * POST declaration/trendyol/updateState: one declaration (body declaration_id, trendyol_state_id)
 * or, with filter=1, every marketplace parcel matching the list's filters (query). A bulk call
 * without any filter is refused (it would mean all).
 */
export async function updateMarketplaceState(
  db: Db, user: RequestUser,
  input: { declarationIds?: number[]; stateId?: number; bulk: boolean; filters: Parameters<typeof marketplaceWhere>[0] },
  timeZone: string,
): Promise<MarketplaceStateReply> {
  if (!input.stateId) throw invalid({ trendyol_state_id: [az.errors.required] });
  const state = await marketplaceStateExists(db, input.stateId);
  if (!state) throw invalid({ trendyol_state_id: [az.declarations.unknownStatus] });
  let where;
  if (input.bulk) {
    const hasFilter = Object.values(input.filters).some((v) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length));
    if (!hasFilter && !input.declarationIds?.length) throw invalid({ filter: [az.declarations.noSelection] });
    where = marketplaceWhere(input.filters, timeZone, input.declarationIds?.length ? input.declarationIds : undefined);
  } else {
    if (!input.declarationIds?.length) throw invalid({ declaration_id: [az.errors.required] });
    const rows = await findListedDeclarations(db, input.declarationIds);
    if (rows.length !== new Set(input.declarationIds).size) throw notFound('declaration_id');
    if (rows.some((r) => r.trendyol !== PROVIDER.trendyol && r.trendyol !== PROVIDER.united)) throw invalid({ declaration_id: [az.errors.invalidInput] });
    where = marketplaceWhere({}, timeZone, input.declarationIds);
  }
  return db.transaction(async (tx) => {
    const ids = await setMarketplaceStateWhere(tx, where, state.id, state.name, user.id);
    await insertDeclarationAudits(tx, ids, { userId: user.id, action: 'declaration.marketplace_state', changes: { trendyol_state_id: state.id, bulk: input.bulk } });
    return { data: { count: ids.length } };
  });
}

// ---------------------------------------------------------------- PIN change

/**
 * POST declaration/trendyol/fin_change/{id}: only provider 2; an unchanged PIN answers 200 and
 * changes nothing; otherwise a pending change is recorded and a job sends it to the marketplace.
 */
export async function requestPinChange(db: Db, enqueue: (tx: DbOrTx, changeId: number) => Promise<unknown>, user: RequestUser, declarationId: number, pin: string): Promise<FinChangeReply> {
  return db.transaction(async (tx) => {
    const row = await findDeclarationForUpdate(tx, declarationId);
    if (!row) throw notFound('declaration_id');
    if (row.trendyol !== PROVIDER.united) throw badRequest(WT.pinOnlyProvider2, { fin: [WT.pinOnlyProvider2] });
    const log = await findMarketplaceLog(tx, row.id, true);
    const current = log?.pinCode ?? null;
    if (current === pin) return { data: { changed: false, status: null, pin } };
    await supersedePendingPinChanges(tx, row.id);
    const changeId = await insertPinChange(tx, { declarationId: row.id, oldPin: current, newPin: pin, userId: user.id });
    await enqueue(tx, changeId);
    await recordAudit(tx, { userId: user.id, action: 'declaration.pin_change', entity: 'declaration', entityId: row.id, changes: { pin_code: { from: current, to: pin }, status: 'pending', change_id: changeId } });
    return { data: { changed: true, status: 'pending', pin } };
  });
}

/**
 * The job: sends one pending PIN change through the marketplace client. Accepted → the PIN is
 * applied to the declaration's marketplace data; refused for good → failed; unreachable → thrown
 * (the queue retries with back-off; the last attempt marks the change failed).
 */
export async function runPinChangeJob(db: Db, client: MarketplaceClient | null, payload: { changeId: number }, ctx: Pick<JobContext, 'attempt'>): Promise<void> {
  const change = await findPinChange(db, payload.changeId);
  if (!change || change.status !== 'pending') return;
  const declaration = (await findListedDeclarations(db, [change.declarationId]))[0];
  if (!declaration) {
    await updatePinChange(db, change.id, { status: 'failed', lastError: 'declaration deleted' });
    return;
  }
  const fail = async (message: string) => {
    await updatePinChange(db, change.id, { status: 'failed', lastError: message, attempts: ctx.attempt });
    await recordAudit(db, { userId: change.userId, action: 'declaration.pin_change_failed', entity: 'declaration', entityId: change.declarationId, changes: { pin_code: change.newPin, error: message } });
  };
  try {
    if (!client) throw new Error('marketplace link not configured (MARKETPLACE_BASE_URL)');
    const result = await client.changePin({ trackCode: declaration.trackCode, pin: change.newPin, previousPin: change.oldPin, requestId: `pin-change-${change.id}` });
    if (!result.ok) return await fail(result.error);
    await db.transaction(async (tx) => {
      const locked = await findPinChange(tx, change.id, true);
      if (!locked || locked.status !== 'pending') return;
      await applyPinToLog(tx, change.declarationId, change.newPin);
      await updatePinChange(tx, change.id, { status: 'applied', appliedAt: new Date(), externalId: result.reference, attempts: ctx.attempt, lastError: null });
      await recordAudit(tx, { userId: change.userId, action: 'declaration.pin_applied', entity: 'declaration', entityId: change.declarationId, changes: { pin_code: { from: change.oldPin, to: change.newPin }, reference: result.reference } });
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (ctx.attempt >= PIN_CHANGE_MAX_ATTEMPTS) await fail(message);
    else await updatePinChange(db, change.id, { attempts: ctx.attempt, lastError: message });
    throw error;
  }
}

// ---------------------------------------------------------------- counts

/** GET /api/admin/declaration/state_counts: declarations (not deleted) per status. */
export async function readStatusCounts(db: Db): Promise<StatusCountsReply> {
  const data = await countByStatus(db);
  return { data, total: data.reduce((n, r) => n + r.count, 0) };
}
