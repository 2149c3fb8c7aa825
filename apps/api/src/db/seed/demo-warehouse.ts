import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/*
 * Warehouse floor demo data (issue 8): a partner box, parcels at 8 in branch 1 waiting to be
 * scanned (three of them still need a declaration, one a Temu parcel), box transfers of branch 1,
 * and handover queue entries at 41 and 42 for branch 1, so the acceptance screen, the transfer
 * logs and the queue open on realistic rows for the admin and the storage worker.
 */
export async function generateWarehouseData(db: Db, opts: { staffIds: readonly number[] }): Promise<void> {
  const admin = opts.staffIds[0] ?? null;
  const worker = opts.staffIds[1] ?? admin;
  await db.execute(sql`
    insert into containers (name, branch_id, user_id, is_partner, company_id)
    values ('P-5-1', 5, null, true, 2), ('P-5-2', 5, null, true, 2)`);
  // Parcels of branch 1 at 8 (dispatch sent): the newest three need a declaration; the third is Temu.
  await db.execute(sql`
    with picked as (
      select id, row_number() over (order by id desc) as n from declarations
      where status_id = 8 and branch_id = 1 and deleted_at is null order by id desc limit 3)
    update declarations d set requires_declaration = true, trendyol = case when picked.n = 3 then 2 else d.trendyol end
    from picked where d.id = picked.id`);
  // Box transfers: a tenth of branch 1's boxed parcels came from a neighbouring box.
  await db.execute(sql`
    insert into container_transfers (declaration_id, from_container_id, to_container_id, user_id, branch_id, note, created_at)
    select d.id,
      (select c.id from containers c where c.branch_id = 1 and c.id <> d.container_id and not c.is_partner order by c.id limit 1),
      d.container_id, ${worker}::int, 1, null, d.updated_at
    from declarations d
    where d.branch_id = 1 and d.status_id = 9 and d.container_id is not null and d.deleted_at is null and d.id % 10 = 0`);
  // Queue entries of branch 1: the first three customers with parcels at 9 (two waiting, one in progress).
  const res = await db.execute<{ user_id: number; ids: number[] } & Record<string, unknown>>(sql`
    select user_id, array_agg(id order by id) as ids from declarations
    where status_id = 9 and branch_id = 1 and user_id is not null and deleted_at is null
    group by user_id order by user_id limit 3`);
  let n = 0;
  for (const row of res.rows) {
    n += 1;
    const status = n === 3 ? 42 : 41;
    const ids = row.ids.slice(0, 6);
    const created = await db.execute<{ id: number } & Record<string, unknown>>(sql`
      insert into handover_tasks (status_id, user_id, cashier_id, branch_id, created_by, small_package, medium_package, big_package, created_at)
      values (${status}, ${row.user_id}, ${status === 42 ? worker : null}, 1, ${admin}, ${n === 1 ? 1 : 0}, 0, ${n === 2 ? 1 : 0}, now() - ${`${40 - n * 10} minutes`}::interval)
      returning id`);
    const taskId = created.rows[0]!.id;
    await db.execute(sql`
      insert into handover_task_items (task_id, declaration_id) select ${taskId}, unnest(${sql.raw(`array[${ids.join(',')}]::int[]`)})`);
    await db.execute(sql`
      insert into status_history (model_id, object_id, from_state_id, state_id, user_id)
      values (7, ${taskId}, null, 41, ${admin})${status === 42 ? sql`, (7, ${taskId}, 41, 42, ${worker})` : sql``}`);
  }
}

/**
 * Handover history: the demo's handed-over parcels (status 10, with their handover time) were
 * handed over at the counter, so each customer's parcels of one day get the payment row a real
 * handover writes (declaration_payments: cashier, parcels, the delivery debt × 1.7 paid in cash).
 * Run after delivered_at is set (generateDocumentsDemoData). Idempotent: parcels already in a
 * payment are skipped.
 */
export async function generateHandoverHistoryData(db: Db, opts: { staffIds: readonly number[] }): Promise<void> {
  const admin = opts.staffIds[0] ?? null;
  const office = opts.staffIds[2] ?? admin;
  await db.execute(sql`
    insert into declaration_payments (user_id, debt_usd, debt_azn, package_azn, total_azn, cash_azn, terminal_azn, balance_usd, balance_azn,
      declaration_ids, cashier_id, branch_id, created_at)
    select d.user_id,
      coalesce(sum(d.delivery_price), 0),
      round(coalesce(sum(d.delivery_price), 0) * 1.7, 2), 0,
      round(coalesce(sum(d.delivery_price), 0) * 1.7, 2), round(coalesce(sum(d.delivery_price), 0) * 1.7, 2), 0, 0, 0,
      jsonb_agg(d.id order by d.id),
      case when d.branch_id = 2 then ${office}::int else ${admin}::int end,
      d.branch_id,
      max(d.delivered_at)
    from declarations d
    where d.status_id = 10 and d.deleted_at is null and d.user_id is not null and d.delivered_at is not null
      and not exists (select 1 from declaration_payments p where p.declaration_ids @> jsonb_build_array(d.id))
    group by d.user_id, d.branch_id, (d.delivered_at at time zone 'Asia/Baku')::date`);
}

/**
 * The money of the demo's handover history (issue 17): each payment's cash went into the cash
 * register of settings cashflow (1, AZN) as a real handover writes it: a cash operation (reason
 * 'handover', pointing at the payment) with its ledger entry, and the customer's cash pair of
 * balance operations in AZN (received and spent on the delivery; no balance effect). Entries follow
 * the register's existing ones, each with the running balance before it; the register's balance is
 * moved by their sum (the ledger's rule). Run after the cash-flow demo. Idempotent: payments with a
 * cash operation are skipped.
 */
export async function generateHandoverMoneyData(db: Db): Promise<void> {
  await db.execute(sql`
    with ops as (
      insert into cash_operations (type, cash_register_id, currency_id, amount, payment_type, reason, object_model, object_id, customer_id,
        description, user_id, status_id, operated_at, created_at)
      select 1, r.id, r.currency_id, p.cash_azn, 1, 'handover', 'declaration_payment', p.id, p.user_id,
        'Təhvil zamanı nağd ödəniş: ' || (select string_agg(d.track_code, ', ' order by d.id) from declarations d
          where d.id in (select jsonb_array_elements_text(p.declaration_ids)::int)), p.cashier_id, 18, p.created_at, p.created_at
      from declaration_payments p
      cross join cash_registers r
      where r.id = 1 and r.deleted_at is null and p.cash_azn > 0 and p.cash_register_id is null
        and not exists (select 1 from cash_operations o where o.object_model = 'declaration_payment' and o.object_id = p.id)
      order by p.created_at, p.id
      returning id, cash_register_id, amount, user_id, created_at
    )
    insert into cash_register_entries (cash_register_id, operation_id, amount, balance_before, balance_after, kind, user_id, created_at)
    select o.cash_register_id, o.id, o.amount,
      r.balance + coalesce(sum(o.amount) over w - o.amount, 0), r.balance + sum(o.amount) over w, 'post', o.user_id, o.created_at
    from ops o join cash_registers r on r.id = o.cash_register_id
    window w as (partition by o.cash_register_id order by o.id)
    order by o.id`);
  await db.execute(sql`
    update cash_registers r set balance = r.amount + t.total
    from (select cash_register_id, sum(amount) as total from cash_register_entries group by cash_register_id) t
    where t.cash_register_id = r.id and r.id = 1`);
  await db.execute(sql`
    update declaration_payments p set cash_register_id = o.cash_register_id
    from cash_operations o where o.object_model = 'declaration_payment' and o.object_id = p.id and o.reason = 'handover' and p.cash_register_id is null`);
  await db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, object_model, object_id, description,
      created_by, confirmed_by, created_at)
    select p.user_id, t.type, 1, 18, 'AZN', p.cash_azn, p.cash_azn, 'declaration_payment', p.id, o.description, p.cashier_id, p.cashier_id, p.created_at
    from declaration_payments p
    join cash_operations o on o.object_model = 'declaration_payment' and o.object_id = p.id and o.reason = 'handover'
    cross join (values (1), (2)) t(type)
    where not exists (select 1 from balance_operations b where b.object_model = 'declaration_payment' and b.object_id = p.id)
    order by p.created_at, p.id, t.type`);
}
