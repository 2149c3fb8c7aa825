import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BASE_URL,
  DEMO,
  launchBrowser,
  listSidebarEntries,
  listSidebarGroups,
  openPage,
  readAccessToken,
  signIn,
  signInAndWait,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('[AUTH][LOGIN] the sign-in card', () => {
  test('a wrong password shows the spec message and stays on /login', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, DEMO.admin, 'not-the-password');
    await expect(page.getByTestId('login-error').innerText()).resolves.toContain('İstifadəçi məlumatları yalnış daxil edilib.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await context.cookies(BASE_URL)).some((c) => c.name === 'accessToken')).toBe(false);
    await context.close();
  });

  test('a protected page sends an anonymous user to /login and back after signing in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${BASE_URL}/@next/declarations`);
    await page.waitForURL(/\/login$/);
    await signIn(page, DEMO.admin);
    await page.waitForURL(/\/@next\/declarations/);
    await context.close();
  });

  test('without remember-me the cookies end with the browser session; with it they are kept', async () => {
    const session = await openPage(browser);
    await signInAndWait(session.page, DEMO.admin);
    const sessionCookies = (await session.context.cookies(BASE_URL)).filter((c) => ['accessToken', 'refreshToken', 'tokenType', 'access_token'].includes(c.name));
    expect(sessionCookies.map((c) => c.name).sort()).toEqual(['accessToken', 'access_token', 'refreshToken', 'tokenType']);
    expect(sessionCookies.every((c) => c.expires === -1)).toBe(true);
    await session.context.close();

    const remembered = await openPage(browser);
    await signInAndWait(remembered.page, DEMO.admin, { remember: true });
    const kept = (await remembered.context.cookies(BASE_URL)).filter((c) => c.name === 'refreshToken' || c.name === 'accessToken');
    expect(kept.every((c) => c.expires > Date.now() / 1000)).toBe(true);
    await remembered.context.close();
  });

  test('logout ends the session and returns to /login', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.admin);
    await page.getByTestId('user-menu').click();
    await page.getByText('Çıxış').click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${BASE_URL}/@next/declarations`);
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});

describe('[AUTH][PERMISSIONS] what each role sees', () => {
  test('the warehouseman sees only his entries, no İstifadəçilər, and a forbidden call answers 403', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.warehouseman);
    const entries = await listSidebarEntries(page);
    expect(entries).toEqual(expect.arrayContaining(['Statistika', 'Bağlamalar', 'Uçuşlar']));
    expect(entries).not.toContain('İstifadəçilər');
    expect(await listSidebarGroups(page)).not.toContain('Bonus keşbek');

    await page.goto(`${BASE_URL}/@next/users`);
    await page.getByText('Bu bölməyə giriş icazəniz yoxdur').waitFor();

    const token = await readAccessToken(context);
    const reply = await fetch(`${BASE_URL}/api/admin/operations`, { headers: { Authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(403);
    expect(((await reply.json()) as { message?: string }).message).toBeTruthy();
    await context.close();
  });

  test('the partner sees only the branch sections', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.partner);
    expect(await listSidebarGroups(page)).toEqual(['Filial bölmələri']);
    await context.close();
  });
});
