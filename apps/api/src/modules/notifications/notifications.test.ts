import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { notificationMessages, notificationStatusEvents, notificationTemplates, userNotificationSettings } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { grantPermissions } from '../../db/seed/demo-seed';
import { startNotifySimulators, type NotifySimulators } from '../../integrations/notify';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';
import { dispatchStatusEvents } from './dispatch';

/*
 * Issue 20 items 1–3 on both databases: templates (placeholders checked at save), a declaration status
 * change with active templates → exactly one message per channel at the simulators (also when jobs
 * run again), opt-outs, failures retried and archived with their error, archive filters and sends,
 * permissions.
 */

let ctx: TestContext;
let sims: NotifySimulators;
let admin: Record<string, string>;
let noRights: Record<string, string>;
let customerId: number;
let optedOutId: number;
let pool: number[];
let demoMaxMessageId = 0;

const db = () => ctx.database.db;
const post = (url: string, headers: Record<string, string>, fields: Record<string, string | number> = {}) => postForm(ctx.app, url, headers, fields);
const get = (url: string, headers: Record<string, string> = admin) => ctx.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  sims = await startNotifySimulators();
  ctx = await startTestApp({ declarations: 300, env: Object.fromEntries(Object.entries(sims.config).map(([k, v]) => [k, String(v)])) });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  const [warehouseman] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'anbar@example.az'));
  await grantPermissions(db(), warehouseman!.id, ['local_warehouse']);
  noRights = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  const customers = await db().select({ id: users.id }).from(users).where(and(eq(users.admin, 0), sql`${users.deletedAt} is null`, eq(users.blocked, false))).orderBy(users.id).limit(2);
  customerId = customers[0]!.id;
  optedOutId = customers[1]!.id;
  await db().update(users).set({ phone: '050 123 45 67', email: 'musteri@example.az', sendSms: true, sendMail: true }).where(eq(users.id, customerId));
  await db().insert(userNotificationSettings).values({ userId: customerId, sendWhatsapp: true, sendPush: true, pushToken: 'device-token-1' })
    .onConflictDoUpdate({ target: userNotificationSettings.userId, set: { sendWhatsapp: true, sendPush: true, pushToken: 'device-token-1' } });
  await db().update(users).set({ phone: '0557654321', email: 'optout@example.az', sendSms: false, sendMail: false }).where(eq(users.id, optedOutId));
  await db().delete(userNotificationSettings).where(eq(userNotificationSettings.userId, optedOutId));
  demoMaxMessageId = Number((await db().execute<{ n: number }>(sql`select coalesce(max(id), 0)::int n from notification_messages`)).rows[0]!.n);
  // parcels the demo archive has no message about
  pool = (await db().select({ id: declarations.id }).from(declarations)
    .where(sql`${declarations.deletedAt} is null and not exists (select 1 from notification_messages m where m.model_id = 2 and m.object_id = ${declarations.id})`)
    .orderBy(declarations.id)).map((r) => r.id);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await sims?.close();
});

/** Only this test's templates are active (the demo's are switched off). */
beforeEach(async () => {
  await db().update(notificationTemplates).set({ active: false });
  await db().delete(notificationStatusEvents);
  sims.sms.clear(); sims.whatsapp.clear(); sims.push.clear(); sims.smtp.clear();
});

async function parcelAt(status: number, userId: number) {
  const id = pool.shift();
  if (id === undefined) throw new Error('demo declarations used up');
  const [row] = await db().update(declarations).set({ statusId: status, userId, payed: false }).where(eq(declarations.id, id))
    .returning({ id: declarations.id, trackCode: declarations.trackCode, weight: declarations.weight });
  return row!;
}

async function createTemplate(fields: Record<string, string | number>) {
  const res = await post('/api/admin/templates/create', admin, { name: 'Test', title: '', model_id: 2, active: '1', delay: 0, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as number;
}

/** One template per channel for parcels reaching status 9 (accepted into the local warehouse). */
async function templatesForStatus9(delay = 0) {
  const body = 'Hörmətli {customer_name}, {track_code} bağlamanız ({weight} kq) {branch} filialındadır.';
  return {
    sms: await createTemplate({ template_type_id: 1, state_id: 9, body, delay }),
    mail: await createTemplate({ template_type_id: 2, state_id: 9, title: 'Bağlama {track_code}', body, delay }),
    push: await createTemplate({ template_type_id: 3, state_id: 9, title: 'Bağlama gəldi', body, delay }),
    whatsapp: await createTemplate({ template_type_id: 4, state_id: 9, body, delay }),
  };
}

const toNine = (id: number) => post(`/api/admin/declaration/edit/state?declaration_id=${id}&state_id=9`, admin, { descr: 'test' });
/** The messages this file's tests made about a parcel (the demo archive has some of its own). */
const messagesOf = (objectId: number) => db().select().from(notificationMessages)
  .where(and(eq(notificationMessages.modelId, 2), eq(notificationMessages.objectId, objectId), sql`${notificationMessages.id} > ${demoMaxMessageId}`))
  .orderBy(notificationMessages.id);
/** Jobs waiting for a back-off run now (the test does not wait 30 s). */
const makeJobsDue = () => db().execute(sql`update jobs set run_at = now() where status = 'queued'`);

describe('[NOTIFY][DEMO] demo data', () => {
  test('templates for every channel and an archive of a few hundred messages, sent, failed and waiting', async () => {
    const templates = await db().select().from(notificationTemplates);
    expect(new Set(templates.map((t) => t.templateTypeId))).toEqual(new Set([1, 2, 3, 4]));
    const counts = await db().execute<{ channel: string; n: number; sent: number; failed: number; waiting: number }>(sql`
      select channel, count(*)::int n, count(*) filter (where is_sent)::int sent, count(*) filter (where error is not null)::int failed,
             count(*) filter (where not is_sent and error is null)::int waiting
      from notification_messages where created_by is null group by channel`);
    const total = counts.rows.reduce((n, r) => n + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(150);
    expect(counts.rows.map((r) => r.channel)).toEqual(expect.arrayContaining(['sms', 'mail', 'whatsapp']));
    expect(counts.rows.some((r) => r.failed > 0)).toBe(true);
    expect(counts.rows.some((r) => r.waiting > 0)).toBe(true);
    const list = (await get('/api/admin/archive/sms?per_page=5')).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.data[0].body).not.toMatch(/\{[a-z_]+\}/);
  });
});

describe('[NOTIFY][TEMPLATES] templates/*', () => {
  test('an unknown placeholder is refused at save time with a 422 on body; a known one saves', async () => {
    const bad = await post('/api/admin/templates/create', admin, { name: 'X', template_type_id: 1, model_id: 2, state_id: 9, body: 'Salam {customer_nam}, {track_code}', active: '1', delay: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.body[0]).toContain('{customer_nam}');
    const unclosed = await post('/api/admin/templates/create', admin, { name: 'X', template_type_id: 1, model_id: 2, state_id: 9, body: 'Salam {customer_name', active: '1', delay: 0 });
    expect(unclosed.statusCode).toBe(422);
    expect(unclosed.json().errors.body).toBeDefined();
    const badTitle = await post('/api/admin/templates/create', admin, { name: 'X', template_type_id: 2, model_id: 2, state_id: 9, title: '{nope}', body: 'ok', active: '1', delay: 0 });
    expect(badTitle.json().errors.title[0]).toContain('{nope}');
    const unknownState = await post('/api/admin/templates/create', admin, { name: 'X', template_type_id: 1, model_id: 2, state_id: 999, body: 'ok', active: '1', delay: 0 });
    expect(unknownState.statusCode).toBe(422);
    expect(unknownState.json().errors.state_id).toBeDefined();

    const id = await createTemplate({ template_type_id: 4, state_id: 9, body: '{customer_name}: {track_code}', delay: 15, name: 'WhatsApp qəbul' });
    const info = await get(`/api/admin/templates/info?id=${id}`);
    expect(info.json().data).toMatchObject({
      id, name: 'WhatsApp qəbul', template_type_id: 4, template_type_name: 'WhatsApp', model_id: 2, state_id: 9, active: 1, delay: 15,
      tariff_category_id: 0, html_template_id: 0,
    });
    expect(info.json().data.state_name).not.toBe('');
    const edited = await post('/api/admin/templates/edit', admin, { template_id: id, name: 'WhatsApp qəbul 2', template_type_id: 4, model_id: 2, state_id: 9, body: '{unknown_thing}', active: '1', delay: 0 });
    expect(edited.statusCode).toBe(422);
    expect((await get(`/api/admin/templates/info?id=${id}`)).json().data.body).toBe('{customer_name}: {track_code}');
  });

  test('list filters, active switch, cancel and the missing template message', async () => {
    const a = await createTemplate({ template_type_id: 1, state_id: 36, body: 'A {track_code}', name: 'Gömrük SMS' });
    const b = await createTemplate({ template_type_id: 4, state_id: 36, body: 'B {track_code}', name: 'Gömrük WA' });
    const byType = (await get('/api/admin/templates/list?template_type_id=4&state_name=36&per_page=200')).json();
    expect(byType.data.map((r: { id: number }) => r.id)).toContain(b);
    expect(byType.data.map((r: { id: number }) => r.id)).not.toContain(a);
    expect(byType.data.every((r: { template_type_id: number }) => r.template_type_id === 4)).toBe(true);
    const byStateName = await get(`/api/admin/templates/list?state_name=${encodeURIComponent('saxlanılıb')}&model_name=${encodeURIComponent('Bağlama')}&per_page=200`);
    expect(byStateName.statusCode, byStateName.body).toBe(200);
    expect(byStateName.json().data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([a, b]));
    expect(byStateName.json().data.every((r: { state_name: string }) => r.state_name.includes('saxlanılıb'))).toBe(true);
    const byName = (await get('/api/admin/templates/list?name=Gömrük%20SMS')).json();
    expect(byName.data.map((r: { id: number }) => r.id)).toEqual([a]);
    const off = await post(`/api/admin/templates/active?template_id=${a},${b}&active=0`, admin);
    expect(off.statusCode, off.body).toBe(200);
    const inactive = (await get('/api/admin/templates/list?active=0&per_page=200')).json().data.map((r: { id: number }) => r.id);
    expect(inactive).toEqual(expect.arrayContaining([a, b]));
    expect((await post(`/api/admin/templates/cancel?template_id=${a}`, admin)).statusCode).toBe(200);
    const gone = await get(`/api/admin/templates/info?id=${a}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Şablon əldə edilə bilmədi');
  });

  test('preview renders a real parcel', async () => {
    const parcel = await parcelAt(9, customerId);
    const res = await post('/api/admin/templates/preview', admin, { body: '{track_code} — {customer_name}', declaration_id: parcel.id });
    expect(res.statusCode, res.body).toBe(200);
    const [customer] = await db().select().from(users).where(eq(users.id, customerId));
    expect(res.json().data.body).toBe(`${parcel.trackCode} — ${customer!.name} ${customer!.surname}`.trim());
    const bad = await post('/api/admin/templates/preview', admin, { body: '{nope}' });
    expect(bad.statusCode).toBe(422);
  });

  test('permissions: 403 without notification_templates / the archive codes', async () => {
    for (const url of ['/api/admin/templates/list', '/api/admin/archive/sms', '/api/admin/archive/whatsapp_queues', '/api/admin/archive/mail', '/api/admin/sms_balance']) {
      expect((await get(url, noRights)).statusCode, url).toBe(403);
    }
    expect((await post('/api/admin/templates/create', noRights, { name: 'x', template_type_id: 1, body: 'x' })).statusCode).toBe(403);
    expect((await post('/api/admin/archive/send_sms', noRights)).statusCode).toBe(403);
  });
});

describe('[NOTIFY][DISPATCH] a status change with active templates', () => {
  test('one message per channel at the simulators, rendered; jobs run again and a repeated event add nothing', async () => {
    await templatesForStatus9();
    const parcel = await parcelAt(7, customerId);
    expect((await toNine(parcel.id)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    const rows = await messagesOf(parcel.id);
    expect(rows.map((r) => r.channel).sort()).toEqual(['mail', 'push', 'sms', 'whatsapp']);
    expect(rows.every((r) => r.isSent && r.providerId && !r.error)).toBe(true);
    expect(sims.sms.messages()).toHaveLength(1);
    expect(sims.whatsapp.messages()).toHaveLength(1);
    expect(sims.push.messages()).toHaveLength(1);
    expect(sims.smtp.messages()).toHaveLength(1);
    expect(sims.sms.messages()[0]!.to).toContain('994501234567');
    expect(sims.sms.messages()[0]!.body).toContain(parcel.trackCode);
    expect(sims.smtp.messages()[0]!.subject).toBe(`Bağlama ${parcel.trackCode}`);
    expect(sims.smtp.messages()[0]!.to.join()).toContain('musteri@example.az');

    // the send jobs run again (a retried job): the rows are sent, nothing more goes out
    for (const row of rows) await ctx.app.jobs.enqueue(db(), 'notifications.send', { id: row.id });
    await ctx.app.jobs.runDue();
    // the same status change captured twice (a retried outbox job): the event key stops a second message
    const [history] = await db().execute<{ id: number }>(sql`select id from status_history where model_id = 2 and object_id = ${parcel.id} order by id desc limit 1`).then((r) => r.rows);
    await db().insert(notificationStatusEvents).values({ historyId: Number(history!.id), modelId: 2, objectId: parcel.id, stateId: 9 });
    await dispatchStatusEvents(db(), ctx.app.jobs, ctx.config.APP_TIMEZONE);
    await ctx.app.jobs.runDue();
    expect(await messagesOf(parcel.id)).toHaveLength(4);
    expect(sims.sms.messages()).toHaveLength(1);
    expect(sims.whatsapp.messages()).toHaveLength(1);
    expect(sims.push.messages()).toHaveLength(1);
    expect(sims.smtp.messages()).toHaveLength(1);
  });

  test('a bulk status change by ids sends once per parcel and channel', async () => {
    await templatesForStatus9();
    const parcels = [await parcelAt(7, customerId), await parcelAt(7, customerId), await parcelAt(7, customerId)];
    const res = await post('/api/admin/v2/declaration/edit/state', admin, { declaration_ids: parcels.map((p) => p.id).join(','), new_state_id: 9, new_descr: 'toplu' });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect(sims.sms.messages()).toHaveLength(3);
    expect(sims.smtp.messages()).toHaveLength(3);
    for (const p of parcels) expect(sims.sms.messages().filter((m) => m.body.includes(p.trackCode)), p.trackCode).toHaveLength(1);
  });

  test('an opted-out customer gets nothing; no active template means no message', async () => {
    await templatesForStatus9();
    const parcel = await parcelAt(7, optedOutId);
    expect((await toNine(parcel.id)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(await messagesOf(parcel.id)).toHaveLength(0);
    expect(sims.sms.messages()).toHaveLength(0);
    expect(sims.smtp.messages()).toHaveLength(0);

    await db().update(notificationTemplates).set({ active: false });
    const other = await parcelAt(7, customerId);
    expect((await toNine(other.id)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(await messagesOf(other.id)).toHaveLength(0);
    expect(await db().select().from(notificationStatusEvents)).toHaveLength(0);
  });

  test("a template of the parcel's tariff category wins over a general one; another category's is not used", async () => {
    const categories = await db().execute<{ id: number }>(sql`select id from tariff_categories where deleted_at is null order by id limit 2`);
    const [mine, other] = categories.rows.map((r) => Number(r.id));
    await createTemplate({ template_type_id: 1, state_id: 9, body: 'Ümumi {track_code}' });
    await createTemplate({ template_type_id: 1, state_id: 9, body: 'Xüsusi {track_code}', tariff_category_id: mine! });
    const parcel = await parcelAt(7, customerId);
    await db().update(declarations).set({ planCategoryId: mine! }).where(eq(declarations.id, parcel.id));
    await toNine(parcel.id);
    const plain = await parcelAt(7, customerId);
    await db().update(declarations).set({ planCategoryId: other ?? null }).where(eq(declarations.id, plain.id));
    await toNine(plain.id);
    await ctx.app.jobs.runDue();
    expect((await messagesOf(parcel.id)).map((m) => m.body)).toEqual([`Xüsusi ${parcel.trackCode}`]);
    expect((await messagesOf(plain.id)).map((m) => m.body)).toEqual([`Ümumi ${plain.trackCode}`]);
  });

  test('a customer opted in through notification_settings gets the channel; staff accounts have none; 403 without the user codes', async () => {
    await createTemplate({ template_type_id: 4, state_id: 9, body: 'WA {track_code}' });
    await createTemplate({ template_type_id: 1, state_id: 9, body: 'SMS {track_code}' });
    const before = (await get(`/api/admin/notification_settings?user_id=${optedOutId}`)).json().data;
    expect(before).toMatchObject({ user_id: optedOutId, send_sms: 0, send_mail: 0, send_whatsapp: 0, send_push: 0, has_push_token: 0 });
    const saved = await post('/api/admin/notification_settings', admin, { user_id: optedOutId, send_whatsapp: '1' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ send_whatsapp: 1, send_sms: 0 });
    const parcel = await parcelAt(7, optedOutId);
    await toNine(parcel.id);
    await ctx.app.jobs.runDue();
    expect((await messagesOf(parcel.id)).map((m) => m.channel)).toEqual(['whatsapp']);
    expect(sims.whatsapp.messages()[0]!.body).toBe(`WA ${parcel.trackCode}`);
    await post('/api/admin/notification_settings', admin, { user_id: optedOutId, send_whatsapp: '0' });

    const [staff] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'ofis@example.az'));
    expect((await get(`/api/admin/notification_settings?user_id=${staff!.id}`)).statusCode).toBe(422);
    expect((await get(`/api/admin/notification_settings?user_id=${optedOutId}`, noRights)).statusCode).toBe(403);
    expect((await post('/api/admin/notification_settings', noRights, { user_id: optedOutId, send_sms: '1' })).statusCode).toBe(403);
  });

  test('the template delay sets the due time; nothing goes before it', async () => {
    await createTemplate({ template_type_id: 1, state_id: 9, body: '{track_code}', delay: 30 });
    const parcel = await parcelAt(7, customerId);
    await toNine(parcel.id);
    await ctx.app.jobs.runDue();
    const [row] = await messagesOf(parcel.id);
    expect(row!.isSent).toBe(false);
    expect(row!.sendAt.getTime() - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(sims.sms.messages()).toHaveLength(0);
    const queue = (await get(`/api/admin/archive/sms_queues?id=${row!.id}`)).json();
    expect(queue.data).toHaveLength(1);
    expect(queue.data[0]).toMatchObject({ id: row!.id, sent: 0, active: 1 });
  });

  test('a failing provider is retried with back-off and the message archived with its error', async () => {
    await createTemplate({ template_type_id: 1, state_id: 9, body: 'Retry {track_code}' });
    const parcel = await parcelAt(7, customerId);
    sims.sms.failNext(1, { status: 503, retryable: true });
    await toNine(parcel.id);
    await ctx.app.jobs.runDue();
    let [row] = await messagesOf(parcel.id);
    expect(row).toMatchObject({ isSent: false, attempts: 1, providerState: 'retrying' });
    expect(row!.error).toBeTruthy();
    expect(row!.retryAt).not.toBeNull();
    const archived = (await get(`/api/admin/archive/sms?id=${row!.id}`)).json().data[0];
    expect(archived).toMatchObject({ sent: 0, attempts: 1 });
    expect(archived.error).not.toBe('');
    await makeJobsDue();
    await ctx.app.jobs.runDue();
    [row] = await messagesOf(parcel.id);
    expect(row).toMatchObject({ isSent: true, attempts: 2, error: null });
    expect(sims.sms.messages().filter((m) => m.body.includes(parcel.trackCode))).toHaveLength(1);
  });

  test('a permanent failure is not retried; a provider down through every attempt leaves the error and a failed job', async () => {
    await createTemplate({ template_type_id: 1, state_id: 9, body: 'Perm {track_code}' });
    const first = await parcelAt(7, customerId);
    sims.sms.failNext(1, { status: 400, retryable: false });
    await toNine(first.id);
    await ctx.app.jobs.runDue();
    await makeJobsDue();
    await ctx.app.jobs.runDue();
    const [perm] = await messagesOf(first.id);
    expect(perm).toMatchObject({ isSent: false, attempts: 1, retryAt: null, providerState: 'failed' });
    expect(perm!.error).toBeTruthy();

    const second = await parcelAt(7, customerId);
    sims.sms.failNext(10, { status: 503, retryable: true });
    await toNine(second.id);
    for (let i = 0; i < 6; i++) {
      await ctx.app.jobs.runDue();
      await makeJobsDue();
    }
    const [down] = await messagesOf(second.id);
    expect(down).toMatchObject({ isSent: false, attempts: 5, retryAt: null });
    expect(down!.error).toBeTruthy();
    const job = await db().execute<{ status: string }>(sql`select status from jobs where name = 'notifications.send' and payload->>'id' = ${String(down!.id)} order by id desc limit 1`);
    expect(job.rows[0]!.status).toBe('failed');
    expect(sims.sms.messages()).toHaveLength(0);
    sims.sms.failNext(0);
  });
});

describe('[NOTIFY][ARCHIVE] archive/*', () => {
  test('filters: user, number, sent, model, date range, body; queue holds only unsent', async () => {
    await createTemplate({ template_type_id: 1, state_id: 9, body: 'Arxiv {track_code}' });
    const parcel = await parcelAt(7, customerId);
    await toNine(parcel.id);
    await ctx.app.jobs.runDue();
    const [row] = await messagesOf(parcel.id);
    const list = async (q: string) => (await get(`/api/admin/archive/sms?per_page=200&${q}`)).json();
    const mine = await list(`user_id=${customerId}`);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((r: { user_id: number }) => r.user_id === customerId)).toBe(true);
    const one = (await list(`object_id=${parcel.id}`)).data;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ id: row!.id, number: '994501234567', sent: 1, bulk: 0, model_id: 2, object_id: parcel.id, active: 1 });
    expect(JSON.parse(one[0].params).track_code).toBe(parcel.trackCode);
    expect(one[0].sended_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await list(`phone=4501234567&object_id=${parcel.id}`)).data).toHaveLength(1);
    expect((await list(`phone=999999&object_id=${parcel.id}`)).data).toHaveLength(0);
    expect((await list(`sent=0&object_id=${parcel.id}`)).data).toHaveLength(0);
    expect((await list(`model_name=2&object_id=${parcel.id}`)).data).toHaveLength(1);
    expect((await list(`body=${encodeURIComponent(`Arxiv ${parcel.trackCode}`)}`)).data).toHaveLength(1);
    expect((await list(`created_at=2000-01-01 00:00:00,2000-01-02 00:00:00&object_id=${parcel.id}`)).data).toHaveLength(0);
    expect((await list(`created_at=2000-01-01 00:00:00,&object_id=${parcel.id}`)).data).toHaveLength(1);
    expect((await get(`/api/admin/archive/sms_queues?per_page=200&object_id=${parcel.id}`)).json().data).toHaveLength(0);
    // the mail archive names the address `email` and sees no SMS
    const mail = (await get(`/api/admin/archive/mail?object_id=${parcel.id}`)).json();
    expect(mail.data).toHaveLength(0);
  });

  test('hold back and release, resend, ad-hoc send, the queue sent now, status and balance', async () => {
    await createTemplate({ template_type_id: 1, state_id: 9, body: 'Hold {track_code}', delay: 60 });
    const parcel = await parcelAt(7, customerId);
    await toNine(parcel.id);
    await ctx.app.jobs.runDue();
    const [waiting] = await messagesOf(parcel.id);
    const held = await get(`/api/admin/archive/sms_active?sms_id=${waiting!.id}&active=0`);
    expect(held.statusCode, held.body).toBe(200);
    expect((await get(`/api/admin/archive/sms_queues?id=${waiting!.id}`)).json().data[0].active).toBe(0);
    // the queue sent now (every waiting message of the channel) skips a held one
    const ofParcel = () => sims.sms.messages().filter((m) => m.body.includes(parcel.trackCode));
    expect((await post('/api/admin/archive/send_sms', admin)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(ofParcel()).toHaveLength(0);
    await get(`/api/admin/archive/sms_active?sms_id=${waiting!.id}&active=1`);
    const flushed = await post('/api/admin/archive/send_sms', admin);
    expect(flushed.json().data.ids).toContain(waiting!.id);
    await ctx.app.jobs.runDue();
    expect(ofParcel()).toHaveLength(1);

    const resend = await post('/api/admin/archive/send_sms', admin, { sms_id: waiting!.id });
    expect(resend.statusCode, resend.body).toBe(200);
    const [copyId] = resend.json().data.ids;
    expect(copyId).not.toBe(waiting!.id);
    await ctx.app.jobs.runDue();
    expect(ofParcel()).toHaveLength(2);
    const copy = (await get(`/api/admin/archive/sms?id=${copyId}`)).json().data[0];
    expect(copy).toMatchObject({ user_id: customerId, object_id: parcel.id, sent: 1, number: '994501234567' });

    const adHoc = await post('/api/admin/archive/send_whatsapp', admin, { user_id: optedOutId, body: 'Salam {customer_first_name}' });
    expect(adHoc.statusCode, adHoc.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect(sims.whatsapp.messages()).toHaveLength(1);
    expect(sims.whatsapp.messages()[0]!.to).toContain('994557654321');
    const badAdHoc = await post('/api/admin/archive/send_mail', admin, { body: 'x' });
    expect(badAdHoc.statusCode).toBe(422);

    const status = await get(`/api/admin/archive/sms_status?sms_id=${copyId}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.headers['content-type']).toContain('text/plain');
    expect(status.body.length).toBeGreaterThan(0);
    // an SMS-archive holder reaches SMS messages only, whichever archive path names the id
    const [mailRow] = await db().select({ id: notificationMessages.id }).from(notificationMessages).where(eq(notificationMessages.channel, 'mail')).limit(1);
    const [warehouseman] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'anbar@example.az'));
    await grantPermissions(db(), warehouseman!.id, ['sms_archive']);
    expect((await get(`/api/admin/archive/sms_active?sms_id=${mailRow!.id}&active=1`, noRights)).statusCode).toBe(403);
    expect((await get(`/api/admin/archive/sms_active?sms_id=${copyId}&active=1`, noRights)).statusCode).toBe(200);
    await grantPermissions(db(), warehouseman!.id, ['local_warehouse']);

    const balance = await get('/api/admin/sms_balance');
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json().data).toMatchObject({ configured: true });
    expect(typeof balance.json().data.obj).toBe('number');
  });
});
