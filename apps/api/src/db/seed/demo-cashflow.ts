import { CASHFLOW_REASON, CASHFLOW_STATUS } from '@app/contract/cashflow';
import { PAYMENT_TYPE } from '@app/contract/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rnd } from './demo-data';

/*
 * Cash-flow demo data (issue 17): a TRY register beside the AZN (1 cash, 2 terminal) and USD (3)
 * ones, a two-level category tree, and ~4 months of manual incomes, expenses and transfers with
 * their ledger entries, so the cash-flow list and the analytics curve look real. Set-based and
 * deterministic (`rnd` of demo-data.ts).
 *
 * How the balance never goes below zero: each register follows a target end-of-day balance B(d)
 * (a slow wave plus a trend, always above zero) starting from what it holds now. A day's
 * operations are ordered: incomes in the morning (08-12), transfers at noon (12-13), expenses in
 * the afternoon (13-19). The morning incomes are max(net, 0) + turnover + what the register sends
 * at noon; the afternoon expenses max(−net, 0) + turnover + what it receives at noon; so the
 * balance only rises until noon, stays at or above B(d−1) + turnover through the transfers, and
 * then falls monotonically to B(d) > 0. Entries are inserted in operation-date order after any
 * existing ones, each with the running balance before it (window sums), and the registers'
 * balances are set to their initial amount plus all their entries (the ledger's rule).
 */

const DAYS = 120;
const N = sql.raw(String(DAYS));
const LAST = sql.raw(String(DAYS - 1));
const TZ = 'Asia/Baku';

const PARENTS: { name: string; children: string[] }[] = [
  { name: 'Satış gəlirləri', children: ['Çatdırılma haqqı', 'Qablaşdırma', 'Kuryer xidməti'] },
  { name: 'Digər gəlirlər', children: [] },
  { name: 'Kommunal xərclər', children: ['İşıq', 'Su', 'Qaz', 'İnternet'] },
  { name: 'Maaşlar', children: [] },
  { name: 'Nəqliyyat', children: ['Yanacaq', 'Taksi'] },
  { name: 'İcarə', children: [] },
  { name: 'Ofis xərcləri', children: ['Dəftərxana', 'Təmizlik'] },
  { name: 'Kassalararası köçürmə', children: [] },
];
const INCOME_CATEGORIES = ['Çatdırılma haqqı', 'Qablaşdırma', 'Kuryer xidməti', 'Digər gəlirlər'];
const EXPENSE_CATEGORIES = ['İşıq', 'Su', 'Qaz', 'İnternet', 'Maaşlar', 'Yanacaq', 'Taksi', 'İcarə', 'Dəftərxana', 'Təmizlik'];
const TRANSFER_CATEGORY = 'Kassalararası köçürmə';

const textArray = (items: string[]) => sql.raw(`array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`);

export async function generateCashflowDemoData(db: Db): Promise<void> {
  await db.execute(sql`
    insert into cash_registers (name, currency_id, amount, balance)
    select 'Lirə kassası', c.id, 15000, 15000 from currencies c
    where c.currency_code = 'TRY' and not exists (select 1 from cash_registers r where r.currency_id = c.id and r.deleted_at is null)`);

  // Categories: parents, then children (by name; a tree already there is kept).
  await db.execute(sql`
    insert into cash_categories (name, parent_id)
    select p.name, null from unnest(${textArray(PARENTS.map((p) => p.name))}) with ordinality p(name, n)
    where not exists (select 1 from cash_categories c where c.name = p.name and c.parent_id is null and c.deleted_at is null)
    order by p.n`);
  const children = PARENTS.flatMap((p) => p.children.map((c) => [p.name, c] as const));
  await db.execute(sql`
    insert into cash_categories (name, parent_id)
    select ch.name, (select min(c.id) from cash_categories c where c.name = ch.parent and c.parent_id is null and c.deleted_at is null)
    from unnest(${textArray(children.map(([p]) => p))}, ${textArray(children.map(([, c]) => c))}) with ordinality ch(parent, name, n)
    where not exists (select 1 from cash_categories c where c.name = ch.name and c.parent_id is not null and c.deleted_at is null)
    order by ch.n`);

  const [{ before }] = (await db.execute<{ before: number }>(sql`select coalesce(max(id), 0)::int as before from cash_operations`)).rows as [{ before: number }];
  const key = sql`r.id * 1000 + g.d`;
  await db.execute(sql`
    with
    cat as (select
      (select array_agg(c.id order by c.id) from cash_categories c where c.deleted_at is null and c.name = any(${textArray(INCOME_CATEGORIES)})) as income_ids,
      (select array_agg(c.id order by c.id) from cash_categories c where c.deleted_at is null and c.name = any(${textArray(EXPENSE_CATEGORIES)})) as expense_ids,
      (select min(c.id) from cash_categories c where c.deleted_at is null and c.name = ${TRANSFER_CATEGORY}) as transfer_id),
    staff as (select array_agg(u.id order by u.id) as ids from (select id from users where admin in (1, 3) and deleted_at is null order by id limit 4) u),
    terminal as (select nullif(trim(both '"' from s.value::text), 'null')::int as id from settings s where s.group_id = 'cashflow' and s.key = 'terminalCashboxId'),
    reg as (
      select r.id, r.balance as start, cur.currency_rate as rate, cur.currency_code as code,
             case cur.currency_code when 'TRY' then 30000 when 'USD' then 1500 else 4000 end::numeric as base
      from cash_registers r join currencies cur on cur.id = r.currency_id
      where r.deleted_at is null and (r.id in (1, 2, 3) or r.id = (select min(x.id) from cash_registers x join currencies xc on xc.id = x.currency_id
                                                                 where x.deleted_at is null and xc.currency_code = 'TRY'))),
    days as (select ((now() at time zone ${TZ})::date - ${N} + g.d) as day, g.d from generate_series(0, ${LAST}) g(d)),
    curve as (
      select r.id as register_id, g.d, g.day, r.base,
             round((r.start * 0.25 + r.base * (0.9 + 0.45 * sin(g.d / 8.0 + r.id) + 0.25 * g.d / ${N}.0 + 0.2 * ${rnd(key, 901)}))::numeric, 2) as b,
             round((r.base * (0.05 + 0.15 * ${rnd(key, 902)}))::numeric, 2) as turnover, r.start
      from reg r cross join days g),
    daily as (
      select c.*, c.b - coalesce(lag(c.b) over (partition by c.register_id order by c.d), c.start) as net from curve c),
    transfers as (
      select t.src, t.dst, g.d, g.day, t.amount, round(t.amount * s.rate / d.rate, 2) as target_amount
      from days g
      cross join lateral (values
        (1, 2, case when g.d % 5 = 2 then round((200 + 500 * ${rnd(sql`g.d * 10 + 1`, 903)})::numeric, 2) end),
        (1, 3, case when g.d % 7 = 3 then round((300 + 400 * ${rnd(sql`g.d * 10 + 2`, 903)})::numeric, 2) end),
        (3, (select min(id) from reg where code = 'TRY'), case when g.d % 10 = 6 then round((100 + 200 * ${rnd(sql`g.d * 10 + 3`, 903)})::numeric, 2) end)
      ) t(src, dst, amount)
      join reg s on s.id = t.src join reg d on d.id = t.dst
      where t.amount is not null),
    totals as (
      select x.register_id, x.d, x.day, side.side,
             case when side.side = 1
                  then greatest(x.net, 0) + x.turnover + coalesce((select sum(t.amount) from transfers t where t.src = x.register_id and t.d = x.d), 0)
                  else greatest(-x.net, 0) + x.turnover + coalesce((select sum(t.target_amount) from transfers t where t.dst = x.register_id and t.d = x.d), 0) end as total,
             1 + floor(${rnd(sql`(x.register_id * 1000 + x.d) * 2 + side.side`, 904)} * 3)::int as k
      from daily x cross join (values (1), (2)) side(side)),
    weighted as (
      select t.*, i.i, 0.3 + ${rnd(sql`((t.register_id * 1000 + t.d) * 2 + t.side) * 4 + i.i`, 905)} as w
      from totals t cross join lateral generate_series(1, t.k) i(i)),
    rounded as (
      select w.*, case when w.i < w.k then round((w.total * w.w / sum(w.w) over (partition by w.register_id, w.d, w.side))::numeric, 2) end as part from weighted w),
    pieces as (
      select r.*, case when r.i < r.k then r.part else r.total - coalesce(sum(r.part) over (partition by r.register_id, r.d, r.side), 0) end as amount,
             ((r.register_id * 1000 + r.d) * 2 + r.side) * 4 + r.i as pkey
      from rounded r),
    ops as (
      select p.register_id, p.side as type, p.amount, false as is_transfer, null::int as dst, null::numeric as target_amount, null::numeric as rate,
             case when p.side = 1 then cat.income_ids[1 + floor(${rnd(sql`p.pkey`, 906)} * array_length(cat.income_ids, 1))::int]
                  else cat.expense_ids[1 + floor(${rnd(sql`p.pkey`, 906)} * array_length(cat.expense_ids, 1))::int] end as category_id,
             null::int as transfer_category_id,
             (p.day + case when p.side = 1 then time '08:00' + (${rnd(sql`p.pkey`, 907)} * 239)::int * interval '1 minute'
                           else time '13:00' + (${rnd(sql`p.pkey`, 907)} * 359)::int * interval '1 minute' end) as local_at,
             p.pkey, ${CASHFLOW_REASON.manual}::text as reason
      from pieces p cross join cat where p.amount > 0
      union all
      select t.src, 2, t.amount, true, t.dst, t.target_amount, case when s.rate = d.rate then null else round(t.target_amount / t.amount, 6) end,
             cat.transfer_id, cat.transfer_id,
             t.day + time '12:00' + (${rnd(sql`t.d * 10 + t.src`, 908)} * 59)::int * interval '1 minute', -(t.d * 10 + t.src), ${CASHFLOW_REASON.transfer}
      from transfers t cross join cat join reg s on s.id = t.src join reg d on d.id = t.dst)
    insert into cash_operations (type, cash_register_id, currency_id, amount, payment_type, category_id, is_transfer, transfer_cash_register_id,
      transfer_currency_id, transfer_amount, transfer_category_id, transfer_rate, reason, description, user_id, status_id, operated_at, created_at)
    select o.type, o.register_id, r.currency_id, o.amount,
           (case when o.register_id = (select id from terminal) then ${PAYMENT_TYPE.terminal} else ${PAYMENT_TYPE.cash} end)::smallint,
           o.category_id, o.is_transfer, o.dst, tr.currency_id, o.target_amount, o.transfer_category_id, o.rate, o.reason,
           case when ${rnd(sql`o.pkey`, 909)} < 0.45 then null
                when o.is_transfer then 'Kassalararası köçürmə ' || to_char(o.local_at, 'DD.MM')
                else (select c.name from cash_categories c where c.id = o.category_id) || ' — ' || to_char(o.local_at, 'DD.MM.YYYY') end,
           (select staff.ids[1 + floor(${rnd(sql`o.pkey`, 910)} * array_length(staff.ids, 1))::int] from staff),
           ${CASHFLOW_STATUS.active}::int, o.local_at at time zone ${TZ}, o.local_at at time zone ${TZ}
    from ops o join cash_registers r on r.id = o.register_id left join cash_registers tr on tr.id = o.dst
    where o.local_at < now() at time zone ${TZ}
    order by o.local_at, o.pkey`);

  // The ledger: one post entry per movement, in operation order after every entry already there.
  await db.execute(sql`
    with mv as (
      select o.id as operation_id, o.cash_register_id as register_id, case when o.type = 1 then o.amount else -o.amount end as amount, 0 as ord, o.user_id, o.operated_at
      from cash_operations o where o.id > ${before}
      union all
      select o.id, o.transfer_cash_register_id, o.transfer_amount, 1, o.user_id, o.operated_at
      from cash_operations o where o.id > ${before} and o.is_transfer),
    run as (
      select mv.*, r.balance + coalesce(sum(mv.amount) over (partition by mv.register_id order by mv.operation_id, mv.ord rows between unbounded preceding and 1 preceding), 0) as before
      from mv join cash_registers r on r.id = mv.register_id)
    insert into cash_register_entries (cash_register_id, operation_id, amount, balance_before, balance_after, kind, user_id, created_at)
    select run.register_id, run.operation_id, run.amount, run.before, run.before + run.amount, 'post', run.user_id, run.operated_at
    from run order by run.operation_id, run.ord`);
  await db.execute(sql`
    update cash_registers r set balance = r.amount + coalesce((select sum(e.amount) from cash_register_entries e where e.cash_register_id = r.id), 0)
    where r.id in (select distinct e.cash_register_id from cash_register_entries e join cash_operations o on o.id = e.operation_id where o.id > ${before})`);
}
