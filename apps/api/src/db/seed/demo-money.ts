import { MONEY_TYPE, PAYMENT_TYPE, TRANSACTION_STATUS } from '@app/contract/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rnd } from './demo-data';

/*
 * Money demo data (issue 8; issue 16: balances a user believes): each customer's USD and TRY
 * balance is the sum of their own balance history. Most customers topped up online a few times in
 * round amounts (10, 20, 25, 50, 100 $ or 100 ... 1,000 ₺) after they registered, and many later
 * paid an order from the balance (an odd amount, sometimes all of it); about a third never used
 * the balance. `before_balance` is the running balance, and users.balance_usd / balance_try are
 * set from the confirmed operations, so the ledgers add up (the handover then takes from them).
 * Online payments pass no cash register, so the registers' balances stay their initial amounts
 * until a handover or a cashier moves money. Set-based.
 */
export async function generateMoneyDemoData(db: Db): Promise<void> {
  const key = sql`u.id * 2 + c.k`;
  const income = sql.raw(String(MONEY_TYPE.income));
  const confirmed = sql.raw(String(TRANSACTION_STATUS.confirmed));
  await db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, before_balance, description, created_at)
    select t.user_id, ${MONEY_TYPE.income}::int, ${PAYMENT_TYPE.online}::int, ${TRANSACTION_STATUS.confirmed}::int, t.currency, t.amount,
           round(t.amount * coalesce((select r.currency_rate from currencies r where r.currency_code = t.currency), 1), 2),
           coalesce(sum(t.amount) over (partition by t.user_id, t.currency order by t.at rows between unbounded preceding and 1 preceding), 0),
           'Balans artırılması (onlayn ödəniş)', t.at
    from (
      select u.id as user_id, c.currency, (c.units)[1 + floor(${rnd(sql`${key} * 8 + s`, 72)} * 5)::int]::numeric(14, 2) as amount,
             u.created_at + (now() - u.created_at) * (0.05 + 0.2 * s + 0.15 * ${rnd(sql`${key} * 8 + s`, 73)}) as at
      from users u
      cross join (values ('USD', 0, array[10, 20, 25, 50, 100]), ('TRY', 1, array[100, 200, 250, 500, 1000])) as c(currency, k, units)
      cross join lateral generate_series(0, floor(${rnd(key, 70)} * (case when c.k = 0 then 4.2 else 3.2 end))::int - 1) s
      where u.admin = 0
    ) t
    order by t.user_id, t.currency, t.at`);
  // An order paid from the balance later: part of it (an odd amount) or all of it.
  await db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, before_balance, description, created_at)
    select x.user_id, ${MONEY_TYPE.expense}::int, ${PAYMENT_TYPE.office}::int, ${TRANSACTION_STATUS.confirmed}::int, x.currency, x.amount,
           round(x.amount * coalesce((select r.currency_rate from currencies r where r.currency_code = x.currency), 1), 2),
           x.total, 'Sifariş ödənişi (balansdan)', x.at
    from (
      select u.id as user_id, c.currency, sums.total,
             case when ${rnd(key, 74)} < 0.25 then sums.total else round(sums.total * (0.15 + 0.7 * ${rnd(key, 75)})::numeric, 2) end as amount,
             greatest(sums.last, u.created_at + (now() - u.created_at) * 0.85) + interval '1 hour' as at
      from users u
      cross join (values ('USD', 0), ('TRY', 1)) as c(currency, k)
      join lateral (select sum(o.amount) as total, max(o.created_at) as last from balance_operations o
                    where o.user_id = u.id and o.currency = c.currency and o.status_id = ${TRANSACTION_STATUS.confirmed}) sums on sums.total > 0
      where u.admin = 0 and ${rnd(key, 76)} < 0.6
    ) x
    where x.amount > 0 and x.at < now()`);
  // (materialized: without statistics on the fresh tables the planner would aggregate once per customer)
  await db.execute(sql`
    with b as materialized (select o.user_id,
                 sum(case when o.type = ${income} then o.amount else -o.amount end) filter (where o.currency = 'USD') as usd,
                 sum(case when o.type = ${income} then o.amount else -o.amount end) filter (where o.currency = 'TRY') as try
          from balance_operations o where o.status_id = ${confirmed} group by o.user_id)
    update users u set balance_usd = coalesce(b.usd, 0), balance_try = coalesce(b.try, 0)
    from b where b.user_id = u.id and u.admin = 0`);
  // The ledger (decision 0009): one entry per confirmed USD/TRY operation, the running balance before and after.
  await db.execute(sql`
    insert into balance_entries (user_id, currency, amount, balance_before, balance_after, operation_id, kind, created_by, created_at)
    select o.user_id, o.currency, s.delta, coalesce(sum(s.delta) over w - s.delta, 0), sum(s.delta) over w, o.id, 'post', o.created_by, o.created_at
    from balance_operations o
    cross join lateral (select case when o.type = ${income} then o.amount else -o.amount end as delta) s
    where o.status_id = ${confirmed} and o.currency in ('USD', 'TRY')
      and not exists (select 1 from balance_entries e where e.operation_id = o.id)
    window w as (partition by o.user_id, o.currency order by o.created_at, o.id)
    order by o.created_at, o.id`);
}
