import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, openPage, signInAndWait } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function toast(page: Page, text: string) {
  return page.locator('.ant-message').getByText(text, { exact: true }).first();
}

describe('[SETTINGS][E2E] the mail settings screen', () => {
  test('a blank required field is refused with its message; fixed, the save shows the success toast', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/settings`);
    await page.waitForURL(/\/@next\/settings\/email$/);
    const form = page.getByTestId('settings-form-email');
    const banner = form.getByLabel('Yuxarı banner linki');
    await expect.poll(() => banner.inputValue()).not.toBe('');

    await banner.fill('');
    await banner.blur();
    await form.getByText('Zəhmət olmasa doldurun...').waitFor();
    await page.getByTestId('settings-save').click();
    await expect(form.getByText('Zəhmət olmasa doldurun...').count()).resolves.toBe(1);

    await banner.fill('https://kargo-ofis.az/yeni-kampaniya');
    await form.getByText('Zəhmət olmasa doldurun...').waitFor({ state: 'detached' });
    await page.getByTestId('settings-save').click();
    await toast(page, 'Dəyişikliklər yadda saxlanıldı').waitFor();

    await page.reload();
    await expect.poll(() => page.getByTestId('settings-form-email').getByLabel('Yuxarı banner linki').inputValue()).toBe('https://kargo-ofis.az/yeni-kampaniya');
    await context.close();
  });

  test('the menu opens the other groups: Trendyol prices refuse three decimals', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.goto(`${BASE_URL}/@next/settings/email`);
    await page.getByTestId('settings-menu').getByText('Trendyol qiymətləri').click();
    await page.waitForURL(/\/@next\/settings\/trendyol$/);
    const price = page.getByTestId('settings-form-trendyol').getByLabel('10 kq-dan az (USD)');
    await expect.poll(() => price.inputValue()).not.toBe('');
    await price.fill('4.555');
    await price.blur();
    await page.getByText('Zəhmət olmasa müsbət və 2 mərtəbəli qiymət yazın...').waitFor();
    await context.close();
  });
});
