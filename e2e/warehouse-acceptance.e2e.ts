import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, openPage, readAccessToken, signInAndWait } from './support/browser';

/*
 * Issue 8: the box acceptance screen, scanner first. A keyboard-wedge scanner types the code and
 * presses Enter; the spec scans with the keyboard exactly so.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Lookup { id: number; track_code: string; requires_declaration: boolean; provider: number; branch_id: number | null; state_id: number }

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json() as Promise<T>;
}

/** Parcels of branch 1 at 8 (dispatch sent), read as the scanner screen reads them. */
async function findParcels(token: string) {
  const list = await api<{ data: { id: number; track_code: string }[] }>(token, '/api/admin/v2/declaration/list?state_id=8&branch_id=1&per_page=60&created=all&date_from=2000-01-01%2000:00:00');
  const plain: Lookup[] = [];
  let undeclared: Lookup | undefined;
  for (const row of list.data) {
    const { data } = await api<{ data: Lookup }>(token, `/api/admin/containers/lookup?track_code=${row.track_code}`);
    if (data.requires_declaration && data.provider !== 2) undeclared ??= data;
    else if (!data.requires_declaration && data.branch_id === 1) plain.push(data);
    if (plain.length >= 4 && undeclared) break;
  }
  if (plain.length < 4 || !undeclared) throw new Error('the demo seed lacks parcels of branch 1 at status 8');
  return { plain: plain.slice(0, 4), undeclared };
}

const scanRows = (page: Page) => page.locator('[data-code]');
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first();

async function scan(page: Page, code: string) {
  // The input keeps the focus: the scanner types without anybody clicking it.
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

describe('[WAREHOUSE][ACCEPTANCE] scanning parcels into a box', () => {
  test('five scans with a duplicate and an undeclared parcel, kept across a reload, then the box closes and the parcels are at 9', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.warehouseman);
    const token = await readAccessToken(context);
    const { plain, undeclared } = await findParcels(token);
    await page.evaluate(() => localStorage.removeItem('warehouse.acceptance.v1.admin'));

    await page.goto(`${BASE_URL}/@next/declarations/acceptance/box`);
    const input = page.getByTestId('scan-input');
    await input.waitFor();
    // choose a box of the branch (the user's admin branch is chosen by default)
    await page.getByLabel('Yeşik', { exact: true }).click();
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    await option.waitFor();
    await option.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-input');

    await scan(page, plain[0]!.track_code);
    await scan(page, plain[1]!.track_code);
    await scan(page, plain[0]!.track_code); // duplicate
    await toast(page, 'Bu bağlama artıq əlavə edilib').waitFor();
    await scan(page, undeclared.track_code); // needs a declaration
    await toast(page, 'Bəyansız bağlama yeşiyə əlavə edilə bilməz').waitFor();
    await scan(page, plain[2]!.track_code);
    await scan(page, plain[3]!.track_code);

    // the duplicate and the undeclared parcel stay as red rows with their reasons (issue 16), never sent
    await expect.poll(() => scanRows(page).count()).toBe(6);
    const digits = (code: string) => code.replace(/\D/g, '');
    await expect.poll(() => page.locator('[data-red="1"]').count()).toBe(2);
    const green = await page.locator('[data-red="0"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
    expect(green.sort()).toEqual(plain.map((p) => digits(p.track_code)).sort());
    await page.locator(`[data-red="1"][data-code="${digits(undeclared.track_code)}"]`).getByText('Bəyansız bağlama yeşiyə əlavə edilə bilməz').waitFor();
    // every row resolved (no '…' left)
    await expect.poll(() => page.locator('[data-code]').getByText('…', { exact: true }).count()).toBe(0);

    // a reload (or a dropped connection) loses no scan
    await page.reload();
    await page.getByTestId('scan-input').waitFor();
    await expect.poll(() => scanRows(page).count()).toBe(6);

    await page.getByTestId('close-box').click();
    await page.getByTestId('close-summary').getByText('Göndəriləcək bağlamalar: 4').waitFor();
    await page.getByTestId('close-summary-ok').click();
    await toast(page, 'Bağlama qəbul edildi.').waitFor();
    // the sent rows leave; the two red ones stay
    await expect.poll(() => scanRows(page).count()).toBe(2);

    for (const p of plain) {
      const { data } = await api<{ data: Lookup }>(token, `/api/admin/containers/lookup?track_code=${p.track_code}`);
      expect(data.state_id).toBe(9);
    }
    // and the declaration page says so
    await page.goto(`${BASE_URL}/@next/declarations/${plain[0]!.id}`);
    await page.getByText('Yerli anbarda').first().waitFor();
    await context.close();
  }, 120_000);
});
