import { az } from '@app/contract/texts/az';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarationCustomsStates, marketplaceLogs, marketplacePinChanges } from '../../../db/schema/declaration-workflow';
import { declarations } from '../../../db/schema/declarations';
import { users } from '../../../db/schema/users';
import { containerTransfers } from '../../../db/schema/warehouse';
import { createMarketplaceClient } from '../../../integrations/marketplace/client';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../../integrations/marketplace/simulator';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';
import { runPinChangeJob } from './declaration-marketplace';

let ctx: TestContext;
let sim: MarketplaceSimulator;
let admin: Record<string, string>;
let clerk: Record<string, string>; // back office: no trendyol_declarations
let customerId: number;
let seq = 0;
const WT = az.declarationWorkflow;

beforeAll(async () => {
  sim = await startMarketplaceSimulator();
  ctx = await startTestApp({ declarations: 100, env: { MARKETPLACE_BASE_URL: sim.url, MARKETPLACE_RETRIES: '0', MARKETPLACE_TIMEOUT_MS: '2000' } });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  clerk = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  customerId = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(1))[0]!.id;
});
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

const db = () => ctx.database.db;
const get = (url: string, headers = admin) => ctx.app.inject({ url, headers });
async function marketplaceParcel(provider: number, pin: string | null = 'AAA1111') {
  const [row] = await db().insert(declarations).values({
    trackCode: `AZ38${String(++seq).padStart(8, '0')}`, userId: customerId, countryId: 2, statusId: 7, trendyol: provider, weight: '1.00', price: '9.00',
  }).returning({ id: declarations.id, trackCode: declarations.trackCode });
  await db().insert(marketplaceLogs).values({ declarationId: row!.id, provider, stateId: 44, pinCode: pin, data: { pin_code: pin, sku: 'SKU-1' } });
  return row!;
}
const pinOf = async (id: number) => (await db().select().from(marketplaceLogs).where(eq(marketplaceLogs.declarationId, id)))[0]!;
const changesOf = (id: number) => db().select().from(marketplacePinChanges).where(eq(marketplacePinChanges.declarationId, id)).orderBy(marketplacePinChanges.id);
const finChange = (id: number, fin: string, headers = clerk) => postForm(ctx.app, `/api/admin/declaration/trendyol/fin_change/${id}`, headers, { fin });

describe('PIN change (provider 2 only)', () => {
  test('records a pending change, the job sends it through the simulator and applies it', async () => {
    const p = await marketplaceParcel(2);
    const res = await finChange(p.id, '5abc12d');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ changed: true, status: 'pending', pin: '5ABC12D' });
    const pending = (await get(`/api/admin/declaration/trendyol/info?declaration_id=${p.id}`)).json().data;
    expect(pending.pinCode).toBe('AAA1111');
    expect(pending.pinChange).toMatchObject({ newPin: '5ABC12D', status: 'pending' });
    await ctx.app.jobs.runDue();
    const applied = (await get(`/api/admin/declaration/trendyol/info?declaration_id=${p.id}`)).json().data;
    expect(applied.pinCode).toBe('5ABC12D');
    expect(applied.logs.pin_code).toBe('5ABC12D');
    expect(applied.pinChange.status).toBe('applied');
    expect(sim.calls.some((c) => c.path === `/v1/parcels/${p.trackCode}/pin`)).toBe(true);
  });

  test('an unchanged PIN answers 200 and records nothing', async () => {
    const p = await marketplaceParcel(2, 'BBB2222');
    const res = await finChange(p.id, 'BBB2222');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.changed).toBe(false);
    expect(await changesOf(p.id)).toHaveLength(0);
  });

  test('a provider 1 parcel is refused, nothing recorded', async () => {
    const p = await marketplaceParcel(1);
    const res = await finChange(p.id, 'CCC3333');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WT.pinOnlyProvider2);
    expect(await changesOf(p.id)).toHaveLength(0);
  });

  test('a bad FIN is 422 on the field; an unknown declaration 404', async () => {
    const p = await marketplaceParcel(2);
    for (const bad of ['12345', 'ABCDEFGH', 'AB-1234', '']) {
      const res = await finChange(p.id, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.fin).toBeDefined();
    }
    expect((await finChange(99999999, 'DDD4444')).statusCode).toBe(404);
    expect(await changesOf(p.id)).toHaveLength(0);
  });

  test('the marketplace unavailable: the job is retried, stays pending, then applies', async () => {
    const p = await marketplaceParcel(2);
    await finChange(p.id, 'EEE5555');
    sim.failNext(1);
    await ctx.app.jobs.runDue();
    let [change] = await changesOf(p.id);
    expect(change).toMatchObject({ status: 'pending', attempts: 1 });
    expect(change!.lastError).toContain('503');
    expect((await pinOf(p.id)).pinCode).toBe('AAA1111');
    // the retry is due after the back-off: bring it forward instead of waiting
    await db().execute(sql`update jobs set run_at = now() where status = 'queued'`);
    await ctx.app.jobs.runDue();
    [change] = await changesOf(p.id);
    expect(change!.status).toBe('applied');
    expect((await pinOf(p.id)).pinCode).toBe('EEE5555');
  });

  test('a marketplace refusal marks the change failed; the PIN stays', async () => {
    const p = await marketplaceParcel(2);
    sim.reject([p.trackCode]);
    await finChange(p.id, 'FFF6666');
    await ctx.app.jobs.runDue();
    const [change] = await changesOf(p.id);
    expect(change!.status).toBe('failed');
    expect((await pinOf(p.id)).pinCode).toBe('AAA1111');
  });

  test('the client retries 5xx inside one call', async () => {
    const client = createMarketplaceClient({ baseUrl: sim.url, retries: 2, retryDelayMs: 0, timeoutMs: 2000 });
    sim.failNext(2);
    expect(await client.changePin({ trackCode: 'AZX', pin: 'GGG7777', previousPin: null, requestId: 'r-1' })).toMatchObject({ ok: true });
    const down = createMarketplaceClient({ baseUrl: 'http://127.0.0.1:1', retries: 1, retryDelayMs: 0, timeoutMs: 500 });
    await expect(down.changePin({ trackCode: 'AZX', pin: 'GGG7777', previousPin: null, requestId: 'r-2' })).rejects.toThrow();
  });

  test('no marketplace configured: the job fails its attempt and the change stays pending', async () => {
    const p = await marketplaceParcel(2);
    await finChange(p.id, 'HHH8888');
    const [change] = await changesOf(p.id);
    await expect(runPinChangeJob(db(), null, { changeId: change!.id }, { attempt: 1 })).rejects.toThrow(/MARKETPLACE_BASE_URL/);
    expect((await changesOf(p.id))[0]!.status).toBe('pending');
  });
});

describe('marketplace list and states', () => {
  test('list needs trendyol_declarations; filters by provider; data, total, last_page', async () => {
    expect((await get('/api/admin/declaration/trendyol', clerk)).statusCode).toBe(403);
    const res = await get('/api/admin/declaration/trendyol?trendyol=2&per_page=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.last_page).toBe(Math.ceil(body.total / 5));
    expect(body.data.every((r: { trendyol: number }) => r.trendyol === 2)).toBe(true);
    // the declarations list row (issue 14: flat), plus the marketplace state and PIN
    expect(body.data[0]).toMatchObject({ state_id: expect.any(Number), state_name: expect.any(String), payed: expect.any(Number) });
    expect(body.data[0]).toHaveProperty('trendyol_state_name');
    expect(body.data[0]).toHaveProperty('pin_code');
  });

  test('updateState single and bulk by filter; parcel states list the change', async () => {
    const p = await marketplaceParcel(1);
    const single = await postForm(ctx.app, '/api/admin/declaration/trendyol/updateState', admin, { declaration_id: p.id, trendyol_state_id: 45 });
    expect(single.statusCode).toBe(200);
    expect(single.json().data.count).toBe(1);
    expect((await pinOf(p.id)).stateId).toBe(45);
    const states = (await get(`/api/admin/declaration/trendyol/parcel-states/${p.trackCode}`)).json().data;
    expect(states.at(-1)).toMatchObject({ state_id: 45, state: 'Yola düşüb', author: expect.any(String) as string, _id: expect.any(String) as string });

    const bulk = await postForm(ctx.app, `/api/admin/declaration/trendyol/updateState?trendyol_state_id=46&filter=1&track_code=${p.trackCode}`, admin);
    expect(bulk.json().data.count).toBe(1);
    expect((await pinOf(p.id)).stateId).toBe(46);
    // refused: no filter, unknown state, no permission
    expect((await postForm(ctx.app, '/api/admin/declaration/trendyol/updateState?trendyol_state_id=46&filter=1', admin)).statusCode).toBe(422);
    expect((await postForm(ctx.app, '/api/admin/declaration/trendyol/updateState', admin, { declaration_id: p.id, trendyol_state_id: 9 })).statusCode).toBe(422);
    expect((await postForm(ctx.app, '/api/admin/declaration/trendyol/updateState', clerk, { declaration_id: p.id, trendyol_state_id: 44 })).statusCode).toBe(403);
    expect((await pinOf(p.id)).stateId).toBe(46);
  });
});

describe('customs status, counts, box transfers', () => {
  test('customs_status answers the latest stored state; a never-sent incomplete parcel is flagged', async () => {
    const [p] = await db().insert(declarations).values({ trackCode: 'AZ3700000001', userId: customerId, countryId: 1, statusId: 7, weight: null, price: '5.00' }).returning();
    let res = await get(`/api/client/customs_status?track_code=${p!.trackCode}`);
    expect(res.json().data).toMatchObject({ customs_status: null, json: null, incomplete: true });
    expect(res.json().data.missing).toContain('weight');
    await db().insert(declarationCustomsStates).values([
      { declarationId: p!.id, trackCode: p!.trackCode, code: 0, json: { code: '200' }, createdAt: new Date(Date.now() - 60_000) },
      { declarationId: p!.id, trackCode: p!.trackCode, code: 1, json: { code: '048', status: 1 } },
    ]);
    res = await get(`/api/client/customs_status?track_code=${p!.trackCode}`);
    expect(res.json().data).toMatchObject({ customs_status: 1, json: { status: 1 }, incomplete: false });
    const history = (await get(`/api/admin/declaration/customs_states?declaration_id=${p!.id}`)).json().data;
    expect(history.map((h: { code: number }) => h.code)).toEqual([0, 1]);
    expect(history[0].label).toBe(WT.customsLabels[0]);
    expect((await get('/api/client/customs_status?track_code=NOPE')).statusCode).toBe(404);
    expect((await get('/api/client/customs_status')).statusCode).toBe(422);
  });

  test('state counts add up to the listed declarations', async () => {
    const res = await get('/api/admin/declaration/state_counts');
    const body = res.json();
    const [n] = await db().select({ n: sql<number>`count(*)::int` }).from(declarations).where(sql`deleted_at is null`);
    expect(body.total).toBe(n!.n);
    expect(body.data.find((r: { state_id: number }) => r.state_id === 9)).toBeDefined();
  });

  test('box transfers by declaration', async () => {
    const [t] = await db().select().from(containerTransfers).limit(1);
    const res = await get(`/api/admin/containers/containers-transfers/by-declaration?declaration_id=${t!.declarationId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBeGreaterThan(0);
    expect(res.json().data[0]).toMatchObject({ declaration: { id: t!.declarationId }, note: t!.note });
    const none = await get('/api/admin/containers/containers-transfers/by-declaration?declaration_id=99999999');
    expect(none.json()).toEqual({ data: [], meta: { total: 0 } });
  });
});
