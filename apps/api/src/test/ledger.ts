import { compareAmount, subtractAmounts } from '@app/contract/declaration-workflow';
import { MONEY_TYPE, PAYMENT_TYPE, TRANSACTION_STATUS } from '@app/contract/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { recordBalanceOperation, type BalanceCurrency } from '../modules/money/ledger';

/**
 * Tests set a customer's balance the way the product does: through a confirmed balance operation
 * (a gift or a fine for the difference) and its ledger entry, so the ledger keeps adding up.
 */
export async function setBalanceThroughLedger(db: Db, userId: number, amount: string, currency: BalanceCurrency = 'USD'): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ usd: users.balanceUsd, try: users.balanceTry }).from(users).where(eq(users.id, userId)).for('update');
    const current = currency === 'USD' ? row!.usd : row!.try;
    const diff = subtractAmounts(amount, current);
    const sign = compareAmount(diff, '0');
    if (sign === 0) return;
    const income = sign > 0;
    await recordBalanceOperation(tx, {
      userId, type: income ? MONEY_TYPE.income : MONEY_TYPE.expense, paymentType: income ? PAYMENT_TYPE.gift : PAYMENT_TYPE.fine,
      statusId: TRANSACTION_STATUS.confirmed, currency, amount: income ? diff : subtractAmounts(current, amount), amountAzn: '0',
      description: 'test: set balance',
    });
  });
}
