import {
  CUSTOMS_TASK_STATE_IDS, CUSTOMS_TASK_STATES,
  type CustomsCounts, type CustomsDeclarationListQuery, type CustomsDeclarationRow, type CustomsQueueListQuery, type CustomsQueueRow,
  type CustomsTaskListQuery, type CustomsTaskRow,
} from '@app/contract/customs';
import { MODEL } from '@app/contract/models';
import { az } from '@app/contract/texts/az';
import { and, eq, inArray, isNull, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { customsParcels as cp, customsQueue as q, customsTasks as t } from '../../db/schema/customs';
import { declarationCustomsStates } from '../../db/schema/declaration-workflow';
import { declarations as d, postDeclarations } from '../../db/schema/declarations';
import { flights } from '../../db/schema/flights';
import { branches, countries, productTypes, settings, statuses } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { baskets } from '../../db/schema/warehouse';
import { POST_STATUS, type CustomsDeclaration } from '../../integrations/customs/protocol';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';
import { asDateTime, asDateTimeOrNull, fullName } from '../../platform/sql-format';

/* SQL of the customs link: exchanges (tasks), the package queue, what customs knows of our parcels. */


// ---------------------------------------------------------------- settings

export async function findGlobalSetting(db: DbOrTx, key: string): Promise<{ value: unknown } | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(and(eq(settings.groupId, 'global'), eq(settings.key, key)));
  return row;
}

// ---------------------------------------------------------------- tasks

export interface NewCustomsTask {
  action: string;
  method: string;
  path: string;
  query: unknown;
  statusCode: number | null;
  httpStatus: number | null;
  response: string | null;
  attempts: number;
  state: 'done' | 'failed' | 'declined';
  error: string | null;
  queueId?: number | null;
  retryAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export async function insertCustomsTask(db: DbOrTx, task: NewCustomsTask): Promise<number> {
  const [row] = await db.insert(t).values(taskValues(task)).returning({ id: t.id });
  return row!.id;
}

const taskValues = (task: NewCustomsTask) => ({ ...task, query: task.query ?? null, response: task.response?.slice(0, 200_000) ?? null });

/** Many tasks in one statement per 500 (a package run writes one per call). */
export async function insertCustomsTasks(db: DbOrTx, tasks: NewCustomsTask[]): Promise<void> {
  for (let i = 0; i < tasks.length; i += 500) await db.insert(t).values(tasks.slice(i, i + 500).map(taskValues));
}

function taskListSpec(timeZone: string): ListSpec<CustomsTaskListQuery> {
  return {
    filters: {
      search: (v) => (v ? sql`(${t.action} ilike ${`%${escapeLike(v)}%`} or ${t.query}::text ilike ${`%${escapeLike(v)}%`}
        or ${t.response} ilike ${`%${escapeLike(v)}%`} or ${t.error} ilike ${`%${escapeLike(v)}%`} or ${t.id}::text = ${v})` : undefined),
      action: filters.equals(t.action),
      state: filters.equals(t.state),
      date_from: filters.from(t.createdAt, timeZone),
      date_to: filters.to(t.createdAt, timeZone),
    },
    sorts: { id: t.id, created_at: t.createdAt, updated_at: t.updatedAt, attempts: t.attempts },
    defaultSort: { column: 'id', order: 'desc' },
    tieBreaker: t.id,
  };
}

const taskDeclarationState = alias(statuses, 'task_declaration_state');
/** Who last changed the parcel (the declaration's causer): the change that made the call. */
const taskChanger = alias(users, 'task_changer');
const TASK_STATE_NAMES = az.customsUi.taskStates;

/**
 * A task with the parcel it was about (through the queue row it sent: flat `<x>_id` + `<x>_name`);
 * a call about no parcel of ours has 0 and '' there (clients read numbers and text).
 */
const taskColumns = (timeZone: string) => ({
  id: t.id, action: t.action, method: t.method, path: t.path, query: t.query, status_code: t.statusCode, http_status: t.httpStatus,
  response: t.response, attempts: t.attempts, state: t.state,
  state_id: sql<number>`case ${t.state} ${sql.join(CUSTOMS_TASK_STATES.map((k) => sql`when ${k} then ${sql.raw(String(CUSTOMS_TASK_STATE_IDS[k]))}`), sql` `)} else 0 end`,
  state_name: sql<string>`case ${t.state} ${sql.join(CUSTOMS_TASK_STATES.map((k) => sql`when ${k} then ${TASK_STATE_NAMES[k] ?? k}`), sql` `)} else ${t.state} end`,
  error: t.error, queue_id: t.queueId,
  created_at: asDateTime(t.createdAt, timeZone), updated_at: asDateTime(t.updatedAt, timeZone), retry_at: asDateTimeOrNull(t.retryAt, timeZone),
  declaration_id: sql<number>`coalesce(${d.id}, 0)`,
  track_code: sql<string>`coalesce(${d.trackCode}, ${q.trackCode}, '')`,
  global_track_code: sql<string>`coalesce(${d.globalTrackCode}, '')`,
  weight: sql<string | null>`${d.weight}::text`,
  quantity: sql<number>`coalesce(${d.quantity}, 0)`,
  branch_id: sql<number>`coalesce(${branches.id}, 0)`,
  branch_name: sql<string>`coalesce(${branches.name}, '')`,
  basket_id: baskets.id,
  basket_name: baskets.name,
  user_id: sql<number>`coalesce(${users.id}, 0)`,
  user_name: sql<string>`coalesce(${fullName(users.name, users.surname)}, '')`,
  declaration_state_id: sql<number>`coalesce(${taskDeclarationState.id}, 0)`,
  declaration_state_name: sql<string>`coalesce(${taskDeclarationState.name}, '')`,
  product_type_id: sql<number>`coalesce(${productTypes.id}, 0)`,
  product_type_name: sql<string>`coalesce(${productTypes.nameAz}, '')`,
  country_id: countries.id,
  country_name: sql<string>`coalesce(${countries.countryName}, '')`,
  changer_id: sql<number>`coalesce(${taskChanger.id}, 0)`,
  changer_name: sql<string>`coalesce(${fullName(taskChanger.name, taskChanger.surname)}, '')`,
});

/** The task list's joins: the queue row it sent, its declaration, and the declaration's related records. */
function selectTasks(db: DbOrTx, timeZone: string) {
  return db.select(taskColumns(timeZone)).from(t)
    .leftJoin(q, eq(q.id, t.queueId))
    .leftJoin(d, eq(d.id, q.declarationId))
    .leftJoin(users, eq(users.id, d.userId))
    .leftJoin(branches, eq(branches.id, d.branchId))
    .leftJoin(baskets, eq(baskets.id, d.basketId))
    .leftJoin(taskDeclarationState, and(eq(taskDeclarationState.modelId, MODEL.declarations), eq(taskDeclarationState.id, d.statusId)))
    .leftJoin(productTypes, eq(productTypes.id, d.productTypeId))
    .leftJoin(countries, eq(countries.id, d.countryId))
    .leftJoin(taskChanger, eq(taskChanger.id, d.causerId));
}

export async function findTaskPage(db: DbOrTx, query: CustomsTaskListQuery, timeZone: string) {
  const built = buildListQuery(taskListSpec(timeZone), query);
  const rows = await selectTasks(db, timeZone).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, t, built);
  return { rows: rows as CustomsTaskRow[], total };
}

export async function findTask(db: DbOrTx, id: number, timeZone: string): Promise<CustomsTaskRow | undefined> {
  const [row] = await selectTasks(db, timeZone).where(eq(t.id, id));
  return row as CustomsTaskRow | undefined;
}

// ---------------------------------------------------------------- queue

export interface NewQueueItem {
  action: string;
  trackCode: string;
  declarationId?: number | null;
  json: unknown;
}

/** Queues sends; an add already queued or sent for the parcel is skipped (the partial unique index). */
export async function insertQueueItems(db: DbOrTx, items: NewQueueItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db.insert(q).values(items.map((i) => ({ ...i, declarationId: i.declarationId ?? null })))
    .onConflictDoNothing().returning({ id: q.id });
  return rows.map((r) => r.id);
}

/** Rows of one action still waiting in the queue for these parcels (sent now rather than by the job). */
export async function findQueuedIdsByTrack(db: DbOrTx, action: string, trackCodes: string[]): Promise<number[]> {
  if (trackCodes.length === 0) return [];
  const rows = await db.select({ id: q.id }).from(q)
    .where(and(eq(q.action, action), eq(q.status, 'queued'), inArray(q.trackCode, trackCodes))).orderBy(q.id);
  return rows.map((r) => r.id);
}

/** Takes the still-queued rows among these for sending (status 'sending'): two senders never send the same row. */
export function claimQueueItems(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.update(q).set({ status: 'sending', updatedAt: new Date() })
    .where(and(inArray(q.id, ids), eq(q.status, 'queued'))).returning();
}

/**
 * Rows a stopped instance left behind: 'sending' for over 15 minutes goes back to the queue (its
 * attempt counts, so the resend checks the carrier posts first), and queued rows long past their
 * retry time are returned to be sent again.
 */
export async function findStrandedQueueIds(db: DbOrTx, limit: number): Promise<number[]> {
  await db.update(q).set({ status: 'queued', attempts: sql`${q.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(q.status, 'sending'), sql`${q.updatedAt} < now() - interval '15 minutes'`));
  const rows = await db.select({ id: q.id }).from(q)
    .where(and(eq(q.status, 'queued'), sql`coalesce(${q.retryAt}, ${q.createdAt}) < now() - interval '10 minutes'`))
    .orderBy(q.id).limit(limit);
  return rows.map((r) => r.id);
}

export interface QueueItemUpdate {
  id: number;
  status: string;
  statusCode: number | null;
  response: string | null;
  attempts: number;
  retryAt: Date | null;
  lastError: string | null;
}

/** The outcome of many sends in one statement. */
export async function updateQueueItems(db: DbOrTx, updates: QueueItemUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const json = JSON.stringify(updates.map((u) => ({
    id: u.id, status: u.status, status_code: u.statusCode, response: u.response?.slice(0, 200_000) ?? null, attempts: u.attempts,
    retry_at: u.retryAt?.toISOString() ?? null, last_error: u.lastError,
  })));
  await db.execute(sql`
    update ${q} set status = v.status, status_code = v.status_code, response = v.response, attempts = v.attempts,
      retry_at = v.retry_at, last_error = v.last_error, updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as v(id bigint, status text, status_code int, response text, attempts int, retry_at timestamptz, last_error text)
    where ${q.id} = v.id`);
}

function queueListSpec(timeZone: string): ListSpec<CustomsQueueListQuery> {
  return {
    filters: {
      action: filters.equals(q.action),
      status: filters.equals(q.status),
      track_code: filters.contains(q.trackCode),
      tracking_no: filters.contains(q.trackCode),
      date_from: filters.from(q.createdAt, timeZone),
      date_to: filters.to(q.createdAt, timeZone),
    },
    sorts: { id: q.id, created_at: q.createdAt, updated_at: q.updatedAt, attempts: q.attempts },
    defaultSort: { column: 'id', order: 'desc' },
    tieBreaker: q.id,
  };
}

export async function findQueuePage(db: DbOrTx, query: CustomsQueueListQuery, timeZone: string) {
  const built = buildListQuery(queueListSpec(timeZone), query);
  const rows = await db.select({
    id: q.id, action: q.action, track_code: q.trackCode, declaration_id: q.declarationId, json: sql<string>`coalesce(${q.json}::text, 'null')`, status: q.status,
    status_code: q.statusCode, response: q.response, attempts: q.attempts, retry_at: asDateTimeOrNull(q.retryAt, timeZone),
    created_at: asDateTime(q.createdAt, timeZone), updated_at: asDateTime(q.updatedAt, timeZone),
  }).from(q).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, q, built);
  return { rows: rows as CustomsQueueRow[], total };
}

// ---------------------------------------------------------------- what customs knows of our parcels

export type CustomsParcelValues = Partial<typeof cp.$inferInsert> & { trackCode: string };

/**
 * Inserts or updates by tracking number; only the given fields change. Rows with the same fields
 * go in one statement (a package run's rows all look alike).
 */
export async function upsertCustomsParcels(db: DbOrTx, rows: CustomsParcelValues[]): Promise<void> {
  const groups = new Map<string, CustomsParcelValues[]>();
  for (const row of rows) {
    const clean = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as CustomsParcelValues;
    const key = Object.keys(clean).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), clean]);
  }
  for (const group of groups.values()) {
    // the last word on a parcel wins within one statement
    const byTrack = [...new Map(group.map((r) => [r.trackCode, r])).values()];
    const columns = Object.keys(byTrack[0]!).filter((k) => k !== 'trackCode') as (keyof typeof cp.$inferInsert)[];
    const set = Object.fromEntries(columns.map((k) => [k, sql.raw(`excluded.${(cp[k as keyof typeof cp] as AnyColumn).name}`)]));
    for (let i = 0; i < byTrack.length; i += 500) {
      await db.insert(cp).values(byTrack.slice(i, i + 500)).onConflictDoUpdate({ target: cp.trackCode, set: { ...set, updatedAt: new Date() } });
    }
  }
}

/** What customs holds of these parcels (a parcel we deleted at customs is no longer there). */
export function findCustomsParcelsByTrack(db: DbOrTx, trackCodes: string[]) {
  if (trackCodes.length === 0) return Promise.resolve([]);
  return db.select({ trackCode: cp.trackCode, regNumber: cp.regNumber, postStatus: cp.postStatus, declarationDeletedAt: cp.declarationDeletedAt })
    .from(cp).where(and(inArray(cp.trackCode, trackCodes), isNull(cp.removedAt)));
}

/** Parcels customs holds and may still delete: not deleted by us already, not in a dispatch (status 4: customs refuses). */
export async function findParcelsToWithdraw(db: DbOrTx, trackCodes: string[]): Promise<string[]> {
  if (trackCodes.length === 0) return [];
  const rows = await db.select({ trackCode: cp.trackCode }).from(cp)
    .where(and(inArray(cp.trackCode, trackCodes), isNull(cp.removedAt), sql`${cp.postStatus} <> ${POST_STATUS.dispatched}`));
  return rows.map((r) => r.trackCode);
}

/** Adds of these parcels still waiting in the queue are dropped (failed, with the reason): nothing to tell customs any more. */
export async function dropQueuedAdds(db: DbOrTx, trackCodes: string[], reason: string): Promise<number> {
  if (trackCodes.length === 0) return 0;
  const rows = await db.update(q).set({ status: 'failed', lastError: reason, retryAt: null, updatedAt: new Date() })
    .where(and(inArray(q.trackCode, trackCodes), inArray(q.action, ['add', 'add_commercial']), eq(q.status, 'queued')))
    .returning({ id: q.id });
  return rows.length;
}

/**
 * We deleted these parcels at customs (or customs no longer had them): they leave the customs
 * lists; a parcel that had a citizen's declaration lists it among the deleted declarations from now.
 */
export async function markParcelsRemoved(db: DbOrTx, trackCodes: string[]): Promise<void> {
  if (trackCodes.length === 0) return;
  await db.update(cp).set({
    removedAt: sql`coalesce(${cp.removedAt}, now())`,
    declarationDeletedAt: sql`case when ${cp.regNumber} is not null then coalesce(${cp.declarationDeletedAt}, now()) else ${cp.declarationDeletedAt} end`,
    updatedAt: new Date(),
  }).where(inArray(cp.trackCode, trackCodes));
}

/**
 * Declarations customs lists as withdrawn (deleteddeclarations). The withdrawal keeps the first
 * time we learnt it (each sync sees the same ones again); a parcel declared again since, under
 * another registration number, is left alone.
 */
export async function markDeclarationsWithdrawn(db: DbOrTx, items: { trackCode: string; regNumber: string; declaration: unknown }[]): Promise<void> {
  for (let i = 0; i < items.length; i += 500) {
    const chunk = [...new Map(items.slice(i, i + 500).map((it) => [it.trackCode, it])).values()];
    await db.insert(cp).values(chunk.map((it) => ({ trackCode: it.trackCode, regNumber: it.regNumber, declaration: it.declaration, declarationDeletedAt: new Date() })))
      .onConflictDoUpdate({
        target: cp.trackCode,
        set: {
          regNumber: sql`excluded.reg_number`,
          declaration: sql`excluded.declaration`,
          declarationDeletedAt: sql`coalesce(${cp.declarationDeletedAt}, excluded.declaration_deleted_at)`,
          updatedAt: new Date(),
        },
        setWhere: sql`${cp.regNumber} is null or ${cp.regNumber} = excluded.reg_number`,
      });
  }
}

/**
 * Post declarations (spec §3) from the citizens' declarations customs sends us: one row per
 * registration number for a parcel of ours — our declared value and the value customs took
 * (invoicePriceUsdNumber), both in USD. Our value is converted at the rate customs used for the
 * declaration when the currencies match (else kept when it is already USD). New rows are unread.
 */
export async function insertPostDeclarations(db: DbOrTx, declarations: CustomsDeclaration[]): Promise<number> {
  if (declarations.length === 0) return 0;
  let inserted = 0;
  for (let i = 0; i < declarations.length; i += 500) {
    const json = JSON.stringify(declarations.slice(i, i + 500).map((x) => {
      const usd = x.goodsList.reduce((sum, g) => sum + Number(g.invoicePriceUsdNumber ?? 0), 0);
      const local = x.goodsList.reduce((sum, g) => sum + Number(g.invoicePrice ?? 0), 0);
      const currencies = [...new Set(x.goodsList.map((g) => g.currencyType))];
      return {
        track_code: x.trackingNumber, reg_number: x.regNumber, usd: usd.toFixed(2),
        rate: local > 0 && currencies.length === 1 ? usd / local : null, currency: currencies.length === 1 ? currencies[0] : null,
        declared_at: `${x.insertDate.slice(0, 19)}Z`,
      };
    }));
    const res = await db.execute(sql`
      insert into ${postDeclarations} (track_code, price, dgk_price, user_id, is_new, customs_id, declaration_id, created_at)
      select dd.track_code,
             case when dd.price is null then null
                  when v.rate is not null and v.currency = coalesce(pc.currency, v.currency) then round(dd.price * v.rate, 2)
                  when pc.currency = 'USD' then dd.price end,
             v.usd, dd.user_id, true, v.reg_number, dd.id, least(v.declared_at, now())
      from jsonb_to_recordset(${json}::jsonb) as v(track_code text, reg_number text, usd numeric, rate numeric, currency text, declared_at timestamptz)
      join ${d} dd on dd.track_code = v.track_code
      left join ${cp} pc on pc.track_code = v.track_code
      where v.reg_number is not null
        and not exists (select 1 from ${postDeclarations} p where p.customs_id = v.reg_number)
      returning id`);
    inserted += res.rows.length;
  }
  return inserted;
}

/** Our declarations of these track codes with their customers (for the upload's sort-out). */
export function findDeclarationsByTrack(db: DbOrTx, trackCodes: string[]) {
  if (trackCodes.length === 0) return Promise.resolve([]);
  return db.select({ trackCode: d.trackCode, userId: d.userId }).from(d).where(inArray(d.trackCode, trackCodes));
}

const joined = {
  /** customs still holds the parcel (we did not delete it there) */
  atCustoms: sql`${cp.removedAt} is null`,
  declared: sql`${cp.regNumber} is not null and ${cp.declarationDeletedAt} is null`,
  customerExists: sql`${users.id} is not null`,
};

function customsDeclarationSpec(timeZone: string): ListSpec<CustomsDeclarationListQuery> {
  return {
    base: [joined.atCustoms],
    filters: {
      declared: (v) => (v ? joined.declared : sql`not (${joined.declared})`),
      customer_exists: (v) => (v ? joined.customerExists : sql`not (${joined.customerExists})`),
      in_flight: (v) => (v ? sql`${d.flightId} is not null` : sql`${d.flightId} is null`),
      d: (v) => (v ? joined.declared : sql`not (${joined.declared})`),
      u: (v) => (v ? joined.customerExists : sql`not (${joined.customerExists})`),
      flight: (v) => (v ? sql`${d.flightId} is not null` : sql`${d.flightId} is null`),
      user_id: filters.equals(d.userId),
      tracking_number: filters.contains(cp.trackCode),
      fin: filters.equals(cp.fin),
      reg_number: filters.equals(cp.regNumber),
      flight_id: filters.equals(d.flightId),
      date_from: filters.from(cp.addedAt, timeZone),
      date_to: filters.to(cp.addedAt, timeZone),
    },
    sorts: { added_at: cp.addedAt, declared_at: cp.declaredAt, tracking_number: cp.trackCode, invoice_price: cp.invoicePrice },
    defaultSort: { column: 'added_at', order: 'desc' },
    tieBreaker: cp.trackCode,
  };
}

export async function findCustomsDeclarationPage(db: DbOrTx, query: CustomsDeclarationListQuery, timeZone: string) {
  const built = buildListQuery(customsDeclarationSpec(timeZone), query);
  const base = () => db.select({
    id: sql<number>`coalesce(${d.id}, 0)::int`,
    declaration_id: d.id,
    user_id: users.id,
    user_name: sql<string | null>`case when ${users.id} is null then null else trim(${users.name} || ' ' || ${users.surname}) end`,
    ImportName: sql<string>`coalesce(${cp.importerName}, '')`, PinNumber: sql<string>`coalesce(${cp.fin}, '')`,
    GoodsName: sql<string>`coalesce(${cp.goodsName}, '')`, InvoicePriceFull: sql<string>`coalesce(${cp.invoicePrice}::text, '')`,
    InvoicePriceUsd: sql<string>`coalesce(${cp.invoicePriceUsd}::text, '')`, QuantityFull: sql<string>`coalesce(${cp.quantity}::text, '')`,
    PayStatus: sql<string>`coalesce(${cp.payStatusId}::text, '')`, RegNumber: sql<string>`coalesce(${cp.regNumber}, '')`, TrackingNumber: cp.trackCode,
    flight_id: flights.id, flight_name: flights.name,
    post_status: cp.postStatus, created_at: asDateTime(cp.addedAt, timeZone), declared_at: asDateTimeOrNull(cp.declaredAt, timeZone),
  }).from(cp)
    .leftJoin(d, and(eq(d.trackCode, cp.trackCode), sql`${d.deletedAt} is null`))
    .leftJoin(users, eq(users.id, d.userId))
    .leftJoin(flights, eq(flights.id, d.flightId));
  const rows = await base().where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const [totals] = await db.select({
    total: sql<number>`count(*)::int`,
    declared: sql<number>`(count(*) filter (where ${joined.declared}))::int`,
    undeclared: sql<number>`(count(*) filter (where not (${joined.declared})))::int`,
    unknown: sql<number>`(count(*) filter (where not (${joined.customerExists})))::int`,
  }).from(cp)
    .leftJoin(d, and(eq(d.trackCode, cp.trackCode), sql`${d.deletedAt} is null`))
    .leftJoin(users, eq(users.id, d.userId))
    .where(built.where);
  const counts: CustomsCounts = { declared: totals?.declared ?? 0, undeclared: totals?.undeclared ?? 0, unknown: totals?.unknown ?? 0 };
  return { rows: rows as CustomsDeclarationRow[], total: totals?.total ?? 0, counts };
}

// ---------------------------------------------------------------- stats

export async function findStats(db: DbOrTx, timeZone: string) {
  const posts = await db.select({ status: cp.postStatus, n: sql<number>`count(*)::int` }).from(cp).where(joined.atCustoms).groupBy(cp.postStatus);
  const queue = await db.select({ status: q.status, n: sql<number>`count(*)::int` }).from(q).groupBy(q.status);
  const tasks = await db.select({ state: t.state, n: sql<number>`count(*)::int` }).from(t)
    .where(sql`${t.createdAt} >= date_trunc('day', now())`).groupBy(t.state);
  const [counts] = await db.select({
    declared: sql<number>`(count(*) filter (where ${joined.declared}))::int`,
    undeclared: sql<number>`(count(*) filter (where not (${joined.declared})))::int`,
    unknown: sql<number>`(count(*) filter (where not (${joined.customerExists})))::int`,
  }).from(cp).leftJoin(d, and(eq(d.trackCode, cp.trackCode), sql`${d.deletedAt} is null`)).leftJoin(users, eq(users.id, d.userId))
    .where(joined.atCustoms);
  const [withdrawn] = await db.select({ n: sql<number>`count(*)::int` }).from(cp).where(sql`${cp.declarationDeletedAt} is not null`);
  const [sync] = await db.select({ at: asDateTimeOrNull(sql`max(${t.createdAt})`, timeZone) }).from(t).where(and(eq(t.action, 'declarations'), eq(t.state, 'done')));
  return { posts, queue, tasks, counts: counts ?? { declared: 0, undeclared: 0, unknown: 0 }, withdrawn: withdrawn?.n ?? 0, lastSync: sync?.at ?? null };
}

// ---------------------------------------------------------------- the declaration's customs state (spec §4 labels)

/**
 * Appends a customs state to each of our declarations with that track code, unless its latest
 * state already has that code (a sync that sees the same state again adds nothing).
 */
export async function insertDeclarationCustomsStates(db: DbOrTx, states: { trackCode: string; code: number; json: unknown }[]): Promise<number> {
  if (states.length === 0) return 0;
  const json = JSON.stringify(states.map((s) => ({ track_code: s.trackCode, code: s.code, json: s.json ?? null })));
  const res = await db.execute(sql`
    insert into ${declarationCustomsStates} (declaration_id, track_code, code, json)
    select dd.id, v.track_code, v.code, v.json
    from jsonb_to_recordset(${json}::jsonb) as v(track_code text, code int, json jsonb)
    join ${d} dd on dd.track_code = v.track_code and dd.deleted_at is null
    where coalesce((select cs.code from ${declarationCustomsStates} cs where cs.declaration_id = dd.id
                    order by cs.created_at desc, cs.id desc limit 1), -1) <> v.code
    returning id`);
  return res.rows.length;
}

/**
 * A parcel's "declared" flag (declarations.customs, the lists' declared/undeclared filter and the
 * flight's declared count) follows what customs says of it after a sync: declared while customs holds
 * the citizen's declaration (post status 1, 3 or 4) and it was not withdrawn.
 */
export async function updateDeclaredFlags(db: DbOrTx, trackCodes: string[]): Promise<number> {
  const codes = [...new Set(trackCodes.filter(Boolean))];
  if (codes.length === 0) return 0;
  const res = await db.execute(sql`
    update ${d} dd set customs = x.declared
    from (select cp.track_code, cp.post_status in (1, 3, 4) and cp.declaration_deleted_at is null as declared
          from customs_parcels cp where cp.track_code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})) x
    where x.track_code = dd.track_code and dd.deleted_at is null and dd.customs <> x.declared
    returning dd.id`);
  return res.rows.length;
}

// ---------------------------------------------------------------- parcels to add, from our declarations

/** What the add of a declaration needs: the declaration, its customer, product type and country. */
export async function findDeclarationsForCustoms(db: DbOrTx, declarationIds: number[]) {
  if (declarationIds.length === 0) return [];
  const res = await db.execute(sql`
    select dd.id, dd.track_code, dd.weight, dd.price, dd.delivery_price, dd.quantity, dd.shop_name, dd.is_commercial, dd.voen, dd.awb,
           u.fin, u.name, u.surname, u.address, u.phone,
           pt.name_az as product_name, pt.customs_id,
           c.country_name, c.country_code, c.currency_type,
           exists (select 1 from customs_parcels kp where kp.track_code = dd.track_code and kp.removed_at is null) as known
    from ${d} dd
    left join ${users} u on u.id = dd.user_id
    left join product_types pt on pt.id = dd.product_type_id
    left join countries c on c.id = dd.country_id
    where dd.id in (${sql.join(declarationIds.map((id) => sql`${id}`), sql`, `)}) and dd.deleted_at is null
    order by dd.id`);
  return res.rows as {
    id: number; track_code: string; weight: string | null; price: string | null; delivery_price: string | null; quantity: number;
    shop_name: string | null; is_commercial: boolean; voen: string | null; awb: string | null;
    fin: string | null; name: string | null; surname: string | null; address: string | null; phone: string | null;
    product_name: string | null; customs_id: string | null; country_name: string | null; country_code: string | null; currency_type: string | null;
    /** Customs already holds the parcel (added before and not removed). */
    known: boolean;
  }[];
}

/** What customs was told before (for the embedded simulator's restart): posts and declarations as stored. */
export function findStoredPosts(db: DbOrTx, limit: number) {
  return db.select({ post: cp.post, declaration: cp.declaration, declarationDeletedAt: cp.declarationDeletedAt }).from(cp)
    .where(and(sql`${cp.post} is not null`, isNull(cp.removedAt))).orderBy(sql`${cp.addedAt} desc`).limit(limit);
}
