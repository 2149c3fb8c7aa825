import type { HandoverHistoryQuery, HandoverHistoryReply, HandoverHistoryRow } from '@app/contract/warehouse';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { declarationPayments as p } from '../../db/schema/declaration-workflow';
import { declarations } from '../../db/schema/declarations';
import { branches } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import type { RequestUser } from '../../platform/access';
import { buildListQuery, countList, filters, type ListSpec } from '../../platform/list-query';
import { inCompany, partnerScopeOf } from '../../platform/partner-scope';
import { asDateTime } from '../../platform/sql-format';

/*
 * Handover history (the 'Tarixçə' tab of warehouse/handover): every handover done at the counter
 * is one declaration_payments row (POST declaration/pay, with or without a queue entry), so the
 * history lists those: who (the cashier) handed which parcels to which customer, when, and what was
 * paid. Queue entries at 43 are only the handovers that went through the queue: most do not.
 * Like the queue, a user with an admin branch sees that branch's handovers; partners their company's.
 */

const customer = alias(users, 'hh_customer');
const cashier = alias(users, 'hh_cashier');
const trimmedName = (person: { name: AnyColumn; surname: AnyColumn }) => sql<string>`trim(coalesce(${person.name}, '') || ' ' || coalesce(${person.surname}, ''))`;

function historySpec(user: RequestUser, timeZone: string): ListSpec<HandoverHistoryQuery> {
  const base: SQL[] = [inCompany(partnerScopeOf(user), sql`(select b.company_id from ${branches} b where b.id = ${p.branchId})`)];
  if (user.adminBranchId !== null) base.push(sql`${p.branchId} = ${user.adminBranchId}`);
  return {
    base,
    filters: {
      user_id: filters.equals(p.userId),
      cashier_id: filters.equals(p.cashierId),
      branch_id: filters.equals(p.branchId),
      track_code: (v) => sql`exists (select 1 from ${declarations} d where d.track_code = ${v} and ${p.declarationIds} @> jsonb_build_array(d.id))`,
      date_from: filters.from(p.createdAt, timeZone),
      date_to: filters.to(p.createdAt, timeZone),
    },
    sorts: { id: p.id, created_at: p.createdAt, total_azn: p.totalAzn },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: p.id,
  };
}

function historyColumns(timeZone: string) {
  return {
    id: p.id,
    created_at: asDateTime(p.createdAt, timeZone),
    user_id: p.userId,
    user_code: customer.code,
    user_name: trimmedName(customer),
    cashier_id: sql<number>`coalesce(${cashier.id}, 0)`,
    cashier_name: trimmedName(cashier),
    branch_id: p.branchId,
    branch_name: branches.name,
    handover_task_id: p.handoverTaskId,
    count: sql<number>`jsonb_array_length(${p.declarationIds})::int`,
    track_codes: sql<string[]>`coalesce((select json_agg(d.track_code order by d.id) from jsonb_array_elements_text(${p.declarationIds}) e(id)
      join ${declarations} d on d.id = e.id::int), '[]'::json)`,
    total_azn: sql<string>`${p.totalAzn}::text`,
    cash_azn: sql<string>`${p.cashAzn}::text`,
    terminal_azn: sql<string>`${p.terminalAzn}::text`,
    balance_azn: sql<string>`${p.balanceAzn}::text`,
    package_azn: sql<string>`${p.packageAzn}::text`,
  };
}

/** GET handover/history: newest first, paged, with the list's total. */
export async function listHandoverHistory(db: Db, user: RequestUser, query: HandoverHistoryQuery, timeZone: string): Promise<HandoverHistoryReply> {
  const built = buildListQuery(historySpec(user, timeZone), query);
  const rows: HandoverHistoryRow[] = await db.select(historyColumns(timeZone)).from(p)
    .leftJoin(customer, eq(customer.id, p.userId))
    .leftJoin(cashier, eq(cashier.id, p.cashierId))
    .leftJoin(branches, eq(branches.id, p.branchId))
    .where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, p, built);
  return { data: rows, total: total.total, total_kind: total.kind };
}
