import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, openPage, readAccessToken, signInAndWait } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

describe('[HANDOVER][E2E] a clerk hands over a parcel; the PIN of a United parcel', () => {
  test('a status-9 parcel with debt, paid in cash from the row menu route, ends at status 10', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    const token = await readAccessToken(context);
    // other specs may have moved parcels without a delivery price to 9 (created without weight): a parcel with a debt
    const list = await api<{ data: { id: number; track_code: string; payed: 0 | 1; delivery_price: string | null }[] }>(token, '/api/admin/v2/declaration/list?state_id=9&payed=0&per_page=50&created=all');
    const parcel = list.data.find((d) => Number(d.delivery_price) > 0);
    if (!parcel) throw new Error('no unpaid parcel at status 9 in the demo data');

    await page.goto(`${BASE_URL}/@next/declarations/${parcel.id}/handover`);
    const modal = page.locator('.ant-modal').filter({ hasText: 'Bağlamanı təhvil ver' });
    await modal.waitFor();
    const total = (await page.getByTestId('handover-total').innerText()).replace(/[^\d.]/g, '');
    expect(Number(total)).toBeGreaterThan(0);
    // one small package: the total grows by its settings price and cash follows it
    await modal.getByRole('button', { name: 'Kiçik paket +' }).click();
    await expect.poll(async () => page.getByTestId('package-small').innerText()).toBe('1');
    const cash = modal.locator('input[name="cash"]');
    const due = (await page.getByTestId('handover-total').innerText()).replace(/[^\d.]/g, '');
    expect(await cash.inputValue()).toBe(due);
    // under-paid beyond 0.2: refused on the screen, no call
    await cash.fill('0.10');
    await modal.getByRole('button', { name: 'Təhvil ver' }).click();
    await modal.getByRole('alert').filter({ hasText: 'Balansda kifayət qədər vəsait yoxdur' }).waitFor();
    // the customer hands over a round sum: the change is shown
    const paid = String(Math.ceil(Number(due)) + 1);
    await cash.fill(paid);
    await expect.poll(async () => (await page.getByTestId('handover-refund').innerText()).replace(/[^\d.]/g, '')).toBe((Number(paid) - Number(due)).toFixed(2));
    await modal.getByRole('button', { name: 'Təhvil ver' }).click();
    await page.getByText('Bağlama təhvil verildi').waitFor();

    await page.goto(`${BASE_URL}/@next/declarations/${parcel.id}`);
    await expect.poll(async () => page.getByTestId('declaration-status').innerText()).toBe('Təhvil verilib');
    expect(await page.getByTestId('declaration-handover-button').isDisabled()).toBe(true);
    await context.close();
  }, 90_000);

  test('the PIN of a provider-2 parcel: unchanged just closes, a new one shows as pending', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    const token = await readAccessToken(context);
    const list = await api<{ data: { id: number; pin_code: string | null }[] }>(token, '/api/admin/declaration/trendyol?trendyol=2&per_page=5');
    const parcel = list.data.find((r) => r.pin_code);
    if (!parcel) throw new Error('no United parcel with a PIN in the demo data');

    await page.goto(`${BASE_URL}/@next/declarations/${parcel.id}`);
    await page.getByTestId('marketplace-panel').waitFor();
    await expect.poll(async () => page.getByTestId('marketplace-pin').innerText()).toBe(parcel.pin_code);
    // unchanged: the form just closes, nothing is sent
    let calls = 0;
    page.on('request', (r) => { if (r.url().includes('/fin_change/')) calls++; });
    await page.getByTestId('pin-edit').click();
    await page.getByTestId('pin-input').waitFor();
    await page.getByTestId('pin-input').press('Enter');
    await page.getByTestId('pin-input').waitFor({ state: 'detached' });
    expect(calls).toBe(0);
    // a bad PIN is refused on the field
    await page.getByTestId('pin-edit').click();
    await page.getByTestId('pin-input').fill('12');
    await page.getByTestId('pin-input').press('Enter');
    await page.getByText('FİN 7 simvoldan (hərf və rəqəm) ibarət olmalıdır').waitFor();
    // a new PIN: sent, shown as pending until the marketplace applies it
    await page.getByTestId('pin-input').fill('9zz8yy7');
    await page.getByTestId('pin-input').press('Enter');
    await page.getByText('FİN dəyişikliyi göndərildi').waitFor();
    await page.getByTestId('pin-pending').filter({ hasText: '9ZZ8YY7' }).waitFor();
    expect(calls).toBe(1);
    await context.close();
  }, 90_000);
});
