import { normalizeAirWaybill } from '@app/contract/air-waybill';
import type { FlightCloseReply, FlightDetail, FlightPackagesReply, FlightWriteReply } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

/*
 * Issue 16, "The floor's flows": air waybill numbers are checked (IATA form, check digit mod 7)
 * and kept in one form; two open flights may not share a name.
 */

const T = az.flights;
let ctx: TestContext;
let anbar: Record<string, string>;

const db = () => ctx.database.db;
const rows = async <R>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as R[];
const get = (url: string) => ctx.app.inject({ url, headers: anbar });
const post = (url: string, fields: Record<string, string | number> = {}) => postForm(ctx.app, url, anbar, fields);
const detail = async (id: number) => ((await get(`/api/admin/flights/detail?flight_id=${id}`)).json() as { data: FlightDetail }).data;
const runsOf = async (id: number) => ((await get(`/api/admin/flights/packages?flight_id=${id}&per_page=50`)).json() as FlightPackagesReply).data;
const countOf = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);

async function createFlight(name: string, stateId = 29) {
  return post('/api/admin/flights/create', { name, state_id: stateId, country_id: 1 });
}
async function openFlight(name: string): Promise<number> {
  const res = await createFlight(name);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as FlightWriteReply).data.id;
}
/** A demo parcel put back at 7 and onto the flight (close type=all takes it whatever customs knows). */
async function putParcelOn(flightId: number): Promise<void> {
  const [parcel] = await rows<{ id: number }>(sql`
    select id from declarations where deleted_at is null and trendyol = 0 order by id desc limit 1`);
  await db().execute(sql`update declarations set status_id = 7, flight_id = null, parcel_id = null where id = ${parcel!.id}`);
  const set = await ctx.app.inject({ method: 'POST', url: '/api/admin/flights/set', headers: anbar, payload: { flight_id: flightId, declaration_ids: [parcel!.id] } });
  expect(set.statusCode, set.body).toBe(200);
}

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 60 });
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('[FLIGHTS][AWB] air waybill numbers are checked (3-digit prefix, 8-digit serial, last digit = first seven mod 7)', () => {
  let flightId: number;
  beforeAll(async () => {
    flightId = await openFlight('QA-AWB');
    await putParcelOn(flightId);
  });

  test('closing with 123, ABC or a wrong check digit is a 422 on airWaybill; the flight stays open, no run is made', async () => {
    const runs = await countOf(sql`select count(*)::int as n from flight_package_runs`);
    const audits = await countOf(sql`select count(*)::int as n from audit_log where action = 'flight.close'`);
    for (const airWaybill of ['123', 'ABC', '176-12345674', '176-1234567', '1761-2345675', '176-12345675-1', '176.12345675']) {
      for (const close of ['false', 'true']) {
        const res = await post(`/api/admin/flights/close?close=${close}&type=all`, { flight_id: flightId, airWaybill });
        expect(res.statusCode, `${airWaybill}: ${res.body}`).toBe(422);
        expect(res.json().errors, airWaybill).toEqual({ airWaybill: [T.airwaybillInvalid] });
      }
    }
    expect(await detail(flightId)).toMatchObject({ state_id: 29, airwaybill: '' });
    expect(await countOf(sql`select count(*)::int as n from flight_package_runs`)).toBe(runs);
    expect(await countOf(sql`select count(*)::int as n from audit_log where action = 'flight.close'`)).toBe(audits);
  });

  test('176-12345675, 17612345675 and 176 1234 5675 are one number: 176-12345675 in the runs and on the flight', async () => {
    for (const airWaybill of ['176-12345675', '17612345675', '176 1234 5675', ' 176 12345675 ']) {
      const res = await post('/api/admin/flights/close?close=false&type=all', { flight_id: flightId, airWaybill });
      expect(res.statusCode, `${airWaybill}: ${res.body}`).toBe(200);
      const body = res.json() as FlightCloseReply;
      expect(body.runs.flatMap((r) => r.input.map((i) => i.airWaybillNumber)), airWaybill).toEqual(['176-12345675']);
    }
    const closed = await post('/api/admin/flights/close?close=true&type=all', { flight_id: flightId, airWaybill: '176 1234 5675' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as FlightCloseReply).flight).toMatchObject({ state_id: 30, airwaybill: '176-12345675' });
    const [audit] = await rows<{ changes: { airwaybill: { to: string } } }>(sql`
      select changes from audit_log where action = 'flight.close' and entity_id = ${String(flightId)}`);
    expect(audit!.changes.airwaybill.to).toBe('176-12345675');
    expect((await runsOf(flightId)).flatMap((r) => r.input.map((i) => i.airWaybillNumber))).toEqual(['176-12345675']);
  });

  test('changing it to 123, ABC or a wrong check digit is a 422 on airwaybill; nothing changes, nothing goes to customs', async () => {
    const queued = await countOf(sql`select count(*)::int as n from customs_queue`);
    for (const airwaybill of ['123', 'ABC', '235-99999999', '23599999999']) {
      const res = await post('/api/admin/flights/airwaybill', { flight_id: flightId, airwaybill });
      expect(res.statusCode, `${airwaybill}: ${res.body}`).toBe(422);
      expect(res.json().errors, airwaybill).toEqual({ airwaybill: [T.airwaybillInvalid] });
    }
    expect((await detail(flightId)).airwaybill).toBe('176-12345675');
    expect((await runsOf(flightId)).flatMap((r) => r.input.map((i) => i.airWaybillNumber))).toEqual(['176-12345675']);
    expect(await countOf(sql`select count(*)::int as n from customs_queue`)).toBe(queued);
    expect(await countOf(sql`select count(*)::int as n from audit_log where action = 'flight.airwaybill' and entity_id = ${String(flightId)}`)).toBe(0);
  });

  test('a valid change typed without the hyphen is kept (and put in the waiting runs) as 235-99999992', async () => {
    const res = await post('/api/admin/flights/airwaybill', { flight_id: flightId, airwaybill: '235 9999 9992' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.airwaybill).toBe('235-99999992');
    expect((await detail(flightId)).airwaybill).toBe('235-99999992');
    expect((await runsOf(flightId)).flatMap((r) => r.input.map((i) => i.airWaybillNumber))).toEqual(['235-99999992']);
  });
});

describe('[FLIGHTS][NAME] two open (29) flights may not share a name (trimmed, case-insensitive)', () => {
  const flightsNamed = (name: string) => countOf(sql`select count(*)::int as n from flights where lower(btrim(name)) = lower(${name})`);

  test('a new open flight with the name of an open one is a 422 on name, whatever the case and spaces; nothing is created', async () => {
    await openFlight('QA-DUP');
    for (const name of ['QA-DUP', '  qa-dup ', 'Qa-Dup']) {
      const res = await createFlight(name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json().errors, name).toEqual({ name: [T.openNameTaken] });
    }
    expect(await flightsNamed('qa-dup')).toBe(1);
    // the other field errors come with it, in one answer
    const both = await post('/api/admin/flights/create', { name: 'qa-dup', state_id: 29, country_id: 999 });
    expect(both.json().errors).toEqual({ name: [T.openNameTaken], country_id: [T.unknownCountry] });
    expect(await flightsNamed('qa-dup')).toBe(1);
  });

  test('a closed flight\'s name may be used again; a flight created closed does not take the name', async () => {
    const first = await openFlight('QA-REUSE');
    const closed = await post('/api/admin/flights/close?close=true&type=without-dispatch', { flight_id: first, airWaybill: '176-12345675' });
    expect(closed.statusCode, closed.body).toBe(200);
    const second = await createFlight('qa-reuse');
    expect(second.statusCode, second.body).toBe(200);
    const closedToo = await createFlight('QA-REUSE', 30);
    expect(closedToo.statusCode, closedToo.body).toBe(200);
    expect(await flightsNamed('qa-reuse')).toBe(3);
  });

  test('reopening a closed flight (state_change to 29) while an open one has its name is a 422 on name; its status stays', async () => {
    const old = await openFlight('QA-REOPEN');
    await post('/api/admin/flights/state_change?state_id=30', { flight_id: old });
    await openFlight('QA-REOPEN');
    const res = await post('/api/admin/flights/state_change?state_id=29', { flight_id: old });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ name: [T.openNameTaken] });
    expect((await detail(old)).state_id).toBe(30);
    expect(await countOf(sql`select count(*)::int as n from status_history where model_id = 8 and object_id = ${old} and state_id = 29`)).toBe(1);
    // an open flight set to 29 again is no change, not a conflict with itself
    const self = await openFlight('QA-SELF');
    expect((await post('/api/admin/flights/state_change?state_id=29', { flight_id: self })).statusCode).toBe(200);
  });

  test('"open" is status 29: a flight in transit (31) no longer holds its name', async () => {
    const moved = await openFlight('QA-TRANSIT');
    expect((await post('/api/admin/flights/state_change?state_id=31', { flight_id: moved })).statusCode).toBe(200);
    expect((await createFlight('QA-TRANSIT')).statusCode).toBe(200);
  });

  test('two creates of one name at the same moment: one flight, the other refused', async () => {
    const results = await Promise.all([createFlight('QA-RACE'), createFlight('qa-race'), createFlight(' QA-RACE')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    expect(await flightsNamed('qa-race')).toBe(1);
  });
});

describe('[FLIGHTS][DEMO] the demo flights pass both checks', () => {
  test('every demo air waybill is a valid number in its kept form; no two open demo flights share a name', async () => {
    const numbers = await rows<{ airwaybill: string }>(sql`select distinct airwaybill from flights where airwaybill is not null and name not like 'QA-%'`);
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.filter((r) => normalizeAirWaybill(r.airwaybill) !== r.airwaybill)).toEqual([]);
    const runNumbers = await rows<{ awb: string }>(sql`select distinct item->>'airWaybillNumber' as awb from flight_package_runs, jsonb_array_elements(input) item`);
    expect(runNumbers.filter((r) => normalizeAirWaybill(r.awb) !== r.awb)).toEqual([]);
    const shared = await rows<{ name: string }>(sql`
      select lower(btrim(name)) as name from flights where status_id = 29 group by 1 having count(*) > 1`);
    expect(shared).toEqual([]);
  });
});
