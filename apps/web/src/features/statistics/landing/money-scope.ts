import type { AuthUser } from '@app/contract/auth';
import { ROLE } from '@app/contract/roles';
import type { LandingMoneyReply } from '@app/contract/statistics-landing';

/** Which money parts of the landing a viewer sees. */
export interface MoneyParts {
  /** the registers' figures and the payment-type sums (the cash-flow list's money: permission cashflow) */
  cash: boolean;
  /** the customers' balance operations (the transactions list's: permission transactions) */
  balance: boolean;
}

/**
 * spec §6: a money part is on the landing only for a viewer who may open its list; the server leaves
 * the other parts out (data.shown). Before the reply comes the viewer's own codes decide, so a part
 * the viewer can't see never flashes in; after it the server's word counts too. A partner sees none.
 */
export function moneyPartsOf(user: Pick<AuthUser, 'admin' | 'permissions'>, reply?: LandingMoneyReply): MoneyParts {
  const can = (code: string) => user.admin === ROLE.admin || (user.admin !== ROLE.partner && user.permissions.includes(code));
  const shown = reply?.data.shown;
  return { cash: can('cashflow') && shown?.cash !== false, balance: can('transactions') && shown?.balance !== false };
}
