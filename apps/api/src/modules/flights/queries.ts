import type { DispatchPackage, FlightListQuery, Pallet, PackageRunItemInput } from '@app/contract/flights';
import { MODEL } from '@app/contract/models';
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZFlightOptionsQuery } from '@app/contract/flights';
import type { DbOrTx } from '../../db/client';
import { customsParcels as cp } from '../../db/schema/customs';
import { declarations as d } from '../../db/schema/declarations';
import { flightPackageRuns as r, flights as f, flightTotals as ft, parcels as p } from '../../db/schema/flights';
import { auditLog, statusHistory } from '../../db/schema/platform';
import { countries, statuses } from '../../db/schema/settings';
import { buildListQuery, countList, filters, type ListSpec } from '../../platform/list-query';

/*
 * SQL of the flights domain: flights (list, detail figures), their bags, package runs and the
 * set-based parcel moves of closing and executing. Sub-selects name their outer table explicitly
 * (`flights.`, `declarations.`): drizzle leaves the columns of one-table selects bare.
 */

export type FlightRecord = typeof f.$inferSelect;
export type PackageRunRecord = typeof r.$inferSelect;
/** A package run's stored input item: the contract's shape plus the declaration it stands for. */
export type StoredRunItem = PackageRunItemInput & { declarationId: number };

const dateTimeOf = (column: SQL | AnyColumn, timeZone: string) => sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
const intArray = (ids: readonly number[]) => sql`${sql.param(`{${ids.join(',')}}`)}::int[]`;

// ---------------------------------------------------------------- flights

/** 'from,to' date-times (office time zone); an empty side is open. */
function dateRangeFilter(column: AnyColumn, value: string, timeZone: string): SQL | undefined {
  const [from, to] = value.split(',').map((part) => part.trim().slice(0, 19));
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= (${from}::timestamp at time zone ${timeZone})`);
  if (to) parts.push(sql`${column} <= (${to}::timestamp at time zone ${timeZone})`);
  return parts.length ? and(...parts) : undefined;
}

export function flightListSpec(timeZone: string): ListSpec<FlightListQuery> {
  return {
    filters: {
      name: filters.contains(f.name),
      airwaybill: filters.contains(f.airwaybill),
      country_id: filters.equals(f.countryId),
      state_id: filters.equals(f.statusId),
      trendyol: filters.equals(f.trendyol),
      id: filters.equals(f.id),
      flight_provider: filters.equals(f.trendyol),
      start_date: (v) => dateRangeFilter(f.startedAt, v, timeZone),
      end_date: (v) => dateRangeFilter(f.endedAt, v, timeZone),
      date_from: (v) => sql`${f.startedAt} >= (${v}::date::timestamp at time zone ${timeZone})`,
      date_to: (v) => sql`${f.startedAt} < ((${v}::date + 1)::timestamp at time zone ${timeZone})`,
    },
    sorts: {
      id: f.id, name: f.name, start_date: f.startedAt, end_date: f.endedAt, created_at: f.createdAt, state_id: f.statusId,
      started_at: f.startedAt, ended_at: f.endedAt, status: f.statusId,
    },
    defaultSort: { column: 'id', order: 'desc' },
    tieBreaker: f.id,
  };
}

/** The flight's own columns as FlightRow wants them (aggregates come from `findFlightAggregates`). */
const flightColumns = (timeZone: string) => ({
  id: f.id,
  name: f.name,
  trendyol: f.trendyol,
  airwaybill: f.airwaybill,
  startedAt: dateTimeOf(f.startedAt, timeZone),
  endedAt: dateTimeOf(f.endedAt, timeZone),
  createdAt: sql<string>`to_char(${f.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
  closedAt: dateTimeOf(f.closedAt, timeZone),
  thisMonth: f.thisMonth,
  volume: f.volume,
  countryId: f.countryId,
  countryName: sql<string | null>`(select c.country_name from ${countries} c where c.id = flights.country_id)`,
  statusId: f.statusId,
  statusName: sql<string | null>`(select s.name from ${statuses} s where s.model_id = ${MODEL.flights} and s.id = flights.status_id)`,
});
export interface FlightBaseRow {
  id: number; name: string; trendyol: number; airwaybill: string | null; startedAt: string | null; endedAt: string | null; createdAt: string;
  closedAt: string | null; thisMonth: string | null; volume: string | null; countryId: number; countryName: string | null; statusId: number; statusName: string | null;
}

/** One page of flights (ListSpec filters and sorts; `count` sorts by the flight's parcel count). */
export async function findFlightPage(db: DbOrTx, query: FlightListQuery, timeZone: string) {
  const built = buildListQuery(flightListSpec(timeZone), query);
  let orderBy = built.orderBy;
  if (query.sort_column === 'count' || query.sort_column === 'total') {
    // The kept parcel count (flight_totals, one primary-key lookup per flight; no row: no parcels).
    const count = sql`coalesce((select ft.count from ${ft} ft where ft.flight_id = flights.id), 0)`;
    orderBy = query.sort_order === 'desc' ? [desc(count), desc(f.id)] : [asc(count), asc(f.id)];
  }
  const rows = await db.select(flightColumns(timeZone)).from(f).where(built.where).orderBy(...orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, f, built);
  return { rows: rows as FlightBaseRow[], total };
}

export async function findFlightRow(db: DbOrTx, id: number, timeZone: string): Promise<FlightBaseRow | undefined> {
  const [row] = await db.select(flightColumns(timeZone)).from(f).where(eq(f.id, id));
  return row as FlightBaseRow | undefined;
}

export function findFlight(db: DbOrTx, id: number): Promise<FlightRecord | undefined> {
  return db.select().from(f).where(eq(f.id, id)).then((rows) => rows[0]);
}

export function findFlightForUpdate(tx: DbOrTx, id: number): Promise<FlightRecord | undefined> {
  return tx.select().from(f).where(eq(f.id, id)).for('update').then((rows) => rows[0]);
}

export interface FlightAggregates {
  flightId: number; count: number; completed: number; weight: string; productPrice: string; deliveryPrice: string; runs: number; runsExecuted: number;
}

/**
 * The page's figures in two queries over its flight ids: the parcel totals the database keeps in
 * flight_totals (triggers on declarations, hand-written SQL of migration 0005; a flight without
 * a row has none) and package runs.
 */
export async function findFlightAggregates(db: DbOrTx, flightIds: readonly number[]): Promise<Map<number, FlightAggregates>> {
  const out = new Map<number, FlightAggregates>();
  if (flightIds.length === 0) return out;
  for (const id of flightIds) out.set(id, { flightId: id, count: 0, completed: 0, weight: '0.00', productPrice: '0.00', deliveryPrice: '0.00', runs: 0, runsExecuted: 0 });
  const parcelsRes = await db.execute<{ flight_id: number; n: number; completed: number; weight: string; price: string; delivery: string }>(sql`
    select flight_id::int as flight_id, count::int as n, completed::int as completed,
           round(weight, 2)::text as weight, round(product_price, 2)::text as price, round(delivery_price, 2)::text as delivery
    from ${ft} where flight_id = any(${intArray(flightIds)})`);
  for (const row of parcelsRes.rows) {
    Object.assign(out.get(Number(row.flight_id))!, {
      count: Number(row.n), completed: Number(row.completed), weight: row.weight, productPrice: row.price, deliveryPrice: row.delivery,
    });
  }
  const runsRes = await db.execute<{ flight_id: number; n: number; executed: number }>(sql`
    select flight_id::int as flight_id, count(*)::int as n, (count(*) filter (where executed))::int as executed
    from ${r} where flight_id = any(${intArray(flightIds)}) group by flight_id`);
  for (const row of runsRes.rows) Object.assign(out.get(Number(row.flight_id))!, { runs: Number(row.n), runsExecuted: Number(row.executed) });
  return out;
}

/**
 * Detail figures: bags, declared / undeclared to customs, dispatched (8). Declared is the parcel's
 * own flag (declarations.customs, the parcel list's 'customs' column and filter), so the detail
 * agrees with its parcel list (issue 19 item 3: a customs_parcels registration number, absent for
 * parcels declared before the link kept one, read 48 of 272 declared).
 */
export async function findFlightFigures(db: DbOrTx, flightId: number) {
  const res = await db.execute<{ bags: number; declared: number; undeclared: number; dispatched: number }>(sql`
    select (select count(*) from ${p} where flight_id = ${flightId})::int as bags,
           (count(*) filter (where dd.customs))::int as declared,
           (count(*) filter (where not dd.customs))::int as undeclared,
           (count(*) filter (where dd.status_id = 8))::int as dispatched
    from ${d} dd
    where dd.flight_id = ${flightId} and dd.deleted_at is null`);
  const row = res.rows[0]!;
  return { bags: Number(row.bags), declared: Number(row.declared), undeclared: Number(row.undeclared), dispatched: Number(row.dispatched) };
}

export function findFlightOptions(db: DbOrTx, q: z.infer<typeof ZFlightOptionsQuery>) {
  const where: SQL[] = [];
  if (q.country_id) where.push(eq(f.countryId, q.country_id));
  if (q.open) where.push(eq(f.statusId, 29));
  if (q.name) where.push(filters.contains(f.name)(q.name)!);
  return db.select({ id: f.id, name: f.name, flight_name: f.name }).from(f).where(and(...where)).orderBy(desc(f.id)).limit(1000);
}

export async function flightStatusExists(db: DbOrTx, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db.select({ id: statuses.id, name: statuses.name }).from(statuses).where(and(eq(statuses.modelId, MODEL.flights), eq(statuses.id, id)));
  return row;
}

export async function countryExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).limit(1);
  return rows.length > 0;
}

/** Advisory lock namespace of flight names (the first key of the two-key form; the second is the name's hash). */
const FLIGHT_NAME_LOCK = 16_001;
/** A name compared trimmed and case-insensitively. */
const nameKey = (column: SQL | AnyColumn | string) => sql`lower(btrim(${column}))`;

/**
 * Serialises writes that may give an open flight this name until the transaction ends: two
 * creates of one name at once would each find no other open flight before either commits.
 */
export async function lockFlightName(tx: DbOrTx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FLIGHT_NAME_LOCK}, hashtext(${nameKey(name)}))`);
}

/** An open (29) flight other than `exceptId` with this name (trimmed, case-insensitive). */
export async function findOpenFlightNamed(tx: DbOrTx, name: string, exceptId: number | null): Promise<{ id: number } | undefined> {
  const where = [eq(f.statusId, 29), sql`${nameKey(f.name)} = ${nameKey(name)}`];
  if (exceptId !== null) where.push(sql`${f.id} <> ${exceptId}`);
  return tx.select({ id: f.id }).from(f).where(and(...where)).limit(1).then((rows) => rows[0]);
}

export async function insertFlight(tx: DbOrTx, row: typeof f.$inferInsert): Promise<number> {
  const [created] = await tx.insert(f).values(row).returning({ id: f.id });
  return created!.id;
}

export async function updateFlight(tx: DbOrTx, id: number, fields: Partial<typeof f.$inferInsert>): Promise<void> {
  await tx.update(f).set(fields).where(eq(f.id, id));
}

export async function insertFlightStatusHistory(tx: DbOrTx, entry: { flightId: number; from: number | null; to: number; userId: number | null; note?: string | null }) {
  await tx.insert(statusHistory).values({
    modelId: MODEL.flights, objectId: entry.flightId, fromStateId: entry.from, stateId: entry.to, userId: entry.userId, note: entry.note ?? null,
  });
}

/** GET flights/stats: handed-over parcels (10) and the delivery prices they paid, $. */
export async function findFlightStats(db: DbOrTx, flightId: number) {
  const res = await db.execute<{ n: number; sum: string }>(sql`
    select (count(*) filter (where status_id = 10))::int as n,
           round(coalesce(sum(delivery_price) filter (where status_id = 10 and payed), 0), 2)::text as sum
    from ${d} where flight_id = ${flightId} and deleted_at is null`);
  return { count: Number(res.rows[0]?.n ?? 0), sum: res.rows[0]?.sum ?? '0.00' };
}

/** Dimensional weight: w×h×d/6000 per measured parcel (cm → kg), summed. */
export async function computeFlightVolume(db: DbOrTx, flightId: number) {
  const res = await db.execute<{ weight: string; n: number }>(sql`
    select round(coalesce(sum(width * height * depth / 6000) filter (where width > 0 and height > 0 and depth > 0), 0), 3)::text as weight,
           (count(*) filter (where width > 0 and height > 0 and depth > 0))::int as n
    from ${d} where flight_id = ${flightId} and deleted_at is null`);
  return { weight: res.rows[0]?.weight ?? '0.000', count: Number(res.rows[0]?.n ?? 0) };
}

// ---------------------------------------------------------------- bags (pallets)

export async function findFlightBags(db: DbOrTx, flightId: number): Promise<Pallet[]> {
  const res = await db.execute<{ id: number; box: string; n: number; weight: string }>(sql`
    select pp.id::int as id, pp.name as box, count(dd.id)::int as n, round(coalesce(sum(dd.weight), 0), 2)::text as weight
    from ${p} pp left join ${d} dd on dd.parcel_id = pp.id and dd.deleted_at is null
    where pp.flight_id = ${flightId}
    group by pp.id, pp.name order by pp.id`);
  return res.rows.map((row) => ({ id: Number(row.id), box: row.box, total_count: Number(row.n), total_weight: Number(row.weight) }));
}

export async function findBag(db: DbOrTx, id: number) {
  const [row] = await db.select().from(p).where(eq(p.id, id));
  return row;
}

// ---------------------------------------------------------------- closing

export interface ClosableParcel { id: number; trackCode: string; regNumber: string | null; statusId: number }

/**
 * The flight's parcels that may go into a dispatch (not deleted, at 5 or 7), oldest first, with
 * the customs declaration's registration number when the citizen has one (not withdrawn). Locked.
 */
export async function lockClosableParcels(tx: DbOrTx, flightId: number): Promise<ClosableParcel[]> {
  const res = await tx.execute<{ id: number; track_code: string; reg_number: string | null; status_id: number }>(sql`
    select dd.id::int as id, dd.track_code, cp.reg_number, dd.status_id::int as status_id
    from ${d} dd
    left join ${cp} cp on cp.track_code = dd.track_code and cp.reg_number is not null and cp.declaration_deleted_at is null
    where dd.flight_id = ${flightId} and dd.deleted_at is null and dd.status_id in (5, 7)
    order by dd.id
    for update of dd`);
  return res.rows.map((row) => ({ id: Number(row.id), trackCode: row.track_code, regNumber: row.reg_number, statusId: Number(row.status_id) }));
}

/**
 * Moves declarations to `to`, each with its status history row (model 2) and note, in one
 * statement (the bulk status pattern of declarations). Only rows not already at `to` change.
 */
export async function moveDeclarations(tx: DbOrTx, items: { id: number; note: string | null }[], to: number, userId: number | null, onlyFrom?: readonly number[]): Promise<number> {
  if (items.length === 0) return 0;
  const from = onlyFrom?.length ? sql`and dd.status_id = any(${intArray(onlyFrom)})` : sql``;
  const res = await tx.execute<{ n: number }>(sql`
    with input as (
      select x.id, x.note from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(id int, note text)
    ), target as (
      select dd.id, dd.status_id as from_state, input.note from ${d} dd join input on input.id = dd.id
      where dd.deleted_at is null and dd.status_id <> ${to} ${from}
      for update of dd
    ), changed as (
      update ${d} set status_id = ${to}, updated_at = now() from target where declarations.id = target.id
      returning target.id, target.from_state, target.note
    ), history as (
      insert into ${statusHistory} (model_id, object_id, from_state_id, state_id, user_id, note)
      select ${MODEL.declarations}, id, from_state, ${to}, ${userId}, left(note, 500) from changed
      returning 1
    )
    select count(*)::int as n from history`);
  return Number(res.rows[0]?.n ?? 0);
}

export async function countRuns(tx: DbOrTx, flightId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(r).where(eq(r.flightId, flightId));
  return Number(row?.n ?? 0);
}

export function insertRuns(tx: DbOrTx, rows: { flightId: number; input: StoredRunItem[]; createdBy: number }[]): Promise<PackageRunRecord[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return tx.insert(r).values(rows).returning();
}

// ---------------------------------------------------------------- package runs

export async function findRunPage(db: DbOrTx, flightId: number, page: { limit: number; offset: number }) {
  const rows = await db.select().from(r).where(eq(r.flightId, flightId)).orderBy(desc(r.id)).limit(page.limit).offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(r).where(eq(r.flightId, flightId));
  return { rows, total: Number(count?.n ?? 0) };
}

export function findRunForUpdate(tx: DbOrTx, id: number): Promise<PackageRunRecord | undefined> {
  return tx.select().from(r).where(eq(r.id, id)).for('update').then((rows) => rows[0]);
}

export async function updateRun(tx: DbOrTx, id: number, fields: Partial<typeof r.$inferInsert>): Promise<PackageRunRecord> {
  const [row] = await tx.update(r).set(fields).where(eq(r.id, id)).returning();
  return row!;
}

/** Sets the air waybill in the input of the flight's runs not yet executed; returns how many. */
export async function setRunsAirwaybill(tx: DbOrTx, flightId: number, airwaybill: string): Promise<number> {
  const res = await tx.execute<{ id: number }>(sql`
    update ${r} set input = (
      select coalesce(jsonb_agg(item || jsonb_build_object('airWaybillNumber', ${airwaybill}::text) order by n), '[]'::jsonb)
      from jsonb_array_elements(flight_package_runs.input) with ordinality as e(item, n)
    )
    where flight_id = ${flightId} and not executed
    returning id`);
  return res.rows.length;
}

/** The flight's parcels customs has as dispatched (carrier post status 4), with their dispatch numbers. */
export async function findDispatchedAtCustoms(db: DbOrTx, flightId: number) {
  const res = await db.execute<{ id: number; track_code: string; depesh_number: string | null }>(sql`
    select dd.id::int as id, dd.track_code, cp.depesh_number
    from ${d} dd join ${cp} cp on cp.track_code = dd.track_code
    where dd.flight_id = ${flightId} and dd.deleted_at is null and cp.post_status = 4
    order by dd.id`);
  return res.rows.map((row) => ({ id: Number(row.id), trackCode: row.track_code, depeshNumber: row.depesh_number }));
}

/** The items of the flight's package runs (sent dispatches), in run and input order: one page and the totals. */
export async function findDispatchPage(db: DbOrTx, flightId: number, page: { limit: number; offset: number }, timeZone: string) {
  const items = sql`
    from ${r} rr
    cross join lateral jsonb_array_elements(rr.input) with ordinality as i(item, n)
    left join ${d} dd on dd.id = (i.item->>'declarationId')::int
    where rr.flight_id = ${flightId}`;
  const res = await db.execute<{
    declaration_id: number | null; track_code: string; reg_number: string | null; dispatch_number: string | null; airwaybill: string | null;
    weight: string | null; user_id: number | null; user_name: string | null; code: number | null; sent: boolean; sent_at: string;
  }>(sql`
    select dd.id::int as declaration_id, i.item->>'trackingNumber' as track_code, nullif(i.item->>'regNumber', '') as reg_number,
           i.item->>'dispatchNumber' as dispatch_number, i.item->>'airWaybillNumber' as airwaybill, coalesce(dd.weight, 0)::text as weight,
           dd.user_id::int as user_id, (select trim(u.name || ' ' || coalesce(u.surname, '')) from users u where u.id = dd.user_id) as user_name,
           case when rr.executed and rr.output->((i.n - 1)::int)->>'trackingNumber' = i.item->>'trackingNumber'
                then (rr.output->((i.n - 1)::int)->>'code')::int end as code,
           rr.executed as sent,
           to_char(coalesce(case when rr.executed then rr.ended_at end, rr.created_at) at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as sent_at
    ${items}
    order by rr.id, i.n
    limit ${page.limit} offset ${page.offset}`);
  const totals = await db.execute<{ n: number; weight: string }>(sql`
    select count(*)::int as n, round(coalesce(sum(dd.weight), 0), 2)::text as weight ${items}`);
  const packages: DispatchPackage[] = res.rows.map((row) => ({
    declaration_id: Number(row.declaration_id ?? 0), trackinG_NO: row.track_code, reg_number: row.reg_number, depesH_NUMBER: row.dispatch_number ?? '',
    airwaybill: row.airwaybill ?? '', weight: row.weight ?? '0', user_id: row.user_id === null ? null : Number(row.user_id), user_name: row.user_name,
    code: row.code === null || row.code === undefined ? null : Number(row.code), depesH_DATE: row.sent_at, sent: Boolean(row.sent),
  }));
  return { packages, count: Number(totals.rows[0]?.n ?? 0), totalWeight: totals.rows[0]?.weight ?? '0.00' };
}

// ---------------------------------------------------------------- putting parcels on flights

export function findDeclarationsForSet(tx: DbOrTx, ids: readonly number[]) {
  return tx.select({ id: d.id, trackCode: d.trackCode, statusId: d.statusId, flightId: d.flightId, parcelId: d.parcelId })
    .from(d).where(and(inArray(d.id, [...ids]), sql`${d.deletedAt} is null`)).orderBy(d.id).for('update');
}

export async function setDeclarationsFlight(tx: DbOrTx, ids: readonly number[], flightId: number, parcelId: number | null): Promise<number> {
  const res = await tx.execute<{ id: number }>(sql`
    update ${d} set flight_id = ${flightId}, parcel_id = ${parcelId}, updated_at = now()
    where id = any(${intArray(ids)}) and deleted_at is null returning id`);
  return res.rows.length;
}

/** One audit entry per declaration, set-based. */
export async function insertDeclarationAudits(tx: DbOrTx, ids: readonly number[], entry: { userId: number | null; action: string; changes: unknown }) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into ${auditLog} (user_id, action, entity, entity_id, changes)
    select ${entry.userId}, ${entry.action}, 'declaration', x::text, ${JSON.stringify(entry.changes)}::jsonb
    from unnest(${intArray(ids)}) as x`);
}

/**
 * GET /api/task/to_flight: parcels at 7 packed in a bag of an open flight (29) but not on a flight
 * get the bag's flight. Returns the changed declaration ids.
 */
export async function attachBaggedParcelsToFlights(tx: DbOrTx): Promise<{ id: number; flightId: number }[]> {
  const res = await tx.execute<{ id: number; flight_id: number }>(sql`
    with target as (
      select dd.id, pp.flight_id
      from ${d} dd join ${p} pp on pp.id = dd.parcel_id join ${f} ff on ff.id = pp.flight_id and ff.status_id = 29
      where dd.flight_id is null and dd.status_id = 7 and dd.deleted_at is null
      for update of dd skip locked
    )
    update ${d} set flight_id = target.flight_id, updated_at = now() from target where declarations.id = target.id
    returning declarations.id::int as id, target.flight_id::int as flight_id`);
  return res.rows.map((row) => ({ id: Number(row.id), flightId: Number(row.flight_id) }));
}

/** Provider-1 (Trendyol) parcels of the flight. */
export async function findMarketplaceParcelIds(db: DbOrTx, flightId: number): Promise<number[]> {
  const rows = await db.select({ id: d.id }).from(d).where(and(eq(d.flightId, flightId), eq(d.trendyol, 1), sql`${d.deletedAt} is null`));
  return rows.map((row) => row.id);
}

