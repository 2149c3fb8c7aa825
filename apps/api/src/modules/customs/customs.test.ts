import type { CarriersPostsReply, CustomsDeclarationListReply, CustomsQueueRow, CustomsTaskRow } from '@app/contract/customs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCustomsSimulator, type CustomsSimulator } from '../../integrations/customs/simulator';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

let sim: CustomsSimulator;
let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>;   // back office: dgk_declarations, not bbs_office / bbs_queues
let anbar: Record<string, string>;  // storage worker: no customs permission
let partner: Record<string, string>;
let ready: { id: number; track_code: string }[];

const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });
const setSending = (on: boolean) => db().execute(sql`
  insert into settings (group_id, key, value) values ('global', 'sendDeclarationsToCustoms', ${JSON.stringify(on)}::jsonb)
  on conflict (group_id, key) do update set value = excluded.value`);
/** Time passes: the job runner's retry is due now. */
const makeJobsDue = () => db().execute(sql`update jobs set run_at = now() where status = 'queued'`);
const queueRow = async (track: string) => (await rows<{ status: string; attempts: number; retry_at: string | null; last_error: string | null }>(
  sql`select status, attempts, retry_at, last_error from customs_queue where track_code = ${track} order by id desc limit 1`))[0]!;
const statesOf = async (track: string) => (await rows<{ code: number }>(
  sql`select code from declaration_customs_states s join declarations d on d.id = s.declaration_id where d.track_code = ${track} order by s.created_at, s.id`)).map((r) => r.code);

beforeAll(async () => {
  sim = await startCustomsSimulator({ declareAfterMs: 3_600_000, declareRatio: 1 });
  ctx = await startTestApp({
    declarations: 150,
    env: {
      CUSTOMS_BASE_URL: sim.url, CUSTOMS_API_KEY: sim.apiKey, CUSTOMS_TIMEOUT_MS: '300', CUSTOMS_RETRIES: '1', CUSTOMS_RETRY_SECONDS: '1',
    },
  });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
  await setSending(true);
  ready = await rows<{ id: number; track_code: string }>(sql`
    select d.id, d.track_code from declarations d join users u on u.id = d.user_id
    where d.deleted_at is null and u.fin is not null and d.weight > 0 and d.price > 0
      and not exists (select 1 from customs_parcels cp where cp.track_code = d.track_code)
      and not exists (select 1 from customs_queue q where q.track_code = d.track_code)
    order by d.id limit 20`);
  expect(ready.length).toBe(20);
  // These parcels have never been to customs: no customs state either (the demo seed gives some to others).
  await db().execute(sql`delete from declaration_customs_states where declaration_id in ${ready.map((r) => r.id)}`);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

describe('[CUSTOMS][LINK] sends through the queue, stored and retried', () => {
  test('queued adds are sent by the job: queue rows sent, one task per call with its raw answer, customs state 0, never queued twice', async () => {
    const picked = ready.slice(0, 3);
    const { ids, skipped, disabled } = await ctx.app.customs.queueDeclarations(db(), picked.map((p) => p.id));
    expect({ n: ids.length, skipped, disabled }).toEqual({ n: 3, skipped: [], disabled: false });
    await ctx.app.jobs.runDue();
    for (const p of picked) {
      expect(await queueRow(p.track_code)).toMatchObject({ status: 'sent', attempts: 1, retry_at: null });
      expect(sim.addCount(p.track_code)).toBe(1);
      expect(await statesOf(p.track_code)).toContain(0);
    }
    const tasks = await rows<{ action: string; state: string; status_code: number; response: string; query: { trackinG_NO: string }[] }>(
      sql`select action, state, status_code, response, query from customs_tasks where action = 'add' and query::text like ${`%${picked[0]!.track_code}%`}`);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ state: 'done', status_code: 200 });
    expect(tasks[0]!.query[0]!.trackinG_NO).toBe(picked[0]!.track_code);
    expect(JSON.parse(tasks[0]!.response)).toMatchObject({ code: 200 });
    // the parcel the customs sent: FIN, importer, goods, price, from the declaration and its customer
    const sent = sim.posts.get(picked[0]!.track_code)!;
    expect(sent).toMatchObject({ direction: 1, goodS_TRAFFIC_TO: '031', document_type: 'PinCode' });
    expect(sent.fin).toMatch(/^[0-9A-Z]{7}$/); // a FIN: 7 letters and digits
    // queued again: the add is not queued a second time
    expect((await ctx.app.customs.queueDeclarations(db(), [picked[0]!.id])).ids).toEqual([]);
  });

  test('a lost answer to an add, with customs\' search down too: retried later by the job runner, added once, nothing lost', async () => {
    const track = ready[3]!.track_code;
    sim.fail({ kind: '5xx', path: '/carriersposts', times: 2 });
    sim.fail({ kind: 'slow', path: '/api/v2/carriers', method: 'POST', afterWork: true, delayMs: 2000 });
    await ctx.app.customs.queueDeclarations(db(), [ready[3]!.id]);
    await ctx.app.jobs.runDue();
    const waiting = await queueRow(track);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.retry_at).not.toBeNull();
    expect(waiting.last_error).toMatch(/^http: HTTP 503/);
    expect(sim.addCount(track)).toBe(1); // customs has it, we did not hear so
    const failed = await rows<{ action: string; state: string; retry_at: string | null; attempts: number }>(sql`
      select action, state, retry_at, attempts from customs_tasks where queue_id = (select id from customs_queue where track_code = ${track}) order by id`);
    expect(failed.map((t) => [t.action, t.state])).toEqual([['carriersposts', 'failed'], ['add', 'failed']]);
    expect(failed[1]!.retry_at).not.toBeNull();
    expect(failed[1]!.attempts).toBe(1);
    const [job] = await rows<{ status: string; attempts: number }>(sql`select status, attempts from jobs where name = 'customs.send' order by id desc limit 1`);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });

    await makeJobsDue();
    await ctx.app.jobs.runDue();
    expect(await queueRow(track)).toMatchObject({ status: 'sent', attempts: 2, retry_at: null });
    expect(sim.addCount(track)).toBe(1);
    expect(sim.requests.filter((r) => r.path === '/api/v2/carriers' && r.method === 'POST' && JSON.stringify(r.body).includes(track))).toHaveLength(1);
  });

  test('customs down (5xx) for a while: the send waits and succeeds once customs is back', async () => {
    const track = ready[4]!.track_code;
    sim.fail({ kind: '5xx', times: 50 });
    await ctx.app.customs.queueDeclarations(db(), [ready[4]!.id]);
    await ctx.app.jobs.runDue();
    expect(await queueRow(track)).toMatchObject({ status: 'queued', attempts: 1 });
    sim.clearFaults();
    await makeJobsDue();
    await ctx.app.jobs.runDue();
    expect(await queueRow(track)).toMatchObject({ status: 'sent' });
    expect(sim.addCount(track)).toBe(1);
  });

  test('a declined parcel is kept with customs\' reason and not retried', async () => {
    const track = ready[5]!.track_code;
    sim.decline(track, 'FİN kodu yanlışdır');
    await ctx.app.customs.queueDeclarations(db(), [ready[5]!.id]);
    await ctx.app.jobs.runDue();
    const row = await queueRow(track);
    expect(row).toMatchObject({ status: 'declined', attempts: 1, retry_at: null });
    expect(row.last_error).toContain('FİN kodu yanlışdır');
    const [job] = await rows<{ status: string }>(sql`select status from jobs where name = 'customs.send' order by id desc limit 1`);
    expect(job!.status).toBe('done');
    expect(sim.addCount(track)).toBe(0);
  });

  test('with sendDeclarationsToCustoms off nothing is queued or sent', async () => {
    await setSending(false);
    const result = await ctx.app.customs.queueDeclarations(db(), [ready[6]!.id]);
    expect(result).toMatchObject({ ids: [], disabled: true });
    expect((await get('/api/admin/customs/ping', admin)).json()).toMatchObject({ data: true, ok: true, sending: false });
    await setSending(true);
  });

  test('sync brings declarations; the customs declarations list and counts; package run (depesh) answers per parcel', async () => {
    const declaredOnes = ready.slice(7, 11);
    const undeclared = ready[11]!;
    await ctx.app.customs.queueDeclarations(db(), [...declaredOnes, undeclared].map((p) => p.id));
    await ctx.app.jobs.runDue();
    for (const p of declaredOnes) expect(sim.declare(p.track_code)).not.toBeNull();
    expect(sim.declarationOf(undeclared.track_code)).toBeNull();
    // a citizen withdraws one declaration before the sync
    sim.withdraw(declaredOnes[3]!.track_code);
    const synced = await ctx.app.customs.sync(db());
    expect(synced.declarations).toBeGreaterThanOrEqual(3);
    expect(synced.deleted).toBe(1);
    expect(await statesOf(declaredOnes[0]!.track_code)).toEqual([0, 1]);

    const declared = (await get('/api/admin/customs?declared=1&per_page=50', ofis)).json() as CustomsDeclarationListReply;
    expect(declared.data.map((r) => r.TrackingNumber)).toEqual(expect.arrayContaining(declaredOnes.slice(0, 3).map((p) => p.track_code)));
    expect(declared.data.map((r) => r.TrackingNumber)).not.toContain(declaredOnes[3]!.track_code); // withdrawn
    expect(declared.data.every((r) => r.RegNumber)).toBe(true);
    const row = declared.data.find((r) => r.TrackingNumber === declaredOnes[0]!.track_code)!;
    expect(row).toMatchObject({ id: declaredOnes[0]!.id, user_id: expect.any(Number), user_name: expect.any(String), PinNumber: expect.any(String), QuantityFull: expect.stringMatching(/^\d+$/) });
    const notDeclared = (await get('/api/admin/customs?declared=0&per_page=50', ofis)).json() as CustomsDeclarationListReply;
    expect(notDeclared.data.map((r) => r.TrackingNumber)).toContain(undeclared.track_code);
    expect(notDeclared.data.map((r) => r.TrackingNumber)).toContain(declaredOnes[3]!.track_code); // withdrawn: undeclared again
    expect(notDeclared.counts).toMatchObject({ declared: 0, undeclared: notDeclared.total });
    expect(notDeclared.counts.unknown).toBeGreaterThan(0); // the demo's parcels of customers we do not know
    const all = (await get('/api/admin/customs', ofis)).json() as CustomsDeclarationListReply;
    expect(all.counts.declared + all.counts.undeclared).toBe(all.total);
    expect((await get('/api/admin/customs?customer_exists=0', ofis)).json().total).toBe(all.counts.unknown);
    expect((await get('/api/admin/customs?u=0', ofis)).json().total).toBe(all.counts.unknown);
    expect((await get('/api/admin/customs?d=1', ofis)).json().total).toBe(all.counts.declared);

    expect(await statesOf(declaredOnes[3]!.track_code)).toEqual([0, 100]);

    // package run: the declared ones get 200 and state 3; the undeclared one is refused by customs
    const reg = (track: string) => sim.declarationOf(track)!.regNumber;
    const run = await ctx.app.customs.runPackages(db(), [
      ...declaredOnes.slice(0, 3).map((p) => ({ trackingNumber: p.track_code, airWaybillNumber: '235-55501234', dispatchNumber: 'DEP-77', regNumber: reg(p.track_code), declarationId: p.id })),
      { trackingNumber: undeclared.track_code, airWaybillNumber: '235-55501234', dispatchNumber: 'DEP-77', regNumber: '', declarationId: undeclared.id },
    ]);
    expect(run.map((r) => r.code)).toEqual([200, 200, 200, 400]);
    expect(sim.posts.get(declaredOnes[0]!.track_code)).toMatchObject({ status: 4, depesH_NUMBER: 'DEP-77', airwaybill: '235-55501234' });
    expect(await statesOf(declaredOnes[0]!.track_code)).toEqual([0, 1, 3]);
    expect(await queueRow(undeclared.track_code)).toMatchObject({ status: 'declined' });

    // the same depesh sent again (its answer lost): customs answers '048', which counts as accepted (spec §9);
    // another dispatch number for a dispatched parcel is refused
    const again = await ctx.app.customs.runPackages(db(), [
      { trackingNumber: declaredOnes[0]!.track_code, airWaybillNumber: '235-55501234', dispatchNumber: 'DEP-77', regNumber: reg(declaredOnes[0]!.track_code), declarationId: declaredOnes[0]!.id },
      { trackingNumber: declaredOnes[1]!.track_code, airWaybillNumber: '235-55501234', dispatchNumber: 'DEP-78', regNumber: reg(declaredOnes[1]!.track_code), declarationId: declaredOnes[1]!.id },
    ]);
    expect(again.map((r) => r.code)).toEqual([48, 409]);
    expect(again[1]!.message).toBe('Artıq başqa depeşdədir');
  });

  test('carrier posts asked live: date range, status and FIN filters, estimated total', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await get(`/api/admin/customs/carriersposts?date_from=${today}&date_to=${today}&per_page=5`, ofis);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CarriersPostsReply;
    expect(body.data).toHaveLength(5);
    expect(body.total_kind).toBe('estimated');
    expect(body.total).toBe(10); // a full page: one more page assumed
    expect(body.data[0]).toMatchObject({ id: 1, trackinG_NO: expect.any(String), weighT_GOODS: expect.any(Number), invoyS_USD: expect.any(Number), goodsList: expect.any(Array) });
    expect(body.data[0]!.inserT_DATE).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/); // the wire's date format, not customs' ISO
    // without dates: customs' older posts too (the simulator holds a marketplace's from 40 days ago), a sync of the last days left them out
    const older = (await get('/api/admin/customs/carriersposts?trackingNumber=MP7700001AZ', ofis)).json();
    expect(older.data).toEqual([expect.objectContaining({ trackinG_NO: 'MP7700001AZ', status: '4', depesH_DATE: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) })]);
    // the names real clients send: dateFrom/dateTo, trackingNumber, documentNumber
    const byTrack = (await get(`/api/admin/customs/carriersposts?dateFrom=${today} 00:00:00&dateTo=${today} 23:59:59&trackingNumber=${body.data[0]!.trackinG_NO}`, ofis)).json();
    expect(byTrack.data.map((p: { trackinG_NO: string }) => p.trackinG_NO)).toEqual([body.data[0]!.trackinG_NO]);
    const dispatched = (await get(`/api/admin/customs/carriersposts?status=4&date_from=${today}&date_to=${today}`, ofis)).json();
    expect(dispatched.data.length).toBeGreaterThanOrEqual(3);
    expect(dispatched.data.every((p: { status: string }) => p.status === '4')).toBe(true);
    // a short page is the last one: its total is known
    expect(dispatched).toMatchObject({ total_kind: 'exact', total: dispatched.data.length });
    const fin = body.data[0]!.fin;
    const byFin = (await get(`/api/admin/customs/carriersposts?documentNumber=${fin}`, ofis)).json();
    expect(byFin.data.every((p: { fin: string }) => p.fin === fin)).toBe(true);
    expect((await get('/api/admin/customs/carriersposts?status=2', ofis)).statusCode).toBe(422);
    expect((await get('/api/admin/customs/carriersposts?per_page=1000', ofis)).statusCode).toBe(422);
    // customs down: a clear 503 with the Azerbaijani message, after the client's retries
    sim.fail({ kind: '5xx', path: '/carriersposts', times: 2 });
    const down = await get('/api/admin/customs/carriersposts', ofis);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('Gömrük xidməti cavab vermir, bir az sonra yenidən cəhd edin');
  });
});

describe('[CUSTOMS][API] screens and permissions', () => {
  test('customs tasks: global search and detail, bbs_office only', async () => {
    const track = ready[3]!.track_code;
    const res = await get(`/api/admin/customs_tasks?search=${track}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { data: CustomsTaskRow[]; total: number };
    expect(list.data.map((t) => t.action)).toEqual(expect.arrayContaining(['add', 'carriersposts']));
    expect(list.data.some((t) => t.state === 'failed' && t.retry_at)).toBe(true);
    const one = list.data[0]!;
    const info = await get(`/api/admin/customs_tasks/info?customs_task_id=${one.id}`, admin);
    expect(info.json().data).toMatchObject({ id: one.id, action: one.action, attempts: expect.any(Number) });
    // a send about our parcel carries the parcel flat, as clients read it: its declaration, customer, state, branch, country
    const [declaration] = await rows<{ id: number; user_id: number; branch_id: number | null; country_id: number; quantity: number }>(
      sql`select id, user_id, branch_id, country_id, quantity from declarations where track_code = ${track}`);
    const send = list.data.find((t) => t.action === 'add' && t.queue_id !== null)!;
    expect(send).toMatchObject({
      declaration_id: declaration!.id, track_code: track, user_id: declaration!.user_id, user_name: expect.stringMatching(/\S/),
      country_id: declaration!.country_id, country_name: expect.stringMatching(/\S/), quantity: declaration!.quantity,
      declaration_state_name: expect.stringMatching(/\S/), state_id: expect.any(Number), state_name: expect.stringMatching(/\S/),
    });
    expect((await get(`/api/admin/customs_tasks/info?customs_task_id=${send.id}`, admin)).json().data).toEqual(send);
    // a call about no parcel of ours (the carrier posts search): 0 and '' where clients read numbers and text
    expect(list.data.find((t) => t.action === 'carriersposts')).toMatchObject({ declaration_id: 0, user_id: 0, user_name: '', branch_name: '', weight: null });
    expect((await get('/api/admin/customs_tasks/info?customs_task_id=999999999', admin)).statusCode).toBe(404);
    expect((await get('/api/admin/customs_tasks/info', admin)).statusCode).toBe(422);
    expect((await get('/api/admin/customs_tasks?state=failed', admin)).json().data.every((t: CustomsTaskRow) => t.state === 'failed')).toBe(true);
    for (const who of [ofis, anbar, partner]) {
      expect((await get('/api/admin/customs_tasks', who)).statusCode).toBe(403);
      expect((await get(`/api/admin/customs_tasks/info?customs_task_id=${one.id}`, who)).statusCode).toBe(403);
    }
  });

  test('the package queue (DNS queues): rows with request and answer, bbs_queues only', async () => {
    const res = await get(`/api/customs_queues/packages?track_code=${ready[5]!.track_code}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().data as CustomsQueueRow[];
    expect(row).toMatchObject({ action: 'add', status: 'declined', attempts: 1 });
    expect(JSON.parse(row!.json)).toMatchObject({ trackinG_NO: ready[5]!.track_code });
    expect((await get(`/api/customs_queues/packages?tracking_no=${ready[5]!.track_code}`, admin)).json().total).toBe(1);
    expect((await get('/api/customs_queues/packages?status=sent', admin)).json().data.every((r: CustomsQueueRow) => r.status === 'sent')).toBe(true);
    expect((await get('/api/customs_queues/packages?status=nope', admin)).statusCode).toBe(422);
    for (const who of [ofis, anbar, partner]) expect((await get('/api/customs_queues/packages', who)).statusCode).toBe(403);
  });

  test('ping, stats, declarations, posts, upload: dgk_declarations allowed, others refused', async () => {
    expect((await get('/api/admin/customs/ping', ofis)).json()).toMatchObject({ data: true, ok: true, sending: true, message: 'Gömrük xidməti işləyir' });
    const stats = (await get('/api/admin/customs/stats', ofis)).json();
    expect(stats.posts['4']).toBeGreaterThanOrEqual(3);
    expect(stats.queue.declined).toBeGreaterThanOrEqual(2);
    expect(stats.tasks_today.done).toBeGreaterThan(0);
    expect(stats.data).toEqual({ declared: stats.counts.declared, unuser: stats.counts.undeclared, nonExistUsers: stats.counts.unknown });
    for (const url of ['/api/admin/customs/ping', '/api/admin/customs/stats', '/api/admin/customs', '/api/admin/customs/carriersposts']) {
      expect((await get(url, anbar)).statusCode, url).toBe(403);
      expect((await get(url, partner)).statusCode, url).toBe(403);
    }
    sim.fail({ kind: 'slow', path: '/Ping', times: 2, delayMs: 2000 });
    expect((await get('/api/admin/customs/ping', ofis)).json()).toMatchObject({ data: false, ok: false, message: 'Gömrük xidməti cavab vermir' });
  });

  test('upload: a list of tracking numbers sorted out into declared, undeclared, unknown customer', async () => {
    const declaredTrack = ready[7]!.track_code;
    const undeclaredTrack = ready[11]!.track_code;
    const notSent = ready[15]!.track_code;
    const text = `track\n${declaredTrack}\n${undeclaredTrack}\n${notSent}\nZZ000000001\n`;
    const boundary = '----customs' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_file"; filename="codes.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from(text), Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const post = (who: Record<string, string>) => ctx.app.inject({
      method: 'POST', url: '/api/admin/customs/upload', payload, headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const res = await post(ofis);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { declared: 1, unuser: 1, nonExistUsers: 1 }, declared: 1, undeclared: 1, unuser: 1, not_found: 1 });
    expect((await post(anbar)).statusCode).toBe(403);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/admin/customs/upload', payload: {}, headers: ofis });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.document_file).toEqual(['Fayl seçilməyib']);
  });
});
