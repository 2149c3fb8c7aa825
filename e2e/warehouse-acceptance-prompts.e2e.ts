import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, formPost, launchBrowser, shot, signedInWithApi, type Api } from './support/browser';

/*
 * Issue 16, the floor's flows on the acceptance screens: a question about one scan (another
 * branch, already in the warehouse) takes no keys of the scanner: the next scan waits behind it
 * and its Enter answers nothing; rejected scans stay as red rows; 'Yeşiyi bağla' shows what it
 * sends and what it refuses, needs a box, and shows the server's per-barcode refusals.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Lookup { id: number; track_code: string; requires_declaration: boolean; provider: number; branch_id: number | null; state_id: number }

const lookUp = (api: Api, code: string) => api<{ data: Lookup }>(`/api/admin/containers/lookup?track_code=${encodeURIComponent(code)}`).then((r) => r.data);
const digits = (code: string) => code.replace(/\D/g, '');

/** Parcels at 8 (dispatch sent) of a branch, as the scanner screen reads them, skipping `used`. */
async function findParcels(api: Api, branchId: number, count: number, used: Set<number>, opts: { undeclared?: boolean } = {}): Promise<Lookup[]> {
  const list = await api<{ data: { id: number; track_code: string }[] }>(
    `/api/admin/v2/declaration/list?state_id=8&branch_id=${branchId}&per_page=80&created=all&date_from=2000-01-01%2000:00:00`,
  );
  const found: Lookup[] = [];
  for (const row of list.data) {
    if (used.has(row.id)) continue;
    const data = await lookUp(api, row.track_code);
    const wanted = opts.undeclared ? data.requires_declaration && data.provider !== 2 : !data.requires_declaration && data.branch_id === branchId;
    if (wanted) { found.push(data); used.add(data.id); }
    if (found.length >= count) return found;
  }
  throw new Error(`the demo seed lacks ${count} parcels of branch ${branchId} at status 8`);
}

async function scan(page: Page, code: string) {
  // The input keeps the focus: the scanner types without anybody clicking it.
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}
const row = (page: Page, code: string) => page.locator(`[data-code="${digits(code)}"]`).first();
const rowState = (page: Page, code: string) => row(page, code).getAttribute('data-state');

describe('[WAREHOUSE][ACCEPTANCE] prompts, red rows and the close summary (issue 16)', () => {
  test('the acceptance prompt with a scan typed behind it: the scan waits, its Enter answers nothing, Y answers, then it is accepted', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.warehouseman);
    const used = new Set<number>();
    const [otherBranch] = await findParcels(api, 2, 1, used);
    const [plain] = await findParcels(api, 1, 1, used);
    await page.evaluate(() => localStorage.removeItem('warehouse.acceptance.v1.standard'));

    // the declarations list's Acceptance → Standard leads to the screen
    await page.goto(`${BASE_URL}/@next/declarations`);
    await page.getByTestId('declarations-acceptance').click();
    await page.getByRole('menuitem', { name: 'Standart qəbul' }).click();
    await page.waitForURL((url) => url.pathname === '/@next/declarations/acceptance');
    await page.getByTestId('scan-input').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-input');

    await scan(page, otherBranch!.track_code);
    const prompt = page.getByTestId('scan-prompt');
    await prompt.waitFor();
    await expect.poll(() => prompt.textContent()).toContain(digits(otherBranch!.track_code));
    // the next parcel is scanned at once, Enter and all, while the question is open
    await scan(page, plain!.track_code);
    await expect.poll(() => rowState(page, plain!.track_code)).toBe('waiting');
    await page.getByTestId('scan-prompt-queued').waitFor();
    await shot(page, 'acceptance-prompt-queued');
    await page.waitForTimeout(600);
    // still asking about the first parcel; nothing accepted unread
    expect(await prompt.isVisible()).toBe(true);
    expect(await prompt.textContent()).toContain(digits(otherBranch!.track_code));
    expect(await rowState(page, otherBranch!.track_code)).toBe('asking');
    expect(await rowState(page, plain!.track_code)).toBe('waiting');
    expect((await lookUp(api, otherBranch!.track_code)).state_id).toBe(8);
    expect((await lookUp(api, plain!.track_code)).state_id).toBe(8);
    // the scanner's characters were not lost: the input is empty again, ready for the next code
    expect(await page.getByTestId('scan-input').inputValue()).toBe('');

    // a deliberate Y answers (focus never left the scan input)
    await page.keyboard.press('y');
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(() => rowState(page, otherBranch!.track_code)).toBe('accepted');
    await expect.poll(() => rowState(page, plain!.track_code)).toBe('accepted');
    expect((await lookUp(api, otherBranch!.track_code)).state_id).toBe(9);
    expect((await lookUp(api, plain!.track_code)).state_id).toBe(9);
    await page.getByTestId('accepted-count').getByText('Qəbul edildi: 2').waitFor();

    // the same parcel again: a red row with its reason, kept (not a toast that vanishes)
    await scan(page, plain!.track_code);
    await expect.poll(() => page.locator('[data-red="1"]').count()).toBe(1);
    await page.waitForTimeout(1600);
    expect(await page.locator('[data-red="1"]').getByText('Bu bağlama artıq əlavə edilib').count()).toBe(1);

    // N says no: an already accepted parcel (9) asks again and is taken off the list
    await page.evaluate(() => localStorage.removeItem('warehouse.acceptance.v1.standard'));
    await page.reload();
    await page.getByTestId('scan-input').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-input');
    await scan(page, plain!.track_code);
    await prompt.waitFor();
    await expect.poll(() => prompt.textContent()).toContain('artıq yerli anbardadır');
    await page.keyboard.press('Enter'); // an empty Enter of a scanner: no answer
    await page.waitForTimeout(300);
    expect(await prompt.isVisible()).toBe(true);
    await page.keyboard.press('n');
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-code]').count()).toBe(0);
    await context.close();
  }, 120_000);

  test('closing a box with refused rows: the summary lists them, they are not sent, a box is required; server refusals show per barcode', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.warehouseman);
    const admin = await signedInWithApi(browser, DEMO.admin);
    const used = new Set<number>();
    const plain = await findParcels(api, 1, 3, used);
    const [undeclared] = await findParcels(api, 1, 1, used, { undeclared: true });
    const unknownCode = '999999999999';
    await page.evaluate(() => localStorage.removeItem('warehouse.acceptance.v1.admin'));
    await page.goto(`${BASE_URL}/@next/declarations/acceptance/box`);
    await page.getByTestId('scan-input').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-input');

    await scan(page, plain[0]!.track_code);
    await scan(page, plain[1]!.track_code);
    await scan(page, undeclared!.track_code); // needs a declaration
    await scan(page, unknownCode); // not found
    await scan(page, plain[0]!.track_code); // the same code again
    await scan(page, plain[2]!.track_code);
    await expect.poll(() => page.locator('[data-code]').count()).toBe(6);
    await expect.poll(() => page.locator('[data-red="1"]').count()).toBe(3);
    // the red rows stay, with their reasons, after their short messages are gone
    await page.waitForTimeout(1600);
    await row(page, undeclared!.track_code).getByText('Bəyansız bağlama yeşiyə əlavə edilə bilməz').waitFor();
    await row(page, unknownCode).getByText('Bu izləmə kodu ilə bağlama tapılmadı').waitFor();
    expect(await page.locator('[data-red="1"]').getByText('Bu bağlama artıq əlavə edilib').count()).toBe(1);

    // no box chosen: the summary says what goes and what does not, and will not close without a box
    await page.getByTestId('close-box').click();
    const summary = page.getByTestId('close-summary');
    await summary.waitFor();
    await summary.getByText('Göndəriləcək bağlamalar: 3').waitFor();
    const refused = page.getByTestId('close-summary-refused');
    await refused.getByText('Göndərilməyəcək (qırmızı sətirlər): 3').waitFor();
    for (const code of [undeclared!.track_code, unknownCode]) await refused.locator(`[data-code="${digits(code)}"]`).waitFor();
    await summary.getByText('Yeşik seçin.').first().waitFor();
    const ok = page.getByTestId('close-summary-ok');
    expect(await ok.isDisabled()).toBe(true);
    await shot(page, 'acceptance-close-summary-no-box');

    // a parcel deleted meanwhile: the server refuses the close and says which barcode
    await admin.api(`/api/admin/declaration/cancel?declaration_id=${plain[2]!.id}`, formPost({}));
    await page.getByLabel('Yeşik (Yeşik bağlanmadan əvvəl yoxlayın)').click();
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    await option.waitFor();
    await option.click();
    await expect.poll(() => ok.isDisabled()).toBe(false);
    await ok.click();
    const closeErrors = page.getByTestId('close-errors');
    await closeErrors.waitFor();
    await closeErrors.getByText(`${digits(plain[2]!.track_code)}: Bu izləmə kodu ilə bağlama tapılmadı`).waitFor();
    await expect.poll(() => page.locator('[data-red="1"]').count()).toBe(4);
    for (const p of plain.slice(0, 2)) expect((await lookUp(api, p.track_code)).state_id).toBe(8); // all or nothing
    await shot(page, 'acceptance-close-refused-by-server');

    // again: the box was cleared, so it is chosen again; only the two good parcels go
    await summary.waitFor({ state: 'detached' });
    await page.getByTestId('close-box').click();
    await summary.getByText('Göndəriləcək bağlamalar: 2').waitFor();
    await refused.getByText('Göndərilməyəcək (qırmızı sətirlər): 4').waitFor();
    expect(await ok.isDisabled()).toBe(true);
    await page.getByLabel('Yeşik (Yeşik bağlanmadan əvvəl yoxlayın)').click();
    await option.waitFor();
    await option.click();
    await ok.click();
    await page.locator('.ant-message').getByText('Bağlama qəbul edildi.').first().waitFor();
    // the sent rows leave the list, the refused ones stay
    await expect.poll(() => page.locator('[data-code]').count()).toBe(4);
    expect(await page.locator('[data-red="0"]').count()).toBe(0);
    for (const p of plain.slice(0, 2)) {
      const after = await lookUp(api, p.track_code);
      expect(after.state_id).toBe(9);
    }
    expect((await lookUp(api, undeclared!.track_code)).state_id).toBe(8);
    await admin.context.close();
    await context.close();
  }, 150_000);

  test('on a phone (390 px) the scan input takes the full width', async () => {
    const { context, page } = await signedInWithApi(browser, DEMO.warehouseman);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['declarations/acceptance/box', 'declarations/acceptance']) {
      await page.goto(`${BASE_URL}/@next/${path}`);
      const input = page.getByTestId('scan-input');
      await input.waitFor();
      const box = await input.boundingBox();
      const card = await page.locator('.ant-card-body').first().boundingBox();
      expect(box!.width).toBeGreaterThan(card!.width - 60);
      await shot(page, `acceptance-phone-${path.replace(/\//g, '-')}`);
    }
    await context.close();
  }, 60_000);
});
