import {
  DOCUMENT_MAX_BYTES, STANDARD_TARIFF_CATEGORY_ID, isSpecialTariffCategory,
  type DeclarationCreateForm, type DeclarationDetail, type DeclarationEditForm, type DeclarationSaveReply,
} from '@app/contract/declarations';
import { DECLARATION_STATUS } from '@app/contract/statuses';
import { az } from '@app/contract/texts/az';
import type { Db, DbOrTx } from '../../../db/client';
import { hasPermission, type RequestUser } from '../../../platform/access';
import { recordAudit } from '../../../platform/audit';
import { badRequest, forbidden, invalid, notFound } from '../../../platform/errors';
import { newFileKey, sniffFileType, type FileStorage, type SniffedType } from '../../../platform/files';
import {
  findDeclarationDetail, findDeclarationDocumentPath, findDeclarationForUpdate, findDeclarationsForUpdate, findMissingReferences, findTariffCategory,
  insertAuditForEach, insertDeclaration, insertStatusHistory, isGlobalTrackCodeTaken, nextDeclarationId, softDeleteDeclarations,
  updateDeclaration, type DeclarationInsert, type DeclarationRow,
} from './declaration-queries';
import { computeDeliveryPrice, isSameAmount } from './tariff-price';

/*
 * The create/edit form (spec §2 "Declaration create/edit modal", §3 "Declaration form payload",
 * §5): who may set what, references, the document, the delivery price.
 */

type FormFields = Omit<DeclarationCreateForm, 'user_id' | 'country_id' | 'branch_id' | 'product_type_id' | 'quantity' | 'price'>
  & Partial<Pick<DeclarationCreateForm, 'user_id' | 'country_id' | 'branch_id' | 'product_type_id' | 'quantity' | 'price'>>;

interface UploadedDocument { data: Buffer; type: SniffedType }

/** The uploaded document: at most 10 MB, a PDF, JPEG or PNG by its content (422 on document_file). */
export function readUploadedDocument(value: unknown): UploadedDocument | null {
  if (value === undefined || value === null || value === '') return null;
  if (!Buffer.isBuffer(value)) throw invalid({ document_file: [az.declarations.documentWrongType] });
  if (value.length > DOCUMENT_MAX_BYTES) throw invalid({ document_file: [az.declarations.documentTooLarge] });
  const type = sniffFileType(value);
  if (!type) throw invalid({ document_file: [az.declarations.documentWrongType] });
  return { data: value, type };
}

/** Amounts fit their columns and are not negative (zod accepts any decimal text): field → value. */
export function checkAmounts(fields: Record<string, string | undefined>): void {
  const errors: Record<string, string[]> = {};
  for (const [field, v] of Object.entries(fields)) {
    const wholeDigits = field === 'weight' ? 7 : 11;
    if (v !== undefined && !new RegExp(`^\\d{1,${wholeDigits}}(\\.\\d{1,3})?$`).test(v)) errors[field] = [az.errors.invalidNumber];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** Customer, branch, product type, box and tariff must name existing rows; a tariff belongs to the country. */
async function checkReferences(tx: DbOrTx, form: FormFields, countryId: number): Promise<void> {
  const refs: Parameters<typeof findMissingReferences>[1] = [];
  if (form.user_id !== undefined) refs.push({ field: 'user_id', table: 'users', id: form.user_id });
  if (form.branch_id !== undefined) refs.push({ field: 'branch_id', table: 'branches', id: form.branch_id });
  if (form.product_type_id !== undefined) refs.push({ field: 'product_type_id', table: 'product_types', id: form.product_type_id });
  if (form.container_id !== undefined) refs.push({ field: 'container_id', table: 'containers', id: form.container_id });
  const errors: Record<string, string[]> = {};
  for (const field of await findMissingReferences(tx, refs)) errors[field] = [az.declarations.invalidReference];
  if (form.tariff_category_id !== undefined) {
    const category = await findTariffCategory(tx, form.tariff_category_id);
    if (!category) errors.tariff_category_id = [az.declarations.invalidReference];
    else if (category.countryId !== null && category.countryId !== countryId) errors.tariff_category_id = [az.declarations.tariffCountryMismatch];
  }
  if (form.global_track_code && await isGlobalTrackCodeTaken(tx, form.global_track_code, 'declaration_id' in form ? Number(form.declaration_id) : undefined)) {
    errors.global_track_code = [az.declarations.globalTrackCodeTaken];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

export async function readDeclarationDetail(db: DbOrTx, user: RequestUser, id: number, timeZone: string): Promise<DeclarationDetail> {
  const detail = await findDeclarationDetail(db, id, timeZone, user.adminBranchId);
  if (!detail) throw notFound('declaration_id');
  return detail;
}

/** Saves the document last in the transaction: if the disk write fails, nothing is saved. */
async function storeDocument(files: FileStorage, key: string | null, doc: UploadedDocument | null): Promise<void> {
  if (key && doc) await files.save(key, doc.data);
}

/**
 * POST /api/admin/declaration/create. Rules: status 7 and measure 1; is_special exactly when the
 * tariff category is above 1; only changedeliveryprice sets the delivery price or a special
 * tariff (403 otherwise); only changeweightdeclaration enters a weight (403); the delivery price
 * is otherwise computed from the tariffs; combined_id (2+) replaces those declarations.
 */
/** Where a saved declaration goes to customs: the customs link's add queue (null: not sent, e.g. in unit tests of the form). */
export type CustomsAdds = { queueDeclarations(db: DbOrTx, declarationIds: number[]): Promise<unknown> } | null;

export async function createDeclaration(db: Db, files: FileStorage, user: RequestUser, form: DeclarationCreateForm, timeZone: string, customs: CustomsAdds = null): Promise<DeclarationSaveReply> {
  const canPrice = hasPermission(user, 'changedeliveryprice');
  const categoryId = form.tariff_category_id ?? STANDARD_TARIFF_CATEGORY_ID;
  if (!canPrice && (form.delivery_price !== undefined || categoryId !== STANDARD_TARIFF_CATEGORY_ID)) {
    throw forbidden(az.declarations.deliveryPriceForbidden);
  }
  if (form.weight !== undefined && !hasPermission(user, 'changeweightdeclaration')) throw forbidden(az.declarations.weightForbidden);
  checkAmounts({ weight: form.weight, price: form.price, delivery_price: form.delivery_price });
  const doc = readUploadedDocument(form.document_file);
  const combinedIds = [...new Set(form.combined_id ?? [])];
  if (combinedIds.length === 1) throw invalid({ combined_id: [az.declarations.combineNeedsTwo] });

  const id = await db.transaction(async (tx) => {
    await checkReferences(tx, { ...form, container_id: undefined }, form.country_id);
    const combined = combinedIds.length ? await findDeclarationsForUpdate(tx, combinedIds) : [];
    if (combined.length !== combinedIds.length) throw notFound('combined_id');
    if (combined.some((r) => r.userId !== form.user_id || r.countryId !== form.country_id)) {
      throw invalid({ combined_id: [az.declarations.combineMismatch] });
    }
    const type = form.type ?? 2;
    const weight = form.weight ?? null;
    const priced = await computeDeliveryPrice(tx, { countryId: form.country_id, type, categoryId, weight });
    const newId = await nextDeclarationId(tx);
    const documentPath = doc ? newFileKey('declarations', newId, doc.type.ext) : null;
    const row: DeclarationInsert = {
      id: newId,
      trackCode: `AZ${3_000_000_000 + newId}`,
      globalTrackCode: form.global_track_code ?? null,
      userId: form.user_id,
      countryId: form.country_id,
      statusId: DECLARATION_STATUS.foreignWarehouse, // spec §3: new declarations take 7
      branchId: form.branch_id,
      productTypeId: form.product_type_id,
      planCategoryId: categoryId,
      tariffId: priced.tariffId,
      isSpecial: isSpecialTariffCategory(categoryId),
      isCommercial: form.is_commercial ?? false,
      shopName: form.shop_name ?? null,
      weight,
      price: form.price,
      deliveryPrice: canPrice && form.delivery_price !== undefined ? form.delivery_price : priced.deliveryPrice,
      quantity: form.quantity,
      type,
      voen: form.voen ?? null,
      wardrobeNumber: form.wardrobe_number ?? null,
      description: form.descr ?? null,
      documentPath,
      causerId: user.id,
    };
    await insertDeclaration(tx, row);
    await insertStatusHistory(tx, { objectId: newId, from: null, to: DECLARATION_STATUS.foreignWarehouse, userId: user.id });
    if (combined.length) {
      await softDeleteDeclarations(tx, combinedIds);
      await insertAuditForEach(tx, combinedIds, { userId: user.id, action: 'declaration.combine', changes: { combined_into: newId, note: `#${newId}` } });
    }
    await recordAudit(tx, {
      userId: user.id, action: 'declaration.create', entity: 'declaration', entityId: newId,
      changes: { ...auditFields(row), combined_id: combinedIds.length ? combinedIds : undefined, document: doc ? doc.type.mime : undefined },
    });
    // design: a parcel at the foreign warehouse is added to customs (state 0) as soon as it has what
    // customs needs (customer FIN, weight, price); the add is queued in this transaction.
    if (customs) await customs.queueDeclarations(tx, [newId]);
    await storeDocument(files, documentPath, doc);
    return newId;
  });
  return { data: await readDeclarationDetail(db, user, id, timeZone) };
}

/** The wire names of what a create or edit wrote (for the audit entry). */
function auditFields(row: Partial<DeclarationInsert>): Record<string, unknown> {
  const names: Partial<Record<keyof DeclarationInsert, string>> = {
    userId: 'user_id', countryId: 'country_id', branchId: 'branch_id', productTypeId: 'product_type_id', planCategoryId: 'tariff_category_id',
    tariffId: 'tariff_id', isSpecial: 'is_special', isCommercial: 'is_commercial', shopName: 'shop_name', weight: 'weight', price: 'price',
    deliveryPrice: 'delivery_price', quantity: 'quantity', type: 'type', voen: 'voen', wardrobeNumber: 'wardrobe_number',
    description: 'descr', globalTrackCode: 'global_track_code', containerId: 'container_id', statusId: 'state_id', documentPath: 'document',
  };
  const out: Record<string, unknown> = {};
  for (const [key, wire] of Object.entries(names)) {
    const v = row[key as keyof DeclarationInsert];
    if (v !== undefined) out[wire] = v;
  }
  return out;
}

const AMOUNT_COLUMNS: ReadonlySet<string> = new Set(['weight', 'price', 'deliveryPrice']);
/** Amounts compare by value ('0.9' = '0.90'); everything else as it is. */
const sameValue = (key: string, a: unknown, b: unknown) =>
  AMOUNT_COLUMNS.has(key) ? isSameAmount(a as string | null, b as string | null) : (a ?? null) === (b ?? null);

/**
 * POST /api/admin/declaration/edit: absent fields stay; a changed weight needs
 * changeweightdeclaration, a changed delivery price or tariff needs changedeliveryprice (403,
 * nothing saved). A change of weight, country, type or tariff recomputes the delivery price
 * unless a permitted user entered a new one. A handed-over (10) declaration is not editable.
 */
export async function editDeclaration(db: Db, files: FileStorage, user: RequestUser, form: DeclarationEditForm, timeZone: string, customs: CustomsAdds = null): Promise<DeclarationSaveReply> {
  checkAmounts({ weight: form.weight, price: form.price, delivery_price: form.delivery_price });
  const doc = readUploadedDocument(form.document_file);
  await db.transaction(async (tx) => {
    const current = await findDeclarationForUpdate(tx, form.declaration_id);
    if (!current) throw notFound('declaration_id');
    if (current.statusId === DECLARATION_STATUS.handedOver) throw badRequest(az.declarations.notEditable);
    const canPrice = hasPermission(user, 'changedeliveryprice');
    const currentCategory = current.planCategoryId ?? STANDARD_TARIFF_CATEGORY_ID;
    const isWeightChanged = form.weight !== undefined && !isSameAmount(form.weight, current.weight);
    const isPriceEntered = form.delivery_price !== undefined && !isSameAmount(form.delivery_price, current.deliveryPrice);
    const isCategoryChanged = form.tariff_category_id !== undefined && form.tariff_category_id !== currentCategory;
    if (isWeightChanged && !hasPermission(user, 'changeweightdeclaration')) throw forbidden(az.declarations.weightForbidden);
    if ((isPriceEntered || isCategoryChanged) && !canPrice) throw forbidden(az.declarations.deliveryPriceForbidden);
    const countryId = form.country_id ?? current.countryId;
    await checkReferences(tx, form, countryId);

    const next: Partial<DeclarationInsert> = {
      userId: form.user_id, countryId: form.country_id, branchId: form.branch_id, productTypeId: form.product_type_id,
      globalTrackCode: form.global_track_code, shopName: form.shop_name, price: form.price, quantity: form.quantity, type: form.type,
      voen: form.voen, wardrobeNumber: form.wardrobe_number, description: form.descr, containerId: form.container_id,
      isCommercial: form.is_commercial,
      weight: isWeightChanged ? form.weight : undefined,
      planCategoryId: isCategoryChanged ? form.tariff_category_id : undefined,
    };
    const categoryId = next.planCategoryId ?? currentCategory;
    next.isSpecial = isSpecialTariffCategory(categoryId);
    const type = next.type ?? current.type;
    const weight = next.weight ?? current.weight;
    if (isPriceEntered) {
      next.deliveryPrice = form.delivery_price;
    } else if (isWeightChanged || isCategoryChanged || (form.country_id !== undefined && form.country_id !== current.countryId) || (form.type !== undefined && form.type !== current.type)) {
      const priced = await computeDeliveryPrice(tx, { countryId, type, categoryId, weight });
      next.deliveryPrice = priced.deliveryPrice;
      next.tariffId = priced.tariffId;
    }
    if (doc) next.documentPath = newFileKey('declarations', current.id, doc.type.ext);

    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const fields: Partial<DeclarationInsert> = {};
    for (const [key, value] of Object.entries(next) as [keyof DeclarationRow, unknown][]) {
      if (value === undefined || sameValue(key, current[key], value)) continue;
      (fields as Record<string, unknown>)[key] = value;
      const wire = Object.keys(auditFields({ [key]: value }))[0] ?? key;
      changes[wire] = { from: current[key], to: value };
    }
    if (!Object.keys(fields).length) return;
    await updateDeclaration(tx, current.id, fields);
    await recordAudit(tx, { userId: user.id, action: 'declaration.edit', entity: 'declaration', entityId: current.id, changes });
    // Still abroad and now complete (a weight or a customer's FIN filled in): customs gets it; one it holds is left alone.
    if (customs && (current.statusId === DECLARATION_STATUS.awaiting || current.statusId === DECLARATION_STATUS.foreignWarehouse)) {
      await customs.queueDeclarations(tx, [current.id]);
    }
    await storeDocument(files, fields.documentPath ?? null, doc);
  });
  return { data: await readDeclarationDetail(db, user, form.declaration_id, timeZone) };
}

/** GET /api/admin/declaration/document: the stored document with its sniffed type. */
export async function readDeclarationDocument(db: Db, files: FileStorage, user: RequestUser, id: number, timeZone: string) {
  const detail = await readDeclarationDetail(db, user, id, timeZone);
  const path = detail.document_file ? await findDeclarationDocumentPath(db, id) : null;
  const data = path ? await files.read(path) : null;
  if (!data) throw notFound('declaration_id');
  return { data, mime: sniffFileType(data)?.mime ?? 'application/octet-stream', name: path!.split('/').pop()! };
}

