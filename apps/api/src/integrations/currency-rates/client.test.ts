import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CbarFormatError, divideRate, parseCbarXml } from './cbar-xml';
import { CbarFetchError, createCbarClient } from './client';
import { startCbarSimulator, type CbarSimulator } from './simulator';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

/** A fetch that answers every URL with a stored file, as the bank would. */
function fetchServing(status: number, body: string): typeof fetch {
  return async () => new Response(body, { status, headers: { 'content-type': 'text/xml' } });
}

describe('[CURRENCIES][CBAR XML] the central bank\'s daily file (stored fixtures)', () => {
  test('a published day: currencies with AZN per one unit, metals left out', () => {
    const day = parseCbarXml(fixture('20.11.2026.xml'));
    expect(day.date).toBe('2026-11-20');
    expect(day.rates.map((r) => r.code)).toEqual(['USD', 'EUR', 'TRY', 'RUB', 'JPY']);
    expect(day.rates.find((r) => r.code === 'USD')).toMatchObject({ nominal: 1, value: '1.7000', rate: '1.700000' });
    expect(day.rates.find((r) => r.code === 'RUB')).toMatchObject({ nominal: 100, value: '2.1043', rate: '0.021043' });
  });

  test('value ÷ nominal is exact and rounds half up', () => {
    expect(divideRate('1.0987', 100)).toBe('0.010987');
    expect(divideRate('2.00005', 1)).toBe('2.000050');
    expect(divideRate('1', 3)).toBe('0.333333');
    expect(divideRate('2', 3)).toBe('0.666667');
  });

  test.each([
    ['malformed.xml', /malformed XML/],
    ['not-valcurs.html', /no ValCurs/],
  ])('%s is refused as not the bank\'s format', (name, message) => {
    expect(() => parseCbarXml(fixture(name))).toThrow(CbarFormatError);
    expect(() => parseCbarXml(fixture(name))).toThrow(message);
  });

  test('the client reads a stored file through HTTP semantics: 200 → rates, 404 or no currencies → none, 500 → error', async () => {
    const ok = createCbarClient({ baseUrl: 'http://bank.test/currencies', timeoutMs: 1000, fetch: fetchServing(200, fixture('20.11.2026.xml')) });
    expect((await ok.fetchDay('2026-11-20'))?.rates).toHaveLength(5);
    const empty = createCbarClient({ baseUrl: 'http://bank.test/currencies', timeoutMs: 1000, fetch: fetchServing(200, fixture('no-currencies.xml')) });
    expect(await empty.fetchDay('2026-11-22')).toBeNull();
    const missing = createCbarClient({ baseUrl: 'http://bank.test/currencies', timeoutMs: 1000, fetch: fetchServing(404, '') });
    expect(await missing.fetchDay('2026-11-22')).toBeNull();
    const broken = createCbarClient({ baseUrl: 'http://bank.test/currencies', timeoutMs: 1000, fetch: fetchServing(500, 'oops') });
    await expect(broken.fetchDay('2026-11-20')).rejects.toThrow(CbarFetchError);
    const malformed = createCbarClient({ baseUrl: 'http://bank.test/currencies', timeoutMs: 1000, fetch: fetchServing(200, fixture('malformed.xml')) });
    await expect(malformed.fetchDay('2026-11-20')).rejects.toThrow(/malformed XML/);
  });

  test('the day is in the path as DD.MM.YYYY', async () => {
    const urls: string[] = [];
    const client = createCbarClient({
      baseUrl: 'http://bank.test/currencies/',
      timeoutMs: 1000,
      fetch: async (url) => {
        urls.push(String(url));
        return new Response(fixture('20.11.2026.xml'), { status: 200 });
      },
    });
    await client.fetchDay('2026-11-20');
    expect(urls).toEqual(['http://bank.test/currencies/20.11.2026.xml']);
  });
});

describe('[CURRENCIES][SIMULATOR] the client against the local bank simulator over HTTP', () => {
  let sim: CbarSimulator;
  beforeAll(async () => {
    sim = await startCbarSimulator();
  });
  afterAll(() => sim.close());

  test('a working day answers its rates', async () => {
    const client = createCbarClient({ baseUrl: sim.url, timeoutMs: 2000 });
    const day = await client.fetchDay('2026-11-20'); // a Friday
    expect(day?.date).toBe('2026-11-20');
    expect(day?.rates.find((r) => r.code === 'USD')?.rate).toBe('1.700000');
  });

  test('a Sunday has no rates: the latest is the Friday before', async () => {
    const client = createCbarClient({ baseUrl: sim.url, timeoutMs: 2000 });
    sim.requests.length = 0;
    const day = await client.fetchLatest('2026-11-22');
    expect(day?.date).toBe('2026-11-20');
    expect(sim.requests).toEqual(['/currencies/22.11.2026.xml', '/currencies/21.11.2026.xml', '/currencies/20.11.2026.xml']);
  });

  test('a slow bank times out with a clear error', async () => {
    sim.setMode('slow');
    try {
      const client = createCbarClient({ baseUrl: sim.url, timeoutMs: 200 });
      await expect(client.fetchDay('2026-11-20')).rejects.toThrow(/timed out after 200 ms/);
    } finally {
      sim.setMode('ok');
    }
  });

  test('broken XML and server errors are errors, not empty days', async () => {
    const client = createCbarClient({ baseUrl: sim.url, timeoutMs: 2000 });
    sim.setMode('malformed');
    await expect(client.fetchDay('2026-11-20')).rejects.toThrow(CbarFetchError);
    sim.setMode('error');
    await expect(client.fetchDay('2026-11-20')).rejects.toThrow(/HTTP 503/);
    sim.setMode('ok');
  });

  test('an unreachable bank is an error', async () => {
    const client = createCbarClient({ baseUrl: 'http://127.0.0.1:9/currencies', timeoutMs: 1000 });
    await expect(client.fetchDay('2026-11-20')).rejects.toThrow(/request failed/);
  });
});
