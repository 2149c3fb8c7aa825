import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, formPost, launchBrowser, shot, signedInWithApi, type Api } from './support/browser';

/*
 * Issue 16, the declaration form as a hurried clerk uses it: the customer picked by exact code,
 * each field's range said on the field, a filled form never thrown away without asking, and the
 * bulk 'held at customs' by the table's filters.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface UserRow { id: number; code: string | null; name: string; surname: string }
interface Created { data: { id: number; track_code: string; user_id: number | null; state_id: number } }

const openList = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

async function pickFirstOption(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  const option = page.locator(openList).locator('.ant-select-item-option').first();
  await option.waitFor();
  await option.click();
  await page.locator(openList).waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
}

/**
 * A demo customer whose code is a prefix of another customer's code, the other one listed first by
 * name: the customers created here get codes 1000xxxx, so the demo code of their first 6 digits
 * (1000xx) is such a prefix.
 */
async function customerWithPrefixCode(api: Api): Promise<{ target: UserRow; other: UserRow }> {
  const stamp = Date.now();
  const created = await api<{ data: { id: number } }>('/api/admin/client/create', formPost({
    name: 'Aaaa', surname: 'Prefiks', email: `prefix-${stamp}@e2e.az`, password: 'Prefiks12345', password_confirmation: 'Prefiks12345', gender: 'male',
  }));
  const other = (await api<{ data: UserRow[] }>(`/api/admin/users/select?id=${created.data.id}`)).data[0]!;
  const prefix = (other.code ?? '').slice(0, 6);
  const found = await api<{ data: UserRow[] }>(`/api/admin/users/select?search=${prefix}&admin=0&per_page=50`);
  const target = found.data.find((u) => u.code === prefix);
  if (!target) throw new Error(`no demo customer with code ${prefix}`);
  // The server lists by name: the other customer ('Aaaa') comes before the exact one.
  const order = found.data.map((u) => u.id);
  expect(order.indexOf(other.id)).toBeLessThan(order.indexOf(target.id));
  return { target, other };
}

describe('[DECLARATIONS][FORM] issue 16: the clerk types a customer code and presses Enter at once', { timeout: 120_000 }, () => {
  test('the parcel belongs to the customer with exactly that code, not the first option listed', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const { target } = await customerWithPrefixCode(api);
    const globalTrackCode = `E2E-EXACT-${Date.now()}`;

    await page.goto(`${BASE_URL}/@next/declarations/create`);
    const form = page.getByTestId('declaration-form');
    await form.waitFor();
    // The customer field is named by its label (accessibility).
    const customer = page.getByRole('combobox', { name: 'Müştəri' });
    await customer.waitFor();

    // The code and Enter as fast as a scanner types: before the results of the code arrive.
    await customer.click();
    await page.keyboard.type(target.code!, { delay: 0 });
    await page.keyboard.press('Enter');
    const picked = `#${target.id} - ${target.name} ${target.surname}`;
    await expect.poll(() => form.getByTestId('declaration-form-user').innerText(), { timeout: 15_000 }).toContain(picked);
    // The list closes with the pick, as a pick with the mouse closes it.
    await page.locator(openList).waitFor({ state: 'hidden', timeout: 5_000 });

    if ((await form.getByTestId('declaration-form-branch').innerText()).includes('Seçin')) await pickFirstOption(page, 'declaration-form-branch');
    await pickFirstOption(page, 'declaration-form-product-type');
    await form.locator('#global_track_code').fill(globalTrackCode);
    await form.locator('#quantity').fill('1');
    await form.locator('#price').fill('12.50');
    await form.locator('#weight').fill('0.8');
    await shot(page, 'declaration-form-exact-code');
    await page.getByRole('button', { name: 'Yadda saxla' }).click();
    // the saved parcel itself, not the transient 'Bağlama yaradıldı' toast (it may come and go on a loaded machine)
    const find = () => api<{ data: { user_id: number; global_track_code: string }[] }>(
      `/api/admin/v2/declaration/list?global_track_code=${globalTrackCode}&per_page=5`,
    );
    await expect.poll(async () => (await find()).data.length, { timeout: 30_000 }).toBe(1);
    const saved = await find();
    expect(saved.data).toHaveLength(1);
    expect(saved.data[0]!.user_id).toBe(target.id);
    await context.close();
  });
});

describe('[DECLARATIONS][FORM] issue 16: ranges said on the fields; a filled form is not thrown away', () => {
  test('out-of-range weight, quantity and description say their range; nothing typed is dropped', async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/declarations/create`);
    const form = page.getByTestId('declaration-form');
    await form.waitFor();

    // The dialog opens on its first field, not on the close button.
    await expect.poll(() => page.evaluate(() => {
      const active = document.activeElement;
      return Boolean(active?.closest('[data-testid="declaration-form"]')) && !active?.closest('.ant-modal-close');
    }), { timeout: 5_000 }).toBe(true);

    await form.locator('#weight').fill('99999999');
    await form.getByText('Çəki 0.01–1000 kq arasında olmalıdır').waitFor();
    await form.locator('#quantity').fill('-1');
    await expect(form.locator('#quantity').inputValue()).resolves.toBe('-1');
    await form.getByText('Miqdar 1–1000 ədəd arasında tam ədəd olmalıdır').waitFor();
    await form.locator('#quantity').fill('0');
    await form.getByText('Miqdar 1–1000 ədəd arasında tam ədəd olmalıdır').waitFor();
    await form.locator('#descr').fill('a'.repeat(2001));
    await expect(form.locator('#descr').inputValue()).resolves.toHaveLength(2001);
    await form.getByText('Təsvir ən çox 2000 simvol ola bilər').waitFor();
    await shot(page, 'declaration-form-ranges');

    // Escape on the filled form asks first; going back keeps what was typed.
    await form.locator('#descr').press('Escape');
    const ask = page.locator('.ant-modal-confirm');
    await ask.locator('.ant-modal-confirm-title', { hasText: 'Dəyişikliklər yadda saxlanılmayıb' }).waitFor();
    await ask.getByRole('button', { name: 'Formaya qayıt' }).click();
    await ask.waitFor({ state: 'hidden' });
    await expect(form.locator('#weight').inputValue()).resolves.toBe('99999999');
    expect(page.url()).toMatch(/\/declarations\/create/);

    // 'Ləğv et' asks too; confirming closes the dialog.
    await page.getByRole('button', { name: 'Ləğv et' }).click();
    await ask.getByRole('button', { name: 'Bağla, yadda saxlama' }).click();
    await page.waitForURL(/\/declarations(\?.*)?$/);
    await context.close();
  });
});

describe('[DECLARATIONS][STUCK-AT-CUSTOMS] issue 16: declarations/stuck-at-customs with filters', () => {
  test('the dialog opens over the filtered table, names the filters and count, and holds exactly those parcels (36)', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const customers = await api<{ data: UserRow[] }>('/api/admin/users/select?admin=0&per_page=1');
    const created = await api<Created>('/api/admin/declaration/create', formPost({
      user_id: customers.data[0]!.id, country_id: 1, branch_id: 1, product_type_id: 1, quantity: 1, price: '10', weight: '0.5',
    }));
    const trackCode = created.data.track_code;

    await page.goto(`${BASE_URL}/@next/declarations?track_code=${trackCode}&created=all`);
    await page.getByTestId('declarations-bulk-stuck').click();
    await page.waitForURL(/\/declarations\/stuck-at-customs\?/);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('stuck-at-customs-summary').innerText(), { timeout: 15_000 }).toContain('1 bağlama');
    await expect(dialog.getByTestId('stuck-at-customs-filters').innerText()).resolves.toContain(trackCode);
    await shot(page, 'stuck-at-customs-by-filters');

    // Opened by its address too (a bookmark): the same dialog.
    await page.goto(`${BASE_URL}/@next/declarations/stuck-at-customs?track_code=${trackCode}&created=all`);
    await expect.poll(() => page.getByTestId('stuck-at-customs-summary').innerText(), { timeout: 15_000 }).toContain('1 bağlama');
    await page.getByTestId('stuck-at-customs-form').locator('textarea').fill('Gömrük yoxlaması (E2E)');
    await page.getByRole('dialog').getByRole('button', { name: 'Yadda saxla' }).click();
    await page.waitForURL(/\/declarations\?/);
    const after = await api<Created>(`/api/admin/declaration/info?declaration_id=${created.data.id}`);
    expect(after.data.state_id).toBe(36);
    await context.close();
  });
});
