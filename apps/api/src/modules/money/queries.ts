import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { balanceOperations, cashRegisterEntries, cashRegisters } from '../../db/schema/money';
import { currencies, settings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { asDateTime } from '../../platform/sql-format';

/* SQL of the money domain: cash registers and their ledger, customers' balance operations. */

/** The top bar's register: its current balance (what it holds now) as `amount`. */
export function findCashRegister(db: DbOrTx, id: number, timeZone: string) {
  return db
    .select({
      id: cashRegisters.id, name: cashRegisters.name, cashbox_name: cashRegisters.name, amount: sql<string>`${cashRegisters.balance}::text`,
      initial_amount: sql<string>`${cashRegisters.amount}::text`, currency_id: currencies.id, currency_code: currencies.currencyCode,
      created_at: asDateTime(cashRegisters.createdAt, timeZone),
    })
    .from(cashRegisters)
    .innerJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(and(eq(cashRegisters.id, id), isNull(cashRegisters.deletedAt)))
    .then((r) => r[0]);
}

/** The registers the settings group 'cashflow' names (raw values; the service checks them). */
export async function findCashflowSettings(db: DbOrTx): Promise<{ cashboxId: unknown; terminalCashboxId: unknown }> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings)
    .where(and(eq(settings.groupId, 'cashflow'), inArray(settings.key, ['cashboxId', 'terminalCashboxId'])));
  const read = (key: string) => rows.find((r) => r.key === key)?.value ?? null;
  return { cashboxId: read('cashboxId'), terminalCashboxId: read('terminalCashboxId') };
}

/** Locks the live registers in id order (every writer locks them in this order: no deadlocks). */
export function lockCashRegisters(tx: DbOrTx, ids: readonly number[]) {
  return tx.select({ id: cashRegisters.id, currencyId: cashRegisters.currencyId, currencyCode: currencies.currencyCode, balance: cashRegisters.balance })
    .from(cashRegisters)
    .innerJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(and(inArray(cashRegisters.id, [...ids]), isNull(cashRegisters.deletedAt)))
    .orderBy(asc(cashRegisters.id))
    .for('update', { of: cashRegisters });
}

/** Adds a signed amount to a register (row already locked); answers the balance before and after. */
export async function changeCashRegisterBalance(tx: DbOrTx, id: number, delta: string): Promise<{ before: string; after: string }> {
  const [row] = await tx.update(cashRegisters).set({ balance: sql`${cashRegisters.balance} + ${delta}::numeric` })
    .where(eq(cashRegisters.id, id))
    .returning({ after: cashRegisters.balance, before: sql<string>`(${cashRegisters.balance} - ${delta}::numeric)::numeric(14,2)::text` });
  return row!;
}

export async function insertCashRegisterEntries(tx: DbOrTx, rows: (typeof cashRegisterEntries.$inferInsert)[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await tx.insert(cashRegisterEntries).values(rows).returning({ id: cashRegisterEntries.id })).map((r) => r.id);
}

/**
 * Takes `amount` USD from a customer's balance, never below zero: answers the balance before and
 * after, or undefined when the balance does not cover it (nothing changed).
 */
export async function takeFromBalanceUsd(tx: DbOrTx, userId: number, amount: string): Promise<{ before: string; after: string } | undefined> {
  const [row] = await tx.update(users)
    .set({ balanceUsd: sql`${users.balanceUsd} - ${amount}::numeric`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.balanceUsd} >= ${amount}::numeric`))
    .returning({ after: users.balanceUsd, before: sql<string>`(${users.balanceUsd} + ${amount}::numeric)::numeric(14,2)::text` });
  return row;
}

export async function insertBalanceOperations(tx: DbOrTx, rows: (typeof balanceOperations.$inferInsert)[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await tx.insert(balanceOperations).values(rows).returning({ id: balanceOperations.id })).map((r) => r.id);
}

/** The money rows written for one record (e.g. a declaration payment), oldest first. */
export function findBalanceOperationsOf(db: DbOrTx, objectModel: string, objectId: number) {
  return db.select().from(balanceOperations)
    .where(and(eq(balanceOperations.objectModel, objectModel), eq(balanceOperations.objectId, objectId)))
    .orderBy(asc(balanceOperations.id));
}
export function findCashRegisterEntriesOf(db: DbOrTx, objectModel: string, objectId: number) {
  return db.select().from(cashRegisterEntries)
    .where(and(eq(cashRegisterEntries.objectModel, objectModel), eq(cashRegisterEntries.objectId, objectId)))
    .orderBy(asc(cashRegisterEntries.id));
}
