import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, launchBrowser, listSidebarGroups, openPage, signInAndWait } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByTestId('table-declarations');

/**
 * The table says aria-busy while a request waits out its 300 ms debounce or runs: after an action,
 * wait for it to turn busy (the URL changes a moment before React renders), then idle.
 */
async function waitForRows(page: Page, hasChanged = true) {
  const busy = page.locator('[data-testid="table-declarations"][aria-busy="true"]');
  if (hasChanged) await busy.waitFor({ timeout: 3_000 }).catch(() => undefined);
  await page.locator('[data-testid="table-declarations"][aria-busy="false"]').waitFor({ timeout: 20_000 });
}

async function columnIndex(page: Page, title: string): Promise<number> {
  const headers = await table(page).locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === title);
  if (index < 0) throw new Error(`no column ${title} in ${headers.join('|')}`);
  return index;
}

async function columnValues(page: Page, title: string): Promise<string[]> {
  const index = await columnIndex(page, title);
  return table(page).locator(`tbody tr.ant-table-row td:nth-child(${index + 1})`).allInnerTexts();
}

describe('[DECLARATIONS][LIST] the admin works through the declarations table', () => {
  test('filter by track code, sort by weight, change page size, reload: the view is kept', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin, { remember: true });

    const groups = await listSidebarGroups(page);
    expect(groups).toEqual(expect.arrayContaining(['Ümumi', 'Əsas', 'Gömrük bəyannamələri', 'Tənzimləmələr', 'Filial bölmələri']));

    await page.getByTestId('nav-declarations').click();
    await page.waitForURL(/\/@next\/declarations$/);
    await page.getByRole('heading', { name: 'Bağlamalar' }).waitFor();
    await waitForRows(page);

    // The list starts at the last 31 days; look at all time so the seed's older parcels count too.
    await page.getByTestId('active-filters').getByText('Yaradılma tarixi: Son 31 gün').waitFor();
    await page.getByTestId('active-filters').locator('.ant-tag-close-icon').first().click();
    await page.waitForURL(/created=all/);
    await waitForRows(page);
    await expect(page.getByTestId('table-total').innerText()).resolves.toMatch(/^Cəmi: /);

    // Sort by weight, lightest first: the URL says so and the weights go up.
    await table(page).locator('thead th', { hasText: 'Çəki (kq)' }).click();
    await page.waitForURL(/sort=weight&order=asc/);
    await waitForRows(page);
    // Parcels without a weight ('—') may sort to either end; the weighed ones must go up.
    const weights = (await columnValues(page, 'Çəki (kq)')).filter((w) => w !== '—').map(Number);
    expect(weights.length).toBeGreaterThan(0);
    expect([...weights].sort((a, b) => a - b)).toEqual(weights);

    // Ten rows a page.
    await table(page).locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '10' }).first().click();
    await page.waitForURL(/size=10/);
    await waitForRows(page);
    expect(await table(page).locator('tbody tr.ant-table-row').count()).toBeLessThanOrEqual(10);

    // Filter by the track code of the first row.
    const trackCode = (await columnValues(page, 'İzləmə kodu'))[0]!;
    const trackHeader = table(page).locator('thead th', { hasText: 'İzləmə kodu' }).first();
    await trackHeader.locator('.ant-table-filter-trigger').click();
    const filterInput = page.locator('.ant-table-filter-dropdown input[aria-label="İzləmə kodu"]');
    await filterInput.fill(trackCode);
    await filterInput.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('track_code') === trackCode);
    await waitForRows(page);
    const codes = await columnValues(page, 'İzləmə kodu');
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((code) => code.includes(trackCode))).toBe(true);

    // Reload: same URL, same filter, sort and size, same rows.
    const before = page.url();
    await page.reload();
    await waitForRows(page);
    expect(page.url()).toBe(before);
    await page.getByTestId('active-filters').getByText(`İzləmə kodu: ${trackCode}`).waitFor();
    expect(await columnValues(page, 'İzləmə kodu')).toEqual(codes);
    await expect(table(page).locator('.ant-pagination-options').innerText()).resolves.toContain('10');
    await expect(table(page).locator('thead th', { hasText: 'Çəki (kq)' }).getAttribute('aria-sort')).resolves.toBe('ascending');

    // Double-click opens the parcel: its edit form while it awaits its declaration (5), else its details.
    await table(page).locator('tbody tr.ant-table-row').first().dblclick();
    await page.waitForURL(/\/@next\/declarations\/\d+(\/update)?(\?.*)?$/);
    const isEdit = new URL(page.url()).pathname.endsWith('/update');
    await page.getByTestId(isEdit ? 'declaration-form' : 'declaration-details').waitFor();
    await context.close();
  });

  test('quick search by track code opens that declaration', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(page.url().replace(/\/@next\/.*/, '/@next/declarations?created=all'));
    await waitForRows(page);
    const trackCode = (await columnValues(page, 'İzləmə kodu'))[0]!;
    await page.getByRole('button', { name: 'İzləmə kodu ilə axtar' }).click();
    await page.getByPlaceholder('İzləmə kodu').fill(trackCode);
    await page.getByPlaceholder('İzləmə kodu').press('Enter');
    await page.waitForURL(/\/@next\/declarations\/\d+$/);

    await page.getByRole('button', { name: 'İzləmə kodu ilə axtar' }).click();
    await page.getByPlaceholder('İzləmə kodu').fill('NO-SUCH-CODE-000');
    await page.getByPlaceholder('İzləmə kodu').press('Enter');
    await page.locator('.ant-message-notice').first().waitFor();
    expect(page.url()).toMatch(/\/@next\/declarations\/\d+$/);
    await context.close();
  });
});
