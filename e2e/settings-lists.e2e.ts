import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, openPage, signInAndWait } from './support/browser';

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
    await toast(page, 'Silindi').waitFor();
    await expect.poll(() => firstRow.innerText()).not.toContain(`${weight}.000`);
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
    await page.waitForURL(/\/@next\/countries\/1$/);
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
    await expect(create.getByLabel('KG').isChecked()).resolves.toBe(true); // KG by default
    await context.close();
  });
});
