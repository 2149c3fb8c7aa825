import type { Browser } from 'playwright-core';
import { az } from '@app/contract/texts/az';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, openPage, signInAndWait } from './support/browser';

/*
 * H6 finding 1: a landing number links only where the viewer may go. ofis@ and anbar@ (both with
 * `stat`) collect every link of the statistics landing once its widgets are loaded and open each:
 * none shows the refusal page ('Bu bölməyə giriş icazəniz yoxdur').
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('[STATISTICS][LANDING][LINKS][E2E] no landing link leads to the refusal page', { timeout: 600_000 }, () => {
  for (const email of [DEMO.backOffice, DEMO.warehouseman]) {
    test(`${email}: every link of the landing opens its page`, async () => {
      const { context, page } = await openPage(browser);
      await signInAndWait(page, email);
      await page.goto(`${BASE_URL}/@next/statistics`);
      const landing = page.getByTestId('statistics-landing');
      await landing.waitFor({ timeout: 30_000 });
      // every widget has its data (no skeleton, no '…' figure) before the links are read
      await page.getByTestId('per-day').first().waitFor({ timeout: 60_000 });
      await expect.poll(async () => landing.locator('.ant-skeleton').count(), { timeout: 60_000, interval: 500 }).toBe(0);
      await expect.poll(async () => (await page.getByTestId('landing-kpis').innerText()).includes('…'), { timeout: 60_000, interval: 500 }).toBe(false);
      const hrefs = [...new Set(await landing.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!)))]
        .filter((href) => href.startsWith('/@next/'));
      expect(hrefs.length).toBeGreaterThan(0);
      const refused: string[] = [];
      for (const href of hrefs) {
        await page.goto(`${BASE_URL}${href}`);
        const pathname = new URL(href, BASE_URL).pathname;
        await page.locator(`[data-path="${pathname}"]`).waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        if ((await page.getByText(az.app.forbiddenTitle).count()) > 0) refused.push(href);
      }
      expect(refused).toEqual([]);
      await context.close();
    });
  }
});
