import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProductPageReader, routeToStandIn } from './client';
import { ProductPreviewError, type PreviewErrorKind } from './errors';
import { fetchProductPage, pinnedLookup, type FetchPageOptions } from './fetcher';
import { SIMULATED_CASES, SIMULATED_PRODUCTS, startProductSimulator, type ProductSimulator } from './simulator';

let sim: ProductSimulator;
let options: FetchPageOptions;
/** A plain local server the guard must never reach (it counts the requests that got through). */
let internal: http.Server;
let internalHits = 0;
let internalPort = 0;

beforeAll(async () => {
  sim = await startProductSimulator({ slowMs: 3000 });
  options = { timeoutMs: 800, maxBytes: 2 * 1024 * 1024, maxRedirects: 3, routeTo: routeToStandIn({ timeoutMs: 800, maxBytes: 0, maxRedirects: 3, simulatorUrl: sim.url }) };
  internal = http.createServer((_req, res) => { internalHits++; res.writeHead(200, { 'content-type': 'text/html' }); res.end('<meta property="og:title" content="secret">'); });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  internalPort = (internal.address() as AddressInfo).port;
});
afterAll(async () => {
  await sim?.close();
  await new Promise((r) => internal?.close(r));
});

async function failureOf(link: string, extra: Partial<FetchPageOptions> = {}): Promise<ProductPreviewError> {
  try {
    await fetchProductPage(link, { ...options, ...extra });
  } catch (error) {
    if (error instanceof ProductPreviewError) return error;
    throw error;
  }
  throw new Error(`${link} was fetched`);
}
const expectKind = async (link: string, kind: PreviewErrorKind, extra: Partial<FetchPageOptions> = {}) => expect((await failureOf(link, extra)).kind).toBe(kind);

describe('[ORDERS][PREVIEW][FETCH] the shop simulator through the configured stand-in', () => {
  test('a product page comes from the simulator under the shop\'s own host and path, with a browser-like request', async () => {
    const page = await fetchProductPage(SIMULATED_PRODUCTS[0]!.url, options);
    expect(page.status).toBe(200);
    expect(page.url).toBe(SIMULATED_PRODUCTS[0]!.url);
    expect(page.html).toContain('Nike Air Max 270');
    expect(sim.requests.at(-1)).toMatchObject({ host: 'www.trendyol.com', path: '/nike/air-max-270-erkek-spor-ayakkabi-p-100001', acceptLanguage: expect.stringMatching(/^az,tr/) });
    expect(sim.requests.at(-1)!.userAgent).toMatch(/^Mozilla\/5\.0 .*Chrome\//);
  });

  test('a redirect chain of three hops is followed, each hop checked; the final link is the product\'s', async () => {
    const page = await fetchProductPage(SIMULATED_CASES.redirectChain, options);
    expect(page.redirects).toBe(3);
    expect(page.url).toBe(SIMULATED_PRODUCTS[0]!.url);
  });

  test('more redirects than allowed, a redirect to a private address or to the metadata address are refused', async () => {
    await expectKind(SIMULATED_CASES.tooManyRedirects, 'redirects');
    await expectKind(SIMULATED_CASES.redirectToPrivate, 'refused');
    await expectKind(SIMULATED_CASES.redirectToMetadata, 'refused');
  });

  test('a page slower than the time-out stops at the time-out', async () => {
    const started = Date.now();
    await expectKind(SIMULATED_CASES.slow, 'timeout');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(750);
    expect(took).toBeLessThan(1500);
  });

  test('a page over the size cap, also one that only grows when unzipped, is cut off', async () => {
    await expectKind(SIMULATED_CASES.huge, 'too_big');
    await expectKind(SIMULATED_CASES.gzipBomb, 'too_big');
    await expectKind(SIMULATED_PRODUCTS[0]!.url, 'too_big', { maxBytes: 1000 });
  });

  test('a picture instead of a page, a 404 and a 503 are refused with what happened', async () => {
    await expectKind(SIMULATED_CASES.notHtml, 'not_html');
    const notFound = await failureOf(SIMULATED_CASES.notFound);
    expect(notFound).toMatchObject({ kind: 'http_status', detail: { status: 404 } });
    expect((await failureOf(SIMULATED_CASES.serverError)).detail.status).toBe(503);
  });

  test('a link read again within the cache time is not fetched again; a failure is tried again', async () => {
    const reader = createProductPageReader({ timeoutMs: 2000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3, simulatorUrl: sim.url, cacheSeconds: 60 });
    const link = SIMULATED_PRODUCTS[3]!.url;
    const seen = () => sim.requests.filter((r) => link.endsWith(r.path)).length;
    const before = seen();
    const first = await reader.read(link);
    const second = await reader.read(link);
    expect(second).toBe(first);
    expect(seen()).toBe(before + 1);
    const broken = () => sim.requests.filter((r) => SIMULATED_CASES.broken.endsWith(r.path)).length;
    const brokenBefore = broken();
    await expect(reader.read(SIMULATED_CASES.broken)).rejects.toThrow(ProductPreviewError);
    await expect(reader.read(SIMULATED_CASES.broken)).rejects.toThrow(ProductPreviewError);
    expect(broken()).toBe(brokenBefore + 2);
  });

  test('a Turkish page in windows-1254 (header or meta charset) reads with its letters', async () => {
    const body = Buffer.from([...Buffer.from('<html><head><meta property="og:title" content="'), 0xdd, 0x70, 0x65, 0x6b, 0x20, 0xfe, 0x61, 0x6c, 0x20, 0xf0, 0xfc, 0x6c, ...Buffer.from('"></head></html>')]);
    const shop = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': req.url === '/meta' ? 'text/html' : 'text/html; charset=windows-1254' });
      res.end(req.url === '/meta' ? Buffer.concat([Buffer.from('<meta charset="windows-1254">'), body]) : body);
    });
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    try {
      const routed = { ...options, routeTo: () => new URL(base) };
      expect((await fetchProductPage('https://www.trendyol.com/header', routed)).html).toContain('İpek şal ğül');
      expect((await fetchProductPage('https://www.trendyol.com/meta', routed)).html).toContain('İpek şal ğül');
    } finally {
      await new Promise((r) => shop.close(r));
    }
  });

  test('the reader reads a page end to end and says how long fetching and parsing took', async () => {
    const reader = createProductPageReader({ timeoutMs: 2000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3, simulatorUrl: sim.url });
    const product = await reader.read(SIMULATED_PRODUCTS[5]!.url);
    expect(product).toMatchObject({ name: SIMULATED_PRODUCTS[5]!.name, shop: 'amazon', price: { amount: '1299.90', currency: 'USD' } });
    expect(product.parseMs).toBeGreaterThan(0);
  });
});

describe('[ORDERS][PREVIEW][GUARD] links that would reach internal hosts are refused before any connection', () => {
  test.each([
    [`http://127.0.0.1/`, 'refused'],
    [`http://127.0.0.1:${0}/`, 'refused'],
    ['http://10.1.2.3/', 'refused'],
    ['http://169.254.169.254/latest/meta-data/', 'refused'],
    ['http://[::1]/', 'refused'],
    ['http://[::ffff:127.0.0.1]/', 'refused'],
    ['http://0.0.0.0/', 'refused'],
    ['http://2130706433/', 'refused'],
    ['http://0x7f.1/', 'refused'],
    ['http://localhost/', 'refused'],
    ['http://shop.localhost/', 'refused'],
    ['file:///etc/passwd', 'scheme'],
    ['ftp://shop.example.com/x', 'scheme'],
    ['gopher://shop.example.com/x', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:pass@www.trendyol.com/x', 'credentials'],
    ['https://user@www.trendyol.com/x', 'credentials'],
    ['https://www.trendyol.com:8443/x', 'port'],
    ['not a link', 'invalid'],
  ] as const)('%s → %s', async (link, kind) => {
    await expectKind(link.replace(':0/', `:${internalPort}/`), kind === 'refused' && link.includes(':0/') ? 'port' : kind);
  });

  test('the local server was never reached, not even through the loopback port directly', async () => {
    await expectKind(`http://127.0.0.1:${internalPort}/`, 'port');
    expect(internalHits).toBe(0);
  });

  test('a host name resolving to a private address, or to one private among public ones, is refused', async () => {
    const resolvingTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    await expectKind('https://internal.shop-cdn.com/p/1', 'refused', { resolve: resolvingTo('10.0.0.7') });
    await expectKind('https://rebind.shop-cdn.com/p/1', 'refused', { resolve: resolvingTo('93.184.216.34', '127.0.0.1') });
    await expectKind('https://v6.shop-cdn.com/p/1', 'refused', { resolve: resolvingTo('fd00::5') });
    await expectKind('https://meta.shop-cdn.com/p/1', 'refused', { resolve: resolvingTo('169.254.169.254') });
    await expectKind('https://nowhere.shop-cdn.com/p/1', 'dns', { resolve: async () => { throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }); } });
    expect(internalHits).toBe(0);
  });

  test('the connection goes to the checked address: the socket\'s own lookup answers only that address', async () => {
    // Whatever the name would resolve to at connect time (DNS rebinding), the socket gets the checked address.
    const lookup = pinnedLookup('93.184.216.34', 4);
    const one = await new Promise<unknown[]>((resolve) => lookup('pinned.shop-cdn.com', {}, (...args: unknown[]) => resolve(args)));
    expect(one).toEqual([null, '93.184.216.34', 4]);
    const all = await new Promise<unknown[]>((resolve) => lookup('pinned.shop-cdn.com', { all: true }, (...args: unknown[]) => resolve(args)));
    expect(all).toEqual([null, [{ address: '93.184.216.34', family: 4 }]]);
  });

  test('only the configured stand-in may be loopback: the same simulator given as a link is refused', async () => {
    await expectKind(`${sim.url}/nike/air-max-270-erkek-spor-ayakkabi-p-100001`, 'port');
    const bare = new URL(sim.url);
    await expectKind(`http://${bare.hostname}/`, 'refused');
  });
});
