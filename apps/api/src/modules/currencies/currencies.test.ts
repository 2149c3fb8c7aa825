import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { simulatedRates, startCbarSimulator, type CbarSimulator } from '../../integrations/currency-rates/simulator';
import { az } from '@app/contract/texts/az';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';
import { CURRENCY_RATES_JOB } from './service';

let sim: CbarSimulator;
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  sim = await startCbarSimulator();
  ctx = await startTestApp({ customers: 2, declarations: 0, env: { CBAR_BASE_URL: sim.url, CBAR_TIMEOUT_MS: '300' } });
  token = (await logInAs(ctx.app, 'ofis@example.az')).access_token;
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

async function get(url: string) {
  const res = await ctx.app.inject({ url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

async function lastJob() {
  const res = await ctx.database.db.execute(sql`select status, attempts, last_error from jobs where name = ${CURRENCY_RATES_JOB} order by id desc limit 1`);
  return res.rows[0] as { status: string; attempts: number; last_error: string | null };
}

/** Makes the waiting retry due now instead of after its back-off. */
async function makeRetryDue() {
  await ctx.database.db.execute(sql`update jobs set run_at = now() where name = ${CURRENCY_RATES_JOB} and status = 'queued'`);
}

/** The bank's figures of a currency; clients read `data` as the bare rate (issue 14), the same as detail.rate. */
const rateOf = async (code: string) => {
  const { body } = await get(`/api/client/cbar?currency=${code}`);
  expect(body.data).toBe(body.detail.rate);
  return body.detail;
};

describe('[CURRENCIES][API] currencies and the official rate', () => {
  test('the seeded rates answer before any fetch: USD 1.7, a week of TRY rates, EUR at its seeded rate', async () => {
    const { status, body } = await get('/api/client/currencies');
    expect(status).toBe(200);
    expect(body.data.map((c: { id: number; currency_code: string }) => [c.id, c.currency_code])).toEqual([[1, 'USD'], [2, 'TRY'], [3, 'AZN'], [4, 'EUR']]);
    expect(body.data[0]).toMatchObject({ currency_name: 'ABŞ dolları', currency_rate: 1.7, rate_date: expect.any(String) });
    // EUR (the product preview's fourth price) has no fetched day yet: its seeded rate answers
    expect(body.data[3]).toMatchObject({ currency_name: 'Avro', currency_rate: 1.965, rate_date: null });
    expect(await rateOf('eur')).toMatchObject({ currency: 'EUR', rate: '1.9650', nominal: 1, date: null });
    const usd = await rateOf('usd');
    expect(usd).toMatchObject({ currency: 'USD', rate: '1.700000', nominal: 1 });
  });

  test('an unknown currency is 404, a malformed code 422', async () => {
    expect((await get('/api/client/cbar?currency=XYZ')).status).toBe(404);
    expect((await get('/api/client/cbar?currency=12')).status).toBe(422);
    expect((await get('/api/client/cbar')).status).toBe(422);
  });
});

describe('[CURRENCIES][JOB] the recurring rates job', () => {
  test('a failed fetch (malformed XML) is logged and retried; the seeded rates stay in use', async () => {
    const before = await rateOf('TRY');
    sim.setMode('malformed');
    expect(await ctx.app.jobs.runDue()).toBe(1);
    const job = await lastJob();
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.last_error).toMatch(/malformed XML/);
    expect(await rateOf('TRY')).toEqual(before);
    expect((await get('/api/client/currencies')).status).toBe(200);
  });

  test('a timeout is retried too, and the next attempt that gets through stores the day\'s rates', async () => {
    sim.setMode('slow');
    await makeRetryDue();
    expect(await ctx.app.jobs.runDue()).toBe(1);
    expect(await lastJob()).toMatchObject({ status: 'queued', attempts: 2, last_error: expect.stringMatching(/timed out/) });

    sim.setMode('ok');
    await makeRetryDue();
    expect(await ctx.app.jobs.runDue()).toBe(1);
    expect(await lastJob()).toMatchObject({ status: 'done', attempts: 3, last_error: null });
    const tryRate = await rateOf('TRY');
    expect(tryRate.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${tryRate.date}T00:00:00Z`).getUTCDay()).not.toBe(0); // a published (working) day
    const usd = (await get('/api/client/currencies')).body.data.find((c: { currency_code: string }) => c.currency_code === 'USD');
    expect(usd).toMatchObject({ currency_rate: 1.7, rate_date: tryRate.date });
    // EUR is one of the office's currencies: the bank's rate of that day replaces the seeded one.
    const eur = (await get('/api/client/currencies')).body.data.find((c: { currency_code: string }) => c.currency_code === 'EUR');
    const bankEur = simulatedRates(tryRate.date).find((r) => r.code === 'EUR')!.value;
    expect(eur).toMatchObject({ rate_date: tryRate.date, currency_rate: Number(bankEur) });
    expect(await rateOf('EUR')).toMatchObject({ date: tryRate.date, value: bankEur, nominal: 1 });
    // Only the office's currencies are stored (RUB, GBP of the bank's file are not in the list).
    const azn = (await get('/api/client/currencies')).body.data.find((c: { currency_code: string }) => c.currency_code === 'AZN');
    expect(azn.rate_date < tryRate.date).toBe(true); // the bank does not publish AZN: its seeded day stays
    const codes = await ctx.database.db.execute(sql`select distinct currency_code from currency_rates order by 1`);
    expect(codes.rows.map((r) => (r as { currency_code: string }).currency_code)).toEqual(['AZN', 'EUR', 'TRY', 'USD']);
  });

  test('the job is scheduled once per interval: running again at once does nothing', async () => {
    expect(await ctx.app.jobs.runDue()).toBe(0);
  });
});

describe('[CURRENCIES][JOB] tests never reach the live bank', () => {
  test('without CBAR_BASE_URL a test app does not schedule the rates job', async () => {
    const other = await startTestApp({ customers: 0, declarations: 0 });
    try {
      expect(await other.app.jobs.runDue()).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('[CURRENCIES][SETTINGS] the currencies list\'s create and edit (system_settings)', () => {
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  });
  const save = async (path: string, fields: Record<string, string | number>, headers = admin) => {
    const res = await postForm(ctx.app, `/api/admin/currencies/${path}`, headers, fields);
    return { status: res.statusCode, body: res.json() };
  };
  const auditOf = async (action: string) =>
    Number((await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = ${action}`)).rows[0]!.n);

  test('admin adds a currency: the code is taken in capitals, listed with its rate, audited', async () => {
    const created = await save('create', { currency_name: 'Funt sterlinq', currency_code: 'gbp', currency_rate: '2,2345' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    const row = (await get('/api/client/currencies')).body.data.find((c: { id: number }) => c.id === id);
    expect(row).toMatchObject({ currency_name: 'Funt sterlinq', currency_code: 'GBP', currency_rate: 2.2345, rate_date: null });
    const info = await ctx.app.inject({ url: `/api/admin/currencies/info?currency_id=${id}`, headers: admin });
    expect(info.json().data).toMatchObject({ id, currency_code: 'GBP', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(await auditOf('currency.create')).toBe(1);
    // the rate is AZN per unit (cbar reads it until the bank publishes the code)
    expect((await get('/api/client/cbar?currency=GBP')).body.data).toBe('2.2345');
  });

  test('a taken code, a malformed code, a rate of zero or with 5 decimals are field errors; nothing is added', async () => {
    const before = (await get('/api/client/currencies')).body.total;
    const dup = await save('create', { currency_name: 'Dollar', currency_code: 'USD', currency_rate: '1.7' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.currency_code).toEqual([az.settingsLists.duplicateCode]);
    const bad = await save('create', { currency_name: '', currency_code: 'EU', currency_rate: '0' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['currency_code', 'currency_name', 'currency_rate']);
    expect(bad.body.errors.currency_code).toEqual([az.settingsLists.currencyCode]);
    const fine = await save('create', { currency_name: 'Rubl', currency_code: 'RUB', currency_rate: '0.02345' });
    expect(fine.body.errors.currency_rate).toEqual([az.settingsLists.rateDecimals]);
    expect((await get('/api/client/currencies')).body.total).toBe(before);
  });

  test('admin edits the name and the rate; the code stays; a missing currency is 404', async () => {
    const gbp = (await get('/api/client/currencies')).body.data.find((c: { currency_code: string }) => c.currency_code === 'GBP');
    const edited = await save('edit', { currency_id: gbp.id, currency_name: 'Funt sterlinq (GBP)', currency_code: 'GBP', currency_rate: '2.31' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = (await get('/api/client/currencies')).body.data.find((c: { id: number }) => c.id === gbp.id);
    expect(after).toMatchObject({ currency_name: 'Funt sterlinq (GBP)', currency_rate: 2.31 });
    const changes = await ctx.database.db.execute<{ changes: Record<string, unknown> }>(
      sql`select changes from audit_log where action = 'currency.update' order by id desc limit 1`);
    expect(changes.rows[0]!.changes).toMatchObject({ currency_name: { from: 'Funt sterlinq', to: 'Funt sterlinq (GBP)' } });
    const recode = await save('edit', { currency_id: gbp.id, currency_name: 'Funt sterlinq', currency_code: 'JPY', currency_rate: '2.31' });
    expect(recode.status).toBe(422);
    expect(recode.body.errors.currency_code).toEqual([az.settingsLists.codeFixed]);
    expect((await save('edit', { currency_id: 999999, currency_name: 'Yox', currency_code: 'XXX', currency_rate: '1' })).status).toBe(404);
  });

  test('without system_settings the back office reads the list but cannot open or save a currency', async () => {
    const office = bearer(token);
    expect((await get('/api/client/currencies')).status).toBe(200);
    expect((await ctx.app.inject({ url: '/api/admin/currencies/info?currency_id=1', headers: office })).statusCode).toBe(403);
    expect((await save('create', { currency_name: 'Frank', currency_code: 'CHF', currency_rate: '2' }, office)).status).toBe(403);
    expect((await save('edit', { currency_id: 1, currency_name: 'X', currency_code: 'USD', currency_rate: '9' }, office)).status).toBe(403);
    expect((await get('/api/client/currencies')).body.data.find((c: { currency_code: string }) => c.currency_code === 'USD').currency_rate).toBe(1.7);
  });
});
