import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, openPage, readAccessToken, shot, signInAndWait, signedInWithApi, type Api } from './support/browser';

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
    // a PIN of this run (a second run on the same data would otherwise repeat the pending one)
    const newPin = `9zz${Date.now().toString(36).slice(-4)}`;
    await page.getByTestId('pin-input').fill(newPin);
    await page.getByTestId('pin-input').press('Enter');
    await page.getByText('FİN dəyişikliyi göndərildi').waitFor();
    await page.getByTestId('pin-pending').filter({ hasText: newPin.toUpperCase() }).waitFor();
    expect(calls).toBe(1);
    await context.close();
  }, 90_000);
});

interface ParcelRow { id: number; track_code: string; state_id: number; payed: 0 | 1; delivery_price: string | null }

/** A parcel at status 9 with a delivery debt, other than `taken` (each test hands over its own). */
async function unpaidParcel(api: Api, taken: number[]): Promise<ParcelRow> {
  const list = await api<{ data: ParcelRow[] }>('/api/admin/v2/declaration/list?state_id=9&payed=0&per_page=100&created=all');
  const parcel = list.data.filter((d) => Number(d.delivery_price) > 0 && !taken.includes(d.id)).at(-1);
  if (!parcel) throw new Error('no unpaid parcel at status 9 in the demo data');
  taken.push(parcel.id);
  return parcel;
}

async function readParcel(api: Api, trackCode: string): Promise<ParcelRow> {
  const list = await api<{ data: ParcelRow[] }>(`/api/admin/v2/declaration/list?track_code=${trackCode}&created=all`);
  const row = list.data.find((d) => d.track_code === trackCode);
  if (!row) throw new Error(`${trackCode} not in the list`);
  return row;
}

/** The handovers (payments) recorded for a parcel; the admin's handovers are in the admin's branch, which the admin's history shows. */
const handoversOf = (api: Api, trackCode: string) => api<{ total: number }>(`/api/admin/handover/history?track_code=${trackCode}`).then((r) => r.total);

describe('[HANDOVER][OFFLINE] issue 16: a money action waiting for the connection', () => {
  const taken: number[] = [];

  test('the offline handover cancelled: shown as waiting, cancelled, and never sent when the connection is back', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const parcel = await unpaidParcel(api, taken);
    const handovers: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/admin/declaration/pay') && (r.postData() ?? '').includes('confirm=1')) handovers.push(r.url());
    });

    await page.goto(`${BASE_URL}/@next/declarations/${parcel.id}/handover`);
    const modal = page.locator('.ant-modal').filter({ hasText: 'Bağlamanı təhvil ver' });
    await page.getByTestId('handover-total').waitFor();
    await context.setOffline(true);
    await page.getByText('İnternet bağlantınız kəsildi').waitFor();
    await modal.getByRole('button', { name: 'Təhvil ver' }).click();
    const waiting = page.getByTestId('handover-waiting');
    await waiting.waitFor();
    expect(await waiting.innerText()).toContain('Bağlantı gözlənilir');
    expect(await page.getByTestId('connection-status').innerText()).toContain('Oflayn');
    await shot(page, 'handover-offline-waiting');

    await modal.getByRole('button', { name: 'Ləğv et' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByText('Təhvil ləğv edildi: heç nə göndərilmədi').waitFor();
    await context.setOffline(false);
    await page.getByText('İnternet bağlantınız bərpa olundu').waitFor();
    // the queue would have sent it by now (TanStack resumes paused mutations on the online event)
    await page.waitForTimeout(2_000);

    expect(handovers).toEqual([]);
    const after = await readParcel(api, parcel.track_code);
    expect(after).toMatchObject({ state_id: 9, payed: 0 });
    expect(await handoversOf(api, parcel.track_code)).toBe(0);
    await context.close();
  }, 90_000);

  test('not cancelled, the waiting handover goes out once the connection is back, and says so', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const parcel = await unpaidParcel(api, taken);
    await page.goto(`${BASE_URL}/@next/declarations/${parcel.id}/handover`);
    const modal = page.locator('.ant-modal').filter({ hasText: 'Bağlamanı təhvil ver' });
    await page.getByTestId('handover-total').waitFor();
    await context.setOffline(true);
    await page.getByText('İnternet bağlantınız kəsildi').waitFor();
    await modal.getByRole('button', { name: 'Təhvil ver' }).click();
    await page.getByTestId('handover-waiting').waitFor();
    await context.setOffline(false);
    await page.getByText('Bağlama təhvil verildi').waitFor();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(async () => (await readParcel(api, parcel.track_code)).state_id).toBe(10);
    expect(await handoversOf(api, parcel.track_code)).toBe(1);
    await context.close();
  }, 90_000);

  test('the shortfall is named and goes when the amounts cover the debt; typed cash survives a package change', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const parcel = await unpaidParcel(api, taken);
    await page.goto(`${BASE_URL}/@next/declarations/${parcel.id}/handover`);
    const modal = page.locator('.ant-modal').filter({ hasText: 'Bağlamanı təhvil ver' });
    const total = Number((await page.getByTestId('handover-total').innerText()).replace(/[^\d.]/g, ''));
    const cash = modal.locator('input[name="cash"]');
    const terminal = modal.locator('input[name="terminal"]');
    const short = Math.min(total, 1.5);
    await cash.fill((total - short).toFixed(2));
    const blocker = page.getByTestId('handover-blocker');
    await blocker.waitFor();
    expect(await blocker.innerText()).toBe(`Balansda kifayət qədər vəsait yoxdur: ${short.toFixed(2)} ₼ çatmır`);
    await shot(page, 'handover-shortfall');
    // the rest by card: the message goes at once
    await terminal.fill(short.toFixed(2));
    await blocker.waitFor({ state: 'detached' });
    expect(await cash.inputValue()).toBe((total - short).toFixed(2));
    // a package added: the typed cash stays, the shortfall is the package's price
    await modal.getByRole('button', { name: 'Kiçik paket +' }).click();
    await expect.poll(async () => page.getByTestId('package-small').innerText()).toBe('1');
    expect(await cash.inputValue()).toBe((total - short).toFixed(2));
    const newTotal = Number((await page.getByTestId('handover-total').innerText()).replace(/[^\d.]/g, ''));
    const packagePrice = newTotal - total;
    if (packagePrice > 0.2) await blocker.waitFor();
    // 'Hesabla': cash = total − terminal again, nothing short
    await page.getByTestId('handover-recompute-cash').click();
    expect(await cash.inputValue()).toBe((newTotal - short).toFixed(2));
    await blocker.waitFor({ state: 'detached' });
    await shot(page, 'handover-recomputed');
    await modal.getByRole('button', { name: 'Ləğv et' }).click();
    await context.close();
  }, 90_000);
});
