import type { FlightDetail, FlightWriteReply } from '@app/contract/flights';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCachesOf } from '../../../platform/write-epoch';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';

/*
 * Issue 19 item 3: a flight's detail totals agree with its own parcel list (v2/declaration/list
 * with flight_id), as a user checks them: declared / not declared = the list's 'customs' filter,
 * completion = parcels that reached the branch (9 local warehouse, or 10 handed over from it),
 * count = all live parcels. Before: flight #51 read 48 declared and 224 not while all 272 were
 * declared (customs_parcels registration numbers instead of the parcels' flag), and completion
 * 0/272 with 151 at the branch (status 10 only).
 */

let ctx: TestContext;
let admin: Record<string, string>;
const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const get = (url: string) => ctx.app.inject({ url, headers: admin });
/** A write as a background job (the customs link) makes it: then the lists' cached totals are dropped as an API write drops them. */
async function writeAsJob(query: ReturnType<typeof sql>) {
  await db().execute(query);
  readCachesOf(db())?.bump();
}

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 300 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function detail(flightId: number): Promise<FlightDetail> {
  const res = await get(`/api/admin/flights/detail?flight_id=${flightId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: FlightDetail }).data;
}
async function listTotal(flightId: number, filter: string): Promise<number> {
  const res = await get(`/api/admin/v2/declaration/list?flight_id=${flightId}&per_page=1${filter ? `&${filter}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { total: number }).total;
}
/** Every figure of the detail against the parcel list a user opens from it. */
async function expectDetailAgreesWithList(flightId: number) {
  const d = await detail(flightId);
  expect({ count: d.count, declared: d.declared, undeclared: d.undeclared, finished: d.finished, dispatched: d.dispatched }).toEqual({
    count: await listTotal(flightId, ''),
    declared: await listTotal(flightId, 'customs=1'),
    undeclared: await listTotal(flightId, 'customs=0'),
    finished: await listTotal(flightId, 'state_id=9,10'),
    dispatched: await listTotal(flightId, 'state_id=8'),
  });
  // the flights list row says the same as the detail
  const list = await get(`/api/admin/v2/flights/list?per_page=1000`);
  const row = (list.json() as { data: { id: number; count: number; finished: number }[] }).data.find((r) => r.id === flightId)!;
  expect({ count: row.count, finished: row.finished }).toEqual({ count: d.count, finished: d.finished });
  return d;
}

describe('[FLIGHTS][TOTALS] the detail agrees with its parcel list (issue 19 item 3)', () => {
  test('every demo flight: declared, not declared, completion and count equal the parcel list\'s totals', async () => {
    const flights = (await rows<{ flight_id: number }>(sql`
      select flight_id from declarations where flight_id is not null and deleted_at is null group by flight_id order by count(*) desc limit 6`)).map((r) => Number(r.flight_id));
    expect(flights.length).toBeGreaterThan(2);
    for (const f of flights) await expectDetailAgreesWithList(f);
    // the demo has flights with parcels at the branch that were not handed over yet: completion counts them
    const [atBranch] = await rows<{ flight_id: number; n: number }>(sql`
      select flight_id, count(*)::int as n from declarations where deleted_at is null and status_id = 9 and flight_id is not null group by flight_id order by 2 desc limit 1`);
    expect((await detail(Number(atBranch!.flight_id))).finished).toBeGreaterThanOrEqual(Number(atBranch!.n));
  });

  test('after declaring, packing into a bag, arriving at the branch and a handover the totals follow the list', async () => {
    const created = await postForm(ctx.app, '/api/admin/flights/create', admin, { name: 'AGREE-1', state_id: 29, country_id: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const flightId = (created.json() as FlightWriteReply).data.id;
    const [customer] = await rows<{ id: number }>(sql`select id from users where admin = 0 and deleted_at is null order by id limit 1`);
    const ids = (await rows<{ id: number }>(sql`
      insert into declarations (track_code, country_id, status_id, flight_id, user_id, weight, price, delivery_price, customs)
      select 'AGREE' || g, 1, 7, ${flightId}, ${customer!.id}, 1.00, 10.00, 2.00, false from generate_series(1, 6) g returning id`)).map((r) => Number(r.id));
    let d = await expectDetailAgreesWithList(flightId);
    expect(d).toMatchObject({ count: 6, declared: 0, undeclared: 6, finished: 0 });

    // declared to customs (the customs link sets the parcel's flag) — without any customs_parcels row
    await writeAsJob(sql`update declarations set customs = true where id in (${sql.join(ids.slice(0, 5).map((id) => sql`${id}`), sql`, `)})`);
    d = await expectDetailAgreesWithList(flightId);
    expect(d).toMatchObject({ declared: 5, undeclared: 1 });

    // packed into a bag of the flight (flights/set)
    const [bag] = await rows<{ id: number }>(sql`insert into parcels (name, flight_id) values ('KS-AGREE', ${flightId}) returning id`);
    const set = await ctx.app.inject({ method: 'POST', url: '/api/admin/flights/set', headers: admin, payload: { flight_id: flightId, declaration_ids: ids, parcel_id: bag!.id } });
    expect(set.statusCode, set.body).toBe(200);
    d = await expectDetailAgreesWithList(flightId);
    expect(d.bags).toBe(1);

    // dispatch sent (8), then arrived at the branch (9): completion counts those at the branch
    await writeAsJob(sql`update declarations set status_id = 8 where id in (${sql.join(ids.slice(0, 4).map((id) => sql`${id}`), sql`, `)})`);
    d = await expectDetailAgreesWithList(flightId);
    expect(d).toMatchObject({ dispatched: 4, finished: 0 });
    const arrived = await ctx.app.inject({ method: 'POST', url: '/api/admin/v2/declaration/edit/state', headers: admin, payload: { declaration_ids: ids.slice(0, 3).join(','), new_state_id: 9 } });
    expect(arrived.statusCode, arrived.body).toBe(200);
    d = await expectDetailAgreesWithList(flightId);
    expect(d).toMatchObject({ finished: 3, dispatched: 1, count: 6 });

    // handed over (10) with its payment: still complete
    const paid = await postForm(ctx.app, '/api/admin/declaration/pay', admin, { declaration_id: ids.slice(0, 2).join(','), confirm: 1, cash: '10.00' });
    expect(paid.statusCode, paid.body).toBe(200);
    d = await expectDetailAgreesWithList(flightId);
    expect(d).toMatchObject({ finished: 3 });
  });
});
