import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, shot, signedInWithApi, waitForTable } from './support/browser';
import { FIGURE_COUNT, hoverOpenablePoint, parseFigure, readTableTotal } from './support/figures';

/*
 * Statistics pages (issue 19 items 2 and 3), as a manager reads them: open a page, choose a range,
 * click a number and find exactly that many rows behind it (the drill-down's total), and the same
 * number again in the list it came from. Every number is read from the screen, not from the API.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const openDropdown = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

async function readNumber(page: Page, testId: string): Promise<number> {
  const locator = page.getByTestId(testId);
  await expect.poll(async () => (await locator.innerText()).trim(), { timeout: 20_000 }).toMatch(FIGURE_COUNT);
  return parseFigure(await locator.innerText());
}

async function choosePreset(page: Page, label: string): Promise<void> {
  await page.getByTestId('stat-range-preset').click();
  await page.locator(openDropdown).getByText(label, { exact: true }).click();
  await expect.poll(() => page.getByTestId('stat-range-preset').innerText()).toBe(label);
}

/** Clicks a number and waits for the rows behind it; returns the drill-down table's total. */
async function openRows(page: Page, clickable: ReturnType<Page['getByTestId']>, tableId: string): Promise<number> {
  await clickable.click();
  const drill = page.getByTestId('stat-drill-down');
  await drill.waitFor();
  await waitForTable(page, tableId);
  return readTableTotal(page, drill);
}

describe('[STATISTICS][PAGES][E2E] a number opens exactly its rows', () => {
  test("a click on a day's bar opens that day's rows: the drill-down's total is the bar's figure", async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/statistics/declarations`);
    const chart = page.getByTestId('stat-declarations-daily');
    const figure = await hoverOpenablePoint(page, chart);
    expect(figure).toBeGreaterThan(0);
    await page.mouse.down();
    await page.mouse.up();
    const drill = page.getByTestId('stat-drill-down');
    await drill.waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('drill') ?? '').toMatch(/^changed_date=\d{4}-\d{2}-\d{2}$/);
    await waitForTable(page, 'statistics-drill-declarations');
    expect(await readTableTotal(page, drill)).toBe(figure);
    await context.close();
  }, 120_000);

  test('declarations by status: a range, the total, a branch × status cell, and the declarations list with the same filters', async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/statistics/declarations`);
    await page.getByTestId('stat-declarations').waitFor();
    // 90 days: the drill-down is the declarations list, whose total stops counting at 10,000 (a year of the E2E run's parcels passes it)
    await choosePreset(page, 'Son 90 gün');
    const total = await readNumber(page, 'stat-figure-declaration_count');
    expect(total).toBeGreaterThan(0);
    await shot(page, 'statistics-declarations');

    expect(await openRows(page, page.getByTestId('stat-figure-declaration_count'), 'statistics-drill-declarations')).toBe(total);

    // a cell of the branch × status table: its number is the count of its rows
    await page.getByTestId('stat-declarations-branches-view').getByText('Cədvəl', { exact: true }).click();
    const cell = page.getByTestId('stat-declarations-branches-table').locator('button[data-testid^="stat-cell-"]').first();
    await cell.waitFor();
    const cellCount = parseFigure(await cell.innerText());
    expect(cellCount).toBeGreaterThan(0);
    await page.getByTestId('stat-drill-close').click();
    await page.getByTestId('stat-drill-down').waitFor({ state: 'detached' });
    expect(await openRows(page, cell, 'statistics-drill-declarations')).toBe(cellCount);
    await shot(page, 'statistics-declarations-drill');

    // the rows' export: the endpoint's .xlsx, named after the page and the range
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('stat-drill-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^statistics_declarations_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);

    // the same parcels in their list: its total is the cell's number
    await page.getByTestId('stat-drill-list-link').click();
    await page.waitForURL(/\/@next\/declarations\?/);
    await waitForTable(page, 'declarations');
    await expect.poll(() => readTableTotal(page), { timeout: 20_000 }).toBe(cellCount);
    await context.close();
  });

  test('users: a month of the chart table opens exactly its customers', async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/statistics/users/general`);
    await page.getByTestId('stat-users').waitFor();
    await choosePreset(page, 'Son 90 gün');
    await choosePreset(page, 'Son 12 ay');
    await page.getByTestId('stat-users-months-view').getByText('Cədvəl', { exact: true }).click();
    const cell = page.getByTestId('stat-users-months-table').locator('button[data-testid^="stat-cell-"]').last();
    await cell.waitFor();
    const count = parseFigure(await cell.innerText());
    expect(count).toBeGreaterThan(0);
    expect(await openRows(page, cell, 'statistics-drill-users')).toBe(count);
    await shot(page, 'statistics-users');
    await context.close();
  });
  test('branch partner: the partner sees its company\'s parcels, and their total opens exactly that many rows', async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.partner);
    await page.goto(`${BASE_URL}/@next/statistics/branches-partner`);
    await page.getByTestId('stat-branch-partner').waitFor();
    await choosePreset(page, 'Son 12 ay');
    const total = await readNumber(page, 'stat-figure-declaration_count');
    expect(total).toBeGreaterThan(0);
    expect(await openRows(page, page.getByTestId('stat-figure-declaration_count'), 'statistics-drill-declarations')).toBe(total);
    // a partner has no declarations list and no statistics index: neither is offered
    await expect(page.getByTestId('stat-drill-list-link').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Statistika səhifələrinə qayıt' }).count()).resolves.toBe(0);
    await shot(page, 'statistics-branch-partner');
    await context.close();
  });
  test('payments by payment type: the count opens exactly its payments, and the transactions list with the same filters shows as many', async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/statistics/payment-types/transactions`);
    await page.getByTestId('stat-payment-transactions').waitFor();
    await choosePreset(page, 'Son 7 gün');
    const total = await readNumber(page, 'stat-figure-count');
    expect(total).toBeGreaterThan(0);
    expect(await openRows(page, page.getByTestId('stat-figure-count'), 'statistics-drill-transactions')).toBe(total);
    await page.getByTestId('stat-drill-list-link').click();
    await page.waitForURL(/\/@next\/transactions\?/);
    await waitForTable(page, 'transactions');
    await expect.poll(() => readTableTotal(page), { timeout: 20_000 }).toBe(total);
    await context.close();
  });
});
