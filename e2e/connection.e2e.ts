import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, launchBrowser, openPage, signInAndWait } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('[SHELL][OFFLINE] spec §1: losing and regaining the connection', () => {
  test('offline shows the blinking red icon and a toast; online again shows the other toast', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    expect(await page.getByTestId('offline-indicator').count()).toBe(0);

    await context.setOffline(true);
    await page.getByText('İnternet bağlantınız kəsildi').waitFor();
    const icon = page.getByTestId('offline-indicator');
    await icon.waitFor();
    // It blinks (600 ms): over 1.5 s it is seen both lit and dimmed.
    const looks: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      looks.push(Number(await icon.evaluate((el) => getComputedStyle(el).opacity)));
      await page.waitForTimeout(100);
    }
    expect(Math.max(...looks)).toBeGreaterThan(0.9);
    expect(Math.min(...looks)).toBeLessThan(0.3);

    await context.setOffline(false);
    await page.getByText('İnternet bağlantınız bərpa olundu').waitFor();
    await icon.waitFor({ state: 'detached' });
    await context.close();
  });
});
