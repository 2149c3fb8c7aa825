import { az } from '@app/contract/texts/az';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, listSidebarEntries, openPage, signIn, signInAndWait } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByTestId('table-users');

async function waitForRows(page: Page) {
  await page.locator('[data-testid="table-users"][aria-busy="true"]').waitFor({ timeout: 3_000 }).catch(() => undefined);
  await page.locator('[data-testid="table-users"][aria-busy="false"]').waitFor({ timeout: 20_000 });
}

/** Opens the row menu of the only row the table shows and picks an item. */
async function pickRowAction(page: Page, label: string) {
  await table(page).locator('[data-testid^="user-menu-"]').first().click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

describe('[USERS][STAFF] the admin creates a warehouseman, gives two operations, then blocks them', () => {
  test('the warehouseman sees exactly those sections, and after the block their next action leads to /login', async () => {
    const email = `anbar.e2e.${Date.now()}@example.az`;
    const password = 'Anbar2025x';
    const admin = await openPage(browser);
    await signInAndWait(admin.page, DEMO.admin);

    // Create the warehouseman from the warehousemen list: the form starts with that role.
    await admin.page.goto(`${BASE_URL}/@next/users/warehouseman`);
    await waitForRows(admin.page);
    await admin.page.getByTestId('users-create').click();
    await admin.page.waitForURL(/\/users\/warehouseman\/create$/);
    const form = admin.page.getByTestId('user-form');
    await form.locator('.ant-select').filter({ hasText: 'Anbardar' }).waitFor();
    await form.getByRole('textbox', { name: 'Ad', exact: true }).fill('Test');
    await form.getByRole('textbox', { name: 'Soyad', exact: true }).fill('Anbardar');
    await form.getByRole('textbox', { name: 'E-poçt', exact: true }).fill(email);
    await form.getByLabel('Şifrə', { exact: true }).fill(password);
    await form.getByLabel('Şifrənin təkrarı').fill(password);
    await admin.page.getByRole('button', { name: 'Yadda saxla' }).click();
    await admin.page.getByText('İstifadəçi yaradıldı').waitFor();
    await admin.page.waitForURL(/\/users\/warehouseman$/);

    // Find them and open Permissions from the row menu.
    await admin.page.goto(`${BASE_URL}/@next/users/warehouseman?email=${encodeURIComponent(email)}`);
    await waitForRows(admin.page);
    await expect(table(admin.page).locator('tbody tr.ant-table-row').count()).resolves.toBe(1);
    await pickRowAction(admin.page, 'İcazələr');
    await admin.page.waitForURL(/\/users\/warehouseman\/\d+\/update\/permissions$/);
    const changeAll = admin.page.getByTestId('operation-changeuserpermissions');
    await changeAll.waitFor();
    const checked = admin.page.locator('[data-testid^="operation-"][aria-checked="true"]');

    // spec §5: the permission change switches every operation on, and off again.
    if ((await changeAll.getAttribute('aria-checked')) === 'false') await changeAll.click();
    expect(await checked.count()).toBeGreaterThan(20);
    await changeAll.click();
    await expect(checked.count()).resolves.toBe(0);
    await admin.page.getByTestId('operation-flights').click();
    await admin.page.getByTestId('operation-containers').click();
    await expect(checked.count()).resolves.toBe(2);
    await admin.page.getByRole('button', { name: 'Yadda saxla' }).click();
    await admin.page.getByText('Dəyişikliklər yadda saxlanıldı').waitFor();

    // The warehouseman signs in: flights and boxes, plus the declarations every staff member has.
    const worker = await openPage(browser);
    await signIn(worker.page, email, password);
    await worker.page.waitForURL((url) => url.pathname.startsWith('/@next/'), { timeout: 20_000 });
    await worker.page.getByTestId('user-menu').waitFor();
    expect(await listSidebarEntries(worker.page)).toEqual(['Bağlamalar', 'Uçuşlar', 'Yeşiklər']);

    // The admin blocks them ('Diqqət' first).
    await pickRowAction(admin.page, 'Blokla');
    const confirm = admin.page.locator('.ant-modal-confirm');
    await expect(confirm.innerText()).resolves.toContain('Diqqət');
    await confirm.getByRole('button', { name: 'Bəli' }).click();
    await admin.page.getByText('İstifadəçi bloklandı').waitFor();
    await table(admin.page).locator('.ant-tag', { hasText: 'Bloklanıb' }).first().waitFor();

    // Their next action that asks the server (refreshing the parcels they landed on) sends them to
    // the login page, and they cannot sign in again.
    await worker.page.waitForURL(/\/@next\/declarations/);
    await worker.page.getByTestId('table-declarations').getByRole('button', { name: 'Yenilə' }).click();
    await worker.page.waitForURL(/\/login$/, { timeout: 20_000 });
    await signIn(worker.page, email, password);
    await worker.page.getByTestId('login-error').waitFor();
    expect(await worker.page.getByTestId('login-error').innerText()).toContain(az.errors.blocked);
    expect(new URL(worker.page.url()).pathname).toBe('/login');

    await worker.context.close();
    await admin.context.close();
  });
});

describe('[USERS][DETAILS] the details page of a customer', () => {
  test('cards, the addresses with their copy button, and the monthly statistics', async () => {
    const { context, page } = await openPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/statistics/qizil-onluq`);
    const first = page.getByTestId('golden-ten').locator('tbody tr.ant-table-row').first().locator('a');
    await first.waitFor();
    await first.click();
    await page.waitForURL(/\/users\/\d+$/);
    await page.getByTestId('card-month-spend').waitFor();
    // The month's top customer spends well above 300 USD in the demo data: the warning shows.
    await page.getByTestId('month-spend-warning').waitFor();
    const turkey = page.getByTestId('warehouse-address-1');
    await turkey.getByRole('button', { name: 'Ünvanı kopyala' }).click();
    await page.getByText('Ünvan kopyalandı').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain((await page.locator('[data-testid="user-details"] .ant-tag').first().innerText()).trim());
    await expect(page.getByTestId('user-monthly-stats').locator('tbody tr.ant-table-row').count()).resolves.toBeGreaterThan(0);
    await context.close();
  });
});
