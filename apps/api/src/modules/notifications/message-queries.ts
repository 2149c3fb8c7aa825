import type { ArchiveQuery, NotifyChannel } from '@app/contract/notifications';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { declarations } from '../../db/schema/declarations';
import { flights } from '../../db/schema/flights';
import { bulkSends, notificationMessages as nm, notificationStatusEvents, notificationTemplates, userNotificationSettings } from '../../db/schema/notifications';
import { branches, countries, models, statuses } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';
import { asDateTime } from '../../platform/sql-format';

/* SQL of the message archive (notification_messages), the dispatcher and the send job. */

const col = (name: string) => sql.raw(`"notification_messages"."${name}"`);

// ---------------------------------------------------------------- what a message is about

export interface DeclarationFacts {
  id: number;
  user_id: number | null;
  track_code: string;
  global_track_code: string | null;
  weight: string | null;
  price: string | null;
  delivery_price: string | null;
  shop_name: string | null;
  plan_category_id: number | null;
  status_id: number;
  status_name: string | null;
  customer_name: string | null;
  customer_surname: string | null;
  customer_code: string | null;
  branch_name: string | null;
  branch_address: string | null;
  country_name: string | null;
  flight_name: string | null;
}

function declarationFacts(db: DbOrTx) {
  return db.select({
    id: declarations.id,
    user_id: declarations.userId,
    track_code: declarations.trackCode,
    global_track_code: declarations.globalTrackCode,
    weight: declarations.weight,
    price: declarations.price,
    delivery_price: declarations.deliveryPrice,
    shop_name: declarations.shopName,
    plan_category_id: declarations.planCategoryId,
    status_id: declarations.statusId,
    status_name: statuses.name,
    customer_name: users.name,
    customer_surname: users.surname,
    customer_code: users.code,
    branch_name: branches.name,
    branch_address: branches.address,
    country_name: countries.countryName,
    flight_name: flights.name,
  }).from(declarations)
    .leftJoin(users, eq(users.id, declarations.userId))
    .leftJoin(branches, eq(branches.id, declarations.branchId))
    .leftJoin(countries, eq(countries.id, declarations.countryId))
    .leftJoin(flights, eq(flights.id, declarations.flightId))
    .leftJoin(statuses, and(eq(statuses.modelId, 2), eq(statuses.id, declarations.statusId)))
    .$dynamic();
}

export async function findDeclarationFacts(db: DbOrTx, id: number): Promise<DeclarationFacts | undefined> {
  const [row] = await declarationFacts(db).where(eq(declarations.id, id)).limit(1);
  return row;
}

/** The newest parcel with a customer (of a status when given): the preview's sample. */
export async function findSampleDeclaration(db: DbOrTx, stateId?: number): Promise<DeclarationFacts | undefined> {
  const where = and(sql`${declarations.deletedAt} is null`, sql`${declarations.userId} is not null`, stateId ? eq(declarations.statusId, stateId) : undefined);
  const [row] = await declarationFacts(db).where(where).orderBy(sql`${declarations.id} desc`).limit(1);
  return row;
}

export interface Recipient {
  id: number;
  name: string;
  surname: string;
  email: string | null;
  phone: string | null;
  send_sms: boolean;
  send_mail: boolean;
  send_whatsapp: boolean;
  send_push: boolean;
  push_token: string | null;
  is_reachable: boolean;
}

export async function findRecipient(db: DbOrTx, userId: number): Promise<Recipient | undefined> {
  const [row] = await db.select({
    id: users.id,
    name: users.name,
    surname: users.surname,
    email: users.email,
    phone: users.phone,
    send_sms: users.sendSms,
    send_mail: users.sendMail,
    send_whatsapp: sql<boolean>`coalesce(${userNotificationSettings.sendWhatsapp}, false)`,
    send_push: sql<boolean>`coalesce(${userNotificationSettings.sendPush}, false)`,
    push_token: userNotificationSettings.pushToken,
    is_reachable: sql<boolean>`(not ${users.blocked} and ${users.deletedAt} is null)`,
  }).from(users).leftJoin(userNotificationSettings, eq(userNotificationSettings.userId, users.id)).where(eq(users.id, userId)).limit(1);
  return row;
}

// ---------------------------------------------------------------- writing messages

export type NewMessage = Omit<typeof nm.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Inserts the messages; one whose event key already has a message for its channel and recipient is skipped. Returns the new rows. */
export async function insertMessages(db: DbOrTx, rows: NewMessage[]): Promise<{ id: number; sendAt: Date }[]> {
  if (rows.length === 0) return [];
  return db.insert(nm).values(rows)
    .onConflictDoNothing({ target: [nm.eventKey, nm.channel, nm.to], where: sql`${nm.eventKey} is not null` })
    .returning({ id: nm.id, sendAt: nm.sendAt });
}

export type StoredMessage = typeof nm.$inferSelect;

/** The message under a row lock (the send job: never two sends of one row). */
export async function lockMessage(db: DbOrTx, id: number): Promise<StoredMessage | undefined> {
  const [row] = await db.select().from(nm).where(eq(nm.id, id)).limit(1).for('update');
  return row;
}

export async function findMessage(db: DbOrTx, id: number, channel?: NotifyChannel): Promise<StoredMessage | undefined> {
  const [row] = await db.select().from(nm).where(and(eq(nm.id, id), channel ? eq(nm.channel, channel) : undefined)).limit(1);
  return row;
}

/** The send job's claim: the row is being sent (provider_state 'sending', updated_at the claim's time). */
export async function claimMessage(db: DbOrTx, id: number): Promise<void> {
  await db.update(nm).set({ providerState: 'sending', updatedAt: sql`now()` }).where(eq(nm.id, id));
}

export async function markMessageSent(db: DbOrTx, id: number, providerId: string, state: string): Promise<void> {
  await db.update(nm).set({
    isSent: true, sentAt: sql`now()`, providerId, providerState: state, error: null, retryAt: null,
    attempts: sql`${nm.attempts} + 1`, updatedAt: sql`now()`,
  }).where(eq(nm.id, id));
}

/** A failed attempt: its error, and the next try's time (null when none follows). */
export async function markMessageFailed(db: DbOrTx, id: number, error: string, retryInSeconds: number | null): Promise<void> {
  await db.update(nm).set({
    error: error.slice(0, 2000), providerState: retryInSeconds === null ? 'failed' : 'retrying',
    retryAt: retryInSeconds === null ? null : sql`now() + make_interval(secs => ${retryInSeconds})`,
    attempts: sql`${nm.attempts} + 1`, updatedAt: sql`now()`,
  }).where(eq(nm.id, id));
}

export async function setProviderState(db: DbOrTx, id: number, state: string, error: string | null): Promise<void> {
  await db.update(nm).set({ providerState: state.slice(0, 40), ...(error ? { error: error.slice(0, 2000) } : {}), updatedAt: sql`now()` }).where(eq(nm.id, id));
}

export async function setMessageActive(db: DbOrTx, id: number, channel: NotifyChannel, active: boolean): Promise<StoredMessage | undefined> {
  const [row] = await db.update(nm).set({ active, updatedAt: sql`now()` }).where(and(eq(nm.id, id), eq(nm.channel, channel))).returning();
  return row;
}

/** The channel's waiting messages that may go (active, not sent, not of a bulk send: those go by the bulk's own jobs): ids and due times. */
export async function findWaitingMessages(db: DbOrTx, channel: NotifyChannel, limit = 10_000): Promise<{ id: number; sendAt: Date }[]> {
  return db.select({ id: nm.id, sendAt: nm.sendAt }).from(nm)
    .where(and(eq(nm.channel, channel), eq(nm.isSent, false), eq(nm.active, true), sql`${nm.bulkId} is null`))
    .orderBy(nm.id).limit(limit);
}

/** Send jobs of these messages that wait for a later time (a delay, a back-off) run now; returns the message ids moved. */
export async function makeSendJobsDue(db: DbOrTx, messageIds: number[]): Promise<number[]> {
  if (messageIds.length === 0) return [];
  const keys = messageIds.map((id) => `notify:${id}`);
  const result = await db.execute(sql`
    update jobs set run_at = now(), updated_at = now()
    where status = 'queued' and run_at > now() and singleton_key = any(${`{${keys.join(',')}}`}::text[])
    returning singleton_key`);
  return (result.rows as { singleton_key: string }[]).map((r) => Number(r.singleton_key.slice('notify:'.length)));
}

/** A bulk send's progress after one of its messages was sent or failed for good. */
export async function countBulkOutcome(db: DbOrTx, bulkId: number, outcome: 'sent' | 'failed'): Promise<void> {
  const column = outcome === 'sent' ? bulkSends.sent : bulkSends.failed;
  await db.update(bulkSends).set({ [outcome]: sql`${column} + 1` }).where(eq(bulkSends.id, bulkId));
  await db.execute(sql`
    update ${bulkSends} set status = 'done', finished_at = now()
    where id = ${bulkId} and status in ('queued', 'running') and recipients_total > 0 and sent + failed >= recipients_total`);
}

// ---------------------------------------------------------------- the status outbox

export interface StatusEvent { id: number; history_id: number; model_id: number; object_id: number; state_id: number }

/** Takes up to `limit` captured status changes out of the outbox (locked rows of another worker are skipped). */
export async function takeStatusEvents(db: DbOrTx, limit: number): Promise<StatusEvent[]> {
  const result = await db.execute(sql`
    delete from ${notificationStatusEvents} where id in (
      select id from ${notificationStatusEvents} order by id limit ${limit} for update skip locked)
    returning id, history_id, model_id, object_id, state_id`);
  return (result.rows as unknown as StatusEvent[]).map((r) => ({
    id: Number(r.id), history_id: Number(r.history_id), model_id: Number(r.model_id), object_id: Number(r.object_id), state_id: Number(r.state_id),
  })).sort((a, b) => a.id - b.id);
}

// ---------------------------------------------------------------- the archive lists

function between(column: typeof nm.createdAt | SQL, r: { from?: string; to?: string }, timeZone: string) {
  return and(r.from ? filters.from(column, timeZone)(r.from) : undefined, r.to ? filters.to(column, timeZone)(r.to) : undefined);
}

const dueOrSent = sql`coalesce(${col('sent_at')}, ${col('send_at')})`;
const retryOrDue = sql`coalesce(${col('retry_at')}, ${col('send_at')})`;

function archiveSpec(channel: NotifyChannel, isQueue: boolean, timeZone: string): ListSpec<ArchiveQuery> {
  const recipient = filters.contains(nm.to);
  return {
    filters: {
      id: filters.equals(nm.id),
      phone: recipient,
      email: recipient,
      user_id: filters.equals(nm.userId),
      sent: filters.flag(nm.isSent),
      active: filters.flag(nm.active),
      bulk: (v) => (v ? sql`${nm.bulkId} is not null` : sql`${nm.bulkId} is null`),
      bulk_id: filters.equals(nm.bulkId),
      model_id: filters.equals(nm.modelId),
      model_name: (v) => (/^\d{1,9}$/.test(v)
        ? sql`${col('model_id')} = ${Number(v)}`
        : sql`${col('model_id')} in (select m.id from ${models} m where m.name ilike ${`%${escapeLike(v)}%`})`),
      object_id: filters.equals(nm.objectId),
      template_id: filters.equals(nm.templateId),
      body: filters.contains(nm.body),
      has_error: (v) => (v ? sql`${nm.error} is not null` : sql`${nm.error} is null`),
      retry_at: (r) => between(retryOrDue, r, timeZone),
      sended_at: (r) => between(dueOrSent, r, timeZone),
      created_at: (r) => between(nm.createdAt, r, timeZone),
    },
    sorts: {
      id: nm.id, created_at: nm.createdAt, sended_at: nm.sendAt, retry_at: nm.retryAt, user_id: nm.userId, sent: nm.isSent,
      active: nm.active, model_name: nm.modelId, object_id: nm.objectId,
    },
    // newest first along notification_messages_channel_idx; the queue oldest first along its partial index
    defaultSort: isQueue ? { column: 'id', order: 'asc' } : { column: 'created_at', order: 'desc' },
    tieBreaker: nm.id,
    base: [eq(nm.channel, channel), ...(isQueue ? [eq(nm.isSent, false)] : [])],
    isBaseNarrow: true,
  };
}

function archiveColumns(channel: NotifyChannel, timeZone: string) {
  const recipientKey = channel === 'mail' ? 'email' : 'number';
  return {
    id: nm.id,
    body: nm.body,
    subject: sql<string>`coalesce(${nm.subject}, '')`,
    [recipientKey]: nm.to,
    user_id: sql<number>`coalesce(${nm.userId}, 0)`.mapWith(Number),
    user_name: sql<string>`coalesce(nullif(trim(coalesce(${users.name}, '') || ' ' || coalesce(${users.surname}, '')), ''), '')`,
    model_id: sql<number>`coalesce(${nm.modelId}, 0)`.mapWith(Number),
    model_name: sql<string>`coalesce(${models.name}, '')`,
    object_id: sql<number>`coalesce(${nm.objectId}, 0)`.mapWith(Number),
    params: sql<string>`coalesce(${nm.params}::text, '{}')`,
    active: sql<0 | 1>`${nm.active}::int`.mapWith(Number),
    template_id: nm.templateId,
    template_name: sql<string>`coalesce(${notificationTemplates.name}, '')`,
    bulk: sql<0 | 1>`(${nm.bulkId} is not null)::int`.mapWith(Number),
    bulk_id: nm.bulkId,
    sent: sql<0 | 1>`${nm.isSent}::int`.mapWith(Number),
    attempts: nm.attempts,
    provider_id: sql<string>`coalesce(${nm.providerId}, '')`,
    provider_state: sql<string>`coalesce(${nm.providerState}, '')`,
    error: sql<string>`coalesce(${nm.error}, '')`,
    retry_at: asDateTime(sql`coalesce(${nm.retryAt}, ${nm.sendAt})`, timeZone),
    sended_at: asDateTime(sql`coalesce(${nm.sentAt}, ${nm.sendAt})`, timeZone),
    created_at: asDateTime(nm.createdAt, timeZone),
  };
}

export async function findArchivePage(db: DbOrTx, channel: NotifyChannel, isQueue: boolean, query: ArchiveQuery, timeZone: string) {
  const spec = archiveSpec(channel, isQueue, timeZone);
  const built = buildListQuery(spec, query);
  // The page's ids from the one table (indexed by channel + created/id), then their names.
  const ids = (await db.select({ id: nm.id }).from(nm).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset)).map((r) => r.id);
  const total = await countList(db, nm, built);
  if (ids.length === 0) return { data: [], total: total.total, total_kind: total.kind };
  const rows = await db.select(archiveColumns(channel, timeZone)).from(nm)
    .leftJoin(users, eq(users.id, nm.userId))
    .leftJoin(models, eq(models.id, nm.modelId))
    .leftJoin(notificationTemplates, eq(notificationTemplates.id, nm.templateId))
    .where(inArray(nm.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { data: ids.map((id) => byId.get(id)!).filter(Boolean), total: total.total, total_kind: total.kind };
}

// ---------------------------------------------------------------- a customer's channels

export async function findChannelSettings(db: DbOrTx, userId: number) {
  const [row] = await db.select({
    user_id: users.id,
    admin: users.admin,
    send_sms: users.sendSms,
    send_mail: users.sendMail,
    send_whatsapp: sql<boolean>`coalesce(${userNotificationSettings.sendWhatsapp}, false)`,
    send_push: sql<boolean>`coalesce(${userNotificationSettings.sendPush}, false)`,
    has_push_token: sql<boolean>`(${userNotificationSettings.pushToken} is not null)`,
  }).from(users).leftJoin(userNotificationSettings, eq(userNotificationSettings.userId, users.id))
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`)).limit(1);
  return row;
}

export async function updateUserChannelFlags(db: DbOrTx, userId: number, flags: { sendSms?: boolean; sendMail?: boolean }): Promise<void> {
  if (flags.sendSms === undefined && flags.sendMail === undefined) return;
  await db.update(users).set({ ...flags, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function upsertChannelSettings(db: DbOrTx, userId: number, flags: { sendWhatsapp?: boolean; sendPush?: boolean }): Promise<void> {
  if (flags.sendWhatsapp === undefined && flags.sendPush === undefined) return;
  await db.insert(userNotificationSettings).values({ userId, sendWhatsapp: flags.sendWhatsapp ?? false, sendPush: flags.sendPush ?? false })
    .onConflictDoUpdate({ target: userNotificationSettings.userId, set: { ...flags, updatedAt: sql`now()` } });
}
