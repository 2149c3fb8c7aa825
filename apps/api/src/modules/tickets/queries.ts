import type { MessageTemplateListQuery, TicketListQuery } from '@app/contract/tickets';
import { TICKET_STATE, TICKET_STATES } from '@app/contract/tickets';
import { azTickets } from '@app/contract/texts/az-tickets';
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { messageTemplates, ticketCategories, ticketMessageFiles, ticketMessages, tickets as t } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';
import { asDateTime, fullName } from '../../platform/sql-format';

/* SQL of support tickets, their conversation, categories and ticket templates. */

export type TicketRecord = typeof t.$inferSelect;
export type TicketInsert = typeof t.$inferInsert;
export type TicketMessageRecord = typeof ticketMessages.$inferSelect;

const customer = alias(users, 't_customer');
const executor = alias(users, 't_executor');
const sender = alias(users, 'm_sender');

/** 'from,to' (office time zone) of a date-range filter. */
function createdBetween(range: { from?: string; to?: string }, timeZone: string): SQL | undefined {
  const parts: SQL[] = [];
  if (range.from) parts.push(filters.from(t.createdAt, timeZone)(range.from)!);
  if (range.to) parts.push(filters.to(t.createdAt, timeZone)(range.to)!);
  return parts.length ? and(...parts) : undefined;
}

/** The state's name from the contract's list (ticket states are fixed, not a statuses model). */
const stateName = sql<string>`case ${t.stateId} ${sql.join(TICKET_STATES.map((id) => sql`when ${sql.raw(String(id))} then ${azTickets.states[id]}`), sql` `)} else ${t.stateId}::text end`;

function ticketRowColumns(timeZone: string) {
  return {
    id: t.id,
    ticket_category_id: t.ticketCategoryId,
    ticket_category_name: sql<string>`coalesce(${ticketCategories.name}, '')`,
    user_id: t.userId,
    user_name: sql<string>`coalesce(${fullName(customer.name, customer.surname)}, '')`,
    user_code: customer.code,
    user_id_admin: t.userIdAdmin,
    user_name_admin: fullName(executor.name, executor.surname),
    new_message_count: sql<string>`${t.newMessageCount}::text`,
    all_message_count: t.messageCount,
    state_id: t.stateId,
    state_name: stateName,
    is_new_admin: sql<0 | 1>`case when ${t.isNewAdmin} then 1 else 0 end`,
    created_at: asDateTime(t.createdAt, timeZone),
    updated_at: asDateTime(t.updatedAt, timeZone),
  };
}
export type TicketRowSql = Awaited<ReturnType<typeof findTicketRow>>;

function ticketListSpec(timeZone: string): ListSpec<TicketListQuery> {
  return {
    filters: {
      id: (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647 ? sql`${t.id} = ${Number(v)}` : sql`false`),
      user_id: (v) => (/^\d+$/.test(v)
        ? (Number(v) <= 2_147_483_647 ? sql`${t.userId} = ${Number(v)}` : sql`false`)
        : sql`${t.userId} in (select u.id from users u where u.code ilike ${`${escapeLike(v)}%`})`),
      user_name: (v) => sql`${t.userId} in (select u.id from users u where (coalesce(u.name, '') || ' ' || coalesce(u.surname, '')) ilike ${`%${escapeLike(v)}%`})`,
      ticket_category_id: (v) => (/^\d{1,10}$/.test(v)
        ? (Number(v) <= 2_147_483_647 ? sql`${t.ticketCategoryId} = ${Number(v)}` : sql`false`)
        : sql`${t.ticketCategoryId} in (select c.id from ticket_categories c where c.name ilike ${`%${escapeLike(v)}%`})`),
      state_id: filters.equals(t.stateId),
      user_id_admin: filters.equals(t.userIdAdmin),
      created_at: (range) => createdBetween(range, timeZone),
      date_from: filters.from(t.createdAt, timeZone),
      date_to: filters.to(t.createdAt, timeZone),
      is_new_admin: filters.flag(t.isNewAdmin),
    },
    sorts: {
      id: t.id, created_at: t.createdAt, updated_at: t.updatedAt, user_id: t.userId, user_name: t.userId, ticket_category_id: t.ticketCategoryId,
      state_id: t.stateId, user_id_admin: t.userIdAdmin, is_new_admin: t.isNewAdmin, all_message_count: t.messageCount, new_message_count: t.newMessageCount,
    },
    defaultSort: { column: 'id', order: 'desc' },
    tieBreaker: t.id,
  };
}

export async function findTicketPage(db: DbOrTx, query: TicketListQuery, timeZone: string) {
  const built = buildListQuery(ticketListSpec(timeZone), query);
  const rows = await db.select(ticketRowColumns(timeZone)).from(t)
    .leftJoin(ticketCategories, eq(ticketCategories.id, t.ticketCategoryId))
    .leftJoin(customer, eq(customer.id, t.userId))
    .leftJoin(executor, eq(executor.id, t.userIdAdmin))
    .where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, t, built);
  return { rows, total };
}

export function findTicketRow(db: DbOrTx, id: number, timeZone: string) {
  return db.select(ticketRowColumns(timeZone)).from(t)
    .leftJoin(ticketCategories, eq(ticketCategories.id, t.ticketCategoryId))
    .leftJoin(customer, eq(customer.id, t.userId))
    .leftJoin(executor, eq(executor.id, t.userIdAdmin))
    .where(eq(t.id, id)).then((r) => r[0]);
}

export function findTicketForUpdate(tx: DbOrTx, id: number) {
  return tx.select().from(t).where(eq(t.id, id)).for('update').then((r) => r[0]);
}

export function findTicketsForUpdate(tx: DbOrTx, ids: readonly number[]) {
  return tx.select().from(t).where(inArray(t.id, [...ids])).orderBy(asc(t.id)).for('update');
}

export async function insertTicket(tx: DbOrTx, row: TicketInsert): Promise<number> {
  const [created] = await tx.insert(t).values(row).returning({ id: t.id });
  return created!.id;
}

export async function updateTicket(tx: DbOrTx, id: number, fields: Partial<TicketInsert>): Promise<void> {
  await tx.update(t).set({ ...fields, updatedAt: sql`now()` }).where(eq(t.id, id));
}

export async function updateTickets(tx: DbOrTx, ids: readonly number[], fields: Partial<TicketInsert>): Promise<void> {
  await tx.update(t).set({ ...fields, updatedAt: sql`now()` }).where(inArray(t.id, [...ids]));
}

/** Marks a ticket read by staff; true when it was unread. Takes no row lock when already read. */
export async function markTicketRead(db: DbOrTx, id: number): Promise<boolean> {
  const changed = await db.update(t).set({ isNewAdmin: false, newMessageCount: 0 })
    .where(and(eq(t.id, id), sql`(${t.isNewAdmin} or ${t.newMessageCount} > 0)`)).returning({ id: t.id });
  return changed.length > 0;
}

/** Unread tickets (the sidebar badge), capped so it stays cheap (partial index). */
export function countUnreadTickets(db: DbOrTx, cap = 9999) {
  const inner = db.select({ one: sql`1` }).from(t).where(and(eq(t.isNewAdmin, true), ne(t.stateId, TICKET_STATE.cancelled))).limit(cap).as('unread');
  return db.select({ n: sql<number>`count(*)::int` }).from(inner).then((r) => r[0]?.n ?? 0);
}

// ---------------------------------------------------------------- messages and files

export async function insertMessage(tx: DbOrTx, row: typeof ticketMessages.$inferInsert): Promise<number> {
  const [created] = await tx.insert(ticketMessages).values(row).returning({ id: ticketMessages.id });
  return created!.id;
}

export async function insertMessageFiles(tx: DbOrTx, rows: (typeof ticketMessageFiles.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(ticketMessageFiles).values(rows);
}

export function findFirstMessage(tx: DbOrTx, ticketId: number) {
  return tx.select().from(ticketMessages).where(and(eq(ticketMessages.ticketId, ticketId), isNull(ticketMessages.cancelledAt)))
    .orderBy(asc(ticketMessages.id)).limit(1).then((r) => r[0]);
}

export async function updateMessageText(tx: DbOrTx, id: number, message: string): Promise<void> {
  await tx.update(ticketMessages).set({ message }).where(eq(ticketMessages.id, id));
}

export function findMessagesForUpdate(tx: DbOrTx, ids: readonly number[]) {
  return tx.select().from(ticketMessages).where(inArray(ticketMessages.id, [...ids])).orderBy(asc(ticketMessages.id)).for('update');
}

export async function cancelMessages(tx: DbOrTx, ids: readonly number[], userId: number): Promise<void> {
  await tx.update(ticketMessages).set({ cancelledAt: sql`now()`, cancelledBy: userId }).where(inArray(ticketMessages.id, [...ids]));
}

/** The conversation, oldest first; cancelled messages are left out. */
export function findConversation(db: DbOrTx, ticketId: number, timeZone: string) {
  return db.select({
    id: ticketMessages.id,
    message: ticketMessages.message,
    user_id: ticketMessages.userId,
    user_name: sql<string>`coalesce(${fullName(sender.name, sender.surname)}, '')`,
    admin: sql<number>`${ticketMessages.senderRole}::int`,
    created_at: asDateTime(ticketMessages.createdAt, timeZone),
  }).from(ticketMessages).leftJoin(sender, eq(sender.id, ticketMessages.userId))
    .where(and(eq(ticketMessages.ticketId, ticketId), isNull(ticketMessages.cancelledAt)))
    .orderBy(asc(ticketMessages.id));
}

export function findFilesOfTicket(db: DbOrTx, ticketId: number) {
  return db.select({ id: ticketMessageFiles.id, messageId: ticketMessageFiles.messageId, name: ticketMessageFiles.name })
    .from(ticketMessageFiles).where(eq(ticketMessageFiles.ticketId, ticketId)).orderBy(asc(ticketMessageFiles.id));
}

/** A file of a message that is not cancelled. */
export function findMessageFile(db: DbOrTx, fileId: number) {
  return db.select({ path: ticketMessageFiles.path, name: ticketMessageFiles.name, mime: ticketMessageFiles.mime }).from(ticketMessageFiles)
    .innerJoin(ticketMessages, eq(ticketMessages.id, ticketMessageFiles.messageId))
    .where(and(eq(ticketMessageFiles.id, fileId), isNull(ticketMessages.cancelledAt))).then((r) => r[0]);
}

// ---------------------------------------------------------------- people and categories

export function findPerson(db: DbOrTx, id: number) {
  return db.select({ id: users.id, admin: users.admin, deletedAt: users.deletedAt }).from(users).where(eq(users.id, id)).then((r) => r[0]);
}

/** Staff who may take tickets: admins, storage workers and back office, not blocked or deleted. */
export function findExecutors(db: DbOrTx) {
  return db.select({ id: users.id, name: sql<string>`coalesce(${fullName(users.name, users.surname)}, '')`, admin: sql<number>`${users.admin}::int` })
    .from(users).where(and(inArray(users.admin, [1, 2, 3]), isNull(users.deletedAt), eq(users.blocked, false))).orderBy(asc(users.name), asc(users.id)).limit(1000);
}

export function findCategory(db: DbOrTx, id: number) {
  return db.select().from(ticketCategories).where(eq(ticketCategories.id, id)).then((r) => r[0]);
}

export function findCategories(db: DbOrTx, query: { name?: string; hidden?: boolean; sort_column?: string; sort_order?: 'asc' | 'desc'; page: number; per_page: number }) {
  const where = and(
    query.name ? sql`${ticketCategories.name} ilike ${`%${escapeLike(query.name)}%`}` : undefined,
    query.hidden !== undefined ? eq(ticketCategories.hidden, query.hidden) : undefined,
  );
  const column = query.sort_column === 'name' ? ticketCategories.name : ticketCategories.id;
  const order = query.sort_order === 'desc' ? sql`desc` : sql`asc`;
  return Promise.all([
    db.select({ id: ticketCategories.id, name: ticketCategories.name, hidden: sql<0 | 1>`case when ${ticketCategories.hidden} then 1 else 0 end` })
      .from(ticketCategories).where(where).orderBy(sql`${column} ${order}`, asc(ticketCategories.id))
      .limit(query.per_page).offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(ticketCategories).where(where).then((r) => r[0]?.n ?? 0),
  ]);
}

export async function insertCategory(tx: DbOrTx, row: typeof ticketCategories.$inferInsert): Promise<number> {
  const [created] = await tx.insert(ticketCategories).values(row).returning({ id: ticketCategories.id });
  return created!.id;
}

export async function updateCategory(tx: DbOrTx, id: number, fields: Partial<typeof ticketCategories.$inferInsert>): Promise<void> {
  await tx.update(ticketCategories).set(fields).where(eq(ticketCategories.id, id));
}

// ---------------------------------------------------------------- ticket templates

export function messageTemplateListSpec(timeZone: string): ListSpec<MessageTemplateListQuery> {
  return {
    filters: {
      id: filters.equals(messageTemplates.id),
      name: filters.contains(messageTemplates.title),
      title: filters.contains(messageTemplates.title),
      created_at: (range) => {
        const parts: SQL[] = [];
        if (range.from) parts.push(filters.from(messageTemplates.createdAt, timeZone)(range.from)!);
        if (range.to) parts.push(filters.to(messageTemplates.createdAt, timeZone)(range.to)!);
        return parts.length ? and(...parts) : undefined;
      },
      date_from: filters.from(messageTemplates.createdAt, timeZone),
      date_to: filters.to(messageTemplates.createdAt, timeZone),
    },
    sorts: { id: messageTemplates.id, title: messageTemplates.title, name: messageTemplates.title, created_at: messageTemplates.createdAt },
    defaultSort: { column: 'id', order: 'desc' },
    tieBreaker: messageTemplates.id,
  };
}
