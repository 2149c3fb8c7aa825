import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, listSidebarEntries, openPage, readAccessToken, signInAndWait, shot, waitForTable, tableRows } from './support/browser';

/*
 * Issue 7, customs web: the list upload (counts), the stats, the live carrier posts (with customs
 * down), the deleted and post declarations fed by the customs link, the ping indicator on each,
 * and the sidebar entries of the customs group.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pingOk = (page: Page) => page.getByTestId('customs-ping').getByText('Gömrük xidməti işləyir').waitFor();

async function api<T>(context: BrowserContext, path: string): Promise<T> {
  const token = await readAccessToken(context);
  const res = await fetch(`${BASE_URL}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}
type CustomsRow = { id: number; TrackingNumber: string; user_id: number | null; post_status: number };
const figure = async (page: Page, id: string) => Number((await page.getByTestId(id).locator('.ant-statistic-content').innerText()).replace(/\D/g, ''));

describe('[CUSTOMS][WEB] upload, stats, carrier posts', () => {
  test('upload: a small CSV of codes sorted out into declared, undeclared, unknown customer; a wrong file refused in Azerbaijani', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    const declared = (await api<{ data: CustomsRow[] }>(context, '/api/admin/customs?declared=1&customer_exists=1&per_page=1')).data[0]!;
    const undeclared = (await api<{ data: CustomsRow[] }>(context, '/api/admin/customs?declared=0&customer_exists=1&per_page=1')).data[0]!;

    await page.goto(`${BASE_URL}/@next/customs/upload`);
    await pingOk(page);
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'codes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await page.getByTestId('customs-upload-file-error').getByText('Yalnız .xlsx, .csv və ya .txt faylı seçin').waitFor();
    expect(await page.getByTestId('customs-upload-send').isDisabled()).toBe(true);

    const csv = `track;note\n${declared.TrackingNumber};a\n${undeclared.TrackingNumber};b\nZZ${Date.now()}\n`;
    await input.setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('codes.csv').waitFor();
    await page.getByTestId('customs-upload-send').click();
    await page.getByTestId('customs-upload-result').waitFor();
    expect(await page.getByTestId('customs-upload-result').innerText()).toContain('Yoxlama başa çatdı: 3 izləmə kodu');
    expect(await figure(page, 'customs-upload-declared')).toBe(1);
    expect(await figure(page, 'customs-upload-undeclared')).toBe(1);
    expect(await figure(page, 'customs-upload-unuser')).toBe(1);
    expect(await figure(page, 'customs-upload-not-found')).toBe(0);
    await shot(page, 'customs-upload', { fullPage: true });
    // the undeclared ones open on the customs declarations screen, filtered
    await page.getByRole('button', { name: 'Bəyan edilməyənlərə bax' }).click();
    await page.waitForURL(/\/customs\/declarations\?declared=0/);
    await waitForTable(page, 'customs-declarations');
    expect(await tableRows(page, 'customs-declarations').count()).toBeGreaterThan(0);

    // a file without a tracking number: the server's words under 'Əməliyyat aparıla bilmədi'
    await page.goto(`${BASE_URL}/@next/customs/upload`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.from('track\nno codes\n') });
    await page.getByTestId('customs-upload-send').click();
    const error = page.getByTestId('customs-upload-error');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/Əməliyyat aparıla bilmədi[\s\S]*Faylda izləmə kodu tapılmadı/);
    await context.close();
  });

  test('stats: the figures match the server\'s; the ping indicator shows', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    await page.goto(`${BASE_URL}/@next/customs/stats`);
    await page.getByTestId('customs-stats').waitFor();
    await pingOk(page);
    const stats = await api<{ posts: Record<string, number>; counts: { declared: number; unknown: number }; withdrawn: number; queue: { sent: number } }>(context, '/api/admin/customs/stats');
    expect(await figure(page, 'customs-stats-post-4')).toBe(stats.posts['4']);
    expect(await figure(page, 'customs-stats-declared')).toBe(stats.counts.declared);
    expect(await figure(page, 'customs-stats-unknown')).toBe(stats.counts.unknown);
    expect(await figure(page, 'customs-stats-withdrawn')).toBe(stats.withdrawn);
    expect(stats.counts.declared).toBeGreaterThan(0);
    expect(stats.withdrawn).toBeGreaterThan(0);
    await shot(page, 'customs-stats', { fullPage: true });
    await context.close();
  });

  test('carrier posts (live): package type and status filters; when customs does not answer, a warning', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/customs/posts?date=last31&status=4&package_type=1`);
    await waitForTable(page, 'customs-posts');
    await pingOk(page);
    const shown = await tableRows(page, 'customs-posts').count();
    expect(shown).toBeGreaterThan(0);
    const texts = await tableRows(page, 'customs-posts').allInnerTexts();
    expect(texts.every((t) => t.includes('Depeş göndərilib') && t.includes('Fərdi'))).toBe(true);
    await shot(page, 'customs-carriers-posts', { fullPage: true });

    // customs down: the ping warns, the live list says so and the table shows the server's words
    await page.route('**/api/admin/customs/ping', (route) => route.fulfill({
      status: 200, contentType: 'application/json', body: JSON.stringify({ ok: false, ms: 10000, message: 'Gömrük xidməti cavab vermir', sending: true }),
    }));
    await page.route('**/api/admin/customs/carriersposts*', (route) => route.fulfill({
      status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Gömrük xidməti cavab vermir, bir az sonra yenidən cəhd edin' }),
    }));
    await page.goto(`${BASE_URL}/@next/customs/posts?date=last7`);
    await page.getByTestId('customs-posts-down').waitFor();
    await page.getByTestId('customs-ping').getByText('Gömrük xidməti cavab vermir').waitFor();
    await page.locator('.ant-result-warning').getByText('Gömrük xidməti cavab vermir, bir az sonra yenidən cəhd edin').waitFor();
    await shot(page, 'customs-carriers-posts-down', { fullPage: true });
    await context.close();
  });
});

describe('[CUSTOMS][WEB] deleted and post declarations from the customs link; the customs sidebar group', () => {
  test('back office: the customs group\'s entries; deleted declarations withdrawn by citizens; post declarations; ping on each', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    const entries = await listSidebarEntries(page);
    expect(entries).toEqual(expect.arrayContaining([
      'Gömrük bəyannamələri', 'Gömrük postları', 'Gömrük yükləmə', 'Gömrük statistikası', 'Silinmiş bəyannamələr', 'Poçt bəyannamələri',
    ]));
    expect(entries).not.toContain('Gömrük tapşırıqları');
    expect(entries).not.toContain('DNS növbələri');

    await page.goto(`${BASE_URL}/@next/declarations/deleted`);
    await waitForTable(page, 'declarations-deleted');
    await pingOk(page);
    const texts = await tableRows(page, 'declarations-deleted').allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.some((t) => t.includes('Vətəndaş (gömrükdə)'))).toBe(true);
    await shot(page, 'customs-deleted-declarations', { fullPage: true });

    await page.goto(`${BASE_URL}/@next/declarations/post`);
    await waitForTable(page, 'declarations-post');
    await pingOk(page);
    const post = await tableRows(page, 'declarations-post').allInnerTexts();
    expect(post.length).toBeGreaterThan(0);
    expect(post[0]).toMatch(/2026\d{8}/); // customs' registration number as the customs id
    await shot(page, 'customs-post-declarations', { fullPage: true });
    await context.close();
  });

  test('the storage worker has no customs entry and is refused the upload and stats screens', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.warehouseman);
    const entries = await listSidebarEntries(page);
    expect(entries.filter((e) => e.startsWith('Gömrük'))).toEqual([]);
    for (const path of ['customs/upload', 'customs/stats']) {
      await page.goto(`${BASE_URL}/@next/${path}`);
      await page.locator('.ant-result-403').waitFor();
    }
    await context.close();
  });
});

describe('[CUSTOMS][TASKS] issue 16: every call named in Azerbaijani, no raw null', () => {
  test('the tasks list names each action and shows a dash where there is nothing; a ping opened says it had no request body', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/customs/tasks`);
    await waitForTable(page, 'customs-tasks');
    await pingOk(page);
    const cells = (await tableRows(page, 'customs-tasks').locator('td').allInnerTexts()).map((t) => t.trim());
    expect(cells.length).toBeGreaterThan(0);
    expect(cells).not.toContain('null');
    // No raw action code is printed (the demo's pings, searches and sends).
    for (const code of ['ping', 'add', 'delete', 'carriersposts', 'declarations', 'deleteddeclarations', 'depesh', 'addtoboxes']) expect(cells).not.toContain(code);

    // Filter to the pings by their name and open one.
    await page.goto(`${BASE_URL}/@next/customs/tasks?action=ping`);
    await waitForTable(page, 'customs-tasks');
    const pings = tableRows(page, 'customs-tasks');
    await expect(pings.first().innerText()).resolves.toContain('Əlaqənin yoxlanması');
    await pings.first().dblclick();
    const detail = page.getByTestId('customs-task');
    await detail.waitFor();
    await expect(detail.getByTestId('customs-task-request').innerText()).resolves.toBe('Sorğunun gövdəsi yoxdur');
    await expect(detail.innerText()).resolves.toContain('Əlaqənin yoxlanması');
    await shot(page, 'customs-task-ping');
    await context.close();
  });
});
