import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/**
 * The server under test: BASE_URL from the environment (default http://127.0.0.1:8080). Vitest
 * sets its own BASE_URL ('/', Vite's base), so the config hands the real one over as E2E_BASE_URL.
 */
export const BASE_URL = ([process.env.E2E_BASE_URL, process.env.BASE_URL].find((url) => url?.startsWith('http')) ??
  'http://127.0.0.1:8080').replace(/\/$/, '');
export const DEMO_PASSWORD = 'demo12345';
export const DEMO = {
  admin: 'admin@example.az',
  warehouseman: 'anbar@example.az',
  backOffice: 'ofis@example.az',
  partner: 'partner@example.az',
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function openPage(browser: Browser, width = 1440): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'az-AZ' });
  // A warehouseman lands on the handover queue, which opens the first active entry and prints its
  // receipt: headless Chromium crashes on that print, so no page of the suite prints.
  await keepPrintFramesFromPrinting(context);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Headless Chromium crashes the page when a PDF frame prints (a real browser opens its print
 * preview instead): the print frame is kept, so a spec can check the PDF reached it, but its
 * print call is dropped.
 */
export async function keepPrintFramesFromPrinting(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    new MutationObserver((records) => {
      for (const r of records) r.addedNodes.forEach((n) => { if (n instanceof HTMLIFrameElement && n.dataset.testid === 'print-frame') n.onload = null; });
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Fills the login card like a user and waits to leave /login (or for the error on failure). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, options: { remember?: boolean } = {}) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('E-poçt').fill(email);
  await page.getByLabel('Şifrə').fill(password);
  if (options.remember) await page.getByText('Məni xatırla').click();
  await page.getByRole('button', { name: 'Daxil ol' }).click();
}

export async function signInAndWait(page: Page, email: string, options: { remember?: boolean } = {}) {
  await signIn(page, email, DEMO_PASSWORD, options);
  await page.waitForURL((url) => url.pathname.startsWith('/@next/'), { timeout: 20_000 });
  await page.getByTestId('user-menu').waitFor();
}

/** The visible names of the sidebar entries (every group opened first). */
export async function listSidebarEntries(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  const closedGroups = sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closedGroups.count()) > 0) {
    await closedGroups.first().click();
    await page.waitForTimeout(150);
  }
  return sidebar.locator('a[data-testid^="nav-"] > div > span:first-child').allInnerTexts();
}

export async function listSidebarGroups(page: Page): Promise<string[]> {
  // a group title is its own label span (sidebar-menu__label: it wraps instead of being cut)
  return page.getByTestId('sidebar').locator('.ant-menu-submenu-title .sidebar-menu__label').allInnerTexts();
}

/** The access token the app stored, to call the API as that user. */
export async function readAccessToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(BASE_URL)).find((c) => c.name === 'accessToken');
  if (!cookie) throw new Error('no accessToken cookie');
  return cookie.value;
}

/** A screenshot into E2E_SCREENSHOTS when it is set (to look at the screens of a run); nothing otherwise. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: options.fullPage });
}

/** Waits until the generic data table `table-{id}` has loaded (its aria-busy goes back to false). */
export async function waitForTable(page: Page, tableId: string): Promise<void> {
  await page.getByTestId(`table-${tableId}`).waitFor();
  await page.locator(`[data-testid="table-${tableId}"][aria-busy="true"]`).waitFor({ timeout: 2_000 }).catch(() => undefined);
  await page.locator(`[data-testid="table-${tableId}"][aria-busy="false"]`).waitFor({ timeout: 20_000 });
}

/**
 * A list toolbar's button by its test id, reached as a user does: in the toolbar's row, or behind
 * its '⋯' (Digər əməliyyatlar) when the row has no room for it (issue 16: one row at 1440 px).
 */
export async function toolbarAction(page: Page, testId: string): Promise<Locator> {
  const target = page.getByTestId(testId);
  await page.getByTestId('table-toolbar').first().waitFor();
  await page.waitForTimeout(300); // the row measures itself once laid out, then moves what does not fit
  if (!(await target.isVisible())) await page.getByTestId('table-toolbar-actions-more').first().click();
  return target;
}

/** The data rows of the generic data table `table-{id}`. */
export const tableRows = (page: Page, tableId: string) => page.getByTestId(`table-${tableId}`).locator('tbody tr.ant-table-row');

/** The API as a signed-in page's user: JSON replies, a non-2xx reply throws with its body. */
export type Api = <T>(path: string, init?: RequestInit) => Promise<T>;

/** A new page signed in as `email`, with an API caller carrying that session's access token. */
export async function signedInWithApi(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page; api: Api }> {
  const { context, page } = await openPage(browser);
  await signInAndWait(page, email);
  const token = await readAccessToken(context);
  const api: Api = async <T,>(path: string, init: RequestInit = {}) => {
    const res = await fetch(`${BASE_URL}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
    const body = (await res.json()) as T;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  return { context, page, api };
}

/** A urlencoded form POST, as the web app's forms send it. */
export const formPost = (fields: Record<string, string | number>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
});
