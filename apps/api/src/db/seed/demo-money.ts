import { MONEY_TYPE, PAYMENT_TYPE, TRANSACTION_STATUS } from '@app/contract/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/*
 * Money demo data (issue 8): the demo customers' balances are explained by their balance
 * operations: one confirmed online top-up per balance (USD and TRY) that produced it, so the
 * customers' ledgers add up (the handover then takes from them). Online payments pass no cash
 * register, so the registers' balances stay their initial amounts until a handover or a cashier
 * moves money. The registers and settings 'cashflow' come from the reference and settings seeds.
 */
export async function generateMoneyDemoData(db: Db): Promise<void> {
  await db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, before_balance, description, created_at)
    select u.id, ${MONEY_TYPE.income}, ${PAYMENT_TYPE.online}, ${TRANSACTION_STATUS.confirmed}, x.currency, x.amount,
           round(x.amount * coalesce((select c.currency_rate from currencies c where c.currency_code = x.currency), 1), 2), 0,
           'Balans artırılması (onlayn ödəniş)', u.created_at + ((u.id % 20) || ' days')::interval
    from users u
    cross join lateral (values ('USD', u.balance_usd), ('TRY', u.balance_try)) as x(currency, amount)
    where u.admin = 0 and x.amount > 0
    order by u.id, x.currency`);
}
