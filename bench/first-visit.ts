/**
 * Weight of a first visit in a real browser (issue 15 item 2, "a light first visit"): login ≤ 150 KB
 * of JavaScript transferred (compressed) and first contentful paint ≤ 300 ms locally; the
 * declarations list page ≤ 350 KB. Chromium on a cold cache, median of 3.
 *
 *   node --import tsx bench/first-visit.ts                         # serves apps/web/dist (npm run build first)
 *   node --import tsx bench/first-visit.ts --web-dist /tmp/dist    # another build
 *   node --import tsx bench/first-visit.ts --url http://127.0.0.1:8080   # an app already running (demo data)
 *   options: --runs 3  --label after  --out bench/results/first-visit-<date>.md (appends a section)
 *            --files (prints each page's JavaScript files with their transferred size, from the first run)
 *
 * Without --url it starts the real API (`apps/api/src/main.ts`, as `npm start` does) as a separate
 * process on a free port with a fresh PGlite database in a temp dir (demo data, NODE_ENV=development)
 * and the given build as WEB_DIST, and stops it at the end.
 *
 * Each run opens a new browser context (Playwright's contexts share no HTTP cache: a cold cache)
 * in Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium; never a downloaded browser):
 *
 * - **login**: an anonymous visit of /login until the sign-in button is on screen and the network
 *   has been idle for 500 ms;
 * - **declarations**: a signed-in visit (the cookies and local storage of one sign-in made through
 *   the login form beforehand, no cached file) of /@next/declarations until the table has loaded
 *   its rows and the network is idle.
 *
 * Per page: JavaScript transferred = the sum of Resource Timing `encodedBodySize` of the .js files
 * (the bytes that crossed the network, compressed when the server compressed them; headers not
 * counted), the same decoded, every request the page made (document, scripts, styles, API calls),
 * first contentful paint (`paint` entry) and "ready" (the sign-in button / the table's first row on
 * screen), both from the navigation's start. The median of the runs is printed per column. A
 * repeat visit in one context follows the cold runs: the JavaScript it fetches over the network
 * (Resource Timing `transferSize`, 0 for a file served from the HTTP cache) shows the caching.
 * Exits 1 when a target is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = 'admin@example.az';
const PASSWORD = 'demo12345';
const TARGETS = { loginJsKb: 150, loginFcpMs: 300, listJsKb: 350 };

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    'web-dist': { type: 'string', default: path.join(ROOT, 'apps/web/dist') },
    runs: { type: 'string', default: '3' },
    label: { type: 'string', default: '' },
    out: { type: 'string' },
    files: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs));

interface Sample {
  jsRequests: number;
  jsEncodedKb: number;
  jsDecodedKb: number;
  requests: number;
  allEncodedKb: number;
  fcpMs: number;
  readyMs: number;
  jsEncodings: string;
  /** JS bytes that crossed the network (headers included), 0 for a file served from the HTTP cache */
  jsTransferKb: number;
  /** each .js file (path) with its transferred size in KB, largest first */
  jsFiles: [string, number][];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startApp(webDist: string): Promise<{ base: string; server: ChildProcess; dataDir: string }> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist} holds no built web app: run npm run build (or pass --web-dist / --url)`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-first-visit-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: path.resolve(webDist), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'fatal', NODE_ENV: 'development' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error('the app exited while starting');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, server, dataDir };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGTERM');
  throw new Error('the app did not answer /api/health within 180 s');
}

function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

/** Resource Timing of the page (same origin: sizes are exposed), with the encodings seen on the wire. */
async function readSample(page: Page, requests: number, readyMs: number, encodings: Map<string, string>): Promise<Sample> {
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      resources: resources.map((r) => ({ name: r.name, encoded: r.encodedBodySize, decoded: r.decodedBodySize, transfer: r.transferSize })),
      navEncoded: nav?.encodedBodySize ?? 0,
      fcp: fcp ? fcp.startTime : NaN,
    };
  });
  const js = timing.resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));
  const seen = new Set(js.map((r) => encodings.get(new URL(r.name).pathname) ?? 'identity'));
  return {
    jsRequests: js.length,
    jsEncodedKb: js.reduce((s, r) => s + r.encoded, 0) / 1024,
    jsDecodedKb: js.reduce((s, r) => s + r.decoded, 0) / 1024,
    requests,
    allEncodedKb: (timing.resources.reduce((s, r) => s + r.encoded, 0) + timing.navEncoded) / 1024,
    fcpMs: timing.fcp,
    readyMs,
    jsEncodings: [...seen].sort().join('+'),
    jsTransferKb: js.reduce((s, r) => s + r.transfer, 0) / 1024,
    jsFiles: js.map((r): [string, number] => [new URL(r.name).pathname, r.encoded / 1024]).sort((a, b) => b[1] - a[1]),
  };
}

/** Opens `url` in `context`, waits for `ready` (a page condition), then for an idle network. */
async function visit(context: BrowserContext, url: string, ready: () => boolean): Promise<Sample> {
  const page = await context.newPage();
  let requests = 0;
  const encodings = new Map<string, string>();
  page.on('request', () => requests++);
  page.on('response', (response) => {
    encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 60_000 });
  await handle.dispose();
  const readyMs = await page.evaluate(() => (window as unknown as { __ready?: number }).__ready ?? NaN);
  await page.waitForLoadState('networkidle');
  const sample = await readSample(page, requests, readyMs, encodings);
  await page.close();
  return sample;
}

// Page conditions (functions: the app's CSP allows no eval); each notes the time it first held.
const LOGIN_READY = () => {
  const ok = [...document.querySelectorAll('button')].some((b) => b.textContent?.includes('Daxil ol'));
  if (ok) (window as unknown as { __ready?: number }).__ready ??= performance.now();
  return ok;
};
const LIST_READY = () => {
  const ok = !!document.querySelector('[data-testid="table-declarations"][aria-busy="false"] tbody tr.ant-table-row');
  if (ok) (window as unknown as { __ready?: number }).__ready ??= performance.now();
  return ok;
};

/** One sign-in through the login form; its cookies and local storage seed the signed-in cold visits. */
async function signedInState(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'az-AZ' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('E-poçt').fill(ADMIN);
  await page.getByLabel('Şifrə').fill(PASSWORD);
  await page.getByText('Məni xatırla').click();
  await page.getByRole('button', { name: 'Daxil ol' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/@next/'), { timeout: 30_000 });
  await page.getByTestId('user-menu').waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function summarise(samples: Sample[]): Sample {
  const pick = (key: Exclude<keyof Sample, 'jsEncodings' | 'jsFiles'>) => median(samples.map((s) => s[key]));
  return {
    jsRequests: pick('jsRequests'),
    jsEncodedKb: pick('jsEncodedKb'),
    jsDecodedKb: pick('jsDecodedKb'),
    requests: pick('requests'),
    allEncodedKb: pick('allEncodedKb'),
    fcpMs: pick('fcpMs'),
    readyMs: pick('readyMs'),
    jsEncodings: [...new Set(samples.map((s) => s.jsEncodings))].join(', '),
    jsTransferKb: pick('jsTransferKb'),
    jsFiles: samples[0]?.jsFiles ?? [],
  };
}

const fmt = (n: number, digits = 0) => (Number.isNaN(n) ? '–' : n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }));

async function main() {
  const started = args.url ? undefined : await startApp(args['web-dist']);
  const base = (args.url ?? started!.base).replace(/\/$/, '');
  let browser: Browser | undefined;
  let chromiumVersion = '';
  const results: { page: string; target: string; ok: boolean; s: Sample; all: Sample[]; repeat: Sample }[] = [];
  try {
    browser = await launch();
    chromiumVersion = browser.version();
    const state = await signedInState(browser, base);
    const pages = [
      { page: '/login', url: `${base}/login`, ready: LOGIN_READY, state: undefined },
      { page: '/@next/declarations', url: `${base}/@next/declarations`, ready: LIST_READY, state },
    ];
    for (const p of pages) {
      const all: Sample[] = [];
      for (let i = 0; i < runs; i++) {
        // a new context per run: nothing cached from the previous one
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'az-AZ', storageState: p.state });
        all.push(await visit(context, p.url, p.ready));
        await context.close();
      }
      // a repeat visit in one context: the hashed files come from the HTTP cache (immutable), only index.html is revalidated
      const warm = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'az-AZ', storageState: p.state });
      await visit(warm, p.url, p.ready);
      const repeat = await visit(warm, p.url, p.ready);
      await warm.close();
      const s = summarise(all);
      const isLogin = p.page === '/login';
      const ok = isLogin ? s.jsEncodedKb <= TARGETS.loginJsKb && s.fcpMs <= TARGETS.loginFcpMs : s.jsEncodedKb <= TARGETS.listJsKb;
      const target = isLogin ? `JS ≤ ${TARGETS.loginJsKb} KB, FCP ≤ ${TARGETS.loginFcpMs} ms` : `JS ≤ ${TARGETS.listJsKb} KB`;
      results.push({ page: p.page, target, ok, s, all, repeat });
    }
  } finally {
    await browser?.close();
    if (started) {
      const exited = new Promise((r) => started.server.once('exit', r));
      started.server.kill('SIGTERM');
      await exited;
      fs.rmSync(started.dataDir, { recursive: true, force: true });
    }
  }

  const header = `| page | JS transferred (KB) | JS decoded (KB) | JS files | encoding | requests | all transferred (KB) | FCP (ms) | ready (ms) | target | met |`;
  const rule = `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`;
  const rows = results.map(({ page, s, target, ok }) =>
    `| ${page} | ${fmt(s.jsEncodedKb, 1)} | ${fmt(s.jsDecodedKb, 1)} | ${fmt(s.jsRequests)} | ${s.jsEncodings} | ${fmt(s.requests)} | ${fmt(s.allEncodedKb, 1)} | ${fmt(s.fcpMs)} | ${fmt(s.readyMs)} | ${target} | ${ok ? 'yes' : 'no'} |`);
  const perRun = results.map(({ page, all, repeat }) =>
    `${page}: ` + all.map((s, i) => `run ${i + 1} JS ${fmt(s.jsEncodedKb, 1)} KB, ${s.requests} requests, FCP ${fmt(s.fcpMs)} ms, ready ${fmt(s.readyMs)} ms`).join('; ') +
    `; repeat visit (warm cache): JS over the network ${fmt(repeat.jsTransferKb, 1)} KB, FCP ${fmt(repeat.fcpMs)} ms, ready ${fmt(repeat.readyMs)} ms`);
  const load = os.loadavg()[0]!.toFixed(1);
  const title = `First visit${args.label ? ` (${args.label})` : ''}: Chromium ${chromiumVersion} headless, cold cache, median of ${runs}, load average ${load}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const table = [title, '', header, rule, ...rows, '', ...perRun.map((l) => `- ${l}`), ''].join('\n');
  if (args.files) {
    for (const { page, s } of results) {
      console.log(`\n${page}: ${s.jsFiles.length} JavaScript files (KB transferred)`);
      for (const [file, kb] of s.jsFiles) console.log(`  ${fmt(kb, 1).padStart(7)}  ${file}`);
    }
  }
  console.log(`\n${table}`);
  if (args.out) {
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    fs.appendFileSync(args.out, `\n## ${table}\n`);
    console.log(`Appended to ${args.out}`);
  }
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

await main();
