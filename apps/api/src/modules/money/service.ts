import type { CashboxBalanceReply } from '@app/contract/auth';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { findCashRegister } from './queries';

/** The signed-in user's own cash register for the top bar; null when none is assigned. */
export async function readOwnCashRegisterBalance(db: Db, user: RequestUser): Promise<CashboxBalanceReply> {
  if (!user.cashboxId) return { data: null };
  return { data: (await findCashRegister(db, user.cashboxId)) ?? null };
}
