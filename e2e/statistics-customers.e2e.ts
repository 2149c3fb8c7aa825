import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, shot, signedInWithApi, waitForTable } from './support/browser';
import { readTableTotal } from './support/figures';

/*
 * Issue 19 items 1/3: the landing's new customers open the users list with exactly those
 * customers (the list's 'Müştəri' type and 'Qeydiyyat tarixi' range shown in its toolbar).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('[STATISTICS][LANDING][E2E] new customers', () => {
  test('the new-customers figure and a branch row open the users list with exactly that many customers', async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/statistics?range=last12m`);
    const kpi = page.getByTestId('kpi-customers-value');
    await kpi.locator('xpath=self::a').waitFor({ timeout: 30_000 });
    const count = Number((await kpi.innerText()).replace(/\s/g, ''));
    expect(count).toBeGreaterThan(0);
    await kpi.click();
    await page.waitForURL((url) => url.pathname === '/@next/users' && url.searchParams.get('admin') === '0', { timeout: 20_000 });
    await waitForTable(page, 'users');
    await expect.poll(() => readTableTotal(page), { timeout: 20_000 }).toBe(Math.min(count, 10_000));
    // the filters the number carried are visible in the list's toolbar
    await page.getByText('İstifadəçi tipi: Müştəri').waitFor();
    await page.getByText(/Qeydiyyat tarixi: \d{4}-\d{2}-\d{2} — \d{4}-\d{2}-\d{2}/).waitFor();
    await shot(page, 'users-new-customers');

    await page.goto(`${BASE_URL}/@next/statistics?range=last12m`);
    const branch = page.getByTestId('customers-branches').locator('a[data-testid^="customers-branch-"]').first();
    await branch.waitFor({ timeout: 30_000 });
    const branchCount = Number((await branch.innerText()).replace(/\s/g, ''));
    await branch.click();
    await page.waitForURL((url) => url.pathname === '/@next/users' && url.searchParams.has('branch_id'), { timeout: 20_000 });
    await waitForTable(page, 'users');
    await expect.poll(() => readTableTotal(page), { timeout: 20_000 }).toBe(Math.min(branchCount, 10_000));
    await context.close();
  }, 150_000);
});
