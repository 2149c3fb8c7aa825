import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, openPage, signInAndWait, shot, waitForTable, tableRows } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


describe('[CUSTOMS][WEB] customs screens over the customs link (embedded simulator)', () => {
  test('declarations with counts, posts defaulting to today, tasks with detail, DNS queues with previews, the ping indicator', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);

    await page.goto(`${BASE_URL}/@next/customs/declarations`);
    await waitForTable(page, 'customs-declarations');
    await expect(tableRows(page, 'customs-declarations').count()).resolves.toBeGreaterThan(0);
    await page.getByTestId('customs-ping').getByText('Gömrük xidməti işləyir').waitFor();
    await page.getByTestId('customs-counts-button').click();
    await page.getByTestId('customs-counts').waitFor();
    expect(await page.getByTestId('customs-counts').innerText()).toMatch(/Bəyan edilib\s*\d+/);
    await shot(page, 'customs-declarations');

    await page.goto(`${BASE_URL}/@next/customs/posts`);
    await page.waitForURL(/date=\d{4}-\d{2}-\d{2}(~|%7E)\d{4}-\d{2}-\d{2}/);
    expect(decodeURIComponent(page.url())).toMatch(/date=(\d{4}-\d{2}-\d{2})~\1/); // today, both ends
    await waitForTable(page, 'customs-posts');
    await page.goto(`${BASE_URL}/@next/customs/posts?date=last31`);
    await waitForTable(page, 'customs-posts');
    await expect(tableRows(page, 'customs-posts').count()).resolves.toBeGreaterThan(0);
    await shot(page, 'customs-posts');

    await page.goto(`${BASE_URL}/@next/customs/tasks`);
    await waitForTable(page, 'customs-tasks');
    await expect(tableRows(page, 'customs-tasks').count()).resolves.toBeGreaterThan(0);
    await tableRows(page, 'customs-tasks').first().dblclick();
    await page.waitForURL(/\/customs\/tasks\/\d+/);
    await page.getByTestId('customs-task-response').waitFor();
    await shot(page, 'customs-task');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Bağla' }).click();
    await page.waitForURL(/\/customs\/tasks(\?|$)/);

    // oldest first: the demo's entry customs declined for a wrong FIN (a run of the whole suite declines newer ones)
    await page.goto(`${BASE_URL}/@next/customs/dns-queues?status=declined&sort=id&order=asc`);
    await waitForTable(page, 'customs-dns-queues');
    await tableRows(page, 'customs-dns-queues').first().getByRole('button', { name: 'Bax' }).last().click();
    await page.waitForURL(/\/customs\/dns-queues\/preview\/response/);
    expect(await page.getByTestId('queue-preview-response').innerText()).toContain('FİN kodu yanlışdır');
    await shot(page, 'customs-dns-preview');
    // opened without the row (a reload, a pasted link): back to the queue
    await page.goto(`${BASE_URL}/@next/customs/dns-queues/preview/query`);
    await page.waitForURL(/\/customs\/dns-queues$/);
    await context.close();
  });

  test('back office: customs declarations and posts, not tasks or queues', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    await page.goto(`${BASE_URL}/@next/customs/declarations`);
    await waitForTable(page, 'customs-declarations');
    await page.goto(`${BASE_URL}/@next/customs/tasks`);
    await page.locator('.ant-result-403').waitFor();
    await context.close();
  });
});
