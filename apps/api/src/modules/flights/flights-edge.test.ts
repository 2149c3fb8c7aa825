import { MAX_PACKAGE_LIMIT, type FlightCloseReply, type FlightWriteReply } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

/*
 * Edge cases a new user runs into on the flights screens (QA pass): impossible dates, packaging
 * limits out of range, a short or empty air waybill, a file over the upload limit. Each must be a
 * 422 (or 413) with a text that says what is wrong, and nothing written.
 */

const T = az.flights;
let ctx: TestContext;
let anbar: Record<string, string>;

const post = (url: string, fields: Record<string, string | number> = {}) => postForm(ctx.app, url, anbar, fields);
const count = async (table: 'flights' | 'flight_package_runs') =>
  Number(((await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0] as { n: number }).n);

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 50 });
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('[FLIGHTS][EDGE] dates', () => {
  test('an impossible start date is a 422 on its field (was a 500 from the database); nothing is created', async () => {
    const before = await count('flights');
    for (const day of ['2024-13-45', '2024-02-30', '24-1-1']) {
      const res = await post('/api/admin/flights/create', { name: 'QA-DATE', state_id: 29, country_id: 1, start_date: day });
      expect(res.statusCode, `${day}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ start_date: [T.invalidDate] });
    }
    expect(await count('flights')).toBe(before);
    const leap = await post('/api/admin/flights/create', { name: 'QA-LEAP', state_id: 29, country_id: 1, start_date: '2024-02-29' });
    expect(leap.statusCode, leap.body).toBe(200);
    expect((leap.json() as FlightWriteReply).data.start_date).toBe('2024-02-29 00:00:00');
  });

  test('an end date before the start date is a 422 on the end date; the same day is fine', async () => {
    const before = await count('flights');
    const res = await post('/api/admin/flights/create', { name: 'QA-ENDS', state_id: 29, country_id: 1, start_date: '2026-11-20', end_date: '2026-11-19' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ end_date: [T.endBeforeStart] });
    expect(await count('flights')).toBe(before);
    const same = await post('/api/admin/flights/create', { name: 'QA-SAME', state_id: 29, country_id: 1, start_date: '2026-11-20', end_date: '2026-11-20' });
    expect(same.statusCode, same.body).toBe(200);
  });

  test('the list\'s date filter refuses an impossible day with 422, not 500', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/v2/flights/list?date_from=2024-13-45', headers: anbar });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ date_from: [T.invalidDate] });
  });
});

describe('[FLIGHTS][EDGE] close: packaging limit and air waybill', () => {
  let flightId: number;
  beforeAll(async () => {
    const res = await post('/api/admin/flights/create', { name: 'QA-CLOSE', state_id: 29, country_id: 1 });
    flightId = (res.json() as FlightWriteReply).data.id;
  });

  test('limit 0, -1, 1.5 and 100000 say the allowed range (not "required" or "N characters"); abc is invalid; nothing written', async () => {
    const range = fill(T.limitRange, { MAX: MAX_PACKAGE_LIMIT });
    const runs = await count('flight_package_runs');
    for (const limit of ['0', '-1', '1.5', '100000']) {
      const res = await post('/api/admin/flights/close?close=true&type=with-dispatch', { flight_id: flightId, airWaybill: '235-12345675', limit });
      expect(res.statusCode, limit).toBe(422);
      expect(res.json().errors, limit).toEqual({ limit: [range] });
    }
    const letters = await post('/api/admin/flights/close?close=true&type=with-dispatch', { flight_id: flightId, airWaybill: '235-12345675', limit: 'abc' });
    expect(letters.json().errors).toEqual({ limit: [az.errors.invalidInput] });
    expect(await count('flight_package_runs')).toBe(runs);
    const flight = await ctx.app.inject({ url: `/api/admin/flights/detail?flight_id=${flightId}`, headers: anbar });
    expect(flight.json().data.state_id).toBe(29);
  });

  test('an empty air waybill is "required", a 2-character one says the IATA form; a blank limit means 400', async () => {
    const empty = await post('/api/admin/flights/close?close=false&type=with-dispatch', { flight_id: flightId, airWaybill: '  ' });
    expect(empty.json().errors).toEqual({ airWaybill: [az.errors.required] });
    const short = await post('/api/admin/flights/close?close=false&type=with-dispatch', { flight_id: flightId, airWaybill: 'ab' });
    expect(short.json().errors).toEqual({ airWaybill: [T.airwaybillInvalid] });
    const preview = await post('/api/admin/flights/close?close=false&type=with-dispatch', { flight_id: flightId, airWaybill: '235-12345675', limit: '' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as FlightCloseReply).preview).toBe(true);
    const change = await post('/api/admin/flights/airwaybill', { flight_id: flightId, airwaybill: 'ab' });
    expect(change.json().errors).toEqual({ airwaybill: [T.airwaybillInvalid] });
  });
});

describe('[FLIGHTS][EDGE] a file over the upload limit', () => {
  test('a 21 MB manifest is 413 with "file too large (20 MB)", not "invalid input"', async () => {
    const boundary = '----qa' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="flight_id"\r\n\r\n1\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.alloc(21 * 1024 * 1024, 'a'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/admin/flights/manifests', payload, headers: { ...anbar, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(fill(az.errors.fileTooLarge, { MB: 20 }));
  });
});
