import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { bulkSends, notificationMessages, notificationTemplates, userNotificationSettings } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { grantPermissions } from '../../db/seed/demo-seed';
import { startNotifySimulators, type NotifySimulators } from '../../integrations/notify';
import { bearer, logInAs, postForm, startTestApp, TEST_DB, type TestContext } from '../../test/harness';

/*
 * Bulk sends (issue 20 item 4) on both databases: the recipients preview and count as clients read
 * them, the checks of a send, permissions, the send answering before anything is sent, retries and
 * permanent failures ending in the archive, cancel, and 10,000 recipients through the queue into the
 * SMS simulator.
 */

let ctx: TestContext;
let sims: NotifySimulators;
let admin: Record<string, string>;
let warehouseman: Record<string, string>;
const db = () => ctx.database.db;
const get = (url: string, headers: Record<string, string> = admin) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, fields: Record<string, string | number | string[]>, headers: Record<string, string> = admin) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: fields });

/** A day no demo customer registered on: the test's own customers are dated then, so `d` picks exactly them. */
const DAY = '2020-01-15';
const TEN_K_DAY = '2020-02-20';

/** Runs due jobs until the queue is empty (retries are due at once: NOTIFY_RETRY_SECONDS=0). */
async function drainJobs(limit = 10_000) {
  let total = 0;
  for (let i = 0; i < limit; i++) {
    const ran = await ctx.app.jobs.runDue();
    total += ran;
    if (ran === 0) return total;
  }
  throw new Error('jobs never drained');
}

async function bulkRow(id: number) {
  const [row] = await db().select().from(bulkSends).where(eq(bulkSends.id, id));
  return row!;
}

beforeAll(async () => {
  sims = await startNotifySimulators();
  ctx = await startTestApp({
    declarations: 300,
    env: { ...Object.fromEntries(Object.entries(sims.config).map(([k, v]) => [k, String(v)])), NOTIFY_RETRY_SECONDS: '0', NOTIFY_TIMEOUT_MS: '2000' },
  });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  const [w] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'anbar@example.az'));
  await grantPermissions(db(), w!.id, ['sms_archive']);
  warehouseman = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  // five customers of the test, registered on DAY: three take SMS and e-mail, one is opted out, one is blocked
  await db().execute(sql`
    insert into users (name, surname, email, phone, admin, branch_id, send_sms, send_mail, blocked, created_at)
    values ('Aysel', 'Əliyeva', 'aysel.bulk@example.az', '050 111 22 01', 0, 1, true, true, false, ${`${DAY} 10:00:00+04`}::timestamptz),
           ('Murad', 'Quliyev', 'murad.bulk@example.az', '+994 50 111 22 02', 0, 1, true, true, false, ${`${DAY} 11:00:00+04`}::timestamptz),
           ('Leyla', 'Həsənli', 'leyla.bulk@example.az', '0501112203', 0, 2, true, true, false, ${`${DAY} 12:00:00+04`}::timestamptz),
           ('Opt', 'Out', 'optout.bulk@example.az', '0501112204', 0, 1, false, false, false, ${`${DAY} 13:00:00+04`}::timestamptz),
           ('Blok', 'Lanmış', 'blocked.bulk@example.az', '0501112205', 0, 1, true, true, true, ${`${DAY} 14:00:00+04`}::timestamptz)`);
  const aysel = await db().select({ id: users.id }).from(users).where(eq(users.email, 'aysel.bulk@example.az'));
  await db().insert(userNotificationSettings).values({ userId: aysel[0]!.id, sendWhatsapp: true, sendPush: true, pushToken: 'device-aysel' });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await sims?.close();
});
beforeEach(() => {
  sims.sms.clear(); sims.whatsapp.clear(); sims.push.clear(); sims.smtp.clear();
  sims.sms.failNext(0); sims.smtp.failNext(0);
});

describe('[NOTIFY][BULK] recipients preview and count', () => {
  test('bulk_sms/getlist: customers who take SMS, with firstname, lastname and phoneNumber (normalised), and the total', async () => {
    const res = await get(`/api/admin/bulk_sms/getlist?search_id=filter&d=${DAY},${DAY}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.data).toEqual([
      expect.objectContaining({ firstname: 'Aysel', lastname: 'Əliyeva', phoneNumber: '994501112201' }),
      expect.objectContaining({ firstname: 'Murad', lastname: 'Quliyev', phoneNumber: '994501112202' }),
      expect.objectContaining({ firstname: 'Leyla', lastname: 'Həsənli', phoneNumber: '994501112203' }),
    ]);
    expect(typeof body.data[0].id).toBe('number');
  });

  test('filters combine: branch, and the count call agrees', async () => {
    const res = await get(`/api/admin/bulk_sms/getlist?search_id=filter&d=${DAY},${DAY}&branch_id[]=2`);
    expect(res.json().data.map((r: { firstname: string }) => r.firstname)).toEqual(['Leyla']);
    const count = await get(`/api/admin/bulk_sms/count?search_id=filter&d=${DAY},${DAY}&branch_id=1,2`);
    expect(count.json()).toEqual({ total: 3 });
  });

  test('bulk_mail/getlist has email; bulk_notification/getlist is nested and has only push takers', async () => {
    const mail = (await get(`/api/admin/bulk_mail/getlist?search_id=filter&d=${DAY},${DAY}`)).json();
    expect(mail.data.map((r: { email: string }) => r.email)).toEqual(['aysel.bulk@example.az', 'murad.bulk@example.az', 'leyla.bulk@example.az']);
    const push = (await get(`/api/admin/bulk_notification/getlist?search_id=filter&d=${DAY},${DAY}`)).json();
    expect(push).toEqual({ data: { data: [expect.objectContaining({ firstname: 'Aysel', lastname: 'Əliyeva' })], total: 1 } });
  });

  test('older clients\' forms: search_id as a number (2 = filter), d as a number of days', async () => {
    expect((await get(`/api/admin/bulk_sms/count?search_id=2&d=${DAY},${DAY}`)).json()).toEqual({ total: 3 });
    // none of the test's customers registered within the last 30 days (they are dated 2020)
    const recent = (await get('/api/admin/bulk_sms/getlist?search_id=filter&d=30&per_page=500')).json();
    expect(recent.data.some((r: { firstname: string }) => r.firstname === 'Aysel')).toBe(false);
    const since2019 = (await get(`/api/admin/bulk_sms/getlist?search_id=filter&d=${Math.ceil((Date.now() - Date.parse('2019-12-01')) / 86_400_000)}&per_page=500`)).json();
    expect(since2019.data.some((r: { firstname: string }) => r.firstname === 'Aysel')).toBe(true);
  });

  test('chosen customers: user_id[] with ids joined by commas, as clients send it', async () => {
    const ids = (await db().select({ id: users.id }).from(users).where(sql`${users.email} in ('aysel.bulk@example.az', 'murad.bulk@example.az', 'optout.bulk@example.az')`)).map((r) => r.id);
    const res = await get(`/api/admin/bulk_sms/getlist?search_id=users&user_id[]=${ids.join(',')}`);
    expect(res.statusCode).toBe(200);
    // the opted-out customer is not a recipient even when chosen
    expect(res.json().data.map((r: { firstname: string }) => r.firstname)).toEqual(['Aysel', 'Murad']);
    expect((await get('/api/admin/bulk_sms/getlist?search_id=users')).json().errors.user_id).toEqual(['Müştəri seçilməyib']);
  });

  test('typed numbers: normalised and de-duplicated; a bad one is a field error', async () => {
    const ok = (await get('/api/admin/bulk_sms/getlist?search_id=user_numbers&number[]=0501234567,994501234567,+994 55 765 43 21')).json();
    expect(ok.total).toBe(2);
    expect(ok.data.map((r: { phoneNumber: string }) => r.phoneNumber)).toEqual(['994501234567', '994557654321']);
    const bad = await get('/api/admin/bulk_sms/getlist?search_id=user_numbers&number[]=12');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.number[0]).toContain('12');
  });

  test('bulk_mail/export: the recipients as CSV', async () => {
    const res = await get(`/api/admin/bulk_mail/export?search_id=filter&d=${DAY},${DAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,firstname,lastname,email');
    expect(lines).toHaveLength(4);
  });
});

describe('[NOTIFY][BULK] checks and permissions', () => {
  test('no text, unknown template, audience of another channel, nobody matching: 422 with the field', async () => {
    const noBody = await post('/api/admin/bulk_sms/send', { search_id: 'filter', d: `${DAY},${DAY}` });
    expect(noBody.statusCode).toBe(422);
    expect(noBody.json().errors.body).toEqual(['Mətn daxil edilməyib']);
    const noTemplate = await post('/api/admin/bulk_mail/send', { search_id: 'filter', d: `${DAY},${DAY}`, template_id: '999999' });
    expect(noTemplate.json().errors.template_id).toEqual(['Şablon əldə edilə bilmədi']);
    const emailsForSms = await post('/api/admin/bulk_sms/send', { search_id: 'user_emails', 'email[]': ['a@b.az'], body: 'x' });
    expect(emailsForSms.statusCode).toBe(422);
    expect(emailsForSms.json().errors.search_id).toBeDefined();
    const nobody = await post('/api/admin/bulk_sms/send', { search_id: 'filter', d: '2019-01-01,2019-01-02', body: 'Salam' });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors.search_id).toEqual(['Bu filtrlərə uyğun alıcı yoxdur']);
    const placeholder = await post('/api/admin/bulk_sms/send', { search_id: 'filter', d: `${DAY},${DAY}`, body: 'Bağlama {track_code}' });
    expect(placeholder.statusCode).toBe(422);
    expect(placeholder.json().errors.body[0]).toContain('{track_code}');
    expect((await db().select().from(bulkSends)).length).toBe(0);
  });

  test('permissions: sms_archive opens bulk_sms only; without bulk_app_notification no push bulk', async () => {
    expect((await get(`/api/admin/bulk_sms/count?search_id=filter&d=${DAY},${DAY}`, warehouseman)).statusCode).toBe(200);
    expect((await get(`/api/admin/bulk_mail/getlist?search_id=all`, warehouseman)).statusCode).toBe(403);
    expect((await get(`/api/admin/bulk_whatsapp/getlist?search_id=all`, warehouseman)).statusCode).toBe(403);
    expect((await post('/api/admin/bulk_notification/send', { search_id: 'all', body: 'x' }, warehouseman)).statusCode).toBe(403);
  });
});

describe('[NOTIFY][BULK] sending through the queue', () => {
  test('send answers at once (nothing sent yet); the jobs send one SMS per recipient with the customer\'s name; history shows the progress', async () => {
    const res = await postForm(ctx.app, '/api/admin/bulk_sms/send', admin, { search_id: 'filter', d: `${DAY},${DAY}`, body: 'Hörmətli {customer_name}, endirim!' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ recipients_total: 3, status: 'queued' });
    expect(sims.sms.messages()).toHaveLength(0);
    await drainJobs();
    expect(sims.sms.messages().map((m) => m.body).sort()).toEqual([
      'Hörmətli Aysel Əliyeva, endirim!', 'Hörmətli Leyla Həsənli, endirim!', 'Hörmətli Murad Quliyev, endirim!',
    ]);
    const history = (await get('/api/admin/bulk_sms/history')).json();
    expect(history.data[0]).toMatchObject({ id: data.id, status: 'done', status_name: 'Başa çatdı', recipients_total: 3, sent: 3, failed: 0, progress: 100, created_by_name: 'Rəşad Məmmədov' });
    const archived = await db().select().from(notificationMessages).where(eq(notificationMessages.bulkId, data.id));
    expect(archived.every((m) => m.isSent && m.providerId && m.channel === 'sms')).toBe(true);
    // the SMS archive lists them as bulk messages
    expect(archived).toHaveLength(3);
  });

  test('a retryable failure is tried again; a permanent one ends in the archive with the provider\'s error', async () => {
    sims.sms.failNext(1, { retryable: false });
    const res = await post('/api/admin/bulk_sms/send', { search_id: 'user_numbers', 'number[]': ['0501230001', '0501230002', '0501230003'], body: 'Test' });
    const id = res.json().data.id as number;
    await ctx.app.jobs.runDue(); // expansion and the first batch: 1 permanent failure, 2 sent
    sims.sms.failNext(0);
    let bulk = await bulkRow(id);
    expect(bulk).toMatchObject({ sent: 2, failed: 1, status: 'done' });
    const failed = await db().select().from(notificationMessages).where(and(eq(notificationMessages.bulkId, id), eq(notificationMessages.isSent, false)));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toContain('invalid_number');
    expect(failed[0]!.retryAt).toBeNull();

    sims.sms.failNext(2); // retryable: both recipients fail once, then go through on the retry job
    const again = await post('/api/admin/bulk_sms/send', { search_id: 'user_numbers', 'number[]': ['0501230004', '0501230005'], body: 'Test 2' });
    const id2 = again.json().data.id as number;
    await drainJobs();
    bulk = await bulkRow(id2);
    expect(bulk).toMatchObject({ sent: 2, failed: 0, status: 'done' });
    const rows = await db().select().from(notificationMessages).where(eq(notificationMessages.bulkId, id2));
    expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
    expect(sims.sms.messages().filter((m) => m.body === 'Test 2')).toHaveLength(2);
  });

  test('mail bulk from a template: subject and text from the template, the plain and HTML parts rendered per customer', async () => {
    const [template] = await db().insert(notificationTemplates).values({
      name: 'Kampaniya', title: 'Yeni kampaniya', body: 'Salam {customer_first_name}! Kampaniya başladı.', templateTypeId: 2, modelId: 2, active: true,
    }).returning({ id: notificationTemplates.id });
    const res = await post('/api/admin/bulk_mail/send', { search_id: 'filter', d: `${DAY},${DAY}`, template_id: String(template!.id) });
    expect(res.statusCode).toBe(200);
    await drainJobs();
    const got = sims.smtp.messages();
    expect(got.map((m) => m.subject)).toEqual(['Yeni kampaniya', 'Yeni kampaniya', 'Yeni kampaniya']);
    expect(got.map((m) => m.text.trim()).sort()).toEqual(['Salam Aysel! Kampaniya başladı.', 'Salam Leyla! Kampaniya başladı.', 'Salam Murad! Kampaniya başladı.']);
    expect(got[0]!.html).toContain('Kampaniya başladı.');
  });

  test('push and WhatsApp bulks reach their simulators', async () => {
    await post('/api/admin/bulk_notification/send', { search_id: 'filter', d: `${DAY},${DAY}`, title: 'Xəbər', body: 'Yeni filial açıldı' });
    await post('/api/admin/bulk_whatsapp/send', { search_id: 'users', 'user_id[]': (await db().select({ id: users.id }).from(users).where(eq(users.email, 'aysel.bulk@example.az')))[0]!.id.toString(), body: 'Salam' });
    await drainJobs();
    expect(sims.push.messages()).toEqual([expect.objectContaining({ to: 'device-aysel', title: 'Xəbər', body: 'Yeni filial açıldı' })]);
    expect(sims.whatsapp.messages()).toEqual([expect.objectContaining({ to: '994501112201', body: 'Salam' })]);
  });

  test('a planned bulk waits; cancelling it holds its messages back', async () => {
    const planned = new Date(Date.now() + 3_600_000).toLocaleString('sv-SE', { timeZone: 'Asia/Baku' });
    const res = await post('/api/admin/bulk_sms/send', { search_id: 'filter', d: `${DAY},${DAY}`, body: 'Sabah', planned_at: planned });
    const id = res.json().data.id as number;
    await drainJobs();
    expect(sims.sms.messages()).toHaveLength(0);
    const history = (await get('/api/admin/bulk_sms/history?status=queued')).json();
    expect(history.data[0]).toMatchObject({ id, status: 'queued', planned_at: planned.slice(0, 16) + planned.slice(16) });
    const cancel = await post('/api/admin/bulk_sms/cancel', { id: String(id) });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ id, status: 'cancelled' });
    expect((await post('/api/admin/bulk_sms/cancel', { id: String(id) })).statusCode).toBe(422);
    expect((await post('/api/admin/bulk_mail/cancel', { id: String(id) })).statusCode).toBe(404);
  });
});

describe('[NOTIFY][BULK] 10,000 recipients', () => {
  test('complete through the queue into the SMS simulator, each once', async () => {
    await db().execute(sql`
      insert into users (name, surname, email, phone, admin, branch_id, send_sms, created_at)
      select 'Müştəri', 'N' || g, 'bulk10k-' || g || '@example.az', '070' || lpad(g::text, 7, '0'), 0, 1, true, ${`${TEN_K_DAY} 09:00:00+04`}::timestamptz
      from generate_series(1, 10000) g`);
    const started = Date.now();
    const res = await post('/api/admin/bulk_sms/send', { search_id: 'filter', d: `${TEN_K_DAY},${TEN_K_DAY}`, body: 'Endirim {customer_code}' });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const id = res.json().data.id as number;
    await drainJobs();
    const seconds = (Date.now() - started) / 1000;
    console.log(`[bulk 10k ${TEST_DB}] ${seconds.toFixed(1)} s`);
    const bulk = await bulkRow(id);
    expect(bulk).toMatchObject({ recipientsTotal: 10_000, enqueued: 10_000, sent: 10_000, failed: 0, status: 'done' });
    const received = sims.sms.messages().filter((m) => m.body.startsWith('Endirim '));
    expect(received).toHaveLength(10_000);
    expect(new Set(received.map((m) => m.to)).size).toBe(10_000);
  }, 300_000);
});
