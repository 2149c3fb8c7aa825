import { az } from '@app/contract/texts/az';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CustomsDeclarationListReply } from '@app/contract/customs';
import type { UserDetailReply } from '@app/contract/users';
import {
  BASE_URL, DEMO, launchBrowser, listSidebarEntries, openPage, signedInWithApi, signIn, signInAndWait, tableRows, waitForTable,
} from './support/browser';

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
    await expect.poll(() => checked.count()).toBeGreaterThan(20);
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

describe('[USERS][DETAILS] issue 16: no dead ends on the details page', () => {
  test('only working section buttons show; customs data lists only this customer\'s records; parcels only theirs', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    // The customer with the most parcels at customs (fewer than a page, so every row can be read).
    const atCustoms = await api<CustomsDeclarationListReply>('/api/admin/customs?per_page=500');
    const perUser = new Map<number, number>();
    for (const row of atCustoms.data) if (row.user_id) perUser.set(row.user_id, (perUser.get(row.user_id) ?? 0) + 1);
    const [userId, count] = [...perUser].filter(([, n]) => n <= 25).sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
    expect(atCustoms.total).toBeGreaterThan(count);
    const { data: customer } = await api<UserDetailReply>(`/api/admin/client/user?user_id=${userId}`);
    const fullName = `${customer.name} ${customer.surname}`;

    await page.goto(`${BASE_URL}/@next/users/${userId}`);
    await page.getByTestId('user-details').waitFor();
    await page.getByTestId('user-link-discount').waitFor();
    const links = await page.locator('[data-testid^="user-link-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    // Couriers are a later issue: no button leads there yet. Orders, balance operations, tickets, e-mails and SMS are built.
    expect(links.sort()).toEqual([
      'user-link-customs', 'user-link-discount', 'user-link-emails', 'user-link-month', 'user-link-orders', 'user-link-parcels', 'user-link-sms',
      'user-link-tickets', 'user-link-transactions',
    ]);

    // Orders open the orders list by the customer's id (its customer_id filter); every row is theirs.
    await page.getByTestId('user-link-orders').click();
    await page.waitForURL((url) => url.pathname.endsWith('/orders') && url.searchParams.get('customer_id') === String(userId));
    await waitForTable(page, 'orders');
    const { total: orderTotal } = await api<{ total: number }>(`/api/admin/v2/orders/getlist?customer_id=${userId}&per_page=1`);
    for (const text of await tableRows(page, 'orders').allInnerTexts()) expect(text).toContain(customer.code!);
    expect(await tableRows(page, 'orders').count()).toBe(Math.min(orderTotal, 25));
    await page.goBack();
    await page.getByTestId('user-details').waitFor();

    // Balance operations open the transactions list by the customer's code, over all dates.
    await page.getByTestId('user-link-transactions').click();
    await page.waitForURL((url) => url.pathname.endsWith('/transactions') && url.searchParams.get('user_id') === customer.code);
    await waitForTable(page, 'transactions');
    await expect(page.getByText(az.app.notReadyTitle).count()).resolves.toBe(0);
    const operationRows = await tableRows(page, 'transactions').allInnerTexts();
    for (const text of operationRows) expect(text).toContain(customer.code!);
    await page.goBack();
    await page.getByTestId('user-details').waitFor();

    // Every button that shows opens a working screen (no "not ready", no "not found").
    for (const key of ['parcels', 'month']) {
      await page.getByTestId(`user-link-${key}`).click();
      await page.waitForURL((url) => !url.pathname.endsWith(`/users/${userId}`));
      await page.locator('[data-testid^="table-declarations"]').first().waitFor();
      await expect(page.getByText(az.app.notReadyTitle).count()).resolves.toBe(0);
      await expect(page.getByText(az.app.notFoundTitle).count()).resolves.toBe(0);
      if (key === 'parcels') {
        await waitForTable(page, 'declarations');
        const codes = await tableRows(page, 'declarations').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
        expect(codes.length).toBeGreaterThan(0);
        for (const text of codes) expect(text).toContain(customer.code!);
      }
      await page.goBack();
      await page.getByTestId('user-details').waitFor();
    }

    await page.getByTestId('user-link-customs').click();
    await page.waitForURL(new RegExp(`/customs/declarations\\?user_id=${userId}$`));
    await waitForTable(page, 'customs-declarations');
    await page.getByText(`${az.customsUi.declarations} — ${fullName} (#${userId})`).waitFor();
    const rows = tableRows(page, 'customs-declarations');
    await expect(rows.count()).resolves.toBe(count);
    await expect(page.getByTestId('table-total').innerText()).resolves.toContain(String(count));
    const headers = await page.getByTestId('table-customs-declarations').locator('thead th').allInnerTexts();
    const column = headers.findIndex((text) => text.trim() === az.customsUi.customer) + 1;
    expect(column).toBeGreaterThan(0);
    const customers = await rows.locator(`td:nth-child(${column})`).allInnerTexts();
    expect(new Set(customers.map((t) => t.trim()))).toEqual(new Set([fullName]));
    await context.close();
  });
});
