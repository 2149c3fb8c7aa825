import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inCompany, type PartnerScope } from '../../platform/partner-scope';

/*
 * SQL of the statistics landing (issue 19): every range figure is read from the rollups of
 * db/schema/statistics.ts (and the cash-flow module's cash_flow_daily), kept by the database, so a
 * year is a few thousand rows whatever the size of the source tables. Days are office days.
 */

export interface DayRange { from: string; to: string }

const rows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => (await db.execute(query)).rows as T[];

/** A partner sees its company's parcels only (rollup partner_id = company; 0 is the office's own). */
const partnerOf = (scope: PartnerScope, column: string) => inCompany(scope, sql.raw(column));

export function sumDeclarationsByStatus(db: DbOrTx, range: DayRange, scope: PartnerScope) {
  return rows<{ state_id: number; state_name: string | null; count: number }>(db, sql`
    select r.status_id as state_id, s.name as state_name, sum(r.count)::int as count
    from stat_declarations_daily r left join statuses s on s.model_id = 2 and s.id = r.status_id
    where r.day between ${range.from}::date and ${range.to}::date and ${partnerOf(scope, 'r.partner_id')}
    group by r.status_id, s.name, s.sort having sum(r.count) <> 0 order by coalesce(s.sort, 999), r.status_id`);
}

export function sumDeclarationsByCountry(db: DbOrTx, range: DayRange, scope: PartnerScope) {
  return rows<{ country_id: number; country_name: string | null; count: number }>(db, sql`
    select r.country_id, c.country_name, sum(r.count)::int as count
    from stat_declarations_daily r left join countries c on c.id = r.country_id
    where r.day between ${range.from}::date and ${range.to}::date and ${partnerOf(scope, 'r.partner_id')}
    group by r.country_id, c.country_name having sum(r.count) <> 0 order by count desc, r.country_id`);
}

export function sumDeclarationsByBranch(db: DbOrTx, range: DayRange, scope: PartnerScope, limit: number) {
  return rows<{ branch_id: number; branch_name: string | null; count: number }>(db, sql`
    select r.branch_id, b.name as branch_name, sum(r.count)::int as count
    from stat_declarations_daily r left join branches b on b.id = r.branch_id
    where r.day between ${range.from}::date and ${range.to}::date and ${partnerOf(scope, 'r.partner_id')}
    group by r.branch_id, b.name having sum(r.count) <> 0 order by count desc, r.branch_id limit ${limit}`);
}

export async function sumCustomsProgress(db: DbOrTx, range: DayRange, scope: PartnerScope) {
  const [row] = await rows<{ total: number; declared: number; boxed: number; dispatch_sent: number }>(db, sql`
    select coalesce(sum(r.count), 0)::int as total,
           coalesce(sum(r.count) filter (where r.customs), 0)::int as declared,
           coalesce(sum(r.count) filter (where r.boxed), 0)::int as boxed,
           coalesce(sum(r.count) filter (where r.status_id = 8), 0)::int as dispatch_sent
    from stat_declarations_daily r
    where r.day between ${range.from}::date and ${range.to}::date and ${partnerOf(scope, 'r.partner_id')}`);
  return row ?? { total: 0, declared: 0, boxed: 0, dispatch_sent: 0 };
}

export function sumDeclarationsPerDay(db: DbOrTx, range: DayRange, scope: PartnerScope) {
  return rows<{ date: string; created: number; arrived: number; handed_over: number }>(db, sql`
    select x.day::text as date, sum(x.created)::int as created, sum(x.arrived)::int as arrived, sum(x.handed_over)::int as handed_over
    from (
      select r.day, r.count as created, 0 as arrived, 0 as handed_over from stat_declarations_daily r
      where r.day between ${range.from}::date and ${range.to}::date and ${partnerOf(scope, 'r.partner_id')}
      union all
      select m.day, 0, case when m.state_id = 9 then m.count else 0 end, case when m.state_id = 10 then m.count else 0 end
      from stat_declaration_moves_daily m
      where m.day between ${range.from}::date and ${range.to}::date and m.state_id in (9, 10) and ${partnerOf(scope, 'm.partner_id')}
    ) x group by x.day order by x.day`);
}

/**
 * The handover queue now (handover_tasks, open tasks are few): waiting, in progress, and handed over
 * since the office day began; of one branch (the queue screen's own scope: the viewer's branch) or all.
 */
export async function countHandoverQueue(db: DbOrTx, today: string, timeZone: string, branchId: number | null) {
  const [row] = await rows<{ waiting: number; in_progress: number; done_today: number }>(db, sql`
    select count(*) filter (where status_id = 41)::int as waiting,
           count(*) filter (where status_id = 42)::int as in_progress,
           count(*) filter (where status_id = 43 and updated_at >= (${today}::timestamp at time zone ${timeZone}))::int as done_today
    from handover_tasks
    where cancelled_at is null and (status_id in (41, 42) or updated_at >= (${today}::timestamp at time zone ${timeZone}))
      ${branchId === null ? sql`` : sql`and branch_id = ${branchId}`}`);
  return row ?? { waiting: 0, in_progress: 0, done_today: 0 };
}

/** Registers' active movements (cash_flow_daily: side 1 income, 2 expense) per register. */
export function sumCashByRegister(db: DbOrTx, range: DayRange) {
  return rows<{ cash_register_id: number; name: string; currency: string; income: string; expense: string; income_count: number; expense_count: number }>(db, sql`
    select r.id as cash_register_id, r.name, c.currency_code as currency,
           coalesce(sum(d.amount) filter (where d.side = 1), 0)::text as income,
           coalesce(sum(d.amount) filter (where d.side = 2), 0)::text as expense,
           coalesce(sum(d.count) filter (where d.side = 1), 0)::int as income_count,
           coalesce(sum(d.count) filter (where d.side = 2), 0)::int as expense_count
    from cash_registers r
    join currencies c on c.id = r.currency_id
    left join cash_flow_daily d on d.cash_register_id = r.id and d.day between ${range.from}::date and ${range.to}::date
    where r.deleted_at is null or d.count is not null
    group by r.id, r.name, c.currency_code order by r.id`);
}

export function sumCashByPaymentType(db: DbOrTx, range: DayRange) {
  return rows<{ payment_type: number; currency: string; income: string; expense: string; count: number }>(db, sql`
    select d.payment_type::int as payment_type, c.currency_code as currency,
           coalesce(sum(d.amount) filter (where d.side = 1), 0)::text as income,
           coalesce(sum(d.amount) filter (where d.side = 2), 0)::text as expense,
           sum(d.count)::int as count
    from cash_flow_daily d join cash_registers r on r.id = d.cash_register_id join currencies c on c.id = r.currency_id
    where d.day between ${range.from}::date and ${range.to}::date
    group by d.payment_type, c.currency_code having sum(d.count) <> 0 order by c.currency_code, d.payment_type`);
}

/** Customers' confirmed balance operations (18) per currency and type. */
export function sumBalanceOperations(db: DbOrTx, range: DayRange) {
  return rows<{ currency: string; type: number; count: number; amount: string; amount_azn: string }>(db, sql`
    select r.currency, r.type::int as type, sum(r.count)::int as count, sum(r.amount)::text as amount, sum(r.amount_azn)::text as amount_azn
    from stat_balance_daily r
    where r.day between ${range.from}::date and ${range.to}::date and r.status_id = 18
    group by r.currency, r.type having sum(r.count) <> 0 order by r.currency, r.type`);
}

export function sumOrdersByStatus(db: DbOrTx, range: DayRange | null) {
  return rows<{ state_id: number; state_name: string | null; count: number }>(db, sql`
    select r.status_id as state_id, s.name as state_name, sum(r.count)::int as count
    from stat_orders_daily r left join statuses s on s.model_id = 1 and s.id = r.status_id
    where ${range ? sql`r.day between ${range.from}::date and ${range.to}::date` : sql`true`}
    group by r.status_id, s.name, s.sort having sum(r.count) <> 0 order by coalesce(s.sort, 999), r.status_id`);
}

export function sumOrdersByCountry(db: DbOrTx, range: DayRange) {
  return rows<{ country_id: number; country_name: string | null; count: number }>(db, sql`
    select r.country_id, c.country_name, sum(r.count)::int as count
    from stat_orders_daily r left join countries c on c.id = r.country_id
    where r.day between ${range.from}::date and ${range.to}::date
    group by r.country_id, c.country_name having sum(r.count) <> 0 order by count desc, r.country_id`);
}

/** All declarations by status (charts/bystatus: no range), for the scope. */
export function sumAllDeclarationsByStatus(db: DbOrTx, scope: PartnerScope) {
  return rows<{ state_id: number; state_name: string | null; count: number }>(db, sql`
    select r.status_id as state_id, s.name as state_name, sum(r.count)::int as count
    from stat_declarations_daily r left join statuses s on s.model_id = 2 and s.id = r.status_id
    where ${partnerOf(scope, 'r.partner_id')}
    group by r.status_id, s.name, s.sort having sum(r.count) <> 0 order by coalesce(s.sort, 999), r.status_id`);
}

export function sumCustomersPerDay(db: DbOrTx, range: DayRange) {
  return rows<{ date: string; count: number }>(db, sql`
    select r.day::text as date, sum(r.count)::int as count from stat_customers_daily r
    where r.day between ${range.from}::date and ${range.to}::date
    group by r.day having sum(r.count) <> 0 order by r.day`);
}

export function sumCustomersByBranch(db: DbOrTx, range: DayRange, limit: number) {
  return rows<{ branch_id: number; branch_name: string | null; count: number }>(db, sql`
    select r.branch_id, b.name as branch_name, sum(r.count)::int as count
    from stat_customers_daily r left join branches b on b.id = r.branch_id
    where r.day between ${range.from}::date and ${range.to}::date
    group by r.branch_id, b.name having sum(r.count) <> 0 order by count desc, r.branch_id limit ${limit}`);
}

/** charts/widget: every customer (rollup total) and customers with at least one live order. */
export async function countClients(db: DbOrTx) {
  const [row] = await rows<{ clients: number; with_orders: number }>(db, sql`
    select (select coalesce(sum(count), 0)::int from stat_customers_daily) as clients,
           (select count(distinct o.user_id)::int from orders o where o.deleted_at is null) as with_orders`);
  return row ?? { clients: 0, with_orders: 0 };
}

/** The office's today ('YYYY-MM-DD'). */
export async function findOfficeToday(db: DbOrTx, timeZone: string): Promise<string> {
  const [row] = await rows<{ today: string }>(db, sql`select (now() at time zone ${timeZone})::date::text as today`);
  return row!.today;
}
