import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, formPost, launchBrowser, shot, signedInWithApi, type Api } from './support/browser';

/*
 * Flights, sorting: what a new user runs into (QA pass). Fast scans at the sorting line each get
 * their answer; the close dialog checks its fields before asking, and a flight closed meanwhile in
 * another tab locks it; a package run executed while the server cannot be reached says so in the
 * run's dialog (the page stays) and the run is still there to execute.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


const signedIn = (email: string) => signedInWithApi(browser, email);
async function createFlight(api: Api, prefix: string): Promise<number> {
  const reply = await api<{ data: { id: number } }>('/api/admin/flights/create', formPost({ name: `${prefix}-${Date.now()}`, state_id: 29, country_id: 1 }));
  return reply.data.id;
}

interface FlightRow { id: number; name: string; count: number }
interface SortingRow { track_code: string }

describe('[SORTING][WEB] scans typed faster than the answers', () => {
  test('every scan gets its own answer, in the order scanned; unknown and other-flight codes say so; focus stays in the input', async () => {
    const { context, page, api } = await signedIn(DEMO.warehouseman);
    const flights = await api<{ data: FlightRow[] }>('/api/admin/v2/flights/list?per_page=50&sort_column=id&sort_order=desc');
    const [flight, other] = flights.data.filter((f) => f.count >= 4);
    expect(flight && other).toBeTruthy();
    const own = (await api<{ data: SortingRow[] }>(`/api/admin/sorting/list?flight_id=${flight!.id}&per_page=4`)).data.map((r) => r.track_code);
    const [foreign] = (await api<{ data: SortingRow[] }>(`/api/admin/sorting/list?flight_id=${other!.id}&per_page=1`)).data.map((r) => r.track_code);
    const codes = [own[0]!, own[1]!, 'QA-NO-SUCH-CODE', foreign!, own[0]!, own[2]!, own[3]!];

    await page.goto(`${BASE_URL}/@next/sorting?flight_id=${flight!.id}`);
    const input = page.getByTestId('sorting-scan');
    await input.waitFor();
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.focus();
    // a keyboard-wedge scanner: the whole code and Enter, with no pause between codes
    for (const code of codes) {
      await page.keyboard.insertText(code);
      await page.keyboard.press('Enter');
    }
    const history = page.locator('.ant-list-item');
    await expect.poll(() => history.count(), { timeout: 15_000 }).toBe(codes.length - 1);
    const result = page.getByTestId('sorting-result');
    expect(await result.innerText()).toContain(codes.at(-1));
    // newest first: the earlier scans in reverse order, each with its own answer
    const earlier = await history.allInnerTexts();
    const expected = codes.slice(0, -1).reverse();
    earlier.forEach((text, i) => expect(text, `history row ${i}`).toContain(expected[i]));
    expect(earlier.find((text) => text.includes('QA-NO-SUCH-CODE'))).toContain('tapılmadı');
    expect(earlier.find((text) => text.includes(foreign!))).toContain(other!.name);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sorting-scan');
    await shot(page, 'sorting-fast-scans');
    await context.close();
  });
});

describe('[FLIGHTS][WEB] closing a flight: the form before the question; a flight closed meanwhile', () => {
  test('an empty or malformed air waybill is shown without a confirmation; a stale tab gets the reason and a locked form', async () => {
    const { context, page, api } = await signedIn(DEMO.warehouseman);
    const flightId = await createFlight(api, 'E2E-STALE');
    await page.goto(`${BASE_URL}/@next/flights/${flightId}/close/without-dispatch`);
    const closeForm = page.getByTestId('close-form');
    await closeForm.waitFor();
    const airWaybill = closeForm.getByLabel('Aviaqaimə');

    await airWaybill.fill('');
    await page.getByTestId('close-submit').click();
    await closeForm.getByText('Bu sahə mütləqdir').waitFor();
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    await airWaybill.fill('ab');
    await page.getByTestId('close-submit').click();
    await closeForm.getByText('Aviaqaimə nömrəsi düzgün deyil: 3 rəqəmli prefiks və 8 rəqəm (sonuncu yoxlama rəqəmi)').waitFor();
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);

    // closed meanwhile elsewhere (another tab, another user)
    await airWaybill.fill('235-12345675');
    await api(`/api/admin/flights/close?close=true&type=without-dispatch`, formPost({ flight_id: flightId, airWaybill: '235-00000000' }));
    await page.getByTestId('close-submit').dblclick();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.waitFor();
    await page.waitForTimeout(300);
    expect(await dialog.count()).toBe(1); // a double click asks once
    await dialog.getByRole('button', { name: 'Bəli' }).click();
    await page.getByText('Uçuş açıq deyil: yalnız açıq (29) uçuş bağlana bilər').first().waitFor();
    await page.getByTestId('close-not-open').waitFor();
    await expect.poll(() => page.getByTestId('close-submit').isDisabled()).toBe(true);
    await shot(page, 'flight-close-stale');
    const detail = await api<{ data: { airwaybill: string; state_id: number } }>(`/api/admin/flights/detail?flight_id=${flightId}`);
    expect(detail.data).toMatchObject({ airwaybill: '235-00000000', state_id: 30 });
    await context.close();
  });
});

describe('[FLIGHTS][WEB] executing a package run while the server cannot be reached', () => {
  test('the run\'s dialog says the network failed, the page stays, and the run can still be executed', async () => {
    const { context, page, api } = await signedIn(DEMO.warehouseman);
    const flightId = await createFlight(api, 'E2E-NET');
    const free = await api<{ data: { id: number }[] }>('/api/admin/v2/declaration/list?state_id=7&per_page=5');
    expect(free.data.length).toBeGreaterThan(0);
    await api('/api/admin/flights/set', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ flight_id: flightId, declaration_ids: [free.data[0]!.id] }),
    });
    const closed = await api<{ runs: { id: number }[] }>('/api/admin/flights/close?close=true&type=all', formPost({ flight_id: flightId, airWaybill: '235-12345675' }));
    const runId = closed.runs[0]!.id;

    await page.goto(`${BASE_URL}/@next/flights/${flightId}/packages`);
    await page.getByTestId(`run-execute-${runId}`).waitFor();
    // the server goes away: every API call fails at the network level
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByTestId(`run-execute-${runId}`).click();
    const ask = page.locator('.ant-modal-confirm');
    await ask.waitFor();
    await page.waitForTimeout(300);
    await ask.getByRole('button', { name: 'Bəli' }).click();
    const results = page.getByTestId('execution-results');
    await results.getByText('Şəbəkə ilə əlaqə qurula bilmədi').waitFor({ timeout: 15_000 });
    expect(await results.innerText()).toContain(`#${runId}`);
    await page.waitForTimeout(1_000); // the refetches after the failure fail too: the page must stay
    expect(await page.getByTestId('flight-packages-page').count()).toBe(1);
    await shot(page, 'flight-run-network-failure');

    // back online: nothing was half-done, the run waits to be executed
    await page.unroute('**/api/**');
    await page.getByTestId('execution-close').click();
    await page.reload();
    await page.getByTestId(`run-execute-${runId}`).waitFor();
    const runs = await api<{ data: { id: number; executed: number; start_date: string | null }[] }>(`/api/admin/flights/packages?flight_id=${flightId}`);
    expect(runs.data.find((r) => r.id === runId)).toMatchObject({ executed: 0, start_date: null });
    await context.close();
  });
});
