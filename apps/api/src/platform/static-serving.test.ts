import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPRESS_THRESHOLD } from '../app';
import { bearer, logInAs, startTestApp, type TestContext } from '../test/harness';

/**
 * issue 15 item 2: the web app's files go out precompressed (the build writes .br and .gz beside
 * each one), hashed assets are cached for a year, index.html is revalidated, and API JSON from
 * COMPRESS_THRESHOLD bytes on is compressed when the client accepts it. A small build of our own
 * stands in for apps/web/dist, so the test does not depend on a web build.
 */
const ASSET = 'index-Ab12Cd34.js';
const ASSET_TEXT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/@next/assets/${ASSET}"></script></head><body><div id="root"></div></body></html>\n`;

let ctx: TestContext;
let webDist: string;
let token: string;

function writeWithCopies(file: string, text: string, copies = true) {
  fs.writeFileSync(file, text);
  if (!copies) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeWithCopies(path.join(webDist, 'index.html'), INDEX_HTML);
  writeWithCopies(path.join(webDist, 'assets', ASSET), ASSET_TEXT);
  ctx = await startTestApp({ env: { WEB_DIST: webDist } });
  token = (await logInAs(ctx.app, 'admin@example.az')).access_token;
});

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('[PLATFORM][STATIC] the built web app', () => {
  test('a hashed asset is immutable for a year and sent as brotli when the client accepts br', async () => {
    const res = await ctx.app.inject({ url: `/@next/assets/${ASSET}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(decode(res.rawPayload, 'br')).toBe(ASSET_TEXT);
  });

  test('gzip when the client accepts only gzip; the file as it is when it accepts nothing', async () => {
    const gz = await ctx.app.inject({ url: `/@next/assets/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(gz.rawPayload, 'gzip')).toBe(ASSET_TEXT);

    const plain = await ctx.app.inject({ url: `/@next/assets/${ASSET}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_TEXT);
  });

  test('index.html is revalidated on every visit (no-cache), at /@next/, /login and a deep page path', async () => {
    for (const url of ['/@next/', '/login', '/@next/declarations/12']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(decode(res.rawPayload, res.headers['content-encoding'] as string | undefined), url).toBe(INDEX_HTML);
    }
  });

  test('a missing asset is still a 404, not the page', async () => {
    const res = await ctx.app.inject({ url: '/@next/assets/missing-Zz99.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('[PLATFORM][COMPRESS] API replies', () => {
  const list = '/api/admin/v2/declaration/list?per_page=25';

  test(`JSON of ${COMPRESS_THRESHOLD} bytes or more is compressed as accepted (br first, then gzip)`, async () => {
    const plain = await ctx.app.inject({ url: list, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const res = await ctx.app.inject({ url: list, headers: { ...bearer(token), 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload, encoding))).toEqual(plain.json());
    }
  });

  test('a reply under the threshold goes out as it is', async () => {
    const res = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
