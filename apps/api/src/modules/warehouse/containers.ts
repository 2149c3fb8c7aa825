import { DECLARATION_STATUS } from '@app/contract/statuses';
import { az } from '@app/contract/texts/az';
import {
  PROVIDER, type BarcodeType, type CloseContainerReply, type ScanLookupReply, type TransferReply,
} from '@app/contract/warehouse';
import type { z } from 'zod';
import type { ZCloseContainerForm, ZTransferForm } from '@app/contract/warehouse';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { invalid, notFound } from '../../platform/errors';
import { partnerScopeOf, type PartnerScope } from '../../platform/partner-scope';
import {
  acceptIntoWarehouse, codeCandidates, findContainer, findContainerForUpdate, findMyContainers, findScannedDeclarations,
  findSelectedContainer, findTransfers, saveSelectedContainer, transferIntoContainer, type ScannedRow,
} from './container-queries';

/*
 * Box acceptance on the server (spec §5 "Box acceptance", §7 Containers, DOMAIN §4): the screen
 * checks each scan for the user; the server checks the whole list again on close, all or nothing,
 * and reports each refused code by its index in the list (`track_code.{i}`).
 */

const W = az.warehouse;
/** Which boxes a caller works with: office staff the company's boxes, partners their partner boxes. */
export type BoxScope = 'admin' | 'partner';

function toLookup(row: ScannedRow, barcode: string) {
  return {
    id: row.id, barcode, track_code: row.trackCode, branch_id: row.branchId, branch_name: row.branchName,
    flight_name: row.flightName, state_id: row.statusId, requires_declaration: row.requiresDeclaration,
    provider: row.provider, container_id: row.containerId, container_name: row.containerName,
  };
}

/** Resolves a list of scanned codes; codes that match nothing come back as undefined at their index. */
async function resolveCodes(db: Db, scope: PartnerScope, codes: readonly string[], type: BarcodeType) {
  const candidates = codes.map((c) => codeCandidates(c, type));
  const rows = await findScannedDeclarations(db, scope, [...new Set(candidates.flat())], type);
  const byCode = new Map<string, ScannedRow>();
  for (const r of rows) {
    byCode.set(r.trackCode, r);
    if (r.globalTrackCode) byCode.set(r.globalTrackCode, r);
  }
  return candidates.map((list) => list.map((c) => byCode.get(c)).find((r) => r !== undefined));
}

/** GET containers/lookup: one scanned code, for the screen's rules (one indexed query). */
export async function lookUpScan(db: Db, user: RequestUser, code: string, type: BarcodeType): Promise<ScanLookupReply> {
  const [row] = await resolveCodes(db, partnerScopeOf(user), [code], type);
  if (!row || row.deleted) throw notFound('track_code', W.notFoundCode);
  return { data: toLookup(row, code) };
}

function checkBoxScope<B extends { isPartner: boolean }>(box: B | undefined, scope: BoxScope, field: string): B {
  if (!box || box.isPartner !== (scope === 'partner')) throw invalid({ [field]: [W.boxNotFound] });
  return box;
}

export async function readMyContainer(db: Db, user: RequestUser, timeZone: string) {
  return { data: await findSelectedContainer(db, partnerScopeOf(user), user.id, timeZone) };
}

export async function selectContainer(db: Db, user: RequestUser, containerId: number, scope: BoxScope, timeZone: string) {
  const partner = partnerScopeOf(user);
  checkBoxScope(await findContainer(db, partner, containerId), scope, 'container_id');
  await saveSelectedContainer(db, user.id, containerId);
  return { data: await findSelectedContainer(db, partner, user.id, timeZone) };
}

export async function listMyContainers(db: Db, user: RequestUser) {
  return { data: await findMyContainers(db, user.id) };
}

type CloseInput = z.output<typeof ZCloseContainerForm>;
type TransferInput = z.output<typeof ZTransferForm>;

/**
 * POST containers/close: every scanned parcel goes to status 9 at the box's branch (in the box when
 * one is given). A parcel that requires a declaration needs a box id (spec §5); unknown, deleted and
 * handed-over parcels are refused by index; Temu parcels without a declaration never go in.
 */
export async function closeContainer(db: Db, user: RequestUser, form: CloseInput, scope: BoxScope): Promise<CloseContainerReply> {
  const codes = form.track_code;
  if (!codes.length || codes.every((c) => c === '')) throw invalid({ track_code: [W.emptyList] });
  const containerId = form.container_id ?? form.requires_declaration_container_id ?? null;
  const partner = partnerScopeOf(user);
  const rows = await resolveCodes(db, partner, codes, form.barcode_type ?? 'findex');
  const errors: Record<string, string[]> = {};
  rows.forEach((row, i) => {
    const key = `track_code.${i}`;
    if (!row || row.deleted) errors[key] = [`${codes[i]}: ${W.notFoundCode}`];
    else if (row.statusId === DECLARATION_STATUS.handedOver || row.statusId === DECLARATION_STATUS.returned) errors[key] = [`${codes[i]}: ${W.alreadyHandedOver}`];
    else if (row.requiresDeclaration && row.provider === PROVIDER.temu) errors[key] = [`${codes[i]}: ${W.temuWithoutDeclaration}`];
  });
  if (Object.keys(errors).length) throw invalid(errors);
  if (containerId === null && rows.some((r) => r?.requiresDeclaration)) {
    throw invalid({ requires_declaration_container_id: [W.chooseBox] });
  }
  if (containerId === null && scope === 'partner') throw invalid({ container_id: [W.chooseBox] });
  return db.transaction(async (tx) => {
    // A partner's parcels go to its box's branch (its company's) or its own, never a branch it names.
    let branchId = (partner.kind === 'partner' ? null : form.branch_id) ?? user.adminBranchId;
    if (containerId !== null) {
      const box = checkBoxScope(await findContainerForUpdate(tx, partner, containerId), scope, 'container_id');
      branchId = box.branchId ?? branchId;
    }
    const ids = [...new Set(rows.map((r) => r!.id))];
    const { statusChanged } = await acceptIntoWarehouse(tx, partner, {
      ids, containerId, branchId, userId: user.id, toStatus: DECLARATION_STATUS.localWarehouse, note: W.statusHistoryAccepted,
    });
    return { data: { accepted: ids.length, container_id: containerId, status_changed: statusChanged } };
  });
}

/** POST containers/transfer: parcels in the local warehouse move to the chosen box; each move is logged. */
export async function transferToContainer(db: Db, user: RequestUser, form: TransferInput): Promise<TransferReply> {
  const codes = form.track_code;
  if (!codes.length) throw invalid({ track_code: [W.emptyList] });
  const partner = partnerScopeOf(user);
  const rows = await resolveCodes(db, partner, codes, form.barcode_type ?? 'findex');
  const errors: Record<string, string[]> = {};
  rows.forEach((row, i) => {
    const key = `track_code.${i}`;
    if (!row || row.deleted) errors[key] = [`${codes[i]}: ${W.notFoundCode}`];
    else if (row.statusId !== DECLARATION_STATUS.localWarehouse) errors[key] = [`${codes[i]}: ${W.transferNeedsStatus9}`];
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return db.transaction(async (tx) => {
    const box = checkBoxScope(await findContainerForUpdate(tx, partner, form.container_id), 'admin', 'container_id');
    const n = await transferIntoContainer(tx, {
      ids: [...new Set(rows.map((r) => r!.id))], containerId: box.id, branchId: box.branchId ?? user.adminBranchId,
      userId: user.id, note: form.note ?? null,
    });
    return { data: { transferred: n, container_id: box.id } };
  });
}

/** Transfer logs (spec §7 containers-transfers by branch and by container): data, meta.total. */
export async function listTransfers(db: Db, q: { branch_id?: number; container_id?: number; page: number; per_page: number }, timeZone: string) {
  const limit = Math.min(q.per_page, 500);
  const { rows, total } = await findTransfers(db, { branchId: q.branch_id, containerId: q.container_id }, { limit, offset: (q.page - 1) * limit }, timeZone);
  return { data: rows, meta: { total } };
}
