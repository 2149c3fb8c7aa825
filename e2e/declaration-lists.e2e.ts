import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, openPage, readAccessToken, signInAndWait, waitForTable, tableRows } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the table has finished its (debounced) request. */
const headers = (page: Page, tableId: string) => page.getByTestId(`table-${tableId}`).locator('thead th').allInnerTexts();
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

async function open(page: Page, path: string, tableId: string) {
  await page.goto(`${BASE_URL}/@next/${path}`);
  await waitForTable(page, tableId);
}

describe('[DECLARATIONS][LISTS] the admin opens every declaration list screen', () => {
  test('unknowns: basket column, create one, open its details page', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await open(page, 'declarations/unknowns', 'declarations-unknowns');
    expect(await headers(page, 'declarations-unknowns')).toEqual(expect.arrayContaining(['Səbət', 'İzləmə kodu']));
    await expect(tableRows(page, 'declarations-unknowns').count()).resolves.toBeGreaterThan(0);

    const code = `E2EUNK${Date.now()}`;
    await page.getByTestId('unknowns-create').click();
    await page.waitForURL(/\/declarations\/unknowns\/create/);
    await page.getByTestId('unknown-track-code').fill(code);
    await page.getByTestId('unknown-save').click();
    await toast(page, 'Naməlum bağlama yaradıldı').waitFor();
    await page.waitForURL(/\/declarations\/unknowns(\?.*)?$/);
    await page.goto(`${BASE_URL}/@next/declarations/unknowns?track_code=${code}`);
    await waitForTable(page, 'declarations-unknowns');
    await expect(tableRows(page, 'declarations-unknowns').count()).resolves.toBe(1);
    await tableRows(page, 'declarations-unknowns').first().locator('[data-testid^="unknown-menu-"]').click();
    await page.getByRole('menuitem', { name: 'Ətraflı' }).click();
    await page.waitForURL(/\/declarations\/unknowns\/\d+$/);
    await expect(page.getByTestId('unknown-details').innerText()).resolves.toContain(code);
    await context.close();
  });

  test('deleted: delete a declaration customs holds on its page; customs deletes it and it shows among the deleted with who deleted it', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    const token = await readAccessToken(context);
    // a declared parcel at customs whose declaration is ours (the deleted list is fed by the customs link)
    const atCustoms = (await (await fetch(`${BASE_URL}/api/admin/customs?declared=1&customer_exists=1&per_page=50`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { declaration_id: number | null; TrackingNumber: string; post_status: number }[];
    };
    const picked = atCustoms.data.find((r) => r.declaration_id !== null && r.post_status === 1)!;
    const victim = { id: picked.declaration_id!, track_code: picked.TrackingNumber };
    await page.goto(`${BASE_URL}/@next/declarations/${victim.id}`);
    await page.getByTestId('declaration-details').waitFor();
    await page.getByTestId('declaration-details').getByRole('button', { name: 'Sil' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Bəli' }).click();
    await toast(page, 'Bağlama silindi').waitFor();

    // the delete goes to customs from the job runner (within a few seconds)
    for (let i = 0; i < 20; i++) {
      await open(page, `declarations/deleted?track_code=${victim.track_code}`, 'declarations-deleted');
      if ((await tableRows(page, 'declarations-deleted').count()) > 0) break;
      await page.waitForTimeout(1000);
    }
    await expect(tableRows(page, 'declarations-deleted').count()).resolves.toBe(1);
    const text = await tableRows(page, 'declarations-deleted').first().innerText();
    expect(text).toContain(victim.track_code);
    expect(text).toContain('Rəşad Məmmədov');
    // A row opens the declaration's details, which still reads the deleted one.
    await tableRows(page, 'declarations-deleted').first().locator('td').nth(4).dblclick();
    await page.waitForURL(new RegExp(`/declarations/${victim.id}$`));
    await page.getByTestId('declaration-details').waitFor();
    await context.close();
  });

  test('post, partners, archive (with the simple view) open on rows with their columns', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await open(page, 'declarations/post', 'declarations-post');
    expect(await headers(page, 'declarations-post')).toEqual(expect.arrayContaining(['Müştəri', 'İzləmə kodu', 'Qiymət ($)', 'Gömrük qiyməti ($)', 'Gömrük ID']));
    await expect(tableRows(page, 'declarations-post').count()).resolves.toBeGreaterThan(0);

    await open(page, 'declarations/partners', 'declarations-partners');
    expect(await headers(page, 'declarations-partners')).toContain('Partnyor');

    await open(page, 'archived-declarations', 'declarations-archive');
    await expect(tableRows(page, 'declarations-archive').count()).resolves.toBeGreaterThan(0);
    expect(await tableRows(page, 'declarations-archive').first().innerText()).toMatch(/Təhvil verilib|İadə edilib/);
    await tableRows(page, 'declarations-archive').first().locator('[data-testid^="archive-view-"]').click();
    await page.getByTestId('simple-declaration').waitFor();
    await page.keyboard.press('Escape');

    await open(page, 'declarations/mini?trendyol=2', 'declarations-mini');
    const providers = await tableRows(page, 'declarations-mini').locator('td:nth-child(5)').allInnerTexts();
    expect(providers.every((p) => p === 'United')).toBe(true);
    await context.close();
  });

  test('the timeline links to the status archive and the operation log filtered to the declaration', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    const token = await readAccessToken(context);
    const auth = { Authorization: `Bearer ${token}` };
    const [row] = ((await (await fetch(`${BASE_URL}/api/admin/v2/declaration/list?state_id=7&per_page=1`, { headers: auth })).json()) as { data: { id: number }[] }).data;
    const changed = await fetch(`${BASE_URL}/api/admin/declaration/edit/state?declaration_id=${row!.id}&state_id=9`, { method: 'POST', headers: auth, body: new URLSearchParams() });
    expect(changed.status, await changed.clone().text()).toBe(200);

    await page.goto(`${BASE_URL}/@next/declarations/${row!.id}/timeline`);
    await page.getByTestId('declaration-timeline').waitFor();
    await page.getByRole('button', { name: 'Status arxivi' }).click();
    await page.waitForURL(new RegExp(`/archive/state\\?.*object_id=${row!.id}`));
    await waitForTable(page, 'state-archive');
    const states = await tableRows(page, 'state-archive').allInnerTexts();
    expect(states.length).toBeGreaterThan(0);
    expect(states[0]).toContain('Yerli anbarda');

    await page.goBack();
    await page.getByTestId('declaration-timeline').waitFor();
    await page.getByRole('button', { name: 'Əməliyyat jurnalı' }).click();
    await page.waitForURL(new RegExp(`/logs\\?.*object_id=${row!.id}`));
    await waitForTable(page, 'operation-log');
    const logs = await tableRows(page, 'operation-log').allInnerTexts();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((text) => text.includes(`declaration #${row!.id}`))).toBe(true);
    await tableRows(page, 'operation-log').first().locator('[data-testid^="log-open-"]').click();
    await expect(page.getByTestId('log-entry').innerText()).resolves.toContain('state_id');
    await context.close();
  });
});

describe('[DECLARATIONS][LISTS] a user without the permissions', () => {
  test('the storage worker gets 403 from the server on every list and a 403 page on the screens', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.warehouseman);
    const token = await readAccessToken(context);
    for (const path of [
      '/api/admin/customs/deleteddeclarations', '/api/admin/post_declarations', '/api/admin/declaration/archive',
      '/api/admin/declaration/partner_declarations', '/api/admin/states/archive', '/api/admin/logs', '/api/admin/logs/info?log_id=1',
    ]) {
      const response = await fetch(`${BASE_URL}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(403);
    }
    await page.goto(`${BASE_URL}/@next/declarations/deleted`);
    await page.locator('.ant-result-403').waitFor();
    await expect(page.getByTestId('table-declarations-deleted').count()).resolves.toBe(0);
    await context.close();
  });
});
