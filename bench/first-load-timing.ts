/**
 * Where the seconds of a first load go (issue 16: "the first list load after a start takes 4.6 s and
 * the handover modal 2.7-3.3 s on a fresh browser"). Chromium (Debian's), a new context per visit
 * (cold HTTP cache), against a running app:
 *
 *   node --import tsx bench/first-load-timing.ts --url http://127.0.0.1:8093 [--label before] [--runs 2]
 *
 * Per visit it prints the time until the page is usable and a waterfall of what the browser
 * fetched: each request's start and end from the navigation's start, its server wait (time to first
 * byte) and its size, API calls and chunks apart. Visits: the declarations list (signed in,
 * cold cache), the handover modal of a parcel at status 9 opened by its URL (cold cache), and the
 * same modal opened from the list's row route in the warm page (the modal's own cost).
 * Run it right after the server started to see the first queries' server time.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

const { values: args } = parseArgs({ options: { url: { type: 'string' }, label: { type: 'string', default: '' }, runs: { type: 'string', default: '1' }, waterfall: { type: 'boolean', default: false } } });
const BASE = (args.url ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Row { what: string; start: number; end: number; wait: number; kb: number }

async function signedInState(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'az-AZ' });
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel('E-poçt').fill('admin@example.az');
  await page.getByLabel('Şifrə').fill('demo12345');
  await page.getByText('Məni xatırla').click();
  await page.getByRole('button', { name: 'Daxil ol' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/@next/'), { timeout: 60_000 });
  await page.getByTestId('user-menu').waitFor();
  const token = (await context.cookies(BASE)).find((c) => c.name === 'accessToken')?.value ?? '';
  const state = await context.storageState();
  await context.close();
  return { state, token };
}

async function waterfall(page: Page, since: number): Promise<Row[]> {
  const entries = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
    name: r.name, start: r.startTime, end: r.responseEnd, wait: r.responseStart - r.requestStart, kb: r.encodedBodySize / 1024,
  })));
  return entries.filter((e) => e.start >= since).map((e) => {
    const url = new URL(e.name);
    return { what: url.pathname.startsWith('/api/') ? `API ${url.pathname}${url.search.slice(0, 60)}` : url.pathname.replace(/^.*\/assets\//, ''), start: e.start, end: e.end, wait: e.wait, kb: e.kb };
  });
}

interface Visit { ready: number; taskMs: number; scriptMs: number; styleLayoutMs: number; js: number; api: number; apiWaitMax: number }
const visits = new Map<string, Visit[]>();

/** Main-thread time (CDP Performance metrics, seconds → ms): less sensitive to the machine's load than wall time. */
const sessions = new WeakMap<Page, CDPSession>();
async function watch(page: Page): Promise<Page> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  sessions.set(page, cdp);
  return page;
}
async function mainThread(page: Page): Promise<Record<string, number>> {
  const cdp = sessions.get(page);
  if (!cdp) return {};
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value * 1000]));
}

function note(name: string, readyMs: number, rows: Row[], before: Record<string, number>, after: Record<string, number>) {
  const d = (k: string) => (after[k] ?? 0) - (before[k] ?? 0);
  const api = rows.filter((r) => r.what.startsWith('API'));
  const list = visits.get(name) ?? [];
  list.push({ ready: readyMs, taskMs: d('TaskDuration'), scriptMs: d('ScriptDuration'), styleLayoutMs: d('RecalcStyleDuration') + d('LayoutDuration'), js: rows.filter((r) => r.what.endsWith('.js')).length, api: api.length, apiWaitMax: Math.max(0, ...api.map((r) => r.wait)) });
  visits.set(name, list);
}

function print(title: string, readyMs: number, rows: Row[]) {
  if (!args.waterfall) return;
  const api = rows.filter((r) => r.what.startsWith('API'));
  const js = rows.filter((r) => r.what.endsWith('.js'));
  const jsEnd = Math.max(0, ...js.map((r) => r.end));
  console.log(`\n### ${title}: ready ${readyMs.toFixed(0)} ms; ${js.length} JS files (last ends ${jsEnd.toFixed(0)} ms), ${api.length} API calls`);
  console.log('| request | start (ms) | end (ms) | server wait (ms) | KB |\n| --- | --- | --- | --- | --- |');
  for (const r of rows.filter((r) => r.what.startsWith('API') || r.end - r.start > 40 || r.kb > 20)) {
    console.log(`| ${r.what} | ${r.start.toFixed(0)} | ${r.end.toFixed(0)} | ${r.wait.toFixed(0)} | ${r.kb.toFixed(1)} |`);
  }
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const t0 = Date.now();
  const { state, token } = await signedInState(browser);
  console.log(`## ${args.label} ${new Date().toISOString()} (sign-in through the form: ${Date.now() - t0} ms)`);
  const list = await fetch(`${BASE}/api/admin/v2/declaration/list?state_id=9&payed=0&per_page=20&created=all`, { headers: { authorization: `Bearer ${token}` } });
  const parcel = ((await list.json()) as { data: { id: number; delivery_price: string | null }[] }).data.find((d) => Number(d.delivery_price) > 0);
  for (let run = 1; run <= Number(args.runs); run++) {
    // 1. the list, cold cache
    let context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'az-AZ', storageState: state });
    let page = await watch(await context.newPage());
    await page.goto(`${BASE}/@next/declarations`, { waitUntil: 'commit' });
    await page.locator('[data-testid="table-declarations"][aria-busy="false"] tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });
    let ready = await page.evaluate(() => performance.now());
    let rows = await waterfall(page, 0);
    print(`run ${run}: /@next/declarations, cold cache`, ready, rows);
    note(run === 1 ? 'list, cold cache, first after the start' : 'list, cold cache, later', ready, rows, {}, await mainThread(page));
    // 2. the handover modal from the warm list (its own chunks and calls)
    if (parcel) {
      await page.waitForLoadState('networkidle');
      const cpuBefore = await mainThread(page);
      const before = await page.evaluate(() => performance.now());
      await page.evaluate((id) => { window.history.pushState({}, '', `/@next/declarations/${id}/handover`); window.dispatchEvent(new PopStateEvent('popstate')); }, parcel.id);
      await page.getByTestId('handover-total').waitFor({ timeout: 60_000 });
      const after = await page.evaluate(() => performance.now());
      rows = (await waterfall(page, before)).map((r) => ({ ...r, start: r.start - before, end: r.end - before }));
      print(`run ${run}: handover modal over the loaded list (from the click)`, after - before, rows);
      note('handover modal over the loaded list', after - before, rows, cpuBefore, await mainThread(page));
    }
    await context.close();
    // 3. the handover modal by its URL, cold cache
    if (parcel) {
      context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'az-AZ', storageState: state });
      page = await watch(await context.newPage());
      await page.goto(`${BASE}/@next/declarations/${parcel.id}/handover`, { waitUntil: 'commit' });
      await page.getByTestId('handover-total').waitFor({ timeout: 60_000 });
      ready = await page.evaluate(() => performance.now());
      rows = await waterfall(page, 0);
      print(`run ${run}: /@next/declarations/${parcel.id}/handover, cold cache`, ready, rows);
      note('handover modal by URL, cold cache', ready, rows, {}, await mainThread(page));
      await context.close();
    }
  }
  await browser.close();
  const median = (v: number[]) => { const s = [...v].sort((a, b) => a - b); const m = Math.floor(s.length / 2); return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
  console.log(`\n| visit | runs | ready (ms) | main-thread tasks (ms) | script (ms) | style + layout (ms) | JS files | API calls | slowest API server wait (ms) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |`);
  for (const [name, list] of visits) {
    const m = (k: keyof Visit) => median(list.map((v) => v[k])).toFixed(0);
    console.log(`| ${name} | ${list.length} | ${m('ready')} | ${m('taskMs')} | ${m('scriptMs')} | ${m('styleLayoutMs')} | ${m('js')} | ${m('api')} | ${m('apiWaitMax')} |`);
  }
}

await main();
