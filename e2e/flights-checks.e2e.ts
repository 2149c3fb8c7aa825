import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, formPost, launchBrowser, shot, signedInWithApi } from './support/browser';

/*
 * Issue 16, "The floor's flows": the air waybill is checked in the form before anything is sent
 * (IATA form with its check digit) and kept as 176-12345675; a new open flight cannot take the
 * name of another open one (the server's field error lands on the name).
 */

const AWB_INVALID = 'Aviaqaimə nömrəsi düzgün deyil: 3 rəqəmli prefiks və 8 rəqəm (sonuncu yoxlama rəqəmi)';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const signedIn = (email: string) => signedInWithApi(browser, email);

describe('[FLIGHTS][WEB] issue 16: air waybill numbers and open flight names', () => {
  test('a wrong air waybill is shown at the field, nothing sent; a spaced one closes the flight as 176-12345675', async () => {
    const { context, page, api } = await signedIn(DEMO.warehouseman);
    const created = await api<{ data: { id: number } }>('/api/admin/flights/create', formPost({ name: `E2E-AWB-${Date.now()}`, state_id: 29, country_id: 1 }));
    const flightId = created.data.id;
    await page.goto(`${BASE_URL}/@next/flights/${flightId}/close/without-dispatch`);
    const closeForm = page.getByTestId('close-form');
    await closeForm.waitFor();
    const airWaybill = closeForm.getByLabel('Aviaqaimə');
    let closeCalls = 0;
    page.on('request', (request) => { if (request.url().includes('/api/admin/flights/close')) closeCalls += 1; });

    for (const typed of ['123', 'ABC', '176-12345674']) {
      await airWaybill.fill(typed);
      await page.getByTestId('close-preview').click();
      await closeForm.getByText(AWB_INVALID).waitFor();
    }
    await shot(page, 'flight-close-awb-invalid');
    expect(closeCalls).toBe(0);

    await airWaybill.fill('176 1234 5675');
    await expect.poll(() => closeForm.getByText(AWB_INVALID).count()).toBe(0);
    await page.getByTestId('close-submit').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Bəli' }).click();
    await page.getByTestId('close-result').waitFor();
    const detail = await api<{ data: { airwaybill: string; state_id: number } }>(`/api/admin/flights/detail?flight_id=${flightId}`);
    expect(detail.data).toMatchObject({ airwaybill: '176-12345675', state_id: 30 });
    await context.close();
  });

  test('a new flight named like an open one (another case, spaces) gets the error on its name; nothing is created', async () => {
    const { context, page, api } = await signedIn(DEMO.warehouseman);
    const name = `E2E-DUP-${Date.now()}`;
    await api('/api/admin/flights/create', formPost({ name, state_id: 29, country_id: 1 }));
    await page.goto(`${BASE_URL}/@next/flights/create`);
    const createForm = page.getByTestId('flight-create-form');
    await createForm.waitFor();
    await createForm.getByLabel('Ad', { exact: true }).fill(`  ${name.toLowerCase()} `);
    await page.getByTestId('flight-create-submit').click();
    await createForm.getByText('Bu adda açıq uçuş artıq var').waitFor();
    await shot(page, 'flight-create-name-taken');
    const list = await api<{ data: { name: string }[] }>(`/api/admin/v2/flights/list?name=${encodeURIComponent(name)}`);
    expect(list.data.map((r) => r.name)).toEqual([name]);
    await context.close();
  });
});
