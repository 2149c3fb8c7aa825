import type { Writable } from 'node:stream';
import {
  CASH_REGISTER_LOOKUP_SIZE, type CashCategoryEditForm, type CashCategoryForm, type CashCategoryListQuery, type CashCategoryTreeReply,
  type CashRegisterEditForm, type CashRegisterForm, type CashRegisterListQuery, type CashRegisterRow,
} from '@app/contract/cash-registers';
import { compareAmount } from '@app/contract/declaration-workflow';
import { azCashRegisters } from '@app/contract/texts/az-cash-registers';
import type { Db, DbOrTx } from '../../db/client';
import { isAllowed, type RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { writeXlsx, type XlsxColumn } from '../../platform/xlsx';
import {
  countCashOperationsOfCategory, countCashOperationsOfRegister, countCashRegisterEntries, countLiveChildren, countUsersWithCashRegister,
  currencyExists, findCashCategoryAncestors, findCashCategoryPage, findCashCategoryRow, findCashflowSettingsNaming, findCashRegisterPage,
  findCashRegisterRow, findCashRegistersForExport, findCashSubCategories, findTopCashCategories, insertCashCategory, insertCashRegister,
  lockCashCategory, lockCashCategoryTree, lockCashRegister, softDeleteCashCategory, softDeleteCashRegister, updateCashCategory, updateCashRegister,
} from './queries';

/*
 * Cash registers and cash categories (issue 17 items 3, 4; spec §3, §5). A register's money moves
 * only through the ledger (modules/money/ledger.ts): here only its document changes — name and
 * currency; the initial amount is fixed at creation (spec §5), and the balance starts at it.
 */

const tr = azCashRegisters.registers;
const tc = azCashRegisters.categories;

// ---------------------------------------------------------------- cash registers

/**
 * The list. Office staff without `cashflow` still pick registers in other screens (the pay modal, the
 * permissions modal, settings cashflow; decision 0008's lookup columns): they read names and currency only.
 */
export function listCashRegisters(db: Db, viewer: RequestUser, query: CashRegisterListQuery, timeZone: string) {
  return findCashRegisterPage(db, query, timeZone, !isAllowed(viewer, { permission: 'cashflow' }));
}

export async function readCashRegister(db: Db, id: number, timeZone: string) {
  const row = await findCashRegisterRow(db, id, timeZone);
  if (!row) throw notFound('cashbox_id');
  return { data: row };
}

export async function createCashRegister(db: Db, user: RequestUser, form: CashRegisterForm) {
  return db.transaction(async (tx) => {
    if (!(await currencyExists(tx, form.currency_id))) throw invalid({ currency_id: [tr.unknownCurrency] });
    const values = { name: form.cashbox_name, currencyId: form.currency_id, amount: form.amount };
    const id = await insertCashRegister(tx, values);
    await recordAudit(tx, { userId: user.id, action: 'cash_register.create', entity: 'cash_register', entityId: id, changes: values });
    return { data: { id } };
  });
}

/** A sent initial amount passes only when it is the stored one (the form sends it back unchanged). */
function isSameAmount(sent: string, stored: string): boolean {
  return /^-?\d+(\.\d{1,2})?$/.test(sent) && compareAmount(sent, stored) === 0;
}

export async function editCashRegister(db: Db, user: RequestUser, form: CashRegisterEditForm) {
  return db.transaction(async (tx) => {
    const current = await lockCashRegister(tx, form.cashbox_id);
    if (!current) throw notFound('cashbox_id');
    const errors: Record<string, string[]> = {};
    // spec §5 "Cash register amount locked on edit"
    if (form.amount !== undefined && !isSameAmount(form.amount, current.amount)) errors.amount = [tr.amountLocked];
    if (form.currency_id !== current.currencyId) {
      if (!(await currencyExists(tx, form.currency_id))) errors.currency_id = [tr.unknownCurrency];
      // its entries (and the operations' amounts) are in the old currency
      else if (await countCashRegisterEntries(tx, current.id) > 0) errors.currency_id = [tr.currencyLocked];
      // the handover pays into these in manat (settings group cashflow checks them)
      else if ((await findCashflowSettingsNaming(tx, current.id)).length > 0) errors.currency_id = [tr.currencyInSettings];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (form.cashbox_name !== current.name) changes.name = { from: current.name, to: form.cashbox_name };
    if (form.currency_id !== current.currencyId) changes.currencyId = { from: current.currencyId, to: form.currency_id };
    if (Object.keys(changes).length) await updateCashRegister(tx, current.id, { name: form.cashbox_name, currencyId: form.currency_id });
    await recordAudit(tx, { userId: user.id, action: 'cash_register.update', entity: 'cash_register', entityId: current.id, changes });
    return { data: { id: current.id } };
  });
}

/** Soft delete, refused while the register has ledger entries or is named in settings or as a user's register. */
export async function removeCashRegister(db: Db, user: RequestUser, id: number) {
  return db.transaction(async (tx) => {
    const current = await lockCashRegister(tx, id);
    if (!current) throw notFound('cashbox_id');
    const reasons: string[] = [];
    if (await countCashRegisterEntries(tx, id) > 0 || await countCashOperationsOfRegister(tx, id) > 0) reasons.push(tr.hasEntries);
    if ((await findCashflowSettingsNaming(tx, id)).length > 0) reasons.push(tr.inSettings);
    if (await countUsersWithCashRegister(tx, id) > 0) reasons.push(tr.usersCashbox);
    if (reasons.length) throw invalid({ cashbox_id: reasons });
    await softDeleteCashRegister(tx, id);
    await recordAudit(tx, { userId: user.id, action: 'cash_register.delete', entity: 'cash_register', entityId: id, changes: { soft: true, row: current } });
    return { data: { id } };
  });
}

const EXPORT_COLUMNS: readonly XlsxColumn<CashRegisterRow>[] = [
  { header: tr.code, width: 8, value: (r) => r.id },
  { header: tr.name, width: 32, value: (r) => r.cashbox_name },
  // exact decimals as numbers for the spreadsheet's sums (2 places; numeric(14,2) fits a double exactly enough to show)
  { header: tr.balance, width: 16, value: (r) => Number(r.amount) },
  { header: tr.initialAmount, width: 16, value: (r) => Number(r.initial_amount) },
  { header: tr.currency, width: 10, value: (r) => r.currency_code },
  { header: tr.date, width: 20, value: (r) => r.created_at },
];

/** The registers the list shows (its filters and order) as one .xlsx sheet; registers are few (lookup size 1000). */
export async function writeCashRegisterExport(db: Db, query: CashRegisterListQuery, timeZone: string, out: Writable): Promise<number> {
  const rows = await findCashRegistersForExport(db, query, timeZone, CASH_REGISTER_LOOKUP_SIZE);
  async function* batches() {
    yield rows;
  }
  return writeXlsx(out, [{ name: tr.exportSheet, columns: EXPORT_COLUMNS, rows: batches() }]);
}

// ---------------------------------------------------------------- cash categories

/** The tree: a page of top-level categories, each with its (live) sub_categories. */
export async function listCashCategoryTree(db: Db, query: { page: number; per_page: number }, timeZone: string): Promise<CashCategoryTreeReply> {
  const { rows, total } = await findTopCashCategories(db, query.page, query.per_page, timeZone);
  const children = await findCashSubCategories(db, rows.map((r) => r.id), timeZone);
  return {
    data: rows.map((r) => ({ ...r, parent_id: null, sub_categories: children.filter((c) => c.parent_id === r.id) })),
    total,
  };
}

export function listCashCategories(db: Db, query: CashCategoryListQuery, timeZone: string) {
  return findCashCategoryPage(db, query, timeZone);
}

export async function readCashCategory(db: Db, id: number, timeZone: string) {
  const row = await findCashCategoryRow(db, id, timeZone);
  if (!row) throw notFound('cash_category_id');
  return { data: row };
}

/**
 * The parent rules (spec §3: never its own parent; two levels, "parent - child"): the parent is a
 * live top-level category, is not the category itself nor below it, and a category with children
 * stays top-level. Called under the tree lock.
 */
async function checkParent(tx: DbOrTx, id: number | null, parentId: number | null): Promise<string | undefined> {
  if (parentId === null) return undefined;
  if (id !== null && parentId === id) return tc.ownParent;
  const parent = await lockCashCategory(tx, parentId);
  if (!parent) return tc.unknownParent;
  if (id !== null && (await findCashCategoryAncestors(tx, parentId)).includes(id)) return tc.cycle;
  if (parent.parentId !== null) return tc.parentIsChild;
  if (id !== null && (await countLiveChildren(tx, id)) > 0) return tc.hasChildrenCannotMove;
  return undefined;
}

export async function createCashCategory(db: Db, user: RequestUser, form: CashCategoryForm) {
  return db.transaction(async (tx) => {
    await lockCashCategoryTree(tx);
    const problem = await checkParent(tx, null, form.parent_id);
    if (problem) throw invalid({ parent_id: [problem] });
    const values = { name: form.category_name, parentId: form.parent_id };
    const id = await insertCashCategory(tx, values);
    await recordAudit(tx, { userId: user.id, action: 'cash_category.create', entity: 'cash_category', entityId: id, changes: values });
    return { data: { id } };
  });
}

export async function editCashCategory(db: Db, user: RequestUser, form: CashCategoryEditForm) {
  return db.transaction(async (tx) => {
    await lockCashCategoryTree(tx);
    const current = await lockCashCategory(tx, form.cash_category_id);
    if (!current) throw notFound('cash_category_id');
    if (form.parent_id !== current.parentId) {
      const problem = await checkParent(tx, current.id, form.parent_id);
      if (problem) throw invalid({ parent_id: [problem] });
    }
    const values = { name: form.category_name, parentId: form.parent_id };
    await updateCashCategory(tx, current.id, values);
    await recordAudit(tx, {
      userId: user.id, action: 'cash_category.update', entity: 'cash_category', entityId: current.id,
      changes: { name: { from: current.name, to: values.name }, parentId: { from: current.parentId, to: values.parentId } },
    });
    return { data: { id: current.id } };
  });
}

/** Soft delete, refused while it has live children or cash operations use it. */
export async function removeCashCategory(db: Db, user: RequestUser, id: number) {
  return db.transaction(async (tx) => {
    await lockCashCategoryTree(tx);
    const current = await lockCashCategory(tx, id);
    if (!current) throw notFound('cash_category_id');
    const reasons: string[] = [];
    if (await countLiveChildren(tx, id) > 0) reasons.push(tc.hasChildren);
    if (await countCashOperationsOfCategory(tx, id) > 0) reasons.push(tc.inUse);
    if (reasons.length) throw invalid({ cash_category_id: reasons });
    await softDeleteCashCategory(tx, id);
    await recordAudit(tx, { userId: user.id, action: 'cash_category.delete', entity: 'cash_category', entityId: id, changes: { soft: true, row: current } });
    return { data: { id } };
  });
}
