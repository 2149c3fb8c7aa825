import type { CashCategoryListQuery, CashRegisterListQuery } from '@app/contract/cash-registers';
import { and, asc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { cashCategories, cashOperations, cashRegisterEntries, cashRegisters } from '../../db/schema/money';
import { currencies, settings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { buildListQuery, countList, filters, type ListSpec } from '../../platform/list-query';
import { asDateTime } from '../../platform/sql-format';

/* SQL of the cash registers and cash categories (issue 17 items 3, 4). */

type Range = { from?: string; to?: string };
function createdBetween(column: AnyColumn, r: Range, timeZone: string): SQL | undefined {
  return and(r.from ? filters.from(column, timeZone)(r.from) : undefined, r.to ? filters.to(column, timeZone)(r.to) : undefined);
}

// ---------------------------------------------------------------- cash registers

/** A register as clients read it: `amount` what it holds now (the ledger's balance), `initial_amount` what it started with. */
function registerColumns(timeZone: string) {
  return {
    id: cashRegisters.id,
    name: cashRegisters.name,
    cashbox_name: cashRegisters.name,
    amount: sql<string>`${cashRegisters.balance}::text`,
    initial_amount: sql<string>`${cashRegisters.amount}::text`,
    currency_id: cashRegisters.currencyId,
    currency_code: sql<string>`coalesce(${currencies.currencyCode}, '')`,
    created_at: asDateTime(cashRegisters.createdAt, timeZone),
  };
}

function registerListSpec(timeZone: string): ListSpec<CashRegisterListQuery> {
  return {
    filters: {
      id: filters.equals(cashRegisters.id),
      name: filters.contains(cashRegisters.name),
      created_at: (r) => createdBetween(cashRegisters.createdAt, r, timeZone),
      date_from: filters.from(cashRegisters.createdAt, timeZone),
      date_to: filters.to(cashRegisters.createdAt, timeZone),
      currency_id: filters.equals(cashRegisters.currencyId),
    },
    sorts: {
      id: cashRegisters.id, name: cashRegisters.name, cashbox_name: cashRegisters.name, amount: cashRegisters.balance,
      initial_amount: cashRegisters.amount, currency_id: cashRegisters.currencyId, currency_code: currencies.currencyCode,
      created_at: cashRegisters.createdAt,
    },
    defaultSort: { column: 'id', order: 'asc' },
    tieBreaker: cashRegisters.id,
    base: [isNull(cashRegisters.deletedAt)],
    isBaseNarrow: true,
  };
}

/** The picker's columns (staff without `cashflow`): names and currency, no money. */
function registerLookupColumns() {
  return {
    id: cashRegisters.id, name: cashRegisters.name, cashbox_name: cashRegisters.name, currency_id: cashRegisters.currencyId,
    currency_code: sql<string>`coalesce(${currencies.currencyCode}, '')`,
  };
}

export async function findCashRegisterPage(db: DbOrTx, query: CashRegisterListQuery, timeZone: string, isLookup = false) {
  const built = buildListQuery(registerListSpec(timeZone), query);
  const columns = isLookup ? registerLookupColumns() : registerColumns(timeZone);
  const rows = await db.select(columns as ReturnType<typeof registerColumns>).from(cashRegisters)
    .leftJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, cashRegisters, built);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** Every live register matching the list's filters, in its order (the export; registers are few, lookup size 1000). */
export function findCashRegistersForExport(db: DbOrTx, query: CashRegisterListQuery, timeZone: string, limit: number) {
  const built = buildListQuery(registerListSpec(timeZone), { ...query, page: 1, per_page: limit });
  return db.select(registerColumns(timeZone)).from(cashRegisters)
    .leftJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(built.where).orderBy(...built.orderBy).limit(limit);
}

/** One live register for its edit form, with whether it has ledger entries (its currency is then locked). */
export function findCashRegisterRow(db: DbOrTx, id: number, timeZone: string) {
  const hasEntries = sql<boolean>`exists (select 1 from ${cashRegisterEntries} e where e.cash_register_id = ${cashRegisters.id})`;
  return db.select({ ...registerColumns(timeZone), has_entries: hasEntries }).from(cashRegisters)
    .leftJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(and(eq(cashRegisters.id, id), isNull(cashRegisters.deletedAt)))
    .then((r) => r[0]);
}

/** The live register, row-locked for a change of its document (the ledger locks registers the same way). */
export function lockCashRegister(tx: DbOrTx, id: number) {
  return tx.select().from(cashRegisters).where(and(eq(cashRegisters.id, id), isNull(cashRegisters.deletedAt)))
    .for('update').then((r) => r[0]);
}

export function currencyExists(db: DbOrTx, id: number): Promise<boolean> {
  return db.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, id)).then((r) => r.length > 0);
}

export async function insertCashRegister(tx: DbOrTx, values: { name: string; currencyId: number; amount: string }): Promise<number> {
  // A new register holds its initial amount: balance = amount + sum(entries), and it has none yet.
  const [row] = await tx.insert(cashRegisters).values({ ...values, balance: values.amount }).returning({ id: cashRegisters.id });
  return row!.id;
}

export function updateCashRegister(tx: DbOrTx, id: number, values: { name?: string; currencyId?: number }) {
  return tx.update(cashRegisters).set(values).where(eq(cashRegisters.id, id));
}

export function softDeleteCashRegister(tx: DbOrTx, id: number) {
  return tx.update(cashRegisters).set({ deletedAt: sql`now()` }).where(eq(cashRegisters.id, id));
}

export async function countCashRegisterEntries(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cashRegisterEntries).where(eq(cashRegisterEntries.cashRegisterId, id));
  return Number(row?.n ?? 0);
}

/** Cash operations that name the register (either side of a transfer), whatever their status. */
export async function countCashOperationsOfRegister(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cashOperations)
    .where(or(eq(cashOperations.cashRegisterId, id), eq(cashOperations.transferCashRegisterId, id)));
  return Number(row?.n ?? 0);
}

/** The settings group 'cashflow' keys naming this register (values are stored as numbers or numeric text). */
export async function findCashflowSettingsNaming(db: DbOrTx, id: number): Promise<string[]> {
  const rows = await db.select({ key: settings.key }).from(settings)
    .where(and(eq(settings.groupId, 'cashflow'), inArray(settings.key, ['cashboxId', 'terminalCashboxId']), sql`(${settings.value} #>> '{}') = ${String(id)}`));
  return rows.map((r) => r.key);
}

/** Live users whose own register (users.cashbox_id, the top bar's) is this one. */
export async function countUsersWithCashRegister(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.cashboxId, id), isNull(users.deletedAt)));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- cash categories

const parent = alias(cashCategories, 'parent');

function categoryColumns(timeZone: string) {
  return {
    id: cashCategories.id,
    category_name: cashCategories.name,
    parent_id: cashCategories.parentId,
    // clients show a parent only when parent_id and parent_name are both set: '' on a top-level row
    parent_name: sql<string>`coalesce(${parent.name}, '')`,
    created_at: asDateTime(cashCategories.createdAt, timeZone),
  };
}

function categoryListSpec(timeZone: string): ListSpec<CashCategoryListQuery> {
  return {
    filters: {
      id: filters.equals(cashCategories.id),
      name: filters.contains(cashCategories.name),
      created_at: (r) => createdBetween(cashCategories.createdAt, r, timeZone),
      date_from: filters.from(cashCategories.createdAt, timeZone),
      date_to: filters.to(cashCategories.createdAt, timeZone),
      parent_id: filters.equals(cashCategories.parentId),
      is_top: (v) => (v ? isNull(cashCategories.parentId) : sql`${cashCategories.parentId} is not null`),
    },
    sorts: {
      id: cashCategories.id, name: cashCategories.name, category_name: cashCategories.name, parent_id: cashCategories.parentId,
      parent_name: parent.name, created_at: cashCategories.createdAt,
    },
    defaultSort: { column: 'id', order: 'asc' },
    tieBreaker: cashCategories.id,
    base: [isNull(cashCategories.deletedAt)],
    isBaseNarrow: true,
  };
}

export async function findCashCategoryPage(db: DbOrTx, query: CashCategoryListQuery, timeZone: string) {
  const built = buildListQuery(categoryListSpec(timeZone), query);
  const rows = await db.select(categoryColumns(timeZone)).from(cashCategories)
    .leftJoin(parent, and(eq(parent.id, cashCategories.parentId), isNull(parent.deletedAt)))
    .where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, cashCategories, built);
  return { data: rows, total: total.total, total_kind: total.kind };
}

export function findCashCategoryRow(db: DbOrTx, id: number, timeZone: string) {
  return db.select(categoryColumns(timeZone)).from(cashCategories)
    .leftJoin(parent, and(eq(parent.id, cashCategories.parentId), isNull(parent.deletedAt)))
    .where(and(eq(cashCategories.id, id), isNull(cashCategories.deletedAt)))
    .then((r) => r[0]);
}

/** A page of live top-level categories (id order) and the total of them. */
export async function findTopCashCategories(db: DbOrTx, page: number, perPage: number, timeZone: string) {
  const where = and(isNull(cashCategories.parentId), isNull(cashCategories.deletedAt));
  const rows = await db.select({ id: cashCategories.id, category_name: cashCategories.name, created_at: asDateTime(cashCategories.createdAt, timeZone) })
    .from(cashCategories).where(where).orderBy(asc(cashCategories.id)).limit(perPage).offset((page - 1) * perPage);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(cashCategories).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The live children of these parents (id order). */
export function findCashSubCategories(db: DbOrTx, parentIds: readonly number[], timeZone: string) {
  if (!parentIds.length) return Promise.resolve([]);
  return db.select({
    id: cashCategories.id, category_name: cashCategories.name, parent_id: sql<number>`${cashCategories.parentId}`,
    created_at: asDateTime(cashCategories.createdAt, timeZone),
  }).from(cashCategories)
    .where(and(inArray(cashCategories.parentId, [...parentIds]), isNull(cashCategories.deletedAt)))
    .orderBy(asc(cashCategories.id));
}

/** A live category, row-locked (edit, remove, or as the parent being given a child). */
export function lockCashCategory(tx: DbOrTx, id: number) {
  return tx.select({ id: cashCategories.id, name: cashCategories.name, parentId: cashCategories.parentId }).from(cashCategories)
    .where(and(eq(cashCategories.id, id), isNull(cashCategories.deletedAt))).for('update').then((r) => r[0]);
}

/** Serialises every change of the category tree (a cycle check and the write that follows must not interleave with another). */
export async function lockCashCategoryTree(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cash_categories_tree'))`);
}

/** The ancestors of a category, nearest first (stops at a repeat, so a stored cycle cannot loop). */
export async function findCashCategoryAncestors(db: DbOrTx, id: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    with recursive up(id, parent_id, depth, path) as (
      select c.id, c.parent_id, 0, array[c.id] from ${cashCategories} c where c.id = ${id}
      union all
      select c.id, c.parent_id, up.depth + 1, up.path || c.id from ${cashCategories} c join up on c.id = up.parent_id
      where not c.id = any(up.path) and up.depth < 100
    )
    select id from up where depth > 0 order by depth`);
  return result.rows.map((r) => Number(r.id));
}

export async function countLiveChildren(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cashCategories)
    .where(and(eq(cashCategories.parentId, id), isNull(cashCategories.deletedAt)));
  return Number(row?.n ?? 0);
}

/** Cash operations that use the category (either side of a transfer), whatever their status. */
export async function countCashOperationsOfCategory(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cashOperations)
    .where(or(eq(cashOperations.categoryId, id), eq(cashOperations.transferCategoryId, id)));
  return Number(row?.n ?? 0);
}

export async function insertCashCategory(tx: DbOrTx, values: { name: string; parentId: number | null }): Promise<number> {
  const [row] = await tx.insert(cashCategories).values(values).returning({ id: cashCategories.id });
  return row!.id;
}

export function updateCashCategory(tx: DbOrTx, id: number, values: { name: string; parentId: number | null }) {
  return tx.update(cashCategories).set(values).where(eq(cashCategories.id, id));
}

export function softDeleteCashCategory(tx: DbOrTx, id: number) {
  return tx.update(cashCategories).set({ deletedAt: sql`now()` }).where(eq(cashCategories.id, id));
}
