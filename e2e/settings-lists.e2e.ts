import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, formPost, launchBrowser, openPage, signInAndWait, signedInWithApi, tableRows, waitForTable } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function toast(page: Page, text: string) {
  return page.locator('.ant-message').getByText(text, { exact: true }).first();
}

/** The plans table with the heaviest bands first. */
const PLANS_BY_WEIGHT = `${BASE_URL}/@next/plans?sort=from_weight&order=desc`;

describe('[SETTINGS][LISTS][E2E] the settings lists through the one resource pattern', () => {
  test('admin creates a tariff band with the infinity toggle, edits it (old price appears) and deletes it after the confirm', async () => {
    const { context, page } = await openPage(browser);
    // a band heavier than any other, so it leads the table sorted by weight (and differs per run)
    const weight = 9000 + (Date.now() % 900);
    await signInAndWait(page, DEMO.admin);
    await page.goto(PLANS_BY_WEIGHT);
    await page.getByTestId('plans-create').click();
    await page.waitForURL(/\/@next\/plans\/create$/);
    const form = page.getByTestId('resource-form-plans');
    await expect(form.getByLabel('Köhnə qiymət (USD)').count()).resolves.toBe(0); // only on edit

    await form.getByLabel('Çəki (başlanğıc), kq').fill(String(weight));
    const upper = form.getByLabel('Çəki (son), kq');
    await upper.fill(String(weight + 10));
    await form.getByTestId('field-infinity').click();
    await expect.poll(() => upper.inputValue()).toBe('');
    await expect(upper.isDisabled()).resolves.toBe(true);
    await form.getByTestId('per-unit-hint').waitFor(); // the band starts above 1 kg
    await form.getByLabel('Qiymət (USD)', { exact: true }).fill('12,34');
    await page.getByTestId('resource-save').click();
    await toast(page, 'Əlavə edildi').waitFor();
    await page.waitForURL(/\/@next\/plans$/);

    await page.goto(PLANS_BY_WEIGHT);
    const table = page.getByTestId('table-plans');
    const firstRow = table.locator('tbody tr.ant-table-row').first();
    await expect.poll(() => firstRow.innerText()).toContain(`${weight}.000`);
    await expect(firstRow.innerText()).resolves.toContain('∞');
    await expect(firstRow.innerText()).resolves.toContain('$12.34');

    await firstRow.locator('[data-testid^="row-menu-"]').click();
    await page.getByTestId('row-action-edit').click();
    await page.waitForURL(/\/@next\/plans\/\d+\/update$/);
    const edit = page.getByTestId('resource-form-plans');
    const oldPrice = edit.getByLabel('Köhnə qiymət (USD)');
    await oldPrice.waitFor();
    await expect.poll(() => edit.getByLabel('Qiymət (USD)', { exact: true }).inputValue()).toBe('12.34');
    await expect.poll(() => edit.getByLabel('Çəki (son), kq').isDisabled()).toBe(true); // ∞ kept on edit
    await edit.getByLabel('Qiymət (USD)', { exact: true }).fill('13.00');
    await oldPrice.fill('12.34');
    await page.getByTestId('resource-save').click();
    await toast(page, 'Dəyişikliklər yadda saxlanıldı').waitFor();

    await page.goto(PLANS_BY_WEIGHT);
    await expect.poll(() => firstRow.innerText()).toContain('$13.00');
    await firstRow.locator('[data-testid^="row-menu-"]').click();
    await page.getByTestId('row-action-delete').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByText('Tarifi silməyə əminsinizmi?', { exact: false }).waitFor();
    await dialog.locator('.ant-modal-confirm-title').getByText('Diqqət').waitFor();
    await page.getByTestId('resource-delete-ok').click();
    // the band leaves the list (the 'Silindi' toast may come and go before a loaded machine looks)
    await expect.poll(() => firstRow.innerText(), { timeout: 30_000 }).not.toContain(`${weight}.000`);
    await context.close();
  });

  test('a 16-character latitude shows "Maksimum 15 simvol..." and the branch is not saved until fixed', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/branches`);
    await page.getByTestId('branches-create').click();
    const form = page.getByTestId('resource-form-branches');
    const name = `Xırdalan filialı ${Date.now() % 100000}`;
    await form.getByLabel('Ad', { exact: true }).fill(name);
    const latitude = form.getByLabel('Enlik');
    await latitude.fill('40.4482000000001');
    await latitude.blur();
    await form.getByText('Maksimum 15 simvol...').waitFor();
    // the parent is disabled while it is a branch
    await expect(form.locator('#parent_id').isDisabled()).resolves.toBe(true);
    await page.getByTestId('resource-save').click();
    await expect(form.getByText('Maksimum 15 simvol...').count()).resolves.toBe(1);
    expect(new URL(page.url()).pathname).toBe('/@next/branches/create');

    await latitude.fill('40.448200000001');
    await form.getByText('Maksimum 15 simvol...').waitFor({ state: 'detached' });
    await form.getByLabel('Uzunluq').fill('49.739700000001');
    await page.getByTestId('resource-save').click();
    await toast(page, 'Əlavə edildi').waitFor();
    await page.waitForURL(/\/@next\/branches$/);
    await page.getByTestId('table-branches').getByText(name).waitFor();
    await context.close();
  });

  test('countries open as full pages: double-click opens the info page, then update and create pages', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/countries`);
    const table = page.getByTestId('table-countries');
    await table.getByText('Türkiyə', { exact: true }).dblclick();
    await page.waitForURL(/\/@next\/countries\/1\/info$/); // spec §2: the info page
    const details = page.getByTestId('resource-details-countries');
    await details.getByText('Türkiyə', { exact: true }).waitFor();
    await details.getByText('vergiNo', { exact: false }).waitFor(); // custom fields
    await expect(page.locator('.ant-modal').count()).resolves.toBe(0); // a page, not a dialog

    await page.getByTestId('resource-details-edit').click();
    await page.waitForURL(/\/@next\/countries\/1\/update$/);
    const edit = page.getByTestId('resource-page-countries');
    await expect.poll(() => edit.getByLabel('Əlavə sahələr (JSON)').inputValue()).toContain('vergiNo');
    const json = edit.getByLabel('Əlavə sahələr (JSON)');
    await json.fill('{broken');
    await json.blur();
    await edit.getByText('JSON düzgün deyil (obyekt gözlənilir)').waitFor();

    await page.goto(`${BASE_URL}/@next/countries`);
    await page.getByTestId('countries-create').click();
    await page.waitForURL(/\/@next\/countries\/create$/);
    const create = page.getByTestId('resource-page-countries');
    await expect(create.getByLabel('kq', { exact: true }).isChecked()).resolves.toBe(true); // KG (shown 'kq', issue 16) by default
    await context.close();
  });

  test('the country info page opens by its address as a full page, back returns to the list', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/countries/2/info`);
    const details = page.getByTestId('resource-details-countries');
    await details.getByText('Amerika', { exact: true }).waitFor();
    await expect(page.locator('.ant-modal').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Geri' }).click();
    await page.waitForURL(/\/@next\/countries$/);
    await waitForTable(page, 'countries');
    await context.close();
  });
});

describe('[SETTINGS][LISTS][E2E] no dead ends (issue 16): every create and update route opens its form', () => {
  const stamp = () => String(Date.now() % 1_000_000);

  test("'Xüsusi tariflər' (576 px) over the plans: categories/create and categories/{id}/update add and rename a category", async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/plans`);
    await page.getByTestId('plans-categories').click();
    await page.waitForURL(/\/@next\/plans\/categories$/);
    const categories = page.getByTestId('table-plan-categories');
    await categories.getByText('Standart', { exact: true }).waitFor();
    const listModal = page.locator('.ant-modal').filter({ has: categories });
    // measured once the open motion (a zoom) has ended
    await expect.poll(() => listModal.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(576);

    const name = `Kitablar ${stamp()}`;
    await page.getByTestId('category-create').click();
    await page.waitForURL(/\/@next\/plans\/categories\/create$/);
    const form = page.getByTestId('resource-form-plan-categories');
    await form.getByLabel('Ad', { exact: true }).fill(name);
    await form.getByLabel('Təsvir').fill('Kitab və jurnallar');
    await page.getByTestId('resource-save').click();
    await toast(page, 'Əlavə edildi').waitFor();
    await page.waitForURL(/\/@next\/plans\/categories$/);
    const row = categories.locator('tr', { hasText: name });
    await row.waitFor();

    await row.getByRole('button', { name: `Redaktə et: ${name}` }).click();
    await page.waitForURL(/\/@next\/plans\/categories\/\d+\/update$/);
    const id = Number(/categories\/(\d+)\/update/.exec(page.url())?.[1]);
    const edit = page.getByTestId('resource-form-plan-categories');
    await expect.poll(() => edit.getByLabel('Ad', { exact: true }).inputValue(), { timeout: 15_000 }).toBe(name);
    await edit.getByLabel('Ad', { exact: true }).fill(`${name} (yeni)`);
    await page.getByTestId('resource-save').click();
    await toast(page, 'Dəyişikliklər yadda saxlanıldı').waitFor();
    await categories.getByText(`${name} (yeni)`, { exact: true }).waitFor();

    // opened by its address (a reload, a shared link): the list under it and the filled form
    await page.goto(`${BASE_URL}/@next/plans/categories/${id}/update`);
    await expect.poll(() => page.getByTestId('resource-form-plan-categories').getByLabel('Ad', { exact: true }).inputValue(), { timeout: 15_000 }).toBe(`${name} (yeni)`);
    await categories.getByText(`${name} (yeni)`, { exact: true }).waitFor();
    await page.goto(`${BASE_URL}/@next/plans/categories/create`);
    await page.getByTestId('resource-form-plan-categories').getByLabel('Ad', { exact: true }).waitFor();
    await context.close();
  });

  test('currencies: no filters; create adds one with its code in capitals, update changes its rate (the code stays)', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/currencies`);
    await waitForTable(page, 'currencies');
    const table = page.getByTestId('table-currencies');
    await table.getByText('USD', { exact: true }).waitFor();
    await expect(table.locator('.ant-table-filter-trigger').count()).resolves.toBe(0); // spec §2: no filters

    // a code no run has used: Q + two letters from the clock
    const n = Date.now();
    const code = `Q${String.fromCharCode(65 + (Math.floor(n / 1000) % 26))}${String.fromCharCode(65 + (Math.floor(n / 26_000) % 26))}`;
    await page.getByTestId('currencies-create').click();
    await page.waitForURL(/\/@next\/currencies\/create$/);
    const form = page.getByTestId('resource-form-currencies');
    await form.getByLabel('Valyuta', { exact: true }).fill(`Sınaq valyutası ${code}`);
    await form.getByLabel('Kod', { exact: true }).fill(code.toLowerCase());
    await form.getByLabel('AZN məzənnəsi').fill('2,1234');
    await page.getByTestId('resource-save').click();
    await toast(page, 'Əlavə edildi').waitFor();
    await page.waitForURL(/\/@next\/currencies$/);
    const row = tableRows(page, 'currencies').filter({ hasText: `Sınaq valyutası ${code}` });
    await expect.poll(() => row.innerText()).toContain(code);
    await expect(row.innerText()).resolves.toContain('2.1234');

    await row.locator('[data-testid^="row-menu-"]').click();
    await page.getByTestId('row-action-edit').click();
    await page.waitForURL(/\/@next\/currencies\/\d+\/update$/);
    const edit = page.getByTestId('resource-form-currencies');
    await expect.poll(() => edit.getByLabel('AZN məzənnəsi').inputValue(), { timeout: 15_000 }).toBe('2.1234');
    await expect(edit.getByLabel('Kod', { exact: true }).isDisabled()).resolves.toBe(true);
    await edit.getByLabel('AZN məzənnəsi').fill('2.5');
    await page.getByTestId('resource-save').click();
    await toast(page, 'Dəyişikliklər yadda saxlanıldı').waitFor();
    await expect.poll(() => row.innerText()).toContain('2.5000');
    // the settings page's currencies item leads here
    await page.goto(`${BASE_URL}/@next/settings/currencies`);
    await page.waitForURL(/\/@next\/currencies$/);
    await context.close();
  });

  test('models/create opens the form (not only the list) and the new model is listed', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/models/create`);
    const form = page.getByTestId('resource-form-models');
    const name = `Sınaq modeli ${stamp()}`;
    await form.getByLabel('Ad', { exact: true }).fill(name);
    await form.getByLabel('Sıra').fill('99');
    await page.getByTestId('resource-save').click();
    await toast(page, 'Əlavə edildi').waitFor();
    await page.waitForURL(/\/@next\/models$/);
    await page.goto(`${BASE_URL}/@next/models?sort=sort&order=desc`);
    await expect.poll(() => tableRows(page, 'models').first().innerText()).toContain(name);
    await context.close();
  });

  test('status/{id}/update without ?model_id reads the model from the status and saves (no 422); a new status may leave its id blank', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    // a status of its own, created through the form without an id
    const name = `Sınaq statusu ${stamp()}`;
    await page.goto(`${BASE_URL}/@next/status/create`);
    const form = page.getByTestId('resource-form-statuses');
    await form.getByLabel('Model').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Uçuşlar' }).click();
    await form.getByLabel('Ad', { exact: true }).fill(name);
    await page.getByTestId('resource-save').click();
    await toast(page, 'Əlavə edildi').waitFor();
    await page.waitForURL(/\/@next\/status$/);
    const found = await api<{ data: { id: number; model_id: number }[] }>(`/api/admin/states/list?name=${encodeURIComponent(name)}`);
    expect(found.data).toHaveLength(1);
    const { id, model_id: modelId } = found.data[0]!;
    expect(modelId).toBe(8);

    await page.goto(`${BASE_URL}/@next/status/${id}/update`);
    const edit = page.getByTestId('resource-form-statuses');
    await expect.poll(() => edit.getByLabel('Ad', { exact: true }).inputValue(), { timeout: 15_000 }).toBe(name);
    await edit.getByText('Uçuşlar').waitFor(); // the model, read from the status
    await edit.getByLabel('Ad (EN)').fill('Test status');
    await page.getByTestId('resource-save').click();
    await toast(page, 'Dəyişikliklər yadda saxlanıldı').waitFor();
    await expect(page.getByTestId('resource-form-error').count()).resolves.toBe(0);
    const saved = await api<{ data: { name_en: string; model_id: number } }>(`/api/admin/states/getinfobystateid?state_id=${id}`);
    expect(saved.data).toMatchObject({ name_en: 'Test status', model_id: 8 });
    // clients edit it the same way: state_id alone
    await api('/api/admin/states/edit', formPost({ state_id: id, name, name_en: 'Test status 2' }));
    await context.close();
  });
});
