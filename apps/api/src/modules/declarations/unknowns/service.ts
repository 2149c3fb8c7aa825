import type {
  ConflictedAcceptForm, ConflictedAcceptReply, ConflictedCreateForm, ConflictedDeclarationDetail, ConflictedEditForm, ConflictedInfoReply,
  ConflictedListQuery, ConflictedListReply,
} from '@app/contract/conflicted-declarations';
import { STANDARD_TARIFF_CATEGORY_ID } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { ROLE } from '@app/contract/roles';
import { CONFLICTED_STATUS, DECLARATION_STATUS } from '@app/contract/statuses';
import { az } from '@app/contract/texts/az';
import type { Db, DbOrTx } from '../../../db/client';
import { hasPermission, type RequestUser } from '../../../platform/access';
import { recordAudit } from '../../../platform/audit';
import { badRequest, forbidden, invalid, notFound } from '../../../platform/errors';
import { newFileKey, sniffFileType, type FileStorage } from '../../../platform/files';
import {
  basketExists, findConflictedDetail, findConflictedDocumentPath, findConflictedForUpdate, findConflictedPage, insertConflicted,
  updateConflicted, type ConflictedInsert, type ConflictedRow,
} from './queries';
import { checkAmounts, readUploadedDocument } from '../form/declaration-form';
import { findMissingReferences, insertDeclaration, insertStatusHistory, nextDeclarationId } from '../form/declaration-queries';
import { computeDeliveryPrice, isSameAmount } from '../form/tariff-price';

/* Unknown (conflicted) declarations: spec §3, §4 ("a disputed declaration edited by office staff becomes Resolved"). */

const isOfficeStaff = (user: RequestUser) => user.admin === ROLE.admin || user.admin === ROLE.backOffice;

async function checkConflictedReferences(tx: DbOrTx, form: Partial<ConflictedEditForm>): Promise<void> {
  const refs: Parameters<typeof findMissingReferences>[1] = [];
  if (form.user_id !== undefined) refs.push({ field: 'user_id', table: 'users', id: form.user_id });
  if (form.branch_id !== undefined) refs.push({ field: 'branch_id', table: 'branches', id: form.branch_id });
  if (form.product_type_id !== undefined) refs.push({ field: 'product_type_id', table: 'product_types', id: form.product_type_id });
  const errors: Record<string, string[]> = {};
  for (const field of await findMissingReferences(tx, refs)) errors[field] = [az.declarations.invalidReference];
  if (form.basket_id !== undefined && !(await basketExists(tx, form.basket_id))) errors.basket_id = [az.declarations.invalidReference];
  if (Object.keys(errors).length) throw invalid(errors);
}

async function readDetail(db: DbOrTx, id: number, timeZone: string): Promise<ConflictedDeclarationDetail> {
  const detail = await findConflictedDetail(db, id, timeZone);
  if (!detail) throw notFound('conflicted_declaration_id');
  return detail;
}

export async function readConflictedDeclaration(db: Db, id: number, timeZone: string): Promise<ConflictedInfoReply> {
  return { data: await readDetail(db, id, timeZone) };
}

export async function listConflictedDeclarations(db: Db, query: ConflictedListQuery, timeZone: string): Promise<ConflictedListReply> {
  const { rows, total } = await findConflictedPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** POST create: a new unknown parcel takes Unknown (90); a weight needs changeweightdeclaration. */
export async function createConflictedDeclaration(db: Db, files: FileStorage, user: RequestUser, form: ConflictedCreateForm, timeZone: string): Promise<ConflictedInfoReply> {
  if (form.weight !== undefined && !hasPermission(user, 'changeweightdeclaration')) throw forbidden(az.declarations.weightForbidden);
  checkAmounts({ weight: form.weight, price: form.price });
  const doc = readUploadedDocument(form.document_file);
  const id = await db.transaction(async (tx) => {
    await checkConflictedReferences(tx, form);
    const row: ConflictedInsert = {
      trackCode: form.track_code, globalTrackCode: form.global_track_code ?? null, userId: form.user_id ?? null, countryId: form.country_id,
      statusId: CONFLICTED_STATUS.unknown, branchId: form.branch_id ?? user.adminBranchId, basketId: form.basket_id ?? null,
      productTypeId: form.product_type_id ?? null, shopName: form.shop_name ?? null, weight: form.weight ?? null, price: form.price ?? null,
      quantity: form.quantity ?? null, type: form.type ?? 2, description: form.descr ?? null, causerId: user.id,
    };
    const newId = await insertConflicted(tx, row);
    const documentPath = doc ? newFileKey('conflicted', newId, doc.type.ext) : null;
    if (documentPath) await updateConflicted(tx, newId, { documentPath });
    await insertStatusHistory(tx, { modelId: MODEL.conflictedDeclarations, objectId: newId, from: null, to: CONFLICTED_STATUS.unknown, userId: user.id });
    await recordAudit(tx, { userId: user.id, action: 'conflicted.create', entity: 'conflicted_declaration', entityId: newId, changes: { ...row, documentPath } });
    if (documentPath && doc) await files.save(documentPath, doc.data);
    return newId;
  });
  return { data: await readDetail(db, id, timeZone) };
}

/** Applies an edit form to a locked row; office staff (1, 3) resolve it (91). Returns the row as saved. */
async function applyConflictedEdit(tx: DbOrTx, files: FileStorage, user: RequestUser, current: ConflictedRow, form: ConflictedEditForm): Promise<ConflictedRow> {
  if (current.declarationId !== null) throw badRequest(az.declarations.conflictedAlreadyAccepted);
  const isWeightChanged = form.weight !== undefined && !isSameAmount(form.weight, current.weight);
  if (isWeightChanged && !hasPermission(user, 'changeweightdeclaration')) throw forbidden(az.declarations.weightForbidden);
  checkAmounts({ weight: form.weight, price: form.price });
  const doc = readUploadedDocument(form.document_file);
  await checkConflictedReferences(tx, form);
  const next: Partial<ConflictedInsert> = {
    trackCode: form.track_code, globalTrackCode: form.global_track_code, userId: form.user_id, countryId: form.country_id, branchId: form.branch_id,
    basketId: form.basket_id, productTypeId: form.product_type_id, shopName: form.shop_name, price: form.price, quantity: form.quantity,
    type: form.type, description: form.descr, weight: isWeightChanged ? form.weight : undefined,
    documentPath: doc ? newFileKey('conflicted', current.id, doc.type.ext) : undefined,
  };
  const resolves = isOfficeStaff(user) && current.statusId !== CONFLICTED_STATUS.resolved;
  if (resolves) next.statusId = CONFLICTED_STATUS.resolved;
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next) as [keyof ConflictedRow, unknown][]) {
    if (value === undefined || value === current[key]) continue;
    fields[key] = value;
    changes[key] = { from: current[key], to: value };
  }
  if (Object.keys(fields).length) {
    await updateConflicted(tx, current.id, fields as Partial<ConflictedInsert>);
    if (resolves) {
      await insertStatusHistory(tx, { modelId: MODEL.conflictedDeclarations, objectId: current.id, from: current.statusId, to: CONFLICTED_STATUS.resolved, userId: user.id });
    }
    await recordAudit(tx, { userId: user.id, action: 'conflicted.edit', entity: 'conflicted_declaration', entityId: current.id, changes });
    if (doc && next.documentPath) await files.save(next.documentPath, doc.data);
  }
  return { ...current, ...(fields as Partial<ConflictedRow>) };
}

export async function editConflictedDeclaration(db: Db, files: FileStorage, user: RequestUser, form: ConflictedEditForm, timeZone: string): Promise<ConflictedInfoReply> {
  await db.transaction(async (tx) => {
    const current = await findConflictedForUpdate(tx, form.conflicted_declaration_id);
    if (!current) throw notFound('conflicted_declaration_id');
    await applyConflictedEdit(tx, files, user, current, form);
  });
  return { data: await readDetail(db, form.conflicted_declaration_id, timeZone) };
}

/**
 * POST accept: the unknown becomes a normal declaration (status 7, measure 1, standard tariff,
 * price from the tariffs) of the customer found; it is Resolved and leaves the unknown list.
 */
export async function acceptConflictedDeclaration(db: Db, files: FileStorage, user: RequestUser, form: ConflictedAcceptForm): Promise<ConflictedAcceptReply> {
  return db.transaction(async (tx) => {
    const current = await findConflictedForUpdate(tx, form.conflicted_declaration_id);
    if (!current) throw notFound('conflicted_declaration_id');
    const row = await applyConflictedEdit(tx, files, user, current, form);
    const required = { user_id: row.userId, branch_id: row.branchId, product_type_id: row.productTypeId, quantity: row.quantity, price: row.price };
    const missing = Object.entries(required).filter(([, v]) => v === null || v === undefined).map(([k]) => k);
    if (missing.length) throw invalid(Object.fromEntries(missing.map((k) => [k, [az.errors.required]])));
    const priced = await computeDeliveryPrice(tx, { countryId: row.countryId, type: row.type, categoryId: STANDARD_TARIFF_CATEGORY_ID, weight: row.weight });
    const declarationId = await nextDeclarationId(tx);
    await insertDeclaration(tx, {
      id: declarationId, trackCode: `AZ${3_000_000_000 + declarationId}`, globalTrackCode: row.globalTrackCode ?? row.trackCode,
      userId: row.userId, countryId: row.countryId, statusId: DECLARATION_STATUS.foreignWarehouse, branchId: row.branchId, basketId: row.basketId,
      productTypeId: row.productTypeId, planCategoryId: STANDARD_TARIFF_CATEGORY_ID, tariffId: priced.tariffId, isSpecial: false,
      shopName: row.shopName, weight: row.weight, price: row.price, deliveryPrice: priced.deliveryPrice, quantity: row.quantity ?? 1,
      type: row.type, description: row.description, documentPath: row.documentPath, causerId: user.id,
    });
    await insertStatusHistory(tx, { objectId: declarationId, from: null, to: DECLARATION_STATUS.foreignWarehouse, userId: user.id, note: `#${row.id}` });
    await updateConflicted(tx, row.id, { declarationId, statusId: CONFLICTED_STATUS.resolved });
    if (row.statusId !== CONFLICTED_STATUS.resolved) {
      await insertStatusHistory(tx, { modelId: MODEL.conflictedDeclarations, objectId: row.id, from: row.statusId, to: CONFLICTED_STATUS.resolved, userId: user.id });
    }
    await recordAudit(tx, { userId: user.id, action: 'declaration.create', entity: 'declaration', entityId: declarationId, changes: { conflicted_declaration_id: row.id } });
    await recordAudit(tx, { userId: user.id, action: 'conflicted.accept', entity: 'conflicted_declaration', entityId: row.id, changes: { declaration_id: declarationId } });
    return { data: { id: row.id, declaration_id: declarationId } };
  });
}

/** POST cancel: soft delete (route needs declaration_cancel). */
export async function cancelConflictedDeclaration(db: Db, user: RequestUser, id: number) {
  await db.transaction(async (tx) => {
    const row = await findConflictedForUpdate(tx, id);
    if (!row) throw notFound('conflicted_declaration_id');
    if (row.declarationId !== null) throw badRequest(az.declarations.conflictedAlreadyAccepted);
    await updateConflicted(tx, row.id, { deletedAt: new Date() });
    await recordAudit(tx, { userId: user.id, action: 'conflicted.cancel', entity: 'conflicted_declaration', entityId: row.id, changes: { track_code: row.trackCode } });
  });
  return { data: { id } };
}

export async function readConflictedDocument(db: Db, files: FileStorage, id: number) {
  const path = await findConflictedDocumentPath(db, id);
  const data = path ? await files.read(path) : null;
  if (!data || !path) throw notFound('conflicted_declaration_id');
  return { data, mime: sniffFileType(data)?.mime ?? 'application/octet-stream', name: path.split('/').pop()! };
}
