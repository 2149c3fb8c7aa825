import type { ListQuery } from '@app/contract/common';
import {
  FLIGHT_STATUS,
  isIdText, type AirwaybillChangeReply, type AirwaybillInfoReply, type AirwaybillPackagesReply, type ExecutePackageRunReply, type FlightDeclarationsQuery,
  type FlightDeclarationsReply,
  type FlightCalculateReply, type FlightCloseReply, type FlightCloseType, type FlightCountReply, type FlightCreate, type FlightDetail,
  type FlightListQuery, type FlightListReply, type FlightOptionsReply, type FlightPackagesReply, type FlightRow, type FlightStatsReply,
  type FlightWriteReply, type PackageRun, type PackageRunItemOutput, type ToFlightReply, type FlightBoxesReply,
} from '@app/contract/flights';
import { DECLARATION_SORT_COLUMNS, type DeclarationListQuery } from '@app/contract/declarations';
import { DECLARATION_STATUS } from '@app/contract/statuses';
import { az, fill } from '@app/contract/texts/az';
import type { z } from 'zod';
import type { ZAirwaybillChange, ZFlightClose, ZFlightMarketplaceStates, ZFlightOptionsQuery, ZFlightSet, ZFlightThisMonth } from '@app/contract/flights';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { AppError, invalid, notFound } from '../../platform/errors';
import { isAcceptedItemCode, type CustomsLink, type CustomsSend } from '../customs/service';
import { listDeclarations, updateMarketplaceState } from '../declarations/service';
import {
  attachBaggedParcelsToFlights, computeFlightVolume, countRuns, countryExists, findBag, findDeclarationsForSet,
  findDispatchedAtCustoms, findDispatchPage, findFlight, findFlightAggregates, findFlightBags, findFlightFigures, findFlightForUpdate,
  findFlightOptions, findFlightPage, findOpenFlightNamed, findFlightRow, findFlightStats, findMarketplaceParcelIds, findRunForUpdate, findRunPage,
  flightStatusExists, insertDeclarationAudits, insertFlight, insertFlightStatusHistory, insertRuns, lockClosableParcels, lockFlightName, moveDeclarations,
  setDeclarationsFlight, setRunsAirwaybill, updateFlight, updateRun,
  type FlightAggregates, type FlightBaseRow, type PackageRunRecord, type StoredRunItem,
} from './queries';

/*
 * Flights (spec §2 "Flights", §3, §4 statuses 29/30, §5, §7; DOMAIN §3). A flight at 29 collects
 * packed parcels; closing it (only at 29) puts the parcels customs has a declaration for into
 * package runs of at most `limit`, moves them to 8 and the flight to 30; each package run (a depesh
 * request) is executed once through the customs link; at 30 the air waybill may be corrected.
 */

const T = az.flights;
export const TO_FLIGHT_JOB = 'flights.to_flight';
/** A run claimed for execution this long ago without an end is taken to be abandoned (process stopped). */
const RUN_CLAIM_MS = 10 * 60_000;
const DISPATCHABLE = [DECLARATION_STATUS.awaiting, DECLARATION_STATUS.foreignWarehouse] as const;

/** Customs' accepted codes for a depesh item (spec §9: '200' and '048'). */
const isAccepted = (code: number | string) => isAcceptedItemCode(code);

function formatDateTime(date: Date | null, timeZone: string): string | null {
  if (!date) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((x) => x.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

function toFlightRow(base: FlightBaseRow, agg: FlightAggregates | undefined): FlightRow {
  const provider = Number(base.trendyol);
  const count = agg?.count ?? 0;
  return {
    id: base.id,
    name: base.name,
    trendyol: provider,
    flight_provider: az.flightsUi.providers[provider] ?? String(provider),
    airwaybill: base.airwaybill ?? '',
    start_date: base.startedAt ?? base.createdAt,
    end_date: base.endedAt,
    created_at: base.createdAt,
    closed_at: base.closedAt,
    this_month: base.thisMonth,
    country_id: base.countryId,
    country_name: base.countryName ?? '',
    state_id: base.statusId,
    state_name: base.statusName ?? String(base.statusId),
    count,
    total: count,
    finished: agg?.completed ?? 0,
    weight: agg?.weight ?? '0.00',
    price: agg?.productPrice ?? '0.00',
    delivery_price: agg?.deliveryPrice ?? '0.00',
    package_runs: agg?.runs ?? 0,
    package_runs_executed: agg?.runsExecuted ?? 0,
  };
}

async function readFlightRow(db: DbOrTx, id: number, timeZone: string): Promise<{ row: FlightRow; base: FlightBaseRow }> {
  const base = await findFlightRow(db, id, timeZone);
  if (!base) throw notFound('flight_id');
  const aggs = await findFlightAggregates(db, [id]);
  return { row: toFlightRow(base, aggs.get(id)), base };
}

function toPackageRun(run: PackageRunRecord, timeZone: string): PackageRun {
  const output = (run.output as PackageRunItemOutput[] | null) ?? null;
  const input = run.input as StoredRunItem[];
  return {
    id: run.id,
    flight_id: run.flightId,
    executed: run.executed ? 1 : 0,
    status_code: run.executed ? (output ? '200' : '500') : null,
    json: JSON.stringify(input.map((i) => ({
      regNumber: i.regNumber, trackingNumber: i.trackingNumber, airWaybillNumber: i.airWaybillNumber, depeshNumber: i.dispatchNumber,
    }))),
    response: output ? JSON.stringify({ code: 200, data: Object.fromEntries(output.map((o) => [o.trackingNumber, o.code])) }) : null,
    input,
    output,
    elapsed_time: run.elapsedMs ?? -1,
    start_date: formatDateTime(run.startedAt, timeZone),
    end_date: formatDateTime(run.endedAt, timeZone),
    created_at: formatDateTime(run.createdAt, timeZone)!,
    accepted: (output ?? []).filter((o) => isAccepted(o.code)).length,
  };
}

// ---------------------------------------------------------------- reads

/** GET v2/flights/list: a page of flights with their figures (one grouped query for the page). */
export async function listFlights(db: Db, query: FlightListQuery, timeZone: string): Promise<FlightListReply> {
  const { rows, total } = await findFlightPage(db, query, timeZone);
  const aggs = await findFlightAggregates(db, rows.map((r) => r.id));
  return { data: rows.map((r) => toFlightRow(r, aggs.get(r.id))), total: total.total, total_kind: total.kind };
}

/** GET flights/options and flights/select. */
export async function listFlightOptions(db: Db, query: z.infer<typeof ZFlightOptionsQuery>): Promise<FlightOptionsReply> {
  return { data: await findFlightOptions(db, query) };
}

/** GET flights/detail: the info cards, and what the row menu may do now. */
export async function readFlightDetail(db: Db, id: number, timeZone: string): Promise<{ data: FlightDetail }> {
  const { row, base } = await readFlightRow(db, id, timeZone);
  const figures = await findFlightFigures(db, id);
  return {
    data: {
      ...row,
      ...figures,
      weight: Number(row.weight),
      price: Number(row.price),
      delivery_price: Number(row.delivery_price),
      volume: Number(base.volume ?? 0),
      volume_calculated: base.volume === null ? 0 : 1,
      can: {
        close: row.state_id === FLIGHT_STATUS.open,
        change_airwaybill: row.state_id === FLIGHT_STATUS.closed,
        pallets: row.trendyol === 1,
      },
    },
  };
}

export async function readFlightStats(db: Db, id: number): Promise<FlightStatsReply> {
  if (!(await findFlight(db, id))) throw notFound('flight_id');
  return { data: await findFlightStats(db, id) };
}

/** GET flights/calculate: the dimensional weight, stored on the flight. */
export async function calculateFlightVolume(db: Db, id: number): Promise<FlightCalculateReply> {
  if (!(await findFlight(db, id))) throw notFound('flight_id');
  const result = await computeFlightVolume(db, id);
  await updateFlight(db, id, { volume: result.weight });
  return { data: Number(result.weight), ...result };
}

export async function listPackageRuns(db: Db, flightId: number, page: ListQuery, timeZone: string): Promise<FlightPackagesReply> {
  if (!(await findFlight(db, flightId))) throw notFound('flight_id');
  const { rows, total } = await findRunPage(db, flightId, { limit: page.per_page, offset: (page.page - 1) * page.per_page });
  return { data: rows.map((r) => toPackageRun(r, timeZone)), total, total_kind: 'exact' };
}

/** GET airwaybillpackages: the sent dispatches (items of the flight's package runs), page size 20, totals over all pages. */
export async function listDispatchPackages(db: Db, flightId: number, page: ListQuery, timeZone: string): Promise<AirwaybillPackagesReply> {
  if (!(await findFlight(db, flightId))) throw notFound('flight_id');
  const result = await findDispatchPage(db, flightId, { limit: page.per_page, offset: (page.page - 1) * page.per_page }, timeZone);
  return { data: { packages: result.packages, totalWeight: Number(result.totalWeight), count: result.count }, total: result.count };
}

export async function readAirwaybillInfo(db: Db, flightId: number, timeZone: string): Promise<AirwaybillInfoReply> {
  const { row } = await readFlightRow(db, flightId, timeZone);
  const dispatch = await findDispatchPage(db, flightId, { limit: 0, offset: 0 }, timeZone);
  return {
    data: {
      flight_id: flightId, airwaybill: row.airwaybill, state_id: row.state_id, state_name: row.state_name, dispatched: dispatch.count,
      total_weight: dispatch.totalWeight, can_change: row.state_id === FLIGHT_STATUS.closed,
    },
  };
}

export async function listFlightBoxes(db: Db, flightId: number): Promise<FlightBoxesReply> {
  if (!(await findFlight(db, flightId))) throw notFound('flight_id');
  return { data: await findFlightBags(db, flightId) };
}

/**
 * The flight table's filters as the declarations list's (declarations/service.ts): `flight_name`
 * holding an id is the flight (the flight screen presets it so), `box` the bag column's id,
 * `tariff_category_id` the tariff's, `created_at` a 'from,to' range. Null when the filters
 * contradict each other (two different flights or bags): no row can match.
 */
function toDeclarationListQuery(query: FlightDeclarationsQuery): DeclarationListQuery | null {
  const { box, tariff_category_id: tariffCategoryId, created_at: createdAt, flight_name: flightName, sort_column: sortColumn, ...rest } = query;
  const flightIds = new Set([rest.flight_id, flightName && isIdText(flightName) ? Number(flightName) : undefined].filter((v) => v !== undefined));
  const bagIds = new Set([rest.box_id, box].filter((v) => v !== undefined));
  if (flightIds.size > 1 || bagIds.size > 1) return null;
  const [from, to] = (createdAt ?? '').split(',').map((part) => part.trim().slice(0, 19) || undefined);
  return {
    ...rest,
    flight_id: [...flightIds][0],
    flight_name: flightName && !isIdText(flightName) ? flightName : undefined,
    box_id: [...bagIds][0],
    plan_category_id: rest.plan_category_id ?? tariffCategoryId,
    date_from: rest.date_from ?? from,
    date_to: rest.date_to ?? to,
    sort_column: DECLARATION_SORT_COLUMNS.find((c) => c === sortColumn),
  };
}

async function listDeclarationsOf(db: Db, query: FlightDeclarationsQuery, timeZone: string): Promise<FlightDeclarationsReply> {
  const listQuery = toDeclarationListQuery(query);
  if (!listQuery) return { data: [], total: 0, total_kind: 'exact' };
  return listDeclarations(db, listQuery, timeZone);
}

/**
 * GET flights/info: the declarations of one flight (`flight_id`, or the id the flight screen presets
 * as `flight_name`): the declarations list's rows and filters.
 */
export async function listFlightDeclarations(db: Db, query: FlightDeclarationsQuery, timeZone: string): Promise<FlightDeclarationsReply> {
  if (!query.flight_id && !(query.flight_name && isIdText(query.flight_name))) throw invalid({ flight_id: [az.errors.required] });
  return listDeclarationsOf(db, query, timeZone);
}

/** GET box_declarations: the parcels of a flight or of one bag (one of them required), as declaration list rows. */
export async function listBoxDeclarations(db: Db, query: FlightDeclarationsQuery, timeZone: string): Promise<FlightDeclarationsReply> {
  if (!query.flight_id && !query.box_id) throw invalid({ flight_id: [T.flightOrBox] });
  return listDeclarationsOf(db, query, timeZone);
}

// ---------------------------------------------------------------- create, status, month

/** POST flights/create: country, name and a status of the flights model (spec §5); started today unless given. */
export async function createFlight(db: Db, user: RequestUser, form: FlightCreate, timeZone: string): Promise<FlightWriteReply> {
  const dayStart = (day: string) => sqlDay(day, timeZone);
  return db.transaction(async (tx) => {
    const errors: Record<string, string[]> = {};
    if (!(await countryExists(tx, form.country_id))) errors.country_id = [T.unknownCountry];
    const status = await flightStatusExists(tx, form.state_id);
    if (!status) errors.state_id = [T.unknownStatus];
    if (form.state_id === FLIGHT_STATUS.open && (await isOpenNameTaken(tx, form.name, null))) errors.name = [T.openNameTaken];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const id = await insertFlight(tx, {
      name: form.name,
      countryId: form.country_id,
      statusId: form.state_id,
      trendyol: form.trendyol ?? 0,
      startedAt: form.start_date ? dayStart(form.start_date) : new Date(),
      endedAt: form.end_date ? dayStart(form.end_date) : null,
      closedAt: form.state_id === FLIGHT_STATUS.closed ? new Date() : null,
    });
    await insertFlightStatusHistory(tx, { flightId: id, from: null, to: form.state_id, userId: user.id });
    await recordAudit(tx, { userId: user.id, action: 'flight.create', entity: 'flight', entityId: id, changes: form });
    return { message: T.created, data: (await readFlightRow(tx, id, timeZone)).row };
  });
}

/**
 * Issue 16: two open (29) flights may not share a name (trimmed, case-insensitive): the staff pick
 * open flights by name and a flight's dispatch numbers are `<name>-<n>`. A closed flight's name may
 * be used again. Checked under a transaction-scoped lock on the name, so two writes at once cannot
 * both pass (service-only: an existing install may already hold such pairs, which a unique index
 * would refuse to build on).
 */
async function isOpenNameTaken(tx: DbOrTx, name: string, exceptId: number | null): Promise<boolean> {
  await lockFlightName(tx, name);
  return (await findOpenFlightNamed(tx, name, exceptId)) !== undefined;
}

/** 'YYYY-MM-DD' → the start of that day in the office time zone. */
function sqlDay(day: string, timeZone: string): Date {
  // The offset of the zone at noon of that day (no DST switch happens at noon).
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const local = formatDateTime(noonUtc, timeZone)!;
  const offsetMs = Date.parse(`${local.replace(' ', 'T')}Z`) - noonUtc.getTime();
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMs);
}

/** POST flights/state_change?state_id (body flight_id): any status of the flights model; confirmation is the UI's. */
export async function changeFlightStatus(db: Db, user: RequestUser, stateId: number, flightId: number, timeZone: string): Promise<FlightWriteReply> {
  const status = await flightStatusExists(db, stateId);
  if (!status) throw invalid({ state_id: [T.unknownStatus] });
  return db.transaction(async (tx) => {
    const flight = await findFlightForUpdate(tx, flightId);
    if (!flight) throw notFound('flight_id');
    // Reopening a flight gives an open flight its name again.
    if (stateId === FLIGHT_STATUS.open && flight.statusId !== stateId && (await isOpenNameTaken(tx, flight.name, flight.id))) {
      throw invalid({ name: [T.openNameTaken] });
    }
    if (flight.statusId !== stateId) {
      await updateFlight(tx, flightId, { statusId: stateId, ...(stateId === FLIGHT_STATUS.closed && !flight.closedAt ? { closedAt: new Date() } : {}) });
      await insertFlightStatusHistory(tx, { flightId, from: flight.statusId, to: stateId, userId: user.id });
      await recordAudit(tx, { userId: user.id, action: 'flight.state_change', entity: 'flight', entityId: flightId, changes: { state_id: { from: flight.statusId, to: stateId } } });
    }
    return { message: T.statusChanged, data: (await readFlightRow(tx, flightId, timeZone)).row };
  });
}

/** POST this_month/change: the flight's accounting month (YYYY-MM). */
export async function changeFlightMonth(db: Db, user: RequestUser, form: z.infer<typeof ZFlightThisMonth>, timeZone: string): Promise<FlightWriteReply> {
  return db.transaction(async (tx) => {
    const flight = await findFlightForUpdate(tx, form.flight_id);
    if (!flight) throw notFound('flight_id');
    await updateFlight(tx, flight.id, { thisMonth: form.this_month });
    await recordAudit(tx, { userId: user.id, action: 'flight.this_month', entity: 'flight', entityId: flight.id, changes: { this_month: { from: flight.thisMonth, to: form.this_month } } });
    return { message: T.monthChanged, data: (await readFlightRow(tx, flight.id, timeZone)).row };
  });
}

/** POST trendyol/updateStates: the marketplace status of every Trendyol (provider 1) parcel of the flight, through the marketplace service. */
export async function changeFlightMarketplaceStates(db: Db, user: RequestUser, form: z.infer<typeof ZFlightMarketplaceStates>, timeZone: string): Promise<FlightCountReply> {
  if (!(await findFlight(db, form.flight_id))) throw notFound('flight_id');
  const ids = await findMarketplaceParcelIds(db, form.flight_id);
  // No parcel: nothing to do (an empty id list would mean "every marketplace parcel" to the bulk update).
  if (ids.length === 0) return { message: fill(T.marketplaceChanged, { N: 0 }), data: { count: 0 } };
  try {
    const result = await updateMarketplaceState(db, user, { declarationIds: ids, stateId: form.state_id, bulk: true, filters: { trendyol: 1 } }, timeZone);
    return { message: fill(T.marketplaceChanged, { N: result.data.count }), data: { count: result.data.count } };
  } catch (error) {
    // The marketplace service names its own field; the flight form's is state_id.
    if (error instanceof AppError && error.errors?.trendyol_state_id) throw invalid({ state_id: [T.notMarketplaceStatus] });
    throw error;
  }
}

// ---------------------------------------------------------------- parcels onto flights

/** POST flights/set: parcels (at 5 or 7) onto an open flight, into one of its bags when given. */
export async function setFlightParcels(db: Db, user: RequestUser, form: z.infer<typeof ZFlightSet>): Promise<FlightCountReply> {
  const ids = [...new Set(form.declaration_ids)];
  return db.transaction(async (tx) => {
    const flight = await findFlightForUpdate(tx, form.flight_id);
    if (!flight) throw notFound('flight_id');
    if (flight.statusId !== FLIGHT_STATUS.open) throw invalid({ flight_id: [T.setOnlyOpen] });
    if (form.parcel_id) {
      const bag = await findBag(tx, form.parcel_id);
      if (!bag || bag.flightId !== flight.id) throw invalid({ parcel_id: [T.bagNotOfFlight] });
    }
    const rows = await findDeclarationsForSet(tx, ids);
    if (rows.length !== ids.length) throw notFound('declaration_ids');
    const blocked = rows.filter((r) => !(DISPATCHABLE as readonly number[]).includes(r.statusId));
    if (blocked.length > 0) throw invalid({ declaration_ids: [fill(T.notMovable, { TRACKS: blocked.slice(0, 20).map((r) => r.trackCode).join(', ') })] });
    const count = await setDeclarationsFlight(tx, ids, flight.id, form.parcel_id ?? null);
    await insertDeclarationAudits(tx, ids, { userId: user.id, action: 'declaration.flight_set', changes: { flight_id: flight.id, parcel_id: form.parcel_id ?? null } });
    return { message: fill(T.set, { N: count }), data: { count } };
  });
}

/** GET /api/task/to_flight and the recurring job: bagged parcels at 7 of open flights get the bag's flight. */
export async function attachParcelsToFlights(db: Db, userId: number | null): Promise<ToFlightReply> {
  return db.transaction(async (tx) => {
    const changed = await attachBaggedParcelsToFlights(tx);
    const byFlight = new Map<number, number[]>();
    for (const c of changed) byFlight.set(c.flightId, [...(byFlight.get(c.flightId) ?? []), c.id]);
    for (const [flightId, ids] of byFlight) await insertDeclarationAudits(tx, ids, { userId, action: 'declaration.to_flight', changes: { flight_id: flightId } });
    return { message: fill(T.toFlight, { N: changed.length }), count: changed.length };
  });
}

// ---------------------------------------------------------------- close

/** design: the dispatch number of a flight's n-th package run (customs keeps 64 characters). */
export const dispatchNumberOf = (flightName: string, n: number) => `${flightName.slice(0, 50)}-${n}`;

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * POST flights/close?close&type (multipart flight_id, airWaybill, limit): only at 29, one
 * transaction. with-dispatch: the parcels (5, 7) customs has a declaration for go into package
 * runs of at most `limit` and to 8; all: every such parcel (regNumber '' without one);
 * without-dispatch: only the flight. The flight gets the air waybill, 30 and closed_at.
 * close=false answers the same figures and writes nothing.
 */
export async function closeFlight(
  db: Db, link: CustomsLink, user: RequestUser, query: { close?: string; type: FlightCloseType }, form: z.infer<typeof ZFlightClose>, timeZone: string,
): Promise<FlightCloseReply> {
  const write = query.close === undefined || query.close === 'true' || query.close === '1';
  return db.transaction(async (tx) => {
    const flight = await findFlightForUpdate(tx, form.flight_id);
    if (!flight) throw notFound('flight_id');
    if (flight.statusId !== FLIGHT_STATUS.open) throw invalid({ flight_id: [T.notOpen] });
    const closable = await lockClosableParcels(tx, flight.id);
    const picked = query.type === 'with-dispatch' ? closable.filter((p) => p.regNumber) : query.type === 'all' ? closable : [];
    const skipped = closable.length - picked.length;
    const first = (await countRuns(tx, flight.id)) + 1;
    const inputs: StoredRunItem[][] = chunk(picked, form.limit).map((part, i) => part.map((p) => ({
      trackingNumber: p.trackCode, airWaybillNumber: form.airWaybill, dispatchNumber: dispatchNumberOf(flight.name, first + i),
      regNumber: p.regNumber ?? '', declarationId: p.id,
    })));
    const figures = { D: picked.length, R: inputs.length, S: skipped };
    if (!write) {
      const now = new Date();
      return {
        message: fill(T.closePreview, figures),
        flight: (await readFlightRow(tx, flight.id, timeZone)).row,
        runs: inputs.map((input) => toPackageRun({
          id: 0, flightId: flight.id, executed: false, input, output: null, elapsedMs: null, startedAt: null, endedAt: null, createdBy: user.id, createdAt: now,
        }, timeZone)),
        dispatched: picked.length,
        skipped,
        preview: true,
      };
    }
    const runs = await insertRuns(tx, inputs.map((input) => ({ flightId: flight.id, input, createdBy: user.id })));
    // Customs state 2: the declared parcels are gathered into the flight's boxes (the job sends it;
    // an execute sends what is still waiting before its depesh).
    await link.queue(tx, picked.filter((p) => p.regNumber).map((p) => ({
      action: 'addtoboxes' as const, declarationId: p.id, item: { regNumber: p.regNumber!, trackingNumber: p.trackCode },
    })));
    const notes = runs.flatMap((run) => (run.input as StoredRunItem[]).map((item) => ({ id: item.declarationId, note: fill(T.closedNote, { NUMBER: item.dispatchNumber }) })));
    const dispatched = await moveDeclarations(tx, notes, DECLARATION_STATUS.dispatchSent, user.id);
    await updateFlight(tx, flight.id, { airwaybill: form.airWaybill, statusId: FLIGHT_STATUS.closed, closedAt: new Date() });
    await insertFlightStatusHistory(tx, { flightId: flight.id, from: flight.statusId, to: FLIGHT_STATUS.closed, userId: user.id, note: query.type });
    await recordAudit(tx, {
      userId: user.id, action: 'flight.close', entity: 'flight', entityId: flight.id,
      changes: {
        type: query.type, limit: form.limit, airwaybill: { from: flight.airwaybill, to: form.airWaybill },
        state_id: { from: flight.statusId, to: FLIGHT_STATUS.closed }, runs: runs.map((r) => r.id), dispatched, skipped,
      },
    });
    return {
      message: fill(T.closed, figures),
      flight: (await readFlightRow(tx, flight.id, timeZone)).row,
      runs: runs.map((r) => toPackageRun(r, timeZone)),
      dispatched,
      skipped,
      preview: false,
    };
  });
}

// ---------------------------------------------------------------- execute a package run

/**
 * POST flights/execute?queue_id: sends the run's depesh request through the customs link, once.
 * The run is claimed first (a second call meanwhile is refused), then sent outside any
 * transaction, then its output, timing and the parcels' statuses are saved together: parcels
 * customs accepted (200, 048) are at 8; parcels customs declined go back to 7 with customs' reason
 * (design; not answered ones stay at 8, the customs queue retries them). Any parcel not accepted
 * → 422 with the per-parcel messages joined with '. ', after the run is saved.
 */
export async function executePackageRun(db: Db, link: CustomsLink, user: RequestUser, runId: number, timeZone: string): Promise<ExecutePackageRunReply> {
  const claimed = await db.transaction(async (tx) => {
    const run = await findRunForUpdate(tx, runId);
    if (!run) throw notFound('queue_id');
    if (run.executed) throw invalid({ queue_id: [T.alreadyExecuted] });
    if (run.startedAt && !run.endedAt && Date.now() - run.startedAt.getTime() < RUN_CLAIM_MS) throw invalid({ queue_id: [T.running] });
    if (!link.configured) throw invalid({ queue_id: [T.customsNotConfigured] });
    if (!(await link.isSendingOn(tx))) throw invalid({ queue_id: [T.sendingOff] });
    return updateRun(tx, run.id, { startedAt: new Date(), endedAt: null });
  });
  const items = claimed.input as StoredRunItem[];
  const started = Date.now();
  let answers: { trackingNumber: string; code: number; message: string | null }[];
  try {
    // Boxing (state 2) before the dispatch (state 3): what the close queued and the job has not sent yet goes now.
    await link.sendPending(db, 'addtoboxes', items.filter((i) => i.regNumber).map((i) => i.trackingNumber));
    answers = await link.runPackages(db, items.map((i) => ({
      trackingNumber: i.trackingNumber, airWaybillNumber: i.airWaybillNumber, dispatchNumber: i.dispatchNumber, regNumber: i.regNumber, declarationId: i.declarationId ?? null,
    })));
  } catch (error) {
    await updateRun(db, claimed.id, { startedAt: null });
    throw error;
  }
  const elapsed = Date.now() - started;
  const output: PackageRunItemOutput[] = answers.map((a) => ({ trackingNumber: a.trackingNumber, code: Number(a.code), message: a.message }));
  const byTrack = new Map(items.map((i) => [i.trackingNumber, i]));
  const idOf = (track: string) => byTrack.get(track)?.declarationId;
  const accepted = output.filter((o) => isAccepted(o.code));
  const declined = output.filter((o) => !isAccepted(o.code) && o.code !== 0);
  const saved = await db.transaction(async (tx) => {
    const run = await updateRun(tx, claimed.id, { executed: true, output, elapsedMs: elapsed, endedAt: new Date() });
    await moveDeclarations(tx, accepted.flatMap((o) => (idOf(o.trackingNumber) ? [{ id: idOf(o.trackingNumber)!, note: null }] : [])),
      DECLARATION_STATUS.dispatchSent, user.id, DISPATCHABLE);
    await moveDeclarations(tx, declined.flatMap((o) => (idOf(o.trackingNumber)
      ? [{ id: idOf(o.trackingNumber)!, note: fill(T.declinedNote, { MESSAGE: o.message ?? String(o.code) }) }] : [])),
    DECLARATION_STATUS.foreignWarehouse, user.id, [DECLARATION_STATUS.dispatchSent]);
    await recordAudit(tx, {
      userId: user.id, action: 'flight.package_run.execute', entity: 'flight', entityId: run.flightId,
      changes: { queue_id: run.id, items: items.length, accepted: accepted.length, declined: declined.length, elapsed_ms: elapsed },
    });
    return run;
  });
  const failed = output.filter((o) => !isAccepted(o.code));
  if (failed.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const o of failed) (errors[o.trackingNumber] ??= []).push(o.message || (o.code === 0 ? T.noAnswer : String(o.code)));
    throw new AppError(422, failed.map((o) => `${o.trackingNumber}: ${errors[o.trackingNumber]![0]}`).join('. '), errors);
  }
  return {
    message: fill(T.executed, { OK: accepted.length, N: output.length }),
    packages: output,
    response: output.map((o) => ({ track_code: o.trackingNumber, code: String(o.code), codename: o.message ?? (isAccepted(o.code) ? 'OK' : String(o.code)) })),
    data: toPackageRun(saved, timeZone),
  };
}

// ---------------------------------------------------------------- air waybill

/**
 * POST flights/airwaybill: only at 30. One transaction: the flight's number, the input of its runs
 * not yet executed, and a customs 'update' send for each parcel customs has as dispatched.
 */
export async function changeAirwaybill(db: Db, link: CustomsLink, user: RequestUser, form: z.infer<typeof ZAirwaybillChange>, timeZone: string): Promise<AirwaybillChangeReply> {
  return db.transaction(async (tx) => {
    const flight = await findFlightForUpdate(tx, form.flight_id);
    if (!flight) throw notFound('flight_id');
    if (flight.statusId !== FLIGHT_STATUS.closed) throw invalid({ airwaybill: [T.airwaybillOnlyClosed] });
    await updateFlight(tx, flight.id, { airwaybill: form.airwaybill });
    const runsUpdated = await setRunsAirwaybill(tx, flight.id, form.airwaybill);
    const dispatched = await findDispatchedAtCustoms(tx, flight.id);
    const sends: CustomsSend[] = dispatched.map((p) => ({
      action: 'update', declarationId: p.id, item: { trackinG_NO: p.trackCode, airwaybill: form.airwaybill, depesH_NUMBER: p.depeshNumber ?? '' },
    }));
    const { ids } = await link.queue(tx, sends);
    await recordAudit(tx, {
      userId: user.id, action: 'flight.airwaybill', entity: 'flight', entityId: flight.id,
      changes: { airwaybill: { from: flight.airwaybill, to: form.airwaybill }, runs_updated: runsUpdated, customs_updates: ids.length },
    });
    return {
      message: fill(T.airwaybillChanged, { N: ids.length }),
      data: (await readFlightRow(tx, flight.id, timeZone)).row,
      runs_updated: runsUpdated,
      queued: ids.length,
    };
  });
}
