import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, formPost, launchBrowser, openPage, readAccessToken, shot, signedInWithApi, signInAndWait, tableRows, waitForTable, type Api } from './support/browser';

/*
 * Issue 20 (web): a template edited on its screen is the SMS the customer gets when the parcel is
 * accepted into a box, found in the SMS archive with the rendered text; the customer's SMS button
 * opens that archive; a bulk SMS is counted, confirmed ('Diqqət') and followed to its end.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Lookup { id: number; track_code: string; requires_declaration: boolean; provider: number; branch_id: number | null; state_id: number }
interface ListRow { id: number; track_code: string; user_id: number }

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first();
const openDialog = (page: Page) => page.locator('.ant-modal:visible').last();

/** A parcel of branch 1 at 8 (dispatch sent) that can be scanned into a box, whose customer takes SMS and has a number. */
async function findParcelForSms(api: Api): Promise<ListRow> {
  const list = await api<{ data: ListRow[] }>('/api/admin/v2/declaration/list?state_id=8&branch_id=1&per_page=100&created=all&date_from=2000-01-01%2000:00:00');
  for (const row of list.data) {
    const { data } = await api<{ data: Lookup }>(`/api/admin/containers/lookup?track_code=${row.track_code}`);
    if (data.requires_declaration || data.branch_id !== 1) continue;
    const user = await api<{ data: { send_sms: number; number: string | null } }>(`/api/admin/client/user?user_id=${row.user_id}`);
    if (user.data.send_sms && user.data.number) return row;
  }
  throw new Error('the demo seed lacks a parcel of branch 1 at status 8 whose customer takes SMS');
}

/** The warehouseman scans the parcel into a box of branch 1 and closes the box: the parcel goes to 9 (in the local warehouse). */
async function acceptIntoBox(trackCode: string) {
  const { context, page } = await openPage(browser);
  await signInAndWait(page, DEMO.warehouseman);
  await page.evaluate(() => localStorage.removeItem('warehouse.acceptance.v1.admin'));
  await page.goto(`${BASE_URL}/@next/declarations/acceptance/box`);
  await page.getByTestId('scan-input').waitFor();
  await page.getByLabel('Yeşik', { exact: true }).click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
  await option.waitFor();
  await option.click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-input');
  await page.keyboard.type(trackCode, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('[data-red="0"]').count()).toBe(1);
  await page.getByTestId('close-box').click();
  await page.getByTestId('close-summary').getByText('Göndəriləcək bağlamalar: 1').waitFor();
  await page.getByTestId('close-summary-ok').click();
  await toast(page, 'Bağlama qəbul edildi.').waitFor();
  const token = await readAccessToken(context);
  const res = await fetch(`${BASE_URL}/api/admin/containers/lookup?track_code=${trackCode}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await res.json()) as { data: Lookup }).data.state_id).toBe(9);
  await context.close();
}

/** Types into the dialog's body at its end: the field is focused and the caret put after its text. */
async function typeAtEnd(page: Page, text: string) {
  const body = page.getByTestId('template-body');
  await body.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

describe('[NOTIFIER] notification screens', () => {
  test('an edited template is the SMS the customer gets when the parcel is accepted into a box; the customer\'s SMS button finds it', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const stamp = `E2E${Date.now().toString(36).toUpperCase()}`;
    // the template to edit: an SMS for parcels reaching the local warehouse (status 9)
    const created = await api<{ data: number }>('/api/admin/templates/create', formPost({
      name: `Anbarda ${stamp}`, title: '', body: 'Köhnə mətn', template_type_id: 1, model_id: 2, state_id: 9, active: 1, delay: 0,
    }));
    const templateId = created.data;
    // one message per event and channel: the other active SMS templates of status 9 rest meanwhile
    const others = await api<{ data: { id: number; model_id: number }[] }>('/api/admin/templates/list?template_type_id=1&state_id=9&active=1&per_page=100');
    const paused = others.data.filter((row) => row.model_id === 2 && row.id !== templateId).map((row) => row.id);
    if (paused.length > 0) await api(`/api/admin/templates/active?template_id=${paused.join(',')}&active=0`, { method: 'POST' });
    try {
      await page.goto(`${BASE_URL}/@next/notifier/templates?name=${stamp}`);
      await waitForTable(page, 'notification-templates');
      await expect.poll(() => tableRows(page, 'notification-templates').count()).toBe(1);
      await page.getByTestId(`template-menu-${templateId}`).click();
      await page.getByRole('menuitem', { name: 'Redaktə et' }).click();
      await page.waitForURL(new RegExp(`/notifier/templates/${templateId}/update`));
      const dialog = openDialog(page);
      await dialog.getByTestId('template-body').waitFor();
      await expect.poll(() => dialog.getByTestId('template-body').inputValue()).toBe('Köhnə mətn');

      // an unknown placeholder: the server refuses it and says so on the body field
      await dialog.getByTestId('template-body').fill('Salam {musteri}');
      await dialog.getByTestId('template-submit').click();
      await dialog.locator('.ant-form-item-explain-error').getByText('Naməlum dəyişən: {musteri}', { exact: false }).first().waitFor();
      await shot(page, 'notifier-template-unknown-placeholder');

      // the text written with the chips: each placeholder lands where the caret is
      await dialog.getByTestId('template-body').fill('');
      await typeAtEnd(page, `${stamp}: bağlamanız  anbardadır`);
      // the caret between the two spaces, then the chip
      for (let i = 0; i < ' anbardadır'.length; i += 1) await page.keyboard.press('ArrowLeft');
      await dialog.getByTestId('chip-track_code').click();
      await expect.poll(() => dialog.getByTestId('template-body').inputValue()).toBe(`${stamp}: bağlamanız {track_code} anbardadır`);
      await typeAtEnd(page, ', çəki: ');
      await dialog.getByTestId('chip-weight').click();
      await expect.poll(() => dialog.getByTestId('template-body').inputValue()).toContain('{weight}');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('template-body');
      await page.keyboard.type(' kq');
      const text = `${stamp}: bağlamanız {track_code} anbardadır, çəki: {weight} kq`;
      await expect.poll(() => dialog.getByTestId('template-body').inputValue()).toBe(text);

      // the preview renders it with a real parcel (the newest one at status 9)
      await dialog.getByTestId('template-preview-run').click();
      const preview = dialog.getByTestId('template-preview-body');
      await preview.waitFor();
      expect(await preview.textContent()).toMatch(new RegExp(`^${stamp}: bağlamanız \\S+ anbardadır, çəki: [\\d.]+ kq$`));
      await shot(page, 'notifier-template-form');

      await dialog.getByTestId('template-submit').click();
      await toast(page, 'Dəyişikliklər yadda saxlanıldı').waitFor();
      await page.waitForURL((url) => url.pathname.endsWith('/notifier/templates'));
      await expect.poll(async () => tableRows(page, 'notification-templates').first().textContent()).toContain(`${stamp}: bağlamanız {track_code}`);

      // the parcel reaches the local warehouse through the box acceptance screen
      const parcel = await findParcelForSms(api);
      await acceptIntoBox(parcel.track_code);

      // the SMS archive has the message with the rendered text (the job runs in the background)
      await page.goto(`${BASE_URL}/@next/notifier/sms?body=${stamp}`);
      await waitForTable(page, 'archive-sms-archive');
      await expect.poll(async () => {
        await page.getByRole('button', { name: 'Yenilə' }).first().click();
        await waitForTable(page, 'archive-sms-archive');
        return tableRows(page, 'archive-sms-archive').count();
      }, { timeout: 30_000, interval: 1_000 }).toBe(1);
      const row = tableRows(page, 'archive-sms-archive').first();
      const rendered = new RegExp(`${stamp}: bağlamanız ${parcel.track_code} anbardadır, çəki: [\\d.]+ kq`);
      expect(await row.textContent()).toMatch(rendered);
      expect(await row.getByRole('link', { name: String(parcel.user_id), exact: true }).count()).toBe(1);
      // sent through the SMS provider (its simulator in this run)
      await expect.poll(async () => {
        await page.getByRole('button', { name: 'Yenilə' }).first().click();
        await waitForTable(page, 'archive-sms-archive');
        return tableRows(page, 'archive-sms-archive').first().textContent();
      }, { timeout: 30_000, interval: 1_000 }).toContain('Göndərilib');
      await shot(page, 'notifier-sms-archive');
      // the message whole, opened from its row
      await tableRows(page, 'archive-sms-archive').first().locator('td').nth(1).dblclick();
      expect(await openDialog(page).getByTestId('message-body').textContent()).toMatch(rendered);
      await shot(page, 'notifier-sms-message');
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });

      // resent after 'Diqqət': a second message with the same text goes out
      const messageId = await tableRows(page, 'archive-sms-archive').first().locator('td').nth(1).textContent();
      await page.getByTestId(`message-menu-${messageId}`).click();
      await page.getByRole('menuitem', { name: 'Yenidən göndər' }).click();
      const confirm = page.locator('.ant-modal-confirm:visible');
      await confirm.locator('.ant-modal-confirm-title').getByText('Diqqət').waitFor();
      await confirm.getByRole('button', { name: 'Bəli' }).click();
      // (the toast 'Mesaj yenidən göndərilmək üçün növbəyə qoyuldu' may come and go before a loaded machine looks: the second row is what counts)
      await expect.poll(() => tableRows(page, 'archive-sms-archive').count(), { timeout: 30_000 }).toBe(2);

      // the customer's page: its SMS button opens the archive for that customer, of all time
      await page.goto(`${BASE_URL}/@next/users/${parcel.user_id}`);
      await page.getByTestId('user-link-sms').click();
      await page.waitForURL(new RegExp(`/notifier/sms\\?user_id=${parcel.user_id}$`));
      await waitForTable(page, 'archive-sms-archive');
      await page.getByText('Yaradılıb: Bütün dövr').first().waitFor();
      await expect.poll(async () => (await tableRows(page, 'archive-sms-archive').allTextContents()).some((t) => rendered.test(t))).toBe(true);
      const users = await tableRows(page, 'archive-sms-archive').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[3]?.textContent ?? ''));
      expect(users.every((u) => u === '' || u === String(parcel.user_id))).toBe(true);
    } finally {
      // the demo's own templates are as they were, whatever happened above
      await api(`/api/admin/templates/cancel?template_id=${templateId}`, { method: 'POST' });
      if (paused.length > 0) await api(`/api/admin/templates/active?template_id=${paused.join(',')}&active=1`, { method: 'POST' });
    }
    await context.close();
  }, 180_000);

  test('a bulk SMS to a chosen customer is counted, confirmed with \'Diqqət\' and followed to its end', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const recipients = await api<{ data: { id: number }[] }>('/api/admin/bulk_sms/getlist?search_id=all&per_page=1');
    const userId = recipients.data[0]!.id;
    const stamp = `BULK${Date.now().toString(36).toUpperCase()}`;

    await page.goto(`${BASE_URL}/@next/notifier/sms/bulk/send`);
    const form = page.getByTestId('bulk-form-bulk_sms');
    await form.waitFor();
    // customers of two branches: counted as the API counts them
    await form.getByText('Filtrlərə görə').click();
    await form.getByTestId('bulk-branches').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    await options.nth(0).click();
    await options.nth(1).click();
    await page.keyboard.press('Escape');
    const branches = await api<{ data: { id: number }[] }>('/api/admin/branches?per_page=2');
    const expected = await api<{ total: number }>(`/api/admin/bulk_sms/count?search_id=filter&branch_id[]=${branches.data[0]!.id}&branch_id[]=${branches.data[1]!.id}`);
    await form.getByTestId('bulk-count').click();
    await form.getByTestId('bulk-recipients').getByText(`Alıcı sayı: ${expected.total.toLocaleString('az')}`).waitFor();

    await form.getByText('Seçilmiş müştərilər').click();
    await form.getByText('Filtrlər dəyişib: alıcıları yenidən sayın').waitFor();
    await form.getByTestId('bulk-user-ids').fill(String(userId));
    await form.getByTestId('bulk-count').click();
    await form.getByTestId('bulk-recipients').getByText('Alıcı sayı: 1').waitFor();
    await form.getByTestId('bulk-body').fill(`${stamp} `);
    await form.getByTestId('chip-customer_first_name').click();
    await expect.poll(() => form.getByTestId('bulk-body').inputValue()).toBe(`${stamp} {customer_first_name}`);
    await form.getByTestId('bulk-send').click();

    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.locator('.ant-modal-confirm-title').getByText('Diqqət').waitFor();
    await confirm.getByText('1 alıcıya göndərilsin?', { exact: false }).waitFor();
    await shot(page, 'notifier-bulk-confirm');
    await confirm.getByRole('button', { name: 'Göndər' }).click();
    await toast(page, 'Toplu göndəriş növbəyə qoyuldu: 1 alıcı').waitFor();

    // the progress follows the bulk until it is done
    const history = await api<{ data: { id: number }[] }>('/api/admin/bulk_sms/history?per_page=1');
    const bulkId = history.data[0]!.id;
    await page.getByTestId(`bulk-status-${bulkId}`).getByText('Başa çatdı').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId(`bulk-progress-${bulkId}`).textContent()).toContain('1 / 1 göndərildi, 0 uğursuz');
    await shot(page, 'notifier-bulk-done');

    // and the message is in the archive, marked as a bulk one
    await page.getByRole('tab', { name: 'Arxiv' }).click();
    await page.goto(`${BASE_URL}/@next/notifier/sms?body=${stamp}`);
    await waitForTable(page, 'archive-sms-archive');
    await expect.poll(() => tableRows(page, 'archive-sms-archive').count()).toBe(1);
    const text = await tableRows(page, 'archive-sms-archive').first().textContent();
    expect(text).toContain(stamp);
    expect(text).not.toContain('{customer_first_name}');
    expect(text).toContain('Bəli');
    await context.close();
  }, 120_000);

  test('a bulk e-mail to typed addresses goes out with its subject and is in the e-mail archive', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const stamp = `MAIL${Date.now().toString(36).toUpperCase()}`;
    const addresses = [`${stamp.toLowerCase()}-1@example.az`, `${stamp.toLowerCase()}-2@example.az`];

    await page.goto(`${BASE_URL}/@next/notifier/email/bulk/send`);
    const form = page.getByTestId('bulk-form-bulk_mail');
    await form.waitFor();
    await form.getByText('E-poçt ünvanları', { exact: true }).first().click();
    await form.getByTestId('bulk-addresses').fill(`${addresses[0]}\n${addresses[1]}\n${addresses[0]}`);
    // without a subject the form says so and nothing is sent
    await form.getByTestId('bulk-body').fill(`${stamp} kampaniya`);
    await form.getByTestId('bulk-send').click();
    await form.locator('.ant-form-item-explain-error').getByText('Zəhmət olmasa doldurun').first().waitFor();
    await form.getByTestId('bulk-title').fill(`Endirim ${stamp}`);
    await form.getByTestId('bulk-send').click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.getByText('2 alıcıya göndərilsin?', { exact: false }).waitFor();
    const newest = async () => (await api<{ data: { id: number }[] }>('/api/admin/bulk_mail/history?per_page=1')).data[0]?.id ?? 0;
    const before = await newest();
    await confirm.getByRole('button', { name: 'Göndər' }).click();
    await confirm.waitFor({ state: 'detached', timeout: 30_000 });
    // the bulk is recorded (its toast 'Toplu göndəriş növbəyə qoyuldu: 2 alıcı' may come and go on a loaded machine)
    await expect.poll(newest, { timeout: 60_000 }).toBeGreaterThan(before);
    await page.getByTestId(`bulk-status-${await newest()}`).getByText('Başa çatdı').waitFor({ timeout: 90_000 });

    await page.getByRole('tab', { name: 'Arxiv' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/notifier/email'));
    await page.goto(`${BASE_URL}/@next/notifier/email?body=${stamp}`);
    await waitForTable(page, 'archive-mail-archive');
    await expect.poll(() => tableRows(page, 'archive-mail-archive').count()).toBe(2);
    const texts = (await tableRows(page, 'archive-mail-archive').allTextContents()).join(' ');
    for (const address of addresses) expect(texts).toContain(address);
    expect(texts).toContain(`Endirim ${stamp}`);
    await shot(page, 'notifier-email-archive');
    await context.close();
  }, 120_000);

  test('a message that waits (a template with a delay) is held back and let go in the queue, then the queue is sent now', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const stamp = `Q${Date.now().toString(36).toUpperCase()}`;
    const created = await api<{ data: number }>('/api/admin/templates/create', formPost({
      name: `Gecikmə ${stamp}`, title: '', body: `${stamp} {track_code}`, template_type_id: 1, model_id: 2, state_id: 9, active: 1, delay: 120,
    }));
    const templateId = created.data;
    const others = await api<{ data: { id: number; model_id: number }[] }>('/api/admin/templates/list?template_type_id=1&state_id=9&active=1&per_page=100');
    const paused = others.data.filter((row) => row.model_id === 2 && row.id !== templateId).map((row) => row.id);
    if (paused.length > 0) await api(`/api/admin/templates/active?template_id=${paused.join(',')}&active=0`, { method: 'POST' });
    try {
      const parcel = await findParcelForSms(api);
      await acceptIntoBox(parcel.track_code);

      // two hours ahead: the message waits in the queue
      await page.goto(`${BASE_URL}/@next/notifier/sms/queues?body=${stamp}`);
      await waitForTable(page, 'archive-sms-queues');
      await expect.poll(async () => {
        await page.getByRole('button', { name: 'Yenilə' }).first().click();
        await waitForTable(page, 'archive-sms-queues');
        return tableRows(page, 'archive-sms-queues').count();
      }, { timeout: 30_000, interval: 1_000 }).toBe(1);
      const row = () => tableRows(page, 'archive-sms-queues').first();
      expect(await row().textContent()).toContain(`${stamp} ${parcel.track_code}`);
      expect(await row().textContent()).toContain('Gözləyir');
      const messageId = await row().locator('td').nth(1).textContent();
      const confirm = page.locator('.ant-modal-confirm:visible');

      // held back, then let go again (each after 'Diqqət'); a waiting message offers no resend
      await page.getByTestId(`message-menu-${messageId}`).click();
      expect(await page.getByRole('menuitem', { name: 'Yenidən göndər' }).count()).toBe(0);
      await page.getByRole('menuitem', { name: 'Dayandır' }).click();
      await confirm.getByRole('button', { name: 'Bəli' }).click();
      await expect.poll(async () => row().textContent()).toContain('Dayandırılıb');
      await page.waitForTimeout(500); // the confirmation's closing motion, for a clear screenshot
      await shot(page, 'notifier-sms-queue-paused');
      await page.getByTestId(`message-menu-${messageId}`).click();
      await page.getByRole('menuitem', { name: 'Aktivləşdir' }).click();
      await confirm.getByRole('button', { name: 'Bəli' }).click();
      await expect.poll(async () => row().textContent()).not.toContain('Dayandırılıb');
      expect(await row().textContent()).toContain('Aktiv');

      // the whole queue now: the message leaves the queue and is sent
      await page.getByTestId('archive-send-queue').click();
      await confirm.getByRole('button', { name: 'Bəli' }).click();
      await toast(page, 'Göndərilmək üçün növbəyə qoyuldu').waitFor();
      await expect.poll(async () => {
        await page.getByRole('button', { name: 'Yenilə' }).first().click();
        await waitForTable(page, 'archive-sms-queues');
        return tableRows(page, 'archive-sms-queues').count();
      }, { timeout: 30_000, interval: 1_000 }).toBe(0);
      await page.getByRole('tab', { name: 'Arxiv' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/notifier/sms'));
      await waitForTable(page, 'archive-sms-archive');
      await expect.poll(async () => tableRows(page, 'archive-sms-archive').first().textContent(), { timeout: 15_000 }).toContain('Göndərilib');
    } finally {
      await api(`/api/admin/templates/cancel?template_id=${templateId}`, { method: 'POST' });
      if (paused.length > 0) await api(`/api/admin/templates/active?template_id=${paused.join(',')}&active=1`, { method: 'POST' });
    }
    await context.close();
  }, 180_000);
});
