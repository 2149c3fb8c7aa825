import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { balanceEntries, balanceOperations, cashOperations, cashRegisterEntries, cashRegisters } from '../../db/schema/money';
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
export async function addToCashRegister(tx: DbOrTx, id: number, delta: string): Promise<{ before: string; after: string }> {
  const [row] = await tx.update(cashRegisters).set({ balance: sql`${cashRegisters.balance} + ${delta}::numeric` })
    .where(eq(cashRegisters.id, id))
    .returning({ after: cashRegisters.balance, before: sql<string>`(${cashRegisters.balance} - ${delta}::numeric)::numeric(14,2)::text` });
  return row!;
}

export async function insertCashEntries(tx: DbOrTx, rows: (typeof cashRegisterEntries.$inferInsert)[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await tx.insert(cashRegisterEntries).values(rows).returning({ id: cashRegisterEntries.id })).map((r) => r.id);
}

export async function insertCashOperationRow(tx: DbOrTx, row: typeof cashOperations.$inferInsert): Promise<number> {
  const [r] = await tx.insert(cashOperations).values(row).returning({ id: cashOperations.id });
  return r!.id;
}

/** Locks customers' rows in id order (after any register: the ledger's lock order). */
export function lockUserBalances(tx: DbOrTx, ids: readonly number[]) {
  return tx.select({ id: users.id }).from(users).where(inArray(users.id, [...ids])).orderBy(asc(users.id)).for('update');
}

/** Adds a signed amount to a customer's USD or TRY balance (row already locked); the balance before and after. */
export async function addToUserBalance(tx: DbOrTx, userId: number, currency: 'USD' | 'TRY', delta: string): Promise<{ before: string; after: string }> {
  const column = currency === 'USD' ? users.balanceUsd : users.balanceTry;
  const set = currency === 'USD' ? { balanceUsd: sql`${users.balanceUsd} + ${delta}::numeric` } : { balanceTry: sql`${users.balanceTry} + ${delta}::numeric` };
  const [row] = await tx.update(users).set({ ...set, updatedAt: sql`now()` }).where(eq(users.id, userId))
    .returning({ after: sql<string>`${column}::text`, before: sql<string>`(${column} - ${delta}::numeric)::numeric(14,2)::text` });
  return row!;
}

export async function insertBalanceEntries(tx: DbOrTx, rows: (typeof balanceEntries.$inferInsert)[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await tx.insert(balanceEntries).values(rows).returning({ id: balanceEntries.id })).map((r) => r.id);
}

export async function insertBalanceOperationRow(tx: DbOrTx, row: typeof balanceOperations.$inferInsert): Promise<number> {
  const [r] = await tx.insert(balanceOperations).values(row).returning({ id: balanceOperations.id });
  return r!.id;
}
export async function insertBalanceOperations(tx: DbOrTx, rows: (typeof balanceOperations.$inferInsert)[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await tx.insert(balanceOperations).values(rows).returning({ id: balanceOperations.id })).map((r) => r.id);
}
export async function setBalanceOperationBefore(tx: DbOrTx, id: number, before: string): Promise<void> {
  await tx.update(balanceOperations).set({ beforeBalance: before }).where(eq(balanceOperations.id, id));
}

/** The money rows written for one record (e.g. a declaration payment), oldest first. */
export function findBalanceOperationsOf(db: DbOrTx, objectModel: string, objectId: number) {
  return db.select().from(balanceOperations)
    .where(and(eq(balanceOperations.objectModel, objectModel), eq(balanceOperations.objectId, objectId)))
    .orderBy(asc(balanceOperations.id));
}
/** A record's cash operations with their ledger entries (one row per entry), oldest first. */
export function findCashEntriesOf(db: DbOrTx, objectModel: string, objectId: number) {
  return db.select({
    operationId: cashOperations.id, type: cashOperations.type, paymentType: cashOperations.paymentType, reason: cashOperations.reason,
    customerId: cashOperations.customerId, cashRegisterId: cashRegisterEntries.cashRegisterId, amount: cashRegisterEntries.amount,
    balanceBefore: cashRegisterEntries.balanceBefore, balanceAfter: cashRegisterEntries.balanceAfter, kind: cashRegisterEntries.kind,
  }).from(cashOperations)
    .innerJoin(cashRegisterEntries, eq(cashRegisterEntries.operationId, cashOperations.id))
    .where(and(eq(cashOperations.objectModel, objectModel), eq(cashOperations.objectId, objectId)))
    .orderBy(asc(cashRegisterEntries.id));
}

/**
 * The ledger check (decision 0009), written once: every row is a place where the money does not add
 * up. Balances against the sum of their entries; each entry's balance before against the running sum
 * of the entries before it (a register's starts at its initial amount); after = before + amount.
 */
export const LEDGER_CHECK_SQL = sql`
  with be as (
    select e.*, coalesce(sum(e.amount) over (partition by e.user_id, e.currency order by e.id rows between unbounded preceding and 1 preceding), 0) as running
    from balance_entries e
  ), ce as (
    select e.*, r.amount + coalesce(sum(e.amount) over (partition by e.cash_register_id order by e.id rows between unbounded preceding and 1 preceding), 0) as running
    from cash_register_entries e join cash_registers r on r.id = e.cash_register_id
  ), sums as (
    select user_id, sum(amount) filter (where currency = 'USD') as usd, sum(amount) filter (where currency = 'TRY') as try
    from balance_entries group by user_id
  )
  select 'user_balance' as kind, u.id, format('usd %s ≠ %s, try %s ≠ %s', u.balance_usd, coalesce(s.usd, 0), u.balance_try, coalesce(s.try, 0)) as detail
  from users u left join sums s on s.user_id = u.id
  where u.balance_usd <> coalesce(s.usd, 0) or u.balance_try <> coalesce(s.try, 0)
  union all
  select 'cash_register_balance', r.id, format('balance %s ≠ %s + %s', r.balance, r.amount, coalesce(t.total, 0))
  from cash_registers r left join (select cash_register_id, sum(amount) as total from cash_register_entries group by cash_register_id) t on t.cash_register_id = r.id
  where r.balance <> r.amount + coalesce(t.total, 0)
  union all
  select 'balance_entry', be.id::int, format('before %s ≠ running %s or after %s ≠ before + %s', be.balance_before, be.running, be.balance_after, be.amount)
  from be where be.balance_before <> be.running or be.balance_after <> be.balance_before + be.amount
  union all
  select 'cash_register_entry', ce.id::int, format('before %s ≠ running %s or after %s ≠ before + %s', ce.balance_before, ce.running, ce.balance_after, ce.amount)
  from ce where ce.balance_before <> ce.running or ce.balance_after <> ce.balance_before + ce.amount
  order by 1, 2
  limit 100`;

export async function findLedgerViolationRows(db: DbOrTx): Promise<{ kind: string; id: number; detail: string }[]> {
  const res = await db.execute<{ kind: string; id: number; detail: string }>(LEDGER_CHECK_SQL);
  return res.rows.map((r) => ({ kind: r.kind, id: Number(r.id), detail: r.detail }));
}
