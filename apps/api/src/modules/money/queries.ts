import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cashRegisters } from '../../db/schema/money';
import { currencies } from '../../db/schema/settings';

export function findCashRegister(db: DbOrTx, id: number) {
  return db
    .select({ id: cashRegisters.id, name: cashRegisters.name, amount: cashRegisters.amount, currency: { id: currencies.id, code: currencies.currencyCode } })
    .from(cashRegisters)
    .innerJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(and(eq(cashRegisters.id, id), isNull(cashRegisters.deletedAt)))
    .then((r) => r[0]);
}
