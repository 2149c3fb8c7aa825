import { sql, type SQL } from 'drizzle-orm';
import type { BulkFilters, BulkHistoryQuery, BulkStatus } from '@app/contract/bulk-notifications';
import type { NotifyChannel } from '@app/contract/notifications';
import type { DbOrTx } from '../../db/client';
import { declarations } from '../../db/schema/declarations';
import { bulkSends, notificationMessages as nm, notificationTemplates, userNotificationSettings } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';

/*
 * Bulk sends: the audience as one set-based SELECT (customers or typed addresses with the channel's
 * address), its expansion into notification_messages by chunks (INSERT … SELECT), the batch reads
 * and set-based outcome writes of the send job, and the bulk_sends progress.
 */

/** What the audience resolves to: the customers' filters, or typed addresses (normalised by the service). */
export type AudienceSpec =
  | { kind: 'customers'; channel: NotifyChannel; filters: BulkFilters; everyone: boolean; userIds?: number[]; timeZone: string }
  | { kind: 'typed'; addresses: string[] };

/** The phone as providers take it (the rule of notifications/dispatch.ts normalizePhone): 7–15 digits or null. */
const phoneOf = () => sql`(case when p.d ~ '^[0-9]{7,15}$' then p.d end)`;
/** The digits of a phone with 00 dropped and 994 put before the local 0XXXXXXXXX / XXXXXXXXX forms. */
const phoneDigits = (phone: SQL) =>
  sql`regexp_replace(regexp_replace(regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g'), '^00', ''), '^0?([0-9]{9})$', '994\\1')`;

function addressOf(channel: NotifyChannel): SQL {
  switch (channel) {
    case 'sms':
    case 'whatsapp': return phoneOf();
    case 'mail': return sql`nullif(trim(u.email), '')`;
    case 'push': return sql`nullif(trim(s.push_token), '')`;
  }
}

function optedIn(channel: NotifyChannel): SQL {
  switch (channel) {
    case 'sms': return sql`u.send_sms`;
    case 'mail': return sql`u.send_mail`;
    case 'whatsapp': return sql`coalesce(s.send_whatsapp, false)`;
    case 'push': return sql`coalesce(s.send_push, false)`;
  }
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/** A text[] parameter as an array literal (quoted elements), the same on node-postgres and PGlite. */
const textArray = (items: readonly string[]) =>
  sql`${`{${items.map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;

/** The customers' conditions: role, reachability, opt-in and the filters. */
function customerConditions(spec: Extract<AudienceSpec, { kind: 'customers' }>): SQL {
  const f = spec.filters;
  const parts: SQL[] = [sql`u.admin = 0`, sql`not u.blocked`, sql`u.deleted_at is null`, optedIn(spec.channel)];
  if (spec.userIds) parts.push(sql`u.id = any(${intArray(spec.userIds)})`);
  if (!spec.everyone) {
    if (f.branch_id?.length) parts.push(sql`u.branch_id = any(${intArray(f.branch_id)})`);
    if (f.d && 'days' in f.d) parts.push(sql`u.created_at >= now() - make_interval(days => ${f.d.days})`);
    else if (f.d?.from) parts.push(sql`u.created_at >= (${f.d.from}::timestamp at time zone ${spec.timeZone})`);
    if (f.d && 'to' in f.d && f.d.to) {
      const to = f.d.to.length === 10 ? sql`(${f.d.to}::date + 1)::timestamp` : sql`${f.d.to}::timestamp`;
      parts.push(f.d.to.length === 10 ? sql`u.created_at < (${to} at time zone ${spec.timeZone})` : sql`u.created_at <= (${to} at time zone ${spec.timeZone})`);
    }
    const parcel: SQL[] = [];
    if (f.state_id?.length) parcel.push(sql`d.status_id = any(${intArray(f.state_id)})`);
    if (f.country_id?.length) parcel.push(sql`d.country_id = any(${intArray(f.country_id)})`);
    if (f.flight_id) parcel.push(sql`d.flight_id = ${f.flight_id}`);
    if (f.customs !== undefined) parcel.push(sql`d.customs = ${f.customs}`);
    if (parcel.length) {
      parts.push(sql`exists (select 1 from ${declarations} d where d.user_id = u.id and d.deleted_at is null and ${sql.join(parcel, sql` and `)})`);
    }
    if (f.amount !== undefined) {
      parts.push(sql`(select coalesce(sum(d.delivery_price), 0) from ${declarations} d
        where d.user_id = u.id and d.deleted_at is null and not d.payed) >= ${f.amount}::numeric`);
    }
  }
  return sql.join(parts, sql` and `);
}

/**
 * The audience as rows (k = a stable ascending key for chunking, user_id, the address, names, code).
 * Customers without the channel's address are left out.
 */
function audienceRows(spec: AudienceSpec): SQL {
  if (spec.kind === 'typed') {
    return sql`select t.k::int as k, null::int as user_id, t.addr as "to", ''::text as name, ''::text as surname, null::text as code
      from unnest(${textArray(spec.addresses)}) with ordinality as t(addr, k)`;
  }
  const address = addressOf(spec.channel);
  const settings = spec.channel === 'whatsapp' || spec.channel === 'push' ? sql`left join ${userNotificationSettings} s on s.user_id = u.id` : sql``;
  return sql`select u.id as k, u.id as user_id, a.addr as "to", u.name, u.surname, u.code
    from ${users} u ${settings}
    ${spec.channel === 'sms' || spec.channel === 'whatsapp' ? sql`cross join lateral (select ${phoneDigits(sql`u.phone`)} as d) p` : sql``}
    cross join lateral (select ${address} as addr) a
    where ${customerConditions(spec)} and a.addr is not null`;
}

export async function countAudience(db: DbOrTx, spec: AudienceSpec): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (${audienceRows(spec)}) r`);
  return Number((result.rows[0] as { n: number }).n);
}

export interface AudienceRow { k: number; user_id: number | null; to: string; name: string; surname: string }

export async function findAudiencePage(db: DbOrTx, spec: AudienceSpec, limit: number, offset: number): Promise<AudienceRow[]> {
  const result = await db.execute(sql`select r.k, r.user_id, r."to", r.name, r.surname from (${audienceRows(spec)}) r order by r.k limit ${limit} offset ${offset}`);
  return result.rows as unknown as AudienceRow[];
}

// ---------------------------------------------------------------- bulk_sends

export function insertBulkSend(db: DbOrTx, row: typeof bulkSends.$inferInsert) {
  return db.insert(bulkSends).values(row).returning({ id: bulkSends.id }).then((r) => r[0]!.id);
}

export async function findBulkSendForUpdate(db: DbOrTx, id: number) {
  const result = await db.execute(sql`select id, channel, status, filters, title, body, template_id, created_by, recipients_total, enqueued
    from ${bulkSends} where id = ${id} for update`);
  return result.rows[0] as { id: number; channel: NotifyChannel; status: BulkStatus; filters: Record<string, unknown>; title: string; body: string;
    template_id: number | null; created_by: number | null; recipients_total: number; enqueued: number } | undefined;
}

export function findBulkStatus(db: DbOrTx, id: number): Promise<BulkStatus | undefined> {
  return db.execute(sql`select status from ${bulkSends} where id = ${id}`).then((r) => (r.rows[0] as { status: BulkStatus } | undefined)?.status);
}

export async function setBulkStatus(db: DbOrTx, id: number, status: BulkStatus, error: string | null = null): Promise<void> {
  await db.execute(sql`update ${bulkSends} set status = ${status}, error = ${error},
    finished_at = case when ${status} in ('done', 'failed', 'cancelled') then now() else finished_at end where id = ${id}`);
}

/** The expansion is complete: the total becomes the messages actually created, and sending may finish it. */
export async function markBulkExpanded(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update ${bulkSends} set recipients_total = enqueued, status = 'running' where id = ${id} and status = 'queued'`);
  await finishBulkIfComplete(db, id);
}

export async function addBulkEnqueued(db: DbOrTx, id: number, n: number): Promise<void> {
  await db.execute(sql`update ${bulkSends} set enqueued = enqueued + ${n} where id = ${id}`);
}

/** One batch's outcomes into the counters; the bulk is done when every message has its final outcome. */
export async function addBulkOutcomes(db: DbOrTx, id: number, sent: number, failed: number): Promise<void> {
  if (sent || failed) await db.execute(sql`update ${bulkSends} set sent = sent + ${sent}, failed = failed + ${failed} where id = ${id}`);
  await finishBulkIfComplete(db, id);
}

async function finishBulkIfComplete(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update ${bulkSends} set status = 'done', finished_at = now()
    where id = ${id} and status = 'running' and sent + failed >= recipients_total`);
}

/** Unsent messages of a cancelled bulk are held back (active = false): no batch sends them any more. */
export async function holdBackBulkMessages(db: DbOrTx, id: number): Promise<number> {
  const result = await db.execute(sql`update ${nm} set active = false, updated_at = now() where bulk_id = ${id} and not is_sent and active`);
  return result.rowCount ?? 0;
}

const HISTORY_SORTS: Record<string, SQL> = { id: sql`b.id`, created_at: sql`b.created_at`, recipients_total: sql`b.recipients_total`, status: sql`b.status` };

export async function findBulkHistory(db: DbOrTx, channel: NotifyChannel, query: BulkHistoryQuery & { id?: number }, timeZone: string) {
  const where = [sql`b.channel = ${channel}`];
  if (query.status) where.push(sql`b.status = ${query.status}`);
  if (query.id) where.push(sql`b.id = ${query.id}`);
  const cond = sql.join(where, sql` and `);
  const sort = (Object.hasOwn(HISTORY_SORTS, query.sort_column ?? '') ? HISTORY_SORTS[query.sort_column!] : undefined) ?? sql`b.id`;
  const dir = query.sort_order === 'asc' ? sql`asc` : sql`desc`;
  const fmt = (col: SQL) => sql`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  const rows = await db.execute(sql`
    select b.id, b.channel, coalesce(b.filters->>'search_id', 'all') as search_id, b.template_id, b.title, b.body,
      b.recipients_total, b.enqueued, b.sent, b.failed, b.status, b.error, b.created_by,
      nullif(trim(coalesce(cu.name, '') || ' ' || coalesce(cu.surname, '')), '') as created_by_name,
      ${fmt(sql`b.created_at`)} as created_at,
      ${fmt(sql`(b.filters->>'planned_at')::timestamptz`)} as planned_at,
      ${fmt(sql`b.finished_at`)} as finished_at
    from ${bulkSends} b left join ${users} cu on cu.id = b.created_by
    where ${cond}
    order by ${sort} ${dir}, b.id ${dir}
    limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`);
  const total = await db.execute(sql`select count(*)::int as n from ${bulkSends} b where ${cond}`);
  return { rows: rows.rows as Record<string, unknown>[], total: Number((total.rows[0] as { n: number }).n) };
}

export async function findTemplateForChannel(db: DbOrTx, id: number, templateTypeId: number) {
  const result = await db.execute(sql`select id, title, body from ${notificationTemplates}
    where id = ${id} and template_type_id = ${templateTypeId} and deleted_at is null`);
  return result.rows[0] as { id: number; title: string; body: string } | undefined;
}

/** A moment in the office time zone ('YYYY-MM-DD HH:mm[:ss]') as an instant. */
export async function toInstant(db: DbOrTx, local: string, timeZone: string): Promise<Date> {
  const result = await db.execute(sql`select (${local}::timestamp at time zone ${timeZone}) as at`);
  return new Date((result.rows[0] as { at: string | Date }).at);
}

// ---------------------------------------------------------------- expansion

export interface ExpandChunk { picked: number; lastKey: number | null; inserted: number; minId: number | null; maxId: number | null }

/**
 * One chunk of the audience after `afterKey` into notification_messages (one INSERT … SELECT). The
 * event key `bulk:{id}` with (event_key, channel, to) unique makes a re-run insert nothing twice and
 * gives an address shared by two customers one message.
 */
export async function insertBulkChunk(db: DbOrTx, input: {
  bulkId: number; channel: NotifyChannel; spec: AudienceSpec; afterKey: number; limit: number; subject: string | null;
  body: SQL; templateId: number | null; createdBy: number | null; sendAt: Date;
}): Promise<ExpandChunk> {
  const result = await db.execute(sql`
    with picked as (
      select r.* from (${audienceRows(input.spec)}) r where r.k > ${input.afterKey} order by r.k limit ${input.limit}
    ), ins as (
      insert into ${nm} (channel, user_id, "to", subject, body, bulk_id, event_key, template_id, created_by, send_at)
      select ${input.channel}, p.user_id, p."to", ${input.subject}, ${input.body}, ${input.bulkId}, ${`bulk:${input.bulkId}`},
        ${input.templateId}, ${input.createdBy}, ${input.sendAt.toISOString()}::timestamptz
      from picked p
      order by p.k
      on conflict (event_key, channel, "to") where event_key is not null do nothing
      returning id
    )
    select (select count(*)::int from picked) as picked, (select max(k)::int from picked) as last_key,
      (select count(*)::int from ins) as inserted, (select min(id)::int from ins) as min_id, (select max(id)::int from ins) as max_id`);
  const row = result.rows[0] as { picked: number; last_key: number | null; inserted: number; min_id: number | null; max_id: number | null };
  return { picked: Number(row.picked), lastKey: row.last_key, inserted: Number(row.inserted), minId: row.min_id, maxId: row.max_id };
}

// ---------------------------------------------------------------- sending

export interface PendingMessage { id: number; channel: NotifyChannel; to: string; subject: string | null; body: string; html: string | null; attempts: number }

/** The batch's messages still to send: active, not sent, never tried or waiting for a retry (not given up). */
export async function findPendingMessages(db: DbOrTx, bulkId: number, range: { from: number; to: number } | { ids: number[] }): Promise<PendingMessage[]> {
  const scope = 'ids' in range ? sql`id = any(${intArray(range.ids)})` : sql`id between ${range.from} and ${range.to}`;
  const result = await db.execute(sql`select id, channel, "to", subject, body, html, attempts from ${nm}
    where bulk_id = ${bulkId} and ${scope} and active and not is_sent and (attempts = 0 or retry_at is not null)
    order by id`);
  return result.rows as unknown as PendingMessage[];
}

export async function markBulkMessagesSent(db: DbOrTx, rows: { id: number; providerId: string; state: string }[]): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`update ${nm} m set is_sent = true, sent_at = now(), provider_id = v.pid, provider_state = v.state,
      error = null, retry_at = null, attempts = m.attempts + 1, updated_at = now()
    from unnest(${intArray(rows.map((r) => r.id))}, ${textArray(rows.map((r) => r.providerId))}, ${textArray(rows.map((r) => r.state))}) as v(id, pid, state)
    where m.id = v.id`);
}

/** Failed sends: with `retryInSeconds` they wait for another try (retry_at), without it they are given up. */
export async function markBulkMessagesFailed(db: DbOrTx, rows: { id: number; error: string }[], retryInSeconds: number | null): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`update ${nm} m set error = v.error, attempts = m.attempts + 1, updated_at = now(),
      retry_at = ${retryInSeconds === null ? sql`null` : sql`now() + make_interval(secs => ${retryInSeconds})`}
    from unnest(${intArray(rows.map((r) => r.id))}, ${textArray(rows.map((r) => r.error.slice(0, 2000)))}) as v(id, error)
    where m.id = v.id`);
}
