import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, formPost, launchBrowser, openPage, shot, signedInWithApi, signInAndWait, waitForTable } from './support/browser';
import { hoverOpenablePoint, parseFigure, readTableTotal } from './support/figures';

/*
 * The statistics landing (issue 19 items 1, 3, 5): a manager signs in and lands on statistics,
 * clicks a widget's number and finds the list with exactly that many rows; a warehouseman
 * without `stat` lands on the first section he may open. Numbers are read from the screen.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('[STATISTICS][LANDING][E2E]', () => {
  test('an admin lands on statistics; a status count opens the declarations list with exactly that many rows', async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next`);
    await page.waitForURL((url) => url.pathname === '/@next/statistics', { timeout: 20_000 });
    await page.getByTestId('statistics-landing').waitFor();
    // the widget's first status number, as the user sees it (its label links there too)
    const first = page.getByTestId('by-status').locator('td a').first();
    await first.waitFor({ timeout: 30_000 });
    const count = parseFigure(await first.innerText());
    expect(count).toBeGreaterThan(0);
    await page.getByTestId('uplot-chart').first().waitFor({ timeout: 30_000 });
    await shot(page, 'statistics-landing', { fullPage: true });
    await first.click();
    await page.waitForURL((url) => url.pathname === '/@next/declarations' && url.searchParams.has('state_id'), { timeout: 20_000 });
    await waitForTable(page, 'declarations');
    await expect.poll(() => readTableTotal(page), { timeout: 20_000 }).toBe(count);
    await context.close();
  });

  test("'in boxes' (customs progress) opens the declarations list of the parcels in a box, with exactly that many rows", async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    // a year up to the office's today: boxed parcels are there in the demo data
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' }).format(new Date());
    const start = new Date(`${today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - 364);
    await page.goto(`${BASE_URL}/@next/statistics?range=${start.toISOString().slice(0, 10)}~${today}`);
    const boxed = page.getByTestId('widget-customs').locator('a[data-testid="customs-boxed"]');
    await boxed.waitFor({ timeout: 30_000 });
    const count = Number((await boxed.innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    await boxed.click();
    await page.waitForURL((url) => url.pathname === '/@next/declarations' && url.searchParams.get('in_box') === '1', { timeout: 20_000 });
    await waitForTable(page, 'declarations');
    await expect.poll(() => readTableTotal(page), { timeout: 20_000 }).toBe(count);
    await shot(page, 'statistics-boxed-list');
    await context.close();
  });

  test("tariffs: a plan category's count opens its parcels and the declarations list with plan_category_id, both with exactly that many rows", async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/statistics/plans`);
    await page.getByTestId('stat-plans').waitFor();
    await page.getByTestId('stat-plans-counts-view').getByText('Cədvəl', { exact: true }).click();
    const cell = page.getByTestId('stat-plans-counts-table').locator('button[data-testid^="stat-cell-"]').first();
    await cell.waitFor({ timeout: 30_000 });
    const count = Number((await cell.innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    await cell.click();
    const drill = page.getByTestId('stat-drill-down');
    await drill.waitFor();
    await expect.poll(async () => Number((await drill.getByTestId('table-total').innerText()).replace(/\D/g, '')), { timeout: 20_000 }).toBe(count);
    await drill.getByTestId('stat-drill-list-link').click();
    await page.waitForURL((url) => url.pathname === '/@next/declarations' && url.searchParams.has('plan_category_id'), { timeout: 20_000 });
    await waitForTable(page, 'declarations');
    await expect.poll(() => readTableTotal(page), { timeout: 20_000 }).toBe(count);
    await context.close();
  });

  test("the per-day chart has its table view; a day's number opens that day's list", async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/statistics?range=last90`);
    await page.getByTestId('widget-per-day').waitFor();
    await page.getByTestId('per-day-view').getByText('Cədvəl').click();
    const table = page.getByTestId('per-day-table');
    await table.waitFor();
    const link = table.locator('tbody a').first();
    await link.waitFor({ timeout: 30_000 });
    const count = parseFigure(await link.innerText());
    await link.click();
    await page.waitForURL((url) => url.pathname === '/@next/declarations' || url.pathname === '/@next/archive/state', { timeout: 20_000 });
    const tableId = new URL(page.url()).pathname.endsWith('declarations') ? 'declarations' : 'state-archive';
    await page.locator(`[data-testid="table-${tableId}"][aria-busy="false"]`).waitFor({ timeout: 20_000 });
    await expect.poll(() => readTableTotal(page), { timeout: 20_000 }).toBe(count);
    await context.close();
  });

  test("a click on a point of 'parcels per day' opens that day's list of that series, with exactly the point's figure", async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/statistics?range=last90`);
    const chart = page.getByTestId('per-day');
    const figure = await hoverOpenablePoint(page, chart);
    expect(figure).toBeGreaterThan(0);
    await shot(page, 'statistics-landing-chart-tooltip');
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForURL((url) => url.pathname === '/@next/declarations' || url.pathname === '/@next/archive/state', { timeout: 20_000 });
    const tableId = new URL(page.url()).pathname.endsWith('declarations') ? 'declarations' : 'state-archive';
    await page.locator(`[data-testid="table-${tableId}"][aria-busy="false"]`).waitFor({ timeout: 20_000 });
    await expect.poll(() => readTableTotal(page), { timeout: 20_000 }).toBe(figure);
    await context.close();
  }, 120_000);

  test('the chart library (uPlot, a lazy chunk) is loaded by statistics only, never by the login page or a list', async () => {
    const { context, page } = await openPage(browser);
    const isChart = (url: string) => /uplot/i.test(url);
    const loaded: string[] = [];
    page.on('request', (request) => { if (isChart(request.url())) loaded.push(new URL(request.url()).pathname); });
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('E-poçt').waitFor();
    expect(loaded).toEqual([]);
    await signInAndWait(page, DEMO.admin); // lands on statistics, which draws its charts
    await page.getByTestId('uplot-chart').first().waitFor({ timeout: 30_000 });
    expect(loaded.some((path) => /uPlot\.min-[\w-]+\.js$/.test(path))).toBe(true);
    // a list opened afresh (its own page load, signed in) loads none of it
    const list = await context.newPage();
    const listLoaded: string[] = [];
    list.on('request', (request) => { if (isChart(request.url())) listLoaded.push(request.url()); });
    await list.goto(`${BASE_URL}/@next/declarations`);
    await waitForTable(list, 'declarations');
    expect(listLoaded).toEqual([]);
    await context.close();
  });

  test('a warehouseman without stat lands on the declarations list, not a placeholder', async () => {
    const { context: adminContext, api } = await signedInWithApi(browser, DEMO.admin);
    const users = await api<{ data: { id: number; email: string }[] }>('/api/admin/v2/client/list?per_page=5&email=anbar@example.az&admin=2');
    const anbar = users.data.find((u) => u.email === DEMO.warehouseman)!;
    const before = await api<{ data: { operation_id: number }[]; company_id: number; cashbox_id: number | null; admin_branch_id: number | null }>(`/api/admin/permissions?user_id=${anbar.id}`);
    const operations = await api<{ data: { id: number; code_name: string }[] }>('/api/admin/operations?per_page=200');
    const stat = operations.data.find((op) => op.code_name === 'stat')!;
    expect(stat).toBeDefined();
    const keep = before.data.map((p) => p.operation_id).filter((id) => id !== stat.id);
    const save = (ids: number[]) => api('/api/admin/permissions/edit', formPost({
      user_id: anbar.id, operation_id: ids.join(','), company_id: before.company_id,
      ...(before.admin_branch_id ? { admin_branch_id: before.admin_branch_id } : {}), ...(before.cashbox_id ? { cashbox_id: before.cashbox_id } : {}),
    }));
    await save(keep);
    try {
      const { context, page } = await openPage(browser);
      await signInAndWait(page, DEMO.warehouseman);
      await page.goto(`${BASE_URL}/@next`);
      await page.waitForURL((url) => url.pathname === '/@next/declarations', { timeout: 20_000 });
      await waitForTable(page, 'declarations');
      await expect(page.getByTestId('statistics-landing').count()).resolves.toBe(0);
      // statistics itself is closed to him: no placeholder, the 403 page
      await page.goto(`${BASE_URL}/@next/statistics`);
      await page.locator('.ant-result-403').waitFor();
      await context.close();
    } finally {
      await save(before.data.map((p) => p.operation_id));
      await adminContext.close();
    }
  });
});
