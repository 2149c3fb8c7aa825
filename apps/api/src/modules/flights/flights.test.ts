import type {
  AirwaybillChangeReply, AirwaybillPackagesReply, ExecutePackageRunReply, FlightCloseReply, FlightDeclarationsReply, FlightDetail, FlightListReply, FlightPackagesReply,
  FlightWriteReply, PackageRun,
} from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCustomsSimulator, type CustomsSimulator } from '../../integrations/customs/simulator';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

const T = az.flights;
let sim: CustomsSimulator;
let ctx: TestContext;
let admin: Record<string, string>;
let anbar: Record<string, string>; // storage worker: has `flights`
let ofis: Record<string, string>; // back office: no `flights`

const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const get = (url: string, headers = admin) => ctx.app.inject({ url, headers });
const post = (url: string, fields: Record<string, string | number> = {}, headers = admin) => postForm(ctx.app, url, headers, fields);
const postJson = (url: string, payload: unknown, headers = admin) => ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.APP_TIMEZONE }).format(new Date());

interface Parcel { id: number; track_code: string }
const used = new Set<number>();
/**
 * Fresh demo parcels (a customer with a FIN, weight and price, never sent to customs) put back at
 * 7 outside any flight, added at customs through the link; `declared` ones then declared by the
 * citizen and synced (customs_parcels gets their registration numbers).
 */
async function prepareParcels(n: number, declared: boolean): Promise<Parcel[]> {
  const picked = (await rows<Parcel>(sql`
    select d.id, d.track_code from declarations d join users u on u.id = d.user_id
    where d.deleted_at is null and u.fin is not null and d.weight > 0 and d.price > 0 and d.trendyol = 0
      and not exists (select 1 from customs_parcels cp where cp.track_code = d.track_code)
      and not exists (select 1 from customs_queue q where q.track_code = d.track_code)
    order by d.id limit 200`)).filter((p) => !used.has(p.id)).slice(0, n);
  expect(picked).toHaveLength(n);
  for (const p of picked) used.add(p.id);
  const ids = picked.map((p) => p.id);
  await db().execute(sql`update declarations set status_id = 7, flight_id = null, parcel_id = null where id in ${ids}`);
  const queued = await ctx.app.customs.queueDeclarations(db(), ids);
  expect(queued.skipped).toEqual([]);
  await ctx.app.jobs.runDue();
  for (const p of picked) expect(sim.addCount(p.track_code)).toBe(1);
  if (declared) for (const p of picked) expect(sim.declare(p.track_code)).not.toBeNull();
  await ctx.app.customs.sync(db());
  return picked;
}

/** Demo parcels not used by another test, put back at 7 outside any flight (`trendyol`: their provider). */
async function freeParcels(n: number, trendyol = 0): Promise<Parcel[]> {
  const picked = (await rows<Parcel>(sql`
    select id, track_code from declarations where deleted_at is null and trendyol = ${trendyol} order by id desc limit 300`))
    .filter((p) => !used.has(p.id)).slice(0, n);
  expect(picked).toHaveLength(n);
  for (const p of picked) used.add(p.id);
  await db().execute(sql`update declarations set status_id = 7, flight_id = null, parcel_id = null where id in ${picked.map((p) => p.id)}`);
  return picked;
}

/** A new open flight (through the API) with one bag, holding these parcels. */
async function openFlight(name: string, parcels: Parcel[]): Promise<{ id: number; bagId: number }> {
  const res = await post('/api/admin/flights/create', { name, state_id: 29, country_id: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as FlightWriteReply).data.id;
  const [bag] = await rows<{ id: number }>(sql`insert into parcels (name, flight_id) values (${`KS-${name}`}, ${id}) returning id`);
  if (parcels.length > 0) {
    const set = await postJson('/api/admin/flights/set', { flight_id: id, declaration_ids: parcels.map((p) => p.id), parcel_id: bag!.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.count).toBe(parcels.length);
  }
  return { id, bagId: bag!.id };
}

const statusOf = async (ids: number[]) => new Map((await rows<{ id: number; status_id: number }>(sql`select id, status_id from declarations where id in ${ids}`)).map((r) => [r.id, r.status_id]));
const detail = async (id: number) => ((await get(`/api/admin/flights/detail?flight_id=${id}`)).json() as { data: FlightDetail }).data;
const runsOf = async (id: number) => ((await get(`/api/admin/flights/packages?flight_id=${id}&per_page=50`)).json() as FlightPackagesReply).data;

beforeAll(async () => {
  sim = await startCustomsSimulator({ declareAfterMs: 3_600_000, declareRatio: 1 });
  ctx = await startTestApp({
    declarations: 300,
    env: { CUSTOMS_BASE_URL: sim.url, CUSTOMS_API_KEY: sim.apiKey, CUSTOMS_TIMEOUT_MS: '500', CUSTOMS_RETRIES: '1', CUSTOMS_RETRY_SECONDS: '1' },
  });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

describe('[FLIGHTS][CREATE] POST flights/create', () => {
  test('country, name and status are required (422 field errors); the status must be a flight status; the country must exist', async () => {
    const empty = await post('/api/admin/flights/create', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({ name: [az.errors.required], state_id: [az.errors.required], country_id: [az.errors.required] });
    const blank = await post('/api/admin/flights/create', { name: '', state_id: '', country_id: '' });
    expect(Object.keys(blank.json().errors).sort()).toEqual(['country_id', 'name', 'state_id']);
    const declarationStatus = await post('/api/admin/flights/create', { name: 'X', state_id: 7, country_id: 1 });
    expect(declarationStatus.statusCode).toBe(422);
    expect(declarationStatus.json().errors).toEqual({ state_id: [T.unknownStatus] });
    const noCountry = await post('/api/admin/flights/create', { name: 'X', state_id: 29, country_id: 999 });
    expect(noCountry.json().errors).toEqual({ country_id: [T.unknownCountry] });
    expect(await rows(sql`select 1 from flights where name = 'X'`)).toHaveLength(0);
  });

  test('a valid flight is created open, started today, and listed with zero figures', async () => {
    const res = await post('/api/admin/flights/create', { name: 'IST-TEST-CREATE', state_id: 29, country_id: 1, trendyol: 1 }, anbar);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FlightWriteReply;
    expect(body.message).toBe(T.created);
    expect(body.data).toMatchObject({
      name: 'IST-TEST-CREATE', trendyol: 1, flight_provider: expect.any(String), state_id: 29, state_name: 'Açıq', country_id: 1, country_name: expect.any(String),
      start_date: expect.stringMatching(new RegExp(`^${today()} \\d{2}:\\d{2}:\\d{2}$`)), end_date: null,
      airwaybill: '', count: 0, total: 0, finished: 0, weight: '0.00', price: '0.00', delivery_price: '0.00', package_runs: 0,
    });
    const list = (await get('/api/admin/v2/flights/list?name=TEST-CREATE', anbar)).json() as FlightListReply;
    expect(list.total).toBe(1);
    expect(list.data[0]!.id).toBe(body.data.id);
    expect((await detail(body.data.id)).can).toEqual({ close: true, change_airwaybill: false, pallets: true });
    const options = (await get('/api/admin/flights/options?open=1&country_id=1')).json() as { data: { id: number; name: string }[] };
    expect(options.data).toContainEqual({ id: body.data.id, name: 'IST-TEST-CREATE', flight_name: 'IST-TEST-CREATE' });
    expect((await get('/api/admin/flights/select?name=TEST-CREATE')).json().data).toEqual([{ id: body.data.id, name: 'IST-TEST-CREATE', flight_name: 'IST-TEST-CREATE' }]);
    // the filters real clients send: id, flight_provider, start_date as a 'from,to' date-time range; sort by start_date
    const day = today();
    const byClient = (await get(`/api/admin/v2/flights/list?id=${body.data.id}&flight_provider=1&start_date=${day} 00:00:00,${day} 23:59:59&sort_column=start_date&sort_order=desc`)).json() as FlightListReply;
    expect(byClient.data.map((r) => r.id)).toEqual([body.data.id]);
    expect((await get(`/api/admin/v2/flights/list?id=${body.data.id}&start_date=2001-01-01 00:00:00,2001-01-02 00:00:00`)).json().total).toBe(0);
    expect((await get(`/api/admin/v2/flights/list?id=${body.data.id}&flight_provider=0`)).json().total).toBe(0);
    const [history] = await rows<{ state_id: number; model_id: number }>(sql`select state_id, model_id from status_history where model_id = 8 and object_id = ${body.data.id}`);
    expect(history).toEqual({ state_id: 29, model_id: 8 });
  });
});

describe('[FLIGHTS][LIST] figures per page', () => {
  test('each row\'s count, completed (at the branch or handed over: 9 or 10), weight and amounts are its parcels\' (not deleted); sort by count', async () => {
    const list = (await get('/api/admin/v2/flights/list?per_page=50')).json() as FlightListReply;
    expect(list.total).toBeGreaterThan(2);
    const expected = await rows<{ flight_id: number; n: number; done: number; weight: string; price: string; delivery: string }>(sql`
      select flight_id, count(*)::int as n, (count(*) filter (where status_id in (9, 10)))::int as done, round(coalesce(sum(weight), 0), 2)::text as weight,
             round(coalesce(sum(price), 0), 2)::text as price, round(coalesce(sum(delivery_price), 0), 2)::text as delivery
      from declarations where flight_id is not null and deleted_at is null group by flight_id`);
    const byFlight = new Map(expected.map((e) => [e.flight_id, e]));
    for (const row of list.data) {
      const e = byFlight.get(row.id);
      expect({ id: row.id, count: row.count, done: row.finished, weight: row.weight, price: row.price, delivery: row.delivery_price })
        .toEqual({ id: row.id, count: e?.n ?? 0, done: e?.done ?? 0, weight: e?.weight ?? '0.00', price: e?.price ?? '0.00', delivery: e?.delivery ?? '0.00' });
    }
    const byCount = ((await get('/api/admin/v2/flights/list?sort_column=count&sort_order=desc&per_page=50')).json() as FlightListReply).data.map((r) => r.count);
    expect(byCount).toEqual([...byCount].sort((a, b) => b - a));
    expect(byCount[0]).toBeGreaterThan(0);
    // the demo's closed flight with executed package runs shows them
    const closed = ((await get('/api/admin/v2/flights/list?state_id=30&per_page=200')).json() as FlightListReply).data;
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((r) => r.state_id === 30)).toBe(true);
    const withRuns = closed.filter((r) => r.package_runs_executed > 0);
    expect(withRuns.length).toBeGreaterThan(0);
    // each country's latest closed flight gets demo runs; the declined parcel is one of its random parcels at 8, so look at all of them
    const demoRuns = (await Promise.all(withRuns.map((r) => runsOf(r.id)))).flat();
    expect(demoRuns.filter((r) => r.executed).every((r) => r.output!.length === r.input.length)).toBe(true);
    expect(demoRuns.flatMap((r) => r.output ?? []).some((o) => o.code !== 200)).toBe(true); // a parcel customs declined
  });

  test('the demo\'s open flights hold parcels at 7 only, mostly declared at customs', async () => {
    const open = ((await get('/api/admin/v2/flights/list?state_id=29&per_page=50')).json() as FlightListReply).data.filter((r) => r.count > 0);
    expect(open.length).toBeGreaterThan(0);
    for (const f of open) {
      const statuses = await rows<{ status_id: number }>(sql`select distinct status_id from declarations where flight_id = ${f.id} and deleted_at is null`);
      expect(statuses.map((s) => s.status_id)).toEqual([7]);
      const d = await detail(f.id);
      expect(d.declared + d.undeclared).toBe(d.count);
      expect(d.bags).toBeGreaterThan(0);
    }
  });
});

describe('[FLIGHTS][PERMISSIONS] every flight call needs `flights`', () => {
  test('back office without it gets 403, nothing written', async () => {
    const calls = [
      () => get('/api/admin/v2/flights/list', ofis), () => get('/api/admin/flights/info', ofis), () => get('/api/admin/flights/options', ofis),
      () => get('/api/admin/flights/detail?flight_id=1', ofis), () => get('/api/admin/flights/packages?flight_id=1', ofis),
      () => get('/api/task/to_flight', ofis),
      () => post('/api/admin/flights/create', { name: 'NO', state_id: 29, country_id: 1 }, ofis),
      () => post('/api/admin/flights/close?close=true&type=with-dispatch', { flight_id: 1, airWaybill: '235-12345675' }, ofis),
      () => post('/api/admin/flights/execute?queue_id=1', {}, ofis),
      () => post('/api/admin/flights/airwaybill', { flight_id: 1, airwaybill: '235-12345675' }, ofis),
      () => post('/api/admin/this_month/change', { flight_id: 1, this_month: '2026-01' }, ofis),
      () => post('/api/admin/flights/state_change?state_id=30', { flight_id: 1 }, ofis),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    expect(await rows(sql`select 1 from flights where name = 'NO'`)).toHaveLength(0);
    expect((await get('/api/admin/v2/flights/list', anbar)).statusCode).toBe(200);
  });
});

describe('[FLIGHTS][CLOSE][EXECUTE][AIRWAYBILL] close with dispatch, run the packages, correct the air waybill', () => {
  let flightId: number;
  let declared: Parcel[];
  let undeclared: Parcel[];
  let runs: PackageRun[];
  const AWB = '235-11112220';

  beforeAll(async () => {
    declared = await prepareParcels(5, true);
    undeclared = await prepareParcels(2, false);
    flightId = (await openFlight('IST-CLOSE-1', [...declared, ...undeclared])).id;
  }, 30_000);

  test('close=false previews: the same figures, nothing written', async () => {
    const res = await post('/api/admin/flights/close?close=false&type=with-dispatch', { flight_id: flightId, airWaybill: AWB, limit: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FlightCloseReply;
    expect(body).toMatchObject({ preview: true, dispatched: 5, skipped: 2 });
    expect(body.runs.map((r) => r.input.length)).toEqual([2, 2, 1]);
    expect(body.runs.every((r) => r.id === 0)).toBe(true);
    expect(body.flight.state_id).toBe(29);
    expect((await detail(flightId)).state_id).toBe(29);
    expect(await runsOf(flightId)).toEqual([]);
    expect([...(await statusOf(declared.map((p) => p.id))).values()]).toEqual([7, 7, 7, 7, 7]);
  });

  test('with-dispatch: declared parcels into runs of at most `limit`, to 8 with history; undeclared stay at 7; the flight at 30', async () => {
    const res = await post('/api/admin/flights/close?close=true&type=with-dispatch', { flight_id: flightId, airWaybill: AWB, limit: 2 }, anbar);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FlightCloseReply;
    expect(body).toMatchObject({ preview: false, dispatched: 5, skipped: 2, message: fill(T.closed, { D: 5, R: 3, S: 2 }) });
    expect(body.flight).toMatchObject({ state_id: 30, airwaybill: AWB, package_runs: 3, package_runs_executed: 0 });
    expect(body.flight.closed_at).not.toBeNull();
    runs = [...body.runs].sort((a, b) => a.id - b.id);
    expect(runs.map((r) => r.input.length)).toEqual([2, 2, 1]);
    expect(runs.map((r) => r.input[0]!.dispatchNumber)).toEqual(['IST-CLOSE-1-1', 'IST-CLOSE-1-2', 'IST-CLOSE-1-3']);
    const inRuns = runs.flatMap((r) => r.input);
    expect(inRuns.map((i) => i.trackingNumber).sort()).toEqual(declared.map((p) => p.track_code).sort());
    const regs = await rows<{ track_code: string; reg_number: string }>(sql`select track_code, reg_number from customs_parcels where track_code in ${declared.map((p) => p.track_code)}`);
    for (const item of inRuns) {
      expect(item).toMatchObject({ airWaybillNumber: AWB, regNumber: regs.find((r) => r.track_code === item.trackingNumber)!.reg_number });
      expect(item.regNumber).toMatch(/^2026\d{8}$/);
    }
    const statuses = await statusOf([...declared, ...undeclared].map((p) => p.id));
    expect(declared.map((p) => statuses.get(p.id))).toEqual([8, 8, 8, 8, 8]);
    expect(undeclared.map((p) => statuses.get(p.id))).toEqual([7, 7]);
    const history = await rows<{ from_state_id: number; state_id: number; note: string }>(sql`
      select from_state_id, state_id, note from status_history where model_id = 2 and object_id = ${declared[0]!.id} order by id desc limit 1`);
    expect(history[0]).toMatchObject({ from_state_id: 7, state_id: 8 });
    expect(history[0]!.note).toContain('IST-CLOSE-1-');
    const d = await detail(flightId);
    expect(d).toMatchObject({ dispatched: 5, declared: 5, undeclared: 2, can: { close: false, change_airwaybill: true } });
    const [audit] = await rows<{ changes: { type: string; dispatched: number } }>(sql`select changes from audit_log where action = 'flight.close' and entity_id = ${String(flightId)}`);
    expect(audit!.changes).toMatchObject({ type: 'with-dispatch', dispatched: 5 });
    // customs state 2 (gathered into boxes) is queued with the close for the declared parcels only
    const boxing = await rows<{ track_code: string; status: string }>(sql`
      select track_code, status from customs_queue where action = 'addtoboxes' and track_code in ${[...declared, ...undeclared].map((p) => p.track_code)}`);
    expect(boxing.map((b) => b.track_code).sort()).toEqual(declared.map((p) => p.track_code).sort());
    expect(boxing.every((b) => b.status === 'queued')).toBe(true);
  });

  test('a flight not at 29 is not closed again (422), nothing changes', async () => {
    const res = await post('/api/admin/flights/close?close=true&type=all', { flight_id: flightId, airWaybill: '235-99999992' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: T.notOpen, errors: { flight_id: [T.notOpen] } });
    expect((await detail(flightId)).airwaybill).toBe(AWB);
    expect(await runsOf(flightId)).toHaveLength(3);
  });

  test('execute sends the depesh to customs and records the output; a second execute is refused', async () => {
    const run = runs[0]!;
    const res = await post(`/api/admin/flights/execute?queue_id=${run.id}`, {}, anbar);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ExecutePackageRunReply;
    expect(body.packages).toEqual(run.input.map((i) => ({ trackingNumber: i.trackingNumber, code: 200, message: null })));
    expect(body.data).toMatchObject({ id: run.id, executed: 1, status_code: '200', accepted: 2 });
    expect(body.response).toEqual(run.input.map((i) => ({ track_code: i.trackingNumber, code: '200', codename: 'OK' })));
    expect(JSON.parse(body.data.json)[0]).toMatchObject({ trackingNumber: run.input[0]!.trackingNumber, depeshNumber: 'IST-CLOSE-1-1' });
    expect(JSON.parse(body.data.response!).data[run.input[0]!.trackingNumber]).toBe(200);
    expect(body.data.elapsed_time).toBeGreaterThanOrEqual(0);
    expect(body.data.start_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body.data.end_date).not.toBeNull();
    for (const item of run.input) {
      expect(sim.posts.get(item.trackingNumber)).toMatchObject({ status: 4, depesH_NUMBER: 'IST-CLOSE-1-1', airwaybill: AWB });
    }
    const depesh = sim.requests.filter((r) => r.path === '/api/v2/carriers/depesh');
    expect(depesh.map((r) => (r.body as { trackingNumber: string }[])[0]!.trackingNumber)).toEqual(expect.arrayContaining(run.input.map((i) => i.trackingNumber)));
    expect((await statusOf(run.input.map((i) => i.declarationId!))).get(run.input[0]!.declarationId!)).toBe(8);
    const listed = (await runsOf(flightId)).find((r) => r.id === run.id)!;
    expect(listed).toMatchObject({ executed: 1, output: body.packages, accepted: 2 });
    // the run's parcels were boxed at customs (2) before their dispatch (3)
    const calls = sim.requests.map((r) => ({ path: r.path, tracks: (Array.isArray(r.body) ? r.body as { trackingNumber?: string }[] : []).map((b) => b.trackingNumber) }));
    for (const item of run.input) {
      const boxedAt = calls.findIndex((c) => c.path === '/api/v2/carriers/addtoboxes' && c.tracks.includes(item.trackingNumber));
      const sentAt = calls.findIndex((c) => c.path === '/api/v2/carriers/depesh' && c.tracks.includes(item.trackingNumber));
      expect(boxedAt).toBeGreaterThanOrEqual(0);
      expect(boxedAt).toBeLessThan(sentAt);
      const states = await rows<{ state: number }>(sql`select code as state from declaration_customs_states where track_code = ${item.trackingNumber} order by id`);
      expect(states.map((x) => x.state).slice(-2)).toEqual([2, 3]);
    }

    const again = await post(`/api/admin/flights/execute?queue_id=${run.id}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(T.alreadyExecuted);
    expect(sim.requests.filter((r) => r.path === '/api/v2/carriers/depesh')).toHaveLength(depesh.length);
    expect((await post('/api/admin/flights/execute?queue_id=99999999')).statusCode).toBe(404);
  });

  test('sent dispatches: every run item with its code once executed; totals over all pages (page size 20)', async () => {
    const res = await get(`/api/admin/flights/airwaybillpackages?flight_id=${flightId}&per_page=2&page=1`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AirwaybillPackagesReply;
    expect(body.data.count).toBe(5);
    expect(body.total).toBe(5);
    expect(body.data.packages).toHaveLength(2);
    expect(body.data.packages.map((p) => p.code)).toEqual([200, 200]);
    expect(body.data.packages[0]).toMatchObject({ depesH_NUMBER: 'IST-CLOSE-1-1', airwaybill: AWB, user_id: expect.any(Number), user_name: expect.any(String) });
    const weights = await rows<{ w: string }>(sql`select round(sum(weight), 2)::text as w from declarations where id in ${declared.map((p) => p.id)}`);
    expect(body.data.totalWeight).toBe(Number(weights[0]!.w));
    const last = (await get(`/api/admin/flights/airwaybillpackages?flight_id=${flightId}&page=3&per_page=2`)).json() as AirwaybillPackagesReply;
    expect(last.data.packages).toHaveLength(1);
    expect(last.data.packages[0]).toMatchObject({ code: null, sent: false, depesH_DATE: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect(body.data.packages[0]!.sent).toBe(true);
    const info = (await get(`/api/admin/flights/airwaybillinfo?flight_id=${flightId}`)).json();
    expect(info.data).toMatchObject({ flight_id: flightId, airwaybill: AWB, state_id: 30, dispatched: 5, can_change: true });
  });

  test('air waybill: refused at 29; at 30 the flight, the runs not executed and customs\' records of the dispatched parcels change', async () => {
    const open = await openFlight('IST-AWB-OPEN', []);
    const refused = await post('/api/admin/flights/airwaybill', { flight_id: open.id, airwaybill: '235-55555555' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ airwaybill: [T.airwaybillOnlyClosed] });
    expect((await detail(open.id)).airwaybill).toBe('');

    const NEW = '235-33334442';
    const res = await post('/api/admin/flights/airwaybill', { flight_id: flightId, airwaybill: NEW });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AirwaybillChangeReply;
    expect(body).toMatchObject({ runs_updated: 2, queued: 2, data: { airwaybill: NEW } });
    const after = (await runsOf(flightId)).sort((a, b) => a.id - b.id);
    expect(after[0]!.input.map((i) => i.airWaybillNumber)).toEqual([AWB, AWB]); // executed: as sent
    expect(after.slice(1).flatMap((r) => r.input.map((i) => i.airWaybillNumber))).toEqual([NEW, NEW, NEW]);
    const queued = await rows<{ track_code: string; json: { trackinG_NO: string; airwaybill: string; depesH_NUMBER: string } }>(sql`
      select track_code, json from customs_queue where action = 'update' and track_code in ${declared.map((p) => p.track_code)}`);
    expect(queued.map((q) => q.json).sort((a, b) => a.trackinG_NO.localeCompare(b.trackinG_NO)))
      .toEqual(runs[0]!.input.map((i) => ({ trackinG_NO: i.trackingNumber, airwaybill: NEW, depesH_NUMBER: 'IST-CLOSE-1-1' })).sort((a, b) => a.trackinG_NO.localeCompare(b.trackinG_NO)));
    await ctx.app.jobs.runDue();
    for (const item of runs[0]!.input) expect(sim.posts.get(item.trackingNumber)!.airwaybill).toBe(NEW);
    const [audit] = await rows<{ changes: { airwaybill: { from: string; to: string } } }>(sql`select changes from audit_log where action = 'flight.airwaybill' and entity_id = ${String(flightId)}`);
    expect(audit!.changes.airwaybill).toEqual({ from: AWB, to: NEW });
    // the next run carries the new number to customs
    const next = await post(`/api/admin/flights/execute?queue_id=${runs[1]!.id}`);
    expect(next.statusCode, next.body).toBe(200);
    expect(sim.posts.get(runs[1]!.input[0]!.trackingNumber)).toMatchObject({ status: 4, airwaybill: NEW, depesH_NUMBER: 'IST-CLOSE-1-2' });
  });
});

describe('[FLIGHTS][CLOSE][EXECUTE] all parcels; customs declines the undeclared', () => {
  test('type=all puts undeclared parcels in with an empty regNumber; executing: 422 with the per-parcel messages joined, the run saved, declined parcels back at 7', async () => {
    const declared = await prepareParcels(1, true);
    const undeclared = await prepareParcels(2, false);
    const { id } = await openFlight('IST-ALL-1', [...declared, ...undeclared]);
    const closed = await post('/api/admin/flights/close?close=true&type=all', { flight_id: id, airWaybill: '235-77778886' });
    expect(closed.statusCode, closed.body).toBe(200);
    const body = closed.json() as FlightCloseReply;
    expect(body).toMatchObject({ dispatched: 3, skipped: 0 });
    expect(body.runs).toHaveLength(1); // default limit 400
    const run = body.runs[0]!;
    expect(run.input.filter((i) => i.regNumber === '').map((i) => i.trackingNumber).sort()).toEqual(undeclared.map((p) => p.track_code).sort());

    const res = await post(`/api/admin/flights/execute?queue_id=${run.id}`);
    expect(res.statusCode).toBe(422);
    const order = run.input.filter((i) => i.regNumber === '').map((i) => i.trackingNumber);
    expect(res.json().message).toBe(order.map((t) => `${t}: Bəyan edilməyib`).join('. '));
    const saved = (await runsOf(id))[0]!;
    expect(saved).toMatchObject({ id: run.id, executed: 1, accepted: 1 });
    expect(saved.output!.map((o) => [o.trackingNumber, o.code])).toEqual(run.input.map((i) => [i.trackingNumber, i.regNumber ? 200 : 400]));
    const statuses = await statusOf([...declared, ...undeclared].map((p) => p.id));
    expect(statuses.get(declared[0]!.id)).toBe(8);
    expect(undeclared.map((p) => statuses.get(p.id))).toEqual([7, 7]);
    const [note] = await rows<{ note: string; state_id: number }>(sql`
      select note, state_id from status_history where model_id = 2 and object_id = ${undeclared[0]!.id} order by id desc limit 1`);
    expect(note).toEqual({ state_id: 7, note: fill(T.declinedNote, { MESSAGE: 'Bəyan edilməyib' }) });
    expect((await post(`/api/admin/flights/execute?queue_id=${run.id}`)).json().message).toBe(T.alreadyExecuted);
  });

  test('without-dispatch: only the flight closes', async () => {
    const parcels = await prepareParcels(1, true);
    const { id } = await openFlight('IST-NODISP-1', parcels);
    const res = await post('/api/admin/flights/close?type=without-dispatch', { flight_id: id, airWaybill: '235-12121211' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dispatched: 0, skipped: 1, runs: [], flight: { state_id: 30, airwaybill: '235-12121211' } });
    expect((await statusOf([parcels[0]!.id])).get(parcels[0]!.id)).toBe(7);
  });
});

describe('[FLIGHTS][WRITES] month, status, marketplace status, parcels onto flights, to_flight', () => {
  test('this_month: YYYY-MM only', async () => {
    const { id } = await openFlight('IST-MONTH', []);
    for (const bad of ['2026-13', '2026-1', 'abc', '']) {
      const res = await post('/api/admin/this_month/change', { flight_id: id, this_month: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.this_month).toBeDefined();
    }
    const ok = await post('/api/admin/this_month/change', { flight_id: id, this_month: '2026-05' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.this_month).toBe('2026-05');
    expect((await detail(id)).this_month).toBe('2026-05');
    expect((await post('/api/admin/this_month/change', { flight_id: 99999999, this_month: '2026-05' })).statusCode).toBe(404);
  });

  test('state_change: any flight status, with history; not a status of another model', async () => {
    const { id } = await openFlight('IST-STATE', []);
    const refused = await post('/api/admin/flights/state_change?state_id=7', { flight_id: id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ state_id: [T.unknownStatus] });
    const ok = await post('/api/admin/flights/state_change?state_id=31', { flight_id: id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ state_id: 31, state_name: 'Yoldadır' });
    const history = await rows<{ from_state_id: number; state_id: number }>(sql`select from_state_id, state_id from status_history where model_id = 8 and object_id = ${id} order by id`);
    expect(history.at(-1)).toEqual({ from_state_id: 29, state_id: 31 });
    // no longer open: not closed, no parcels put on it
    const notOpen = await post('/api/admin/flights/close', { flight_id: id, airWaybill: '235-12345675' });
    expect(notOpen.statusCode).toBe(422);
    expect(notOpen.json().errors).toEqual({ flight_id: [T.notOpen] });
  });

  test('trendyol/updateStates: the Trendyol parcels of the flight only; a status outside group 43 refused', async () => {
    const [ty] = await freeParcels(1, 1);
    const [other] = await freeParcels(1, 0);
    const { id } = await openFlight('IST-TY', [ty!, other!]);
    const refused = await post('/api/admin/flights/trendyol/updateStates', { flight_id: id, state_id: 29 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ state_id: [T.notMarketplaceStatus] });
    const ok = await post('/api/admin/flights/trendyol/updateStates', { flight_id: id, state_id: 45 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.count).toBe(1);
    const logs = await rows<{ declaration_id: number; state_id: number }>(sql`select declaration_id, state_id from marketplace_logs where declaration_id in ${[ty!.id, other!.id]}`);
    expect(logs).toEqual([{ declaration_id: ty!.id, state_id: 45 }]);
    const empty = await openFlight('IST-TY-EMPTY', []);
    const none = await post('/api/admin/flights/trendyol/updateStates', { flight_id: empty.id, state_id: 44 });
    expect(none.json().data.count).toBe(0);
  });

  test('set: only onto an open flight, only parcels at 5 or 7, the bag of that flight; boxes and box declarations show them', async () => {
    const parcels = await freeParcels(2);
    const [dispatched] = await freeParcels(1);
    await db().execute(sql`update declarations set status_id = 9 where id = ${dispatched!.id}`);
    const { id, bagId } = await openFlight('IST-SET', []);
    const other = await openFlight('IST-SET-OTHER', []);
    const wrongBag = await postJson('/api/admin/flights/set', { flight_id: id, declaration_ids: [parcels[0]!.id], parcel_id: other.bagId });
    expect(wrongBag.json().errors).toEqual({ parcel_id: [T.bagNotOfFlight] });
    const wrongStatus = await postJson('/api/admin/flights/set', { flight_id: id, declaration_ids: [parcels[0]!.id, dispatched!.id] });
    expect(wrongStatus.statusCode).toBe(422);
    expect(wrongStatus.json().message).toContain(dispatched!.track_code);
    const ok = await post('/api/admin/flights/set', { flight_id: id, declaration_ids: parcels.map((p) => p.id).join(','), parcel_id: bagId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.count).toBe(2);
    const boxes = (await get(`/api/admin/flights/boxes?flight_id=${id}`)).json();
    expect(boxes.data).toEqual([expect.objectContaining({ id: bagId, box: 'KS-IST-SET', total_count: 2, total_weight: expect.any(Number) })]);
    const inBox = (await get(`/api/admin/flights/box_declarations?box_id=${bagId}`)).json();
    expect(inBox.total).toBe(2);
    expect(inBox.data.map((r: { id: number }) => r.id).sort()).toEqual(parcels.map((p) => p.id).sort());
    expect(inBox.data[0]).toMatchObject({ parcel_id: bagId, box: 'KS-IST-SET', state_id: 7, flight_id: id, flight_name: 'IST-SET' });
    expect((await get(`/api/admin/flights/box_declarations?flight_id=${id}&track_code=${parcels[0]!.track_code}`)).json().total).toBe(1);
    expect((await get(`/api/admin/flights/box_declarations?flight_id=${id}&box=${other.bagId}`)).json().total).toBe(0);
    expect((await get(`/api/admin/flights/box_declarations?box_id=${bagId}&box=${other.bagId}`)).json().total).toBe(0);
    expect((await get('/api/admin/flights/box_declarations')).statusCode).toBe(422);
    // flights/info: the flight's declarations as the declarations list's rows; the flight screen presets flight_name with the flight's id
    const info = (await get(`/api/admin/flights/info?flight_name=${id}&sort_column=track_code&sort_order=asc`)).json() as FlightDeclarationsReply;
    expect(info.total).toBe(2);
    expect(info.data.map((r) => r.track_code)).toEqual(parcels.map((p) => p.track_code).sort());
    const listed = (await get(`/api/admin/v2/declaration/list?flight_id=${id}&sort_column=track_code&sort_order=asc`)).json() as FlightDeclarationsReply;
    expect(info.data).toEqual(listed.data);
    expect((await get(`/api/admin/flights/info?flight_id=${id}&state_id=9`)).json().total).toBe(0);
    expect((await get(`/api/admin/flights/info?flight_id=${id}&box=${bagId}&created_at=2000-01-01 00:00:00,2100-01-01 00:00:00`)).json().total).toBe(2);
    const noFlight = await get('/api/admin/flights/info?flight_name=IST');
    expect(noFlight.statusCode).toBe(422);
    expect(Object.keys(noFlight.json().errors)).toEqual(['flight_id']);
    await post('/api/admin/flights/state_change?state_id=30', { flight_id: other.id });
    const closed = await postJson('/api/admin/flights/set', { flight_id: other.id, declaration_ids: [parcels[0]!.id] });
    expect(closed.json().errors).toEqual({ flight_id: [T.setOnlyOpen] });
  });

  test('to_flight: a parcel at 7 in a bag of an open flight but on no flight gets it; also a recurring job', async () => {
    const { id, bagId } = await openFlight('IST-TOFLIGHT', []);
    const [parcel] = await freeParcels(1);
    await db().execute(sql`update declarations set parcel_id = ${bagId} where id = ${parcel!.id}`);
    const res = await get('/api/task/to_flight');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBeGreaterThanOrEqual(1);
    const [row] = await rows<{ flight_id: number }>(sql`select flight_id from declarations where id = ${parcel!.id}`);
    expect(row!.flight_id).toBe(id);
    expect((await get('/api/task/to_flight')).json().count).toBe(0);
    // the same work as a background job (scheduled every 10 minutes outside tests)
    const [another] = await freeParcels(1);
    await db().execute(sql`update declarations set parcel_id = ${bagId} where id = ${another!.id}`);
    await ctx.app.jobs.enqueue(db(), 'flights.to_flight', {});
    expect(await ctx.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [moved] = await rows<{ flight_id: number }>(sql`select flight_id from declarations where id = ${another!.id}`);
    expect(moved!.flight_id).toBe(id);
  });

  test('stats and dimensional weight', async () => {
    const [flight] = await rows<{ id: number }>(sql`select flight_id as id from declarations where status_id = 10 and flight_id is not null group by flight_id order by count(*) desc limit 1`);
    const stats = (await get(`/api/admin/flights/stats?flight_id=${flight!.id}`)).json();
    const [expected] = await rows<{ n: number; sum: string }>(sql`
      select count(*)::int as n, round(coalesce(sum(delivery_price) filter (where payed), 0), 2)::text as sum
      from declarations where flight_id = ${flight!.id} and status_id = 10 and deleted_at is null`);
    expect(stats.data).toEqual({ count: expected!.n, sum: expected!.sum });
    const open = ((await get('/api/admin/v2/flights/list?state_id=29&sort_column=count&sort_order=desc')).json() as FlightListReply).data[0]!;
    const calc = (await get(`/api/admin/flights/calculate?flight_id=${open.id}`)).json();
    const [vol] = await rows<{ w: string; n: number }>(sql`
      select round(sum(width * height * depth / 6000), 3)::text as w, count(*)::int as n from declarations
      where flight_id = ${open.id} and deleted_at is null and width > 0 and height > 0 and depth > 0`);
    expect(calc).toEqual({ data: Number(vol!.w), weight: vol!.w, count: vol!.n });
    expect(vol!.n).toBeGreaterThan(0);
    expect((await detail(open.id)).volume).toBe(Number(vol!.w));
  });
});

