import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, openPage, readAccessToken, signInAndWait } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByTestId('table-declarations');
const rows = (page: Page) => table(page).locator('tbody tr.ant-table-row');

async function waitForRows(page: Page) {
  await page.locator('[data-testid="table-declarations"][aria-busy="true"]').waitFor({ timeout: 3_000 }).catch(() => undefined);
  await page.locator('[data-testid="table-declarations"][aria-busy="false"]').waitFor({ timeout: 20_000 });
}

/** The list narrowed to one global track code, over all time. */
async function findInList(page: Page, globalTrackCode: string) {
  await page.goto(`${BASE_URL}/@next/declarations?created=all&global_track_code=${encodeURIComponent(globalTrackCode)}`);
  await waitForRows(page);
}

/** Picks the first option an antd select offers after typing (or just opening). */
async function pickFirstOption(page: Page, select: ReturnType<Page['locator']>, typed?: string) {
  await select.click();
  if (typed) {
    const searched = page.waitForResponse((response) => response.url().includes('search=') && response.ok());
    await page.keyboard.type(typed);
    await searched;
  }
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const option = open.locator('.ant-select-item-option').first();
  await option.waitFor();
  // On a loaded machine a click can land while the list is still sliding in and be lost: the list
  // then stays open. Click again until it closes (a second click on the same option changes nothing).
  for (let attempt = 0; attempt < 3; attempt++) {
    await option.click();
    // The next select's options must not be confused with this closing list.
    if (await open.waitFor({ state: 'hidden', timeout: 5_000 }).then(() => true, () => false)) return;
  }
  await open.waitFor({ state: 'hidden' });
}

async function pickRowAction(page: Page, ...labels: string[]) {
  await rows(page).first().locator('[data-testid^="declaration-menu-"]').click();
  for (const label of labels) {
    // A submenu title's name also holds its arrow icon's label, so names match by prefix here.
    const item = page.getByRole('menuitem', { name: label }).last();
    await item.waitFor();
    if ((await item.getAttribute('aria-haspopup')) === 'true') await item.hover();
    else await item.click();
  }
}

/** A toast (antd message) with exactly this text. */
function toast(page: Page, text: string) {
  return page.locator('.ant-message').getByText(text, { exact: true }).first();
}

async function confirmAttention(page: Page) {
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm.innerText()).resolves.toContain('Diqqət');
  await confirm.getByRole('button', { name: 'Bəli' }).click();
}

describe('[DECLARATIONS][WORKFLOW] a clerk works one parcel from creation to deletion', () => {
  test('create, edit, find, 9 then 88 with a reason, timeline, delete: gone from the list', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    const globalTrackCode = `E2E${Date.now()}`;

    // Create from the table's New button: the 768 px modal over the table.
    await page.goto(`${BASE_URL}/@next/declarations`);
    await waitForRows(page);
    await page.getByTestId('declarations-create').click();
    await page.waitForURL(/\/declarations\/create/);
    const form = page.getByTestId('declaration-form');
    await form.waitFor();
    // The clerk has no changeweightdeclaration: the weight stays locked.
    await expect(form.locator('#weight').isDisabled()).resolves.toBe(true);
    // Saving an empty form shows what is missing, on its fields.
    await page.getByRole('button', { name: 'Yadda saxla' }).click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();

    await pickFirstOption(page, page.getByTestId('declaration-form-user'), '1000');
    await form.locator('#global_track_code').fill(globalTrackCode);
    const shopMode = form.getByTestId('shop-mode');
    if ((await shopMode.count()) > 0 && (await shopMode.innerText()).includes('Əl ilə yaz')) await shopMode.click();
    await form.locator('#shop_name').fill('E2E Mağaza');
    await pickFirstOption(page, page.getByTestId('declaration-form-product-type'));
    await form.locator('#quantity').fill('2 ədəd');
    await expect(form.locator('#quantity').inputValue()).resolves.toBe('2');
    await form.locator('#price').fill('25,50');
    await expect(form.locator('#price').inputValue()).resolves.toBe('25.50');
    // The document waits in the form and goes with the save (multipart).
    await form.locator('input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%E2E\n') });
    await form.getByText('invoice.pdf').waitFor();
    await page.getByRole('button', { name: 'Yadda saxla' }).click();
    await toast(page, 'Bağlama yaradıldı').waitFor();
    await page.waitForURL(/\/declarations(\?.*)?$/);

    // Find it in the list.
    await findInList(page, globalTrackCode);
    await expect(rows(page).count()).resolves.toBe(1);
    await expect(rows(page).first().innerText()).resolves.toContain(globalTrackCode);

    // Edit it from the row menu.
    await pickRowAction(page, 'Redaktə et');
    await page.waitForURL(/\/declarations\/\d+\/update/);
    await expect.poll(() => form.locator('#global_track_code').inputValue(), { timeout: 10_000 }).toBe(globalTrackCode);
    await form.locator('#quantity').fill('3');
    await form.locator('#descr').fill('E2E redaktə');
    await page.getByRole('button', { name: 'Yadda saxla' }).click();
    await toast(page, 'Dəyişikliklər yadda saxlanıldı').waitFor();
    await waitForRows(page);

    // Status 9 after 'Diqqət'.
    await pickRowAction(page, 'Statusu dəyiş', 'Yerli anbarda');
    await confirmAttention(page);
    await toast(page, 'Status dəyişdirildi').waitFor();
    await waitForRows(page);
    await rows(page).first().locator('.ant-tag', { hasText: 'Yerli anbarda' }).waitFor();

    // Status 88 asks for its reason first.
    await pickRowAction(page, 'Statusu dəyiş', 'Gömrükdə saxlanılıb');
    await page.waitForURL(/\/declarations\/\d+\/stuck-at-customs/);
    const reasonForm = page.getByTestId('stuck-at-customs-form');
    // The form is there (a loaded machine may still be opening the dialog) before saving it empty.
    await reasonForm.locator('textarea').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Yadda saxla' }).click();
    await reasonForm.getByText('Səbəbi daxil edin').waitFor();
    await reasonForm.locator('textarea').fill('Gömrük sənəd tələb edir');
    await page.getByRole('dialog').getByRole('button', { name: 'Yadda saxla' }).click();
    await toast(page, 'Status dəyişdirildi').waitFor();
    await waitForRows(page);
    await rows(page).first().locator('.ant-tag', { hasText: 'Gömrükdə saxlanılıb' }).waitFor();

    // The details page (double-click) and its timeline: who changed what and why.
    await rows(page).first().dblclick();
    await page.waitForURL(/\/declarations\/\d+$/);
    await expect.poll(() => page.getByTestId('declaration-status').innerText(), { timeout: 10_000 }).toBe('Gömrükdə saxlanılıb');
    await page.getByRole('button', { name: 'Sənədi aç' }).waitFor();
    await page.getByTestId('declaration-timeline-button').click();
    const timeline = page.getByTestId('declaration-timeline');
    await timeline.getByText('Gömrük sənəd tələb edir').first().waitFor();
    const timelineText = await timeline.innerText();
    expect(timelineText).toContain('Yerli anbarda');
    expect(timelineText).toContain('Nigar Əliyeva');
    await page.keyboard.press('Escape');

    // Delete after 'Diqqət': back on the list, where it no longer shows.
    await page.getByRole('button', { name: 'Sil' }).click();
    await confirmAttention(page);
    await toast(page, 'Bağlama silindi').waitFor();
    await page.waitForURL(/\/declarations$/);
    await findInList(page, globalTrackCode);
    await expect(rows(page).count()).resolves.toBe(0);
    await context.close();
  });
});

/** Creates a declaration through the API as the signed-in user (setup for the tests below). */
async function createThroughApi(token: string, globalTrackCode: string): Promise<{ id: number; track_code: string }> {
  const auth = { Authorization: `Bearer ${token}` };
  const users = (await (await fetch(`${BASE_URL}/api/admin/users/select?search=10001&admin=0&per_page=1`, { headers: auth })).json()) as { data: { id: number }[] };
  const types = (await (await fetch(`${BASE_URL}/api/admin/product-types/getlist?per_page=1`, { headers: auth })).json()) as { data: { id: number }[] };
  const branches = (await (await fetch(`${BASE_URL}/api/admin/branches?per_page=1`, { headers: auth })).json()) as { data: { id: number }[] };
  const body = new URLSearchParams({
    user_id: String(users.data[0]!.id), country_id: '1', branch_id: String(branches.data[0]!.id),
    product_type_id: String(types.data[0]!.id), quantity: '1', price: '10', global_track_code: globalTrackCode, shop_name: 'E2E',
  });
  const response = await fetch(`${BASE_URL}/api/admin/declaration/create`, { method: 'POST', headers: auth, body });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { id: number; track_code: string } }).data;
}

describe('[DECLARATIONS][COMBINE] two parcels of one customer become one', () => {
  test('select both, Combine, save: the two replaced parcels leave the list', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    const token = await readAccessToken(context);
    const prefix = `CMB${Date.now()}`;
    const first = await createThroughApi(token, `${prefix}A`);
    const second = await createThroughApi(token, `${prefix}B`);

    await findInList(page, prefix);
    await expect(rows(page).count()).resolves.toBe(2);
    await table(page).locator('thead .ant-checkbox-input').check();
    await page.getByTestId('selection-menu').click();
    await page.getByRole('menuitem', { name: 'Birləşdir' }).click();
    await page.waitForURL(/\/declarations\/create\?.*combined_id=/);
    const combined = page.getByTestId('declaration-form-combined');
    await combined.waitFor();
    expect(await combined.innerText()).toContain(first.track_code);
    expect(await combined.innerText()).toContain(second.track_code);
    await page.getByRole('button', { name: 'Yadda saxla' }).click();
    await toast(page, 'Bağlama yaradıldı').waitFor();

    for (const replaced of [first, second]) {
      await page.goto(`${BASE_URL}/@next/declarations?created=all&track_code=${replaced.track_code}`);
      await waitForRows(page);
      await expect(rows(page).count()).resolves.toBe(0);
    }
    await context.close();
  });
});

describe('[DECLARATIONS][DELETE] a user without declaration_cancel', () => {
  test('sees no delete in the row menu or on the details page, and the server refuses it', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.warehouseman);
    await page.goto(`${BASE_URL}/@next/declarations?created=all`);
    await waitForRows(page);
    await rows(page).first().locator('[data-testid^="declaration-menu-"]').click();
    await page.getByRole('menuitem', { name: 'Status tarixçəsi' }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'Sil', exact: true }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');

    await rows(page).first().locator('td').nth(3).dblclick();
    await page.waitForURL(/\/declarations\/\d+(\/update)?(\?.*)?$/);
    const id = Number(/declarations\/(\d+)/.exec(page.url())![1]);
    const token = await readAccessToken(context);
    const response = await fetch(`${BASE_URL}/api/admin/declaration/cancel?declaration_id=${id}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(403);
    await page.goto(`${BASE_URL}/@next/declarations/${id}`);
    await page.getByTestId('declaration-details').waitFor();
    await expect(page.getByRole('button', { name: 'Sil', exact: true }).count()).resolves.toBe(0);
    await context.close();
  });
});

describe('[DECLARATIONS][RETURN] a clerk returns a paid parcel', () => {
  test('reason and delivery price from the row menu: the parcel shows as returned', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    await page.goto(`${BASE_URL}/@next/declarations?created=all&payed=1&return=0&state_id=7`);
    await waitForRows(page);
    const trackCode = (await rows(page).first().locator('td').nth(5).innerText()).trim();
    await pickRowAction(page, 'İadə et');
    await page.waitForURL(/\/declarations\/\d+\/return/);
    const dialog = page.getByRole('dialog');
    // Nothing chosen yet: the reason is asked for and no call is made.
    await dialog.getByRole('button', { name: 'İadə et' }).click();
    await dialog.getByText('Bu sahə mütləqdir').waitFor();
    await pickFirstOption(page, dialog.locator('.ant-select'));
    await dialog.getByText('Çatdırılma qiymətini qaytar', { exact: false }).click();
    await dialog.getByRole('button', { name: 'İadə et' }).click();
    await toast(page, 'Bağlama iadə edildi').waitFor();

    await page.goto(`${BASE_URL}/@next/declarations?created=all&track_code=${trackCode}`);
    await waitForRows(page);
    await rows(page).first().locator('.ant-tag', { hasText: 'İadə edilib' }).waitFor();
    await context.close();
  });
});
