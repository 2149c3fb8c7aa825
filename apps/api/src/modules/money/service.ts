import { compareAmount, minAmount, subtractAmounts, sumAmounts } from '@app/contract/declaration-workflow';
import { CASH_ENTRY_REASON, MONEY_OBJECT, MONEY_TYPE, PAYMENT_TYPE, TRANSACTION_STATUS, type CashboxBalanceReply } from '@app/contract/money';
import { az, fill } from '@app/contract/texts/az';
import type { Db, DbOrTx } from '../../db/client';
import type { balanceOperations } from '../../db/schema/money';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { invalid } from '../../platform/errors';
import { recordBalanceOperation, recordCashOperation } from './ledger';
import { findCashflowSettings, findCashRegister, insertBalanceOperations, lockCashRegisters } from './queries';

/* The ledger is the money domain's interface to every other domain (decision 0009): reached through here. */
export {
  balanceEffect, cashEffects, findLedgerViolations, isBalanceCurrency, negate, postBalanceEntries, postCashEntries, recordBalanceOperation,
  recordCashOperation, reverseCashEffects, type BalanceCurrency, type BalanceEntryInput, type CashEntryInput, type EntryKind, type LedgerViolation,
  type PostedEntry,
} from './ledger';

const M = az.moneyUi;

/** The signed-in user's own cash register for the top bar (what it holds now); null when none is assigned. */
export async function readOwnCashRegisterBalance(db: Db, user: RequestUser, timeZone: string): Promise<CashboxBalanceReply> {
  if (!user.cashboxId) return { data: null };
  return { data: (await findCashRegister(db, user.cashboxId, timeZone)) ?? null };
}

export interface HandoverPaymentInput {
  /** The declaration_payments row the money belongs to (the `object` of every row written). */
  paymentId: number;
  customerId: number;
  cashierId: number;
  trackCodes: readonly string[];
  /** AZN received in cash and by terminal, as typed (before the change is given back). */
  cashAzn: string;
  terminalAzn: string;
  /** The change given back to the customer (AZN); it comes out of the cash first. */
  refundAzn: string;
  /** The part taken from the customer's USD balance, and its AZN value (× 1.7). */
  balanceUsedUsd: string;
  balanceUsedAzn: string;
}
export interface HandoverPaymentResult {
  cashRegisterId: number | null;
  terminalRegisterId: number | null;
  /** What stayed in the registers: cash − change, terminal (− change beyond the cash). */
  cashNetAzn: string;
  terminalNetAzn: string;
  balanceOperationIds: number[];
  /** The cash operations written (cash, terminal). */
  cashEntryIds: number[];
}

const asId = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};
const isPositive = (amount: string) => compareAmount(amount, '0') > 0;

function describeTracks(text: string, trackCodes: readonly string[]): string {
  const shown = trackCodes.slice(0, 10).join(', ');
  return fill(text, { TRACKS: trackCodes.length > 10 ? `${shown} +${trackCodes.length - 10}` : shown });
}

/** The change comes out of the cash first, then out of the terminal amount. */
export function splitNetPayment(cashAzn: string, terminalAzn: string, refundAzn: string): { cash: string; terminal: string } {
  const fromCash = minAmount(cashAzn, refundAzn);
  const rest = subtractAmounts(refundAzn, fromCash);
  const terminal = subtractAmounts(terminalAzn, minAmount(terminalAzn, rest));
  return { cash: subtractAmounts(sumAmounts([cashAzn]), fromCash), terminal: sumAmounts([terminal]) };
}

/**
 * The ledger's lock order puts cash registers before customers (decision 0009), and the handover
 * locks its customer early: so it takes the registers its money may reach (settings cashflow: the
 * cash register when cash is paid, the terminal one for a terminal amount) first, in id order.
 */
export async function lockHandoverRegisters(tx: DbOrTx, paid: { cash: string; terminal: string }): Promise<void> {
  const settings = await findCashflowSettings(tx);
  const ids = [isPositive(paid.cash || '0') ? asId(settings.cashboxId) : null, isPositive(paid.terminal || '0') ? asId(settings.terminalCashboxId) : null]
    .filter((id): id is number => id !== null);
  if (ids.length) await lockCashRegisters(tx, [...new Set(ids)].sort((a, b) => a - b));
}

/**
 * The money of one handover at the counter, inside the handover's transaction (DOMAIN §5; design
 * in docs/architecture.md "Money"):
 * - the customer's balance operations: cash and terminal each as an income and an expense pair in
 *   AZN (money received at the counter and spent on the delivery; the balance is untouched), the
 *   balance part as one USD expense taken from `users.balance_usd` (never below zero), all
 *   confirmed (18) and pointing at the payment;
 * - the registers named in settings `cashflow`: the cash kept (cash − change) into `cashboxId`,
 *   the terminal amount into `terminalCashboxId`, both AZN, under row locks taken in id order,
 *   each with a ledger entry holding the balance before it.
 * A part above zero needs its register (422 on the cash or terminal field otherwise); a throw
 * rolls the whole handover back.
 */
export async function recordHandoverPayment(tx: DbOrTx, input: HandoverPaymentInput): Promise<HandoverPaymentResult> {
  const net = splitNetPayment(input.cashAzn || '0', input.terminalAzn || '0', input.refundAzn || '0');
  const parts = [
    { field: 'cash', amount: net.cash, paymentType: PAYMENT_TYPE.cash, missing: M.cashboxNotSelected, text: M.handoverCash },
    { field: 'terminal', amount: net.terminal, paymentType: PAYMENT_TYPE.terminal, missing: M.terminalCashboxNotSelected, text: M.handoverTerminal },
  ] as const;
  const settings = await findCashflowSettings(tx);
  const registerIds = { cash: asId(settings.cashboxId), terminal: asId(settings.terminalCashboxId) };
  const needed = parts.filter((p) => isPositive(p.amount));
  const locked = await lockCashRegisters(tx, [...new Set(needed.map((p) => registerIds[p.field]).filter((id): id is number => id !== null))]);
  const errors: Record<string, string[]> = {};
  for (const p of needed) {
    const register = locked.find((r) => r.id === registerIds[p.field]);
    if (!register) errors[p.field] = [p.missing];
    else if (register.currencyCode !== 'AZN') errors[p.field] = [M.cashboxNotAzn];
  }
  if (Object.keys(errors).length) throw invalid(errors);

  const object = { objectModel: MONEY_OBJECT.declarationPayment, objectId: input.paymentId };
  const operations: (typeof balanceOperations.$inferInsert)[] = [];
  const cashOperationIds: number[] = [];
  const ledger: { register: number; amount: string; before: string; after: string }[] = [];
  const confirmed = { statusId: TRANSACTION_STATUS.confirmed, createdBy: input.cashierId, confirmedBy: input.cashierId, ...object };
  // Registers in id order (the ledger's lock order; all are locked already).
  for (const p of [...needed].sort((a, b) => registerIds[a.field]! - registerIds[b.field]!)) {
    const register = locked.find((r) => r.id === registerIds[p.field])!;
    const description = describeTracks(p.text, input.trackCodes);
    const written = await recordCashOperation(tx, {
      type: MONEY_TYPE.income, cashRegisterId: register.id, currencyId: register.currencyId, amount: p.amount, paymentType: p.paymentType,
      reason: CASH_ENTRY_REASON.handover, customerId: input.customerId, userId: input.cashierId, description, ...object,
    });
    cashOperationIds.push(written.id);
    ledger.push({ register: register.id, amount: p.amount, before: written.entries[0]!.before, after: written.entries[0]!.after });
  }
  for (const p of needed) {
    const description = describeTracks(p.text, input.trackCodes);
    for (const type of [MONEY_TYPE.income, MONEY_TYPE.expense]) {
      operations.push({ userId: input.customerId, type, paymentType: p.paymentType, currency: 'AZN', amount: p.amount, amountAzn: p.amount, beforeBalance: null, description, ...confirmed });
    }
  }
  const balanceOperationIds = await insertBalanceOperations(tx, operations);
  let balance: { before: string; after: string } | undefined;
  if (isPositive(input.balanceUsedUsd)) {
    const written = await recordBalanceOperation(tx, {
      userId: input.customerId, type: MONEY_TYPE.expense, paymentType: PAYMENT_TYPE.office, currency: 'USD', amount: input.balanceUsedUsd,
      amountAzn: input.balanceUsedAzn, description: describeTracks(M.handoverFromBalance, input.trackCodes), ...confirmed,
    }, { field: 'cash' });
    balanceOperationIds.push(written.id);
    balance = { before: written.before!, after: written.after! };
  }
  const cashEntryIds = cashOperationIds;
  if (balanceOperationIds.length) {
    await recordAudit(tx, {
      userId: input.cashierId, action: 'money.handover_payment', entity: 'declaration_payment', entityId: input.paymentId,
      changes: {
        customer_id: input.customerId, balance_operation_ids: balanceOperationIds, cash_operation_ids: cashEntryIds,
        cash_registers: ledger, balance_usd: balance ? { from: balance.before, to: balance.after } : null,
      },
    });
  }
  return {
    cashRegisterId: isPositive(net.cash) ? registerIds.cash : null,
    terminalRegisterId: isPositive(net.terminal) ? registerIds.terminal : null,
    cashNetAzn: net.cash, terminalNetAzn: net.terminal, balanceOperationIds, cashEntryIds,
  };
}
