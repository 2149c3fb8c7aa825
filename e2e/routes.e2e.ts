import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLIGHT_CLOSE_TYPES } from '@app/contract/flights';
import { ROLE, ROLE_NAMES } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routes } from '../apps/web/src/app/router';
import { canOpenPath, type NavUser } from '../apps/web/src/app/navigation';
import { toAuthUser } from '../apps/web/src/features/auth/api';
import { SETTINGS_SECTIONS } from '../apps/web/src/features/settings/model/setting-forms';
import { BUILT_RESOURCE_ROUTES } from '../apps/web/src/shared/resource/resource-routes';
import { BASE_URL, DEMO, keepPrintFramesFromPrinting, launchBrowser, shot, signedInWithApi, type Api } from './support/browser';

/*
 * issue 16, "no dead ends": every route of the app's route table, opened in Chromium by every demo
 * role allowed to open it (the sidebar's rule, app/navigation.ts), renders without an error
 * result, a not-found or not-ready page, a blank body, an uncaught error or a failed API call.
 * The routes come from the router the app runs (app/router.tsx) and the resource lists' own
 * routes (shared/resource BUILT_RESOURCE_ROUTES), so a route added later is opened here too; a
 * route this file cannot open (a new `:param` or splat) fails the test instead of being skipped.
 */

const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
const APP = '/@next';

// ---------------------------------------------------------------- the route table

/** Patterns (relative to /@next) of every screen, resource lists expanded. */
interface RoutePattern {
  pattern: string;
  /** A modal or full-page form: a dialog or a form must show. */
  isForm: boolean;
}

/** Catch-alls that are the fallback itself, not a screen. */
const FALLBACKS = new Set(['*']);

/**
 * Splat routes that are not resource lists: the concrete paths their screen answers (the
 * declarations table's overlays, declarations/routes.tsx).
 */
const SPLAT_EXAMPLES: Record<string, string[]> = {
  'declarations/*': ['declarations/:declarationId/stuck-at-customs', 'declarations/:declarationId/handover'],
  'orders/*': ['orders/:orderId/reject'],
};

const join = (base: string, part: string | undefined) => [base, part ?? ''].filter(Boolean).join('/').replace(/\/+/g, '/');

/** Every module that builds a resource list's routes, loaded so BUILT_RESOURCE_ROUTES knows them all. */
async function loadResourceLists(): Promise<void> {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.endsWith('resource-routes.tsx')) {
        if (readFileSync(full, 'utf8').includes('buildResourceRoutes(')) files.push(full);
      }
    }
  };
  visit(WEB_SRC);
  for (const file of files) await import(/* @vite-ignore */ file);
}

function collectPatterns(list: readonly RouteObject[], base: string, out: RoutePattern[], unopenable: string[]): void {
  for (const route of list) {
    const here = route.index ? base : join(base, route.path);
    if (route.path?.endsWith('*')) {
      const prefix = here.replace(/\/?\*$/, '');
      const built = BUILT_RESOURCE_ROUTES.get(prefix);
      if (FALLBACKS.has(here)) continue;
      if (built) collectPatterns(built.routes, prefix, out, unopenable);
      else if (SPLAT_EXAMPLES[here]) SPLAT_EXAMPLES[here]?.forEach((pattern) => out.push({ pattern, isForm: false }));
      else unopenable.push(`${here} (a splat route: add its paths to SPLAT_EXAMPLES)`);
    } else if (route.element !== undefined || route.index) {
      const last = here.split('/').pop() ?? '';
      out.push({ pattern: here, isForm: last === 'create' || last === 'update' });
    }
    if (route.children) collectPatterns(route.children, here, out, unopenable);
  }
}

// ---------------------------------------------------------------- ids from the demo data

/** One way to fill a pattern: its `:param` values in order, and a query some screens need (statuses' ?model_id). */
interface Filling {
  values: string[];
  query?: string;
}
type Lookup = (pattern: string) => Promise<Filling[]>;
type WireRow = Record<string, unknown> & { id: number };

async function firstRow(api: Api, url: string, pick: (row: WireRow) => boolean = () => true): Promise<WireRow> {
  const reply = await api<{ data: WireRow[] }>(url);
  const row = reply.data.find(pick) ?? reply.data[0];
  if (!row) throw new Error(`${url}: no rows in the demo data`);
  return row;
}

const firstId = async (api: Api, url: string, pick?: (row: WireRow) => boolean) => String((await firstRow(api, url, pick)).id);

/**
 * The values of a pattern's `:params` (several sets for a param with choices). Resource lists
 * look their ids up with the role's own session (a partner's boxes are its own).
 */
function buildLookup(admin: Api, own: Api): Lookup {
  const cache = new Map<string, Promise<string>>();
  const once = (key: string, load: () => Promise<string>) => {
    if (!cache.has(key)) cache.set(key, load());
    return cache.get(key) as Promise<string>;
  };
  const declaration = () => once('declaration', () => firstId(admin, '/api/admin/v2/declaration/list?per_page=1'));
  const userOf = (role: number) => once(`user-${role}`, () => firstId(admin, `/api/admin/v2/client/list?per_page=1&admin=${role}`));
  const flight = () => once('flight', () => firstId(admin, '/api/admin/v2/flights/list?per_page=50', (row) => row.state_id === 29));

  const rows = new Map<string, Promise<WireRow>>();
  return async (pattern) => {
    const params = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
    if (params.length === 0) return [{ values: [] }];
    const list = BUILT_RESOURCE_ROUTES.get(pattern.split('/:')[0] ?? '');
    if (list && params.length === 1 && params[0] === 'id') {
      // a row of the list as the role sees it, with the extra key the list's own links carry (rowPath)
      const url = `${list.def.api.list}${list.def.api.list.includes('?') ? '&' : '?'}per_page=1`;
      if (!rows.has(url)) rows.set(url, firstRow(own, url).catch(() => firstRow(admin, url)));
      const row = await (rows.get(url) as Promise<WireRow>);
      const extra = list.def.api.keyExtra?.(row) ?? {};
      const query = new URLSearchParams(Object.entries(extra).map(([k, v]) => [k, String(v)])).toString();
      return [{ values: [String(row.id)], query: query || undefined }];
    }
    if (pattern === 'box-transfers/:id/:type') {
      return [
        { values: [await once('container', () => firstId(admin, '/api/admin/containers?per_page=1')), 'container'] },
        { values: [await declaration(), 'declaration'] },
        { values: [await once('branch', () => firstId(admin, '/api/admin/branches?per_page=1')), 'branch'] },
      ];
    }
    let sets: string[][] = [[]];
    for (const name of params) {
      let values: string[];
      switch (name) {
        case 'declarationId':
          // a handover needs a parcel in the local warehouse (9); any parcel does elsewhere
          values = [pattern.endsWith('/handover')
            ? await once('declaration-9', () => firstId(admin, '/api/admin/v2/declaration/list?per_page=1&state_id=9'))
            : await declaration()];
          break;
        case 'unknownId':
          values = [await once('unknown', () => firstId(admin, '/api/admin/v2/conflicted_declaration/list?per_page=1'))];
          break;
        case 'userId': {
          const role = [ROLE.admin, ROLE.warehouseman, ROLE.backOffice].find((code) => pattern.startsWith(`users/${ROLE_NAMES[code]}/`));
          values = [await userOf(role ?? ROLE.client)];
          break;
        }
        case 'flightId':
          values = [await flight()];
          break;
        case 'orderId':
          values = [await once('order', () => firstId(admin, '/api/admin/v2/orders/getlist?per_page=1'))];
          break;
        case 'ticketId':
          values = [await once('ticket', () => firstId(admin, '/api/admin/tickets/list?per_page=1'))];
          break;
        case 'queueId':
          values = [await once('queue', () => firstId(admin, '/api/admin/handover/list?per_page=1&state_id=41,42'))];
          break;
        case 'templateId':
          // a notification template; the demo data may have none: an inactive one is made (it sends nothing)
          values = [await once('template', async () => {
            const list = await admin<{ data: WireRow[] }>('/api/admin/templates/list?per_page=1');
            if (list.data[0]) return String(list.data[0].id);
            const body = new URLSearchParams({ name: 'Routes walk', body: 'Salam {customer_name}', template_type_id: '1', model_id: '2', active: '0', delay: '0' });
            return String((await admin<{ data: number }>('/api/admin/templates/create', { method: 'POST', body })).data);
          })];
          break;
        case 'section':
          values = [...SETTINGS_SECTIONS];
          break;
        case 'type':
          if (!pattern.startsWith('flights/')) throw new Error(`no values for :type in ${pattern}`);
          values = [...FLIGHT_CLOSE_TYPES];
          break;
        case 'id':
          if (pattern.startsWith('customs/tasks/')) values = [await once('customs-task', () => firstId(admin, '/api/admin/customs_tasks?per_page=1'))];
          else if (pattern.startsWith('plans/categories/')) values = [await once('tariff-category', () => firstId(admin, '/api/admin/tariff/category_list?per_page=1'))];
          else if (pattern.startsWith('cash-flow/cash-registers/')) values = [await once('cash-register', () => firstId(admin, '/api/admin/cashboxes?per_page=1'))];
          else if (pattern.startsWith('cash-flow/operations/')) values = [await once('cash-category', () => firstId(admin, '/api/admin/cash_categories/all?per_page=1'))];
          // a manual expense (handover and balance rows are not editable from the cash-flow screens)
          else if (pattern.startsWith('cash-flow/transactions/')) values = [await once('cashflow-transaction', () => firstId(admin, '/api/admin/cashbox_operations?per_page=1&operation=2'))];
          else throw new Error(`no id for :id in ${pattern}: teach buildLookup where it comes from`);
          break;
        default:
          throw new Error(`no id for :${name} in ${pattern}: teach buildLookup where it comes from`);
      }
      sets = sets.flatMap((set) => values.map((value) => [...set, value]));
    }
    return sets.map((values) => ({ values }));
  };
}

function fill(pattern: string, values: string[]): string {
  let index = 0;
  return pattern.replace(/:(\w+)/g, () => values[index++] ?? '');
}

// ---------------------------------------------------------------- opening one route

const TEXTS = {
  notFound: [az.app.notFoundTitle, az.errors.routeNotFound],
  notReady: [az.app.notReadyTitle],
  error: [az.errors.pageError, az.errors.browserError, az.errors.fetchFailed, az.errors.network, az.errors.internal],
  missingRecord: az.errors.notFound,
  forbidden: az.app.forbiddenTitle,
};

/**
 * Waits until nothing loads: no splash, no busy table, no spinner, and something on the screen
 * (a route change keeps the old screen, or nothing, while the next one's code loads); 15 s at most.
 */
async function settle(page: Page, isForm = false): Promise<boolean> {
  const isQuiet = () =>
    page.evaluate((isForm) => {
      const shown = (e: Element) => e.getClientRects().length > 0;
      if (document.querySelector('.boot-splash')) return false;
      if ([...document.querySelectorAll('[aria-busy="true"]')].some(shown)) return false;
      if ([...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some(shown)) return false;
      const content = document.querySelector<HTMLElement>('.ant-layout-content');
      const hasDialog = [...document.querySelectorAll('.ant-modal, .ant-drawer-content')].some(shown);
      // a form route keeps the table on screen while its dialog's code loads: wait for the dialog
      if (isForm) return hasDialog || Boolean(content?.querySelector('form'));
      return Boolean(content?.innerText.trim()) || hasDialog;
    }, isForm);
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (await isQuiet()) {
      await page.waitForTimeout(250);
      if (await isQuiet()) return true;
    }
    await page.waitForTimeout(100);
  }
  return false;
}

/** What is wrong with the screen shown, or null. 'forbidden' when the page refuses the role. */
function inspect(page: Page, isForm: boolean): Promise<string | null> {
  return page.evaluate(
    ({ texts, isForm }) => {
      const shown = (e: Element | null): e is HTMLElement => Boolean(e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
      const all = (selector: string) => [...document.querySelectorAll(selector)].filter(shown);
      const says = (e: HTMLElement, list: string[]) => list.find((text) => e.innerText.includes(text));
      // results (antd's, or their plain stand-ins role=status/alert) and page-level alerts
      for (const result of all('.ant-result, [role="status"], [role="alert"]')) {
        const text = result.innerText.replace(/\s+/g, ' ').trim().slice(0, 160);
        if (says(result, texts.notFound)) return `not found: ${text}`;
        if (says(result, texts.notReady)) return `not ready: ${text}`;
        if (says(result, texts.error)) return `error: ${text}`;
        if (result.matches('.ant-result-500, .ant-result-error, .ant-result-warning')) return `error result: ${text}`;
        if (result.matches('.ant-result-404') && result.innerText.includes(texts.missingRecord)) return `missing record: ${text}`;
        if (result.innerText.includes(texts.forbidden)) return 'forbidden';
      }
      const alert = all('.ant-alert-error')[0];
      if (alert) return `error alert: ${alert.innerText.trim().slice(0, 160)}`;
      const toast = all('.ant-message-error, .ant-notification-notice-error').find((e) => !e.closest('[data-e2e-seen]'));
      if (toast) return `error toast: ${toast.innerText.trim().slice(0, 160)}`;
      const dialog = all('.ant-modal, .ant-drawer-content')[0];
      const content = document.querySelector<HTMLElement>('.ant-layout-content');
      if (!dialog && (!content || content.innerText.trim() === '')) return 'blank page';
      if (isForm && !dialog && !content?.querySelector('form')) return 'no form: the create/update route shows no dialog or form';
      return null;
    },
    { texts: TEXTS, isForm },
  );
}

/** Where the focus is in an open dialog with fields: null when on a field (or no such dialog). */
function inspectDialogFocus(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const shown = (e: Element) => e.getClientRects().length > 0;
    const dialog = [...document.querySelectorAll('.ant-modal-wrap .ant-modal')].filter(shown).pop();
    const body = dialog?.querySelector('.ant-modal-body');
    const field = body ? [...body.querySelectorAll('input:not([type=hidden]):not([disabled]), textarea:not([disabled])')].find(shown) : undefined;
    if (!dialog || !field) return null;
    const active = document.activeElement;
    if (active && body?.contains(active) && active.matches('input, textarea, [role=combobox]')) return null;
    const label = active === document.body ? 'the page' : `${active?.tagName.toLowerCase()}.${String(active?.className).split(' ')[0]} "${active?.getAttribute('aria-label') ?? (active as HTMLElement | null)?.innerText?.slice(0, 30) ?? ''}"`;
    return `dialog opened with the focus on ${label}`;
  });
}

interface Visit {
  path: string;
  problem: string | null;
  ms: number;
}

/**
 * Opens a path in the running app as its own links do (the router follows the address), so the
 * signed-in session and loaded code are reused: 150+ screens in minutes instead of a page load each.
 */
async function goInApp(page: Page, url: string): Promise<void> {
  if (!page.url().includes(`${APP}/`)) {
    await page.goto(`${BASE_URL}${url}`, { waitUntil: 'domcontentloaded' });
    return;
  }
  const before = await page.evaluate((to) => {
    const shown = document.querySelector('.ant-layout-content')?.getAttribute('data-path') ?? null;
    (window as { e2eRoute?: string }).e2eRoute = to;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return shown;
  }, url);
  // The router keeps the previous screen until the next one is ready (a transition): on a loaded
  // machine that took seconds, and the next screen's calls came while the walk was on the route
  // after it. The layout names the route on screen (data-path): wait until it is this one (or a
  // redirect of it), 15 s at most.
  const target = new URL(url, BASE_URL).pathname;
  await page
    .waitForFunction(({ target, before }) => {
      const shown = document.querySelector('.ant-layout-content')?.getAttribute('data-path') ?? null;
      return shown === target || shown !== before;
    }, { target, before }, { timeout: 15_000, polling: 50 })
    .catch(() => undefined);
}

/** The header naming the route whose screen made an API call (added by tagCallsWithRoute). */
const ROUTE_HEADER = 'x-e2e-route';

/**
 * Every fetch of the app carries the route it was made on (the path the walk opened: set by
 * goInApp, or the address a page was loaded at), so a reply that comes late is blamed on the
 * screen that asked, not on the route opened meanwhile (a dialog's 403 once showed up on the
 * next route).
 */
async function tagCallsWithRoute(context: BrowserContext): Promise<void> {
  await context.addInitScript((header) => {
    // a page load's route is the address it was opened at, whatever it redirects to
    const state = window as { e2eRoute?: string };
    state.e2eRoute = `${location.pathname}${location.search}`;
    const send = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const route = state.e2eRoute ?? '';
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set(header, encodeURIComponent(route));
      return send(input, { ...init, headers });
    };
  }, ROUTE_HEADER);
}

/** Failed API calls (4xx/5xx but 401, which renews the session) by the route that made them. */
type FailedCalls = Map<string, string[]>;

function watchFailedCalls(page: Page, calls: FailedCalls): void {
  page.on('response', (response) => {
    const status = response.status();
    if (!response.url().includes('/api/') || status < 400 || status === 401) return;
    const tag = response.request().headers()[ROUTE_HEADER];
    const route = tag ? decodeURIComponent(tag) : new URL(page.url()).pathname;
    calls.set(route, [...(calls.get(route) ?? []), `${status} ${response.request().method()} ${new URL(response.url()).pathname}`]);
  });
}

/** The requests of a page in flight (code chunks and API calls alike), and when the last one started or ended. */
interface Traffic {
  pending: Set<Request>;
  lastAt: number;
}

/**
 * Waits until no request has been in flight for 300 ms (10 s at most): after a route change the
 * previous screen stays while the next one's code loads, and a screen's calls start once it renders.
 */
async function waitForTraffic(page: Page, traffic: Traffic): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until && (traffic.pending.size > 0 || Date.now() - traffic.lastAt < 300)) await page.waitForTimeout(50);
}

/** What is wrong with a route's failed calls: any failure on a screen, a 403 on a page that refuses the role. */
function judgeCalls(problem: string | null, failed: readonly string[]): string | null {
  if (!problem && failed.length) return `failed API call: ${failed.join(', ')}`;
  // a page that refuses the role must not have asked what the server refuses it either
  if (problem === 'forbidden' && failed.some((call) => call.startsWith('403 '))) return `refused, yet called: ${failed.join(', ')}`;
  return problem;
}

async function openRoute(page: Page, url: string, isForm: boolean, calls: FailedCalls): Promise<Visit> {
  const started = Date.now();
  const crashes: string[] = [];
  const traffic: Traffic = { pending: new Set(), lastAt: Date.now() };
  const onRequest = (request: Request) => {
    traffic.pending.add(request);
    traffic.lastAt = Date.now();
  };
  const onDone = (request: Request) => {
    traffic.pending.delete(request);
    traffic.lastAt = Date.now();
  };
  const onCrash = (error: Error) => crashes.push(error.message.slice(0, 160));
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('pageerror', onCrash);
  try {
    // toasts of the screen before are not this screen's
    await page.evaluate(() => document.querySelectorAll('.ant-message-notice, .ant-notification-notice').forEach((e) => e.setAttribute('data-e2e-seen', '')));
    await goInApp(page, url);
    await settle(page, isForm);
    // the screen seen may still be the previous route's: once its code and calls are done, look again
    await waitForTraffic(page, traffic);
    const isSettled = await settle(page, isForm);
    let problem = await inspect(page, isForm);
    if (!problem && !isSettled) problem = 'still loading after 15 s';
    if (!problem && crashes.length) problem = `uncaught error: ${crashes[0]}`;
    problem = judgeCalls(problem, calls.get(url) ?? []);
    return { path: url, problem, ms: Date.now() - started };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
    page.off('pageerror', onCrash);
  }
}

// ---------------------------------------------------------------- the test

const ROLES = [
  { name: 'admin', email: DEMO.admin },
  { name: 'warehouseman', email: DEMO.warehouseman },
  { name: 'back office', email: DEMO.backOffice },
  { name: 'partner', email: DEMO.partner },
] as const;

let browser: Browser;
let patterns: RoutePattern[] = [];
const unopenable: string[] = [];
let adminApi: Api;
const dialogFocus: string[] = [];

beforeAll(async () => {
  await loadResourceLists();
  const shell = routes.find((route) => route.path === APP);
  if (!shell?.children) throw new Error('the /@next route of app/router.tsx has no children');
  collectPatterns(shell.children, '', patterns, unopenable);
  patterns = patterns.filter((item, index) => patterns.findIndex((other) => other.pattern === item.pattern) === index);
  browser = await launchBrowser();
  adminApi = (await signedInWithApi(browser, DEMO.admin)).api;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('[ROUTES][E2E] every route of the route table opens for every role allowed to (issue 16)', () => {
  test('the route table is walked whole: every splat and :param has a way in', () => {
    expect(unopenable).toEqual([]);
    // the table is the app's, not a copy: a few screens of each kind are in it
    const all = patterns.map((item) => item.pattern);
    for (const known of ['declarations', 'declarations/:declarationId', 'users/:userId', 'flights/:flightId/close/:type', 'branches/create', 'countries/:id/update', 'boxes/:id']) {
      expect(all).toContain(known);
    }
    console.log(`[routes] ${patterns.length} route patterns in the table`);
  });

  for (const role of ROLES) {
    test(`${role.name}: each allowed route renders (no error, not-found, not-ready or blank page)`, async () => {
      const { context, page: first, api } = await signedInWithApi(browser, role.email);
      // a handover entry prints its receipt on opening: headless Chromium would crash on the PDF
      await keepPrintFramesFromPrinting(context);
      await tagCallsWithRoute(context);
      const calls: FailedCalls = new Map();
      let page = first;
      watchFailedCalls(page, calls);
      await page.reload();
      try {
        const user: NavUser = toAuthUser(await api('/api/client/user'));
        const lookup = buildLookup(adminApi, api);
        const visits: Visit[] = [];
        const forbidden: string[] = [];
        const lookupErrors: string[] = [];
        for (const { pattern, isForm } of patterns) {
          if (canOpenPath(user, pattern.replace(/:\w+/g, '1')) === false) continue;
          let sets: Filling[];
          try {
            sets = await lookup(pattern);
          } catch (error) {
            lookupErrors.push(`${pattern}: ${(error as Error).message}`);
            continue;
          }
          for (const { values, query } of sets) {
            const url = `${APP}/${fill(pattern, values)}${query ? `?${query}` : ''}`;
            let visit: Visit;
            try {
              visit = await openRoute(page, url, isForm, calls);
            } catch (error) {
              // a crashed page is this route's failure; the next route gets a fresh page
              visit = { path: url, problem: `page failed: ${(error as Error).message.split('\n')[0]}`, ms: 0 };
              await page.close().catch(() => undefined);
              page = await context.newPage();
              watchFailedCalls(page, calls);
              await page.goto(`${BASE_URL}${APP}/`, { waitUntil: 'domcontentloaded' });
              await settle(page);
            }
            if (visit.problem === 'forbidden') forbidden.push(visit.path);
            else visits.push(visit);
            const focus = await inspectDialogFocus(page);
            if (focus) dialogFocus.push(`${role.name} ${visit.path}: ${focus}`);
            if (process.env.E2E_SCREENSHOTS) await shot(page, `routes-${role.name.replace(' ', '-')}-${fill(pattern, values).replace(/[^a-z0-9]+/gi, '_')}`);
          }
        }
        // a reply that came after its route was judged is still that route's
        await page.waitForTimeout(1_000);
        for (const visit of visits) visit.problem = judgeCalls(visit.problem, calls.get(visit.path) ?? []);
        for (const path of forbidden) {
          const problem = judgeCalls('forbidden', calls.get(path) ?? []);
          if (problem !== 'forbidden') visits.push({ path, problem, ms: 0 });
        }
        const failures = visits.filter((visit) => visit.problem).map((visit) => `${visit.path} → ${visit.problem}`);
        const slowest = [...visits].sort((a, b) => b.ms - a.ms).slice(0, 3).map((visit) => `${visit.path} ${visit.ms} ms`);
        console.log(`[routes] ${role.name}: ${visits.length} opened, ${failures.length} failed, ${forbidden.length} refused by the page (403): ${forbidden.join(', ') || '-'}; slowest ${slowest.join(', ')}`);
        if (failures.length) console.log(`[routes] ${role.name} failures:\n  ${failures.join('\n  ')}`);
        expect(lookupErrors).toEqual([]);
        expect(visits.length).toBeGreaterThan(0);
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    }, 600_000);
  }

  test('dialogs open with the focus on their first field, not on the close X', () => {
    if (dialogFocus.length) console.log(`[routes] dialog focus:\n  ${dialogFocus.join('\n  ')}`);
    expect(dialogFocus).toEqual([]);
  });
});
