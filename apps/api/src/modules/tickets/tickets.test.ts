import type { TicketInfoReply, TicketListRow } from '@app/contract/tickets';
import { TICKET_STATE } from '@app/contract/tickets';
import { azTickets } from '@app/contract/texts/az-tickets';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notificationMessages } from '../../db/schema/notifications';
import { ticketMessages, tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';
import { writeCustomerMessage } from './service';

/*
 * Support tickets (issue 20 item 5): the conversation's rules, attachments stored and served, the
 * unread flag, state changes, categories, ticket templates, permissions and the sidebar count.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>; // back office: tickets, not ticket_templates
let anbar: Record<string, string>; // warehouseman: neither
let customerId: number;
let otherCustomerId: number;
let ofisId: number;
let categoryId: number;

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 50 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  const customers = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(2);
  customerId = customers[0]!.id;
  otherCustomerId = customers[1]!.id;
  ofisId = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'ofis@example.az')))[0]!.id;
  categoryId = (await get('/api/admin/tickets/categories?per_page=1000', admin)).json().data[0].id;
});
afterAll(() => ctx.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-body-bytes')]);
const PDF = Buffer.from('%PDF-1.4\n% a tiny test document\n');

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });
const post = (url: string, headers: Record<string, string>, fields: Record<string, string | number> = {}) => postForm(ctx.app, url, headers, fields);

/** A multipart POST as real clients send it: text fields and files under `document_file[N]`. */
function postMultipart(url: string, headers: Record<string, string>, fields: Record<string, string | number>, files: { name: string; data: Buffer; type?: string }[] = []) {
  const boundary = `----tickets${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  files.forEach((f, i) => {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_file[${i}]"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(f.data, Buffer.from('\r\n'));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({ method: 'POST', url, payload: Buffer.concat(parts), headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

const info = async (id: number, as = admin) => {
  const res = await get(`/api/admin/tickets/info?ticket_id=${id}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketInfoReply;
};
const row = async (id: number) => ((await get(`/api/admin/tickets/list?id=${id}`, admin)).json().data as TicketListRow[])[0]!;
const badge = async (as = admin) => (await ctx.app.inject({ method: 'POST', url: '/api/admin/notification/count', headers: as })).json().data.ticket as number;
const messageCount = async () => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(ticketMessages))[0]!.n;

async function openTicket(fields: Record<string, string | number> = {}, files: { name: string; data: Buffer }[] = []) {
  const res = await postMultipart('/api/admin/tickets/create', ofis, { user_id: customerId, ticket_category_id: categoryId, message: 'Bağlamam haradadır?', ...fields }, files);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

describe('[TICKETS][LIST] the supports table', () => {
  test('rows are flat with the fields clients read; filters narrow them; unread first by the action bar', async () => {
    const all = await get('/api/admin/tickets/list?per_page=50', admin);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as { data: TicketListRow[]; total: number };
    expect(body.total).toBeGreaterThan(100); // the demo's few hundred
    const first = body.data[0]!;
    expect(first).toMatchObject({ id: expect.any(Number), ticket_category_name: expect.any(String), user_name: expect.any(String), state_name: expect.any(String) });
    expect(typeof first.new_message_count).toBe('string');
    expect([0, 1]).toContain(first.is_new_admin);
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the executor's id only when there is one (its name '' then)
    for (const r of body.data) expect(r.user_id_admin === undefined ? r.user_name_admin === '' && !('user_id_admin' in r) : r.user_name_admin !== '').toBe(true);

    const unread = (await get('/api/admin/tickets/list?is_new_admin=1&per_page=500', admin)).json() as { data: TicketListRow[]; total: number };
    expect(unread.total).toBeGreaterThan(0);
    expect(unread.data.every((r) => r.is_new_admin === 1)).toBe(true);
    const read = (await get('/api/admin/tickets/list?is_new_admin=0&per_page=5', admin)).json() as { data: TicketListRow[]; total: number };
    expect(read.data.every((r) => r.is_new_admin === 0)).toBe(true);
    expect(read.total + unread.total).toBe(body.total);

    const byCategory = (await get(`/api/admin/tickets/list?ticket_category_id=${categoryId}&per_page=500`, admin)).json().data as TicketListRow[];
    expect(byCategory.length).toBeGreaterThan(0);
    expect(byCategory.every((r) => r.ticket_category_id === categoryId)).toBe(true);
    const closed = (await get(`/api/admin/tickets/list?state_id=3&per_page=500`, admin)).json().data as TicketListRow[];
    expect(closed.every((r) => r.state_id === 3 && r.state_name === 'Bağlanıb')).toBe(true);
    const mine = (await get(`/api/admin/tickets/list?user_id=${first.user_id}&per_page=500`, admin)).json().data as TicketListRow[];
    expect(mine.every((r) => r.user_id === first.user_id)).toBe(true);
    const future = (await get(`/api/admin/tickets/list?created_at=${encodeURIComponent('2090-01-01 00:00:00,2091-01-01 00:00:00')}`, admin)).json();
    expect(future.total).toBe(0);
    const sorted = (await get('/api/admin/tickets/list?sort_column=created_at&sort_order=asc&per_page=3', admin)).json().data as TicketListRow[];
    expect(sorted[0]!.created_at <= sorted[2]!.created_at).toBe(true);
    expect((await get('/api/admin/tickets/list?state_id=abc', admin)).statusCode).toBe(422);
    // text filters as clients type them: a category by a part of its name, an id that is not a number matches nothing
    const customs = (await get(`/api/admin/tickets/list?ticket_category_id=${encodeURIComponent('gömrük')}&per_page=500`, admin)).json().data as TicketListRow[];
    expect(customs.length).toBeGreaterThan(0);
    expect(customs.every((r) => r.ticket_category_name === 'Gömrük')).toBe(true);
    expect((await get('/api/admin/tickets/list?id=abc', admin)).json().total).toBe(0);
    expect((await get(`/api/admin/tickets/list?id=${first.id}`, admin)).json().data.map((r: TicketListRow) => r.id)).toEqual([first.id]);
  });

  test('the sidebar count is the unread, not cancelled tickets; staff without tickets get 0 and no list', async () => {
    const unread = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(tickets)
      .where(and(eq(tickets.isNewAdmin, true), sql`${tickets.stateId} <> 4`));
    expect(await badge()).toBe(unread[0]!.n);
    expect(await badge(ofis)).toBe(unread[0]!.n);
    expect(await badge(anbar)).toBe(0);
    expect((await get('/api/admin/tickets/list', anbar)).statusCode).toBe(403);
    expect((await post('/api/admin/tickets/changestate?ticket_id=1&state_id=3', anbar)).statusCode).toBe(403);
  });
});

describe('[TICKETS][CONVERSATION] create, reply, attachments', () => {
  test('staff open a ticket for a customer with two files: stored, listed as URLs with names, served with their type', async () => {
    const id = await openTicket({}, [{ name: 'qebz.png', data: PNG }, { name: 'invoice.pdf', data: PDF }]);
    const got = await info(id, ofis);
    expect(got.ticket).toMatchObject({ id, user_id: customerId, ticket_category_id: categoryId, state_id: TICKET_STATE.open, is_new_admin: 0, all_message_count: 1 });
    expect(got.data).toHaveLength(1);
    const [message] = got.data;
    expect(message).toMatchObject({ message: 'Bağlamam haradadır?', user_name: 'Nigar Əliyeva', admin: 3 });
    const urls = message!.document_file!.split(',');
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/\.png$/);
    expect(urls[1]).toMatch(/\.pdf$/);
    const png = await get(urls[0]!, ofis);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG)).toBe(true);
    const pdf = await get(urls[1]!, ofis);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await get(urls[0]!, anbar)).statusCode).toBe(403);
  });

  test('bad input is refused with field errors and writes nothing', async () => {
    const before = await messageCount();
    const noCustomer = await postMultipart('/api/admin/tickets/create', ofis, { user_id: 99999999, ticket_category_id: categoryId, message: 'x' });
    expect(noCustomer.statusCode).toBe(422);
    expect(noCustomer.json().errors.user_id).toEqual([azTickets.errors.notCustomer]);
    const missing = await postMultipart('/api/admin/tickets/create', ofis, { message: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['user_id', 'ticket_category_id']));
    const empty = await postMultipart('/api/admin/tickets/create', ofis, { user_id: customerId, ticket_category_id: categoryId });
    expect(empty.json().errors.message).toEqual([azTickets.errors.messageRequired]);
    const exe = await postMultipart('/api/admin/tickets/create', ofis, { user_id: customerId, ticket_category_id: categoryId, message: 'x' }, [{ name: 'virus.exe', data: Buffer.from('MZ\x90\x00') }]);
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.document_file).toEqual([azTickets.errors.fileWrongType]);
    const noCategory = await postMultipart('/api/admin/tickets/create', ofis, { user_id: customerId, ticket_category_id: 999999, message: 'x' });
    expect(noCategory.json().errors.ticket_category_id).toEqual([azTickets.errors.categoryMissing]);
    expect(await messageCount()).toBe(before);
  });

  test('a staff reply (multipart with a file) answers the ticket, takes it when unassigned and leaves it read', async () => {
    const id = await openTicket();
    await writeCustomerMessage({ db: ctx.database.db, files: ctx.app.files }, customerId, { ticketId: id, message: 'Cavab gözləyirəm' });
    expect((await row(id)).is_new_admin).toBe(1);
    const res = await postMultipart('/api/admin/tickets/message/create', admin, { ticket_id: id, message: 'Bağlamanız yoldadır' }, [{ name: 'foto.png', data: PNG }]);
    expect(res.statusCode, res.body).toBe(200);
    const got = await info(id);
    expect(got.ticket).toMatchObject({ state_id: TICKET_STATE.answered, state_name: 'Cavablandırılıb', is_new_admin: 0, all_message_count: 3, user_name_admin: 'Rəşad Məmmədov' });
    expect(got.data.map((m) => [m.admin, m.message])).toEqual([[3, 'Bağlamam haradadır?'], [0, 'Cavab gözləyirəm'], [1, 'Bağlamanız yoldadır']]);
    expect(got.data[2]!.document_file).toMatch(/^\/api\/admin\/tickets\/file\/\d+\/.+\.png$/);
    const blank = await postMultipart('/api/admin/tickets/message/create', admin, { ticket_id: id, message: '  ' });
    expect(blank.statusCode).toBe(422);
  });

  test('no reply to a closed or cancelled ticket; the customer cannot write there either', async () => {
    const closedId = await openTicket();
    expect((await post(`/api/admin/tickets/changestate?ticket_id=${closedId}&state_id=3`, ofis)).statusCode).toBe(200);
    const before = await messageCount();
    const toClosed = await postMultipart('/api/admin/tickets/message/create', ofis, { ticket_id: closedId, message: 'Salam' });
    expect(toClosed.statusCode).toBe(422);
    expect(toClosed.json().errors.ticket_id).toEqual([azTickets.errors.ticketClosed]);
    await expect(writeCustomerMessage({ db: ctx.database.db, files: ctx.app.files }, customerId, { ticketId: closedId, message: 'Salam' })).rejects.toMatchObject({ statusCode: 422 });

    const cancelledId = await openTicket();
    expect((await post(`/api/admin/tickets/cancel?ticket_id=${cancelledId}`, ofis)).statusCode).toBe(200);
    const beforeCancelled = await messageCount();
    expect((await row(cancelledId)).state_id).toBe(TICKET_STATE.cancelled);
    expect((await postMultipart('/api/admin/tickets/message/create', ofis, { ticket_id: cancelledId, message: 'Salam' })).statusCode).toBe(422);
    expect((await postMultipart('/api/admin/tickets/edit', ofis, { ticket_id: cancelledId, message: 'Yeni mətn' })).statusCode).toBe(400);
    expect(await messageCount()).toBe(beforeCancelled);
    expect(before).toBe(beforeCancelled - 1); // only the cancelled ticket's own first message
    // reopened by staff, it takes replies again
    expect((await post(`/api/admin/tickets/changestate?ticket_id=${cancelledId}&state_id=1`, ofis)).statusCode).toBe(200);
    expect((await postMultipart('/api/admin/tickets/message/create', ofis, { ticket_id: cancelledId, message: 'Salam' })).statusCode).toBe(200);
    expect((await postMultipart('/api/admin/tickets/message/create', ofis, { ticket_id: 99999999, message: 'Salam' })).statusCode).toBe(404);
  });

  test('cancel a message: a staff message leaves the conversation and the count; a customer message stays', async () => {
    const id = await openTicket();
    await writeCustomerMessage({ db: ctx.database.db, files: ctx.app.files }, customerId, { ticketId: id, message: 'Sualım var' });
    await postMultipart('/api/admin/tickets/message/create', ofis, { ticket_id: id, message: 'Səhv cavab' });
    const before = await info(id);
    expect(before.ticket.all_message_count).toBe(3);
    const staffMessage = before.data[2]!;
    const customerMessage = before.data[1]!;
    const refused = await post(`/api/admin/tickets/cancel_message?ticket_message_id[]=${customerMessage.id}`, ofis);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.ticket_message_id).toEqual([azTickets.errors.customerMessageNotCancellable]);
    expect((await post(`/api/admin/tickets/cancel_message?ticket_message_id[]=${staffMessage.id}`, ofis)).statusCode).toBe(200);
    const after = await info(id);
    expect(after.data.map((m) => m.id)).toEqual([before.data[0]!.id, customerMessage.id]);
    expect(after.ticket.all_message_count).toBe(2);
    expect((await post(`/api/admin/tickets/cancel_message?ticket_message_id[]=${staffMessage.id}`, ofis)).statusCode).toBe(422);
    expect((await post('/api/admin/tickets/cancel_message?ticket_message_id[]=99999999', ofis)).statusCode).toBe(404);
  });
});

describe('[TICKETS][NOTIFY] a staff reply notifies the customer', () => {
  test("one message per channel the customer takes, with the reply's text, queued once per reply; an opted-out customer gets none", async () => {
    const db = ctx.database.db;
    await db.update(users).set({ sendSms: true, sendMail: true, phone: '+994 50 123 45 67', email: 'musteri.ticket@example.az' }).where(eq(users.id, customerId));
    await db.update(users).set({ sendSms: false, sendMail: false }).where(eq(users.id, otherCustomerId));
    const id = await openTicket();
    const res = await postMultipart('/api/admin/tickets/message/create', ofis, { ticket_id: id, message: 'Bağlamanız sabah təhvil veriləcək' });
    expect(res.statusCode, res.body).toBe(200);
    const messageId = res.json().data.id as number;
    const ofTicket = (ticketId: number) => and(eq(notificationMessages.objectId, ticketId), eq(notificationMessages.modelId, 14));
    const sent = await db.select().from(notificationMessages).where(ofTicket(id));
    expect(sent.map((m) => m.channel).sort()).toEqual(['mail', 'sms']);
    for (const m of sent) {
      expect(m).toMatchObject({ userId: customerId, modelId: 14, body: 'Bağlamanız sabah təhvil veriləcək', eventKey: `ticket:${id}:answer:${messageId}` });
    }
    expect(sent.find((m) => m.channel === 'sms')!.to).toBe('994501234567');
    expect(sent.find((m) => m.channel === 'mail')!.to).toBe('musteri.ticket@example.az');
    // a second reply is a second message; nothing for the customer's own words
    await postMultipart('/api/admin/tickets/message/create', ofis, { ticket_id: id, message: 'Əlavə məlumat' });
    await writeCustomerMessage({ db, files: ctx.app.files }, customerId, { ticketId: id, message: 'Sağ olun' });
    expect((await db.select().from(notificationMessages).where(ofTicket(id))).length).toBe(4);

    const quiet = await openTicket({ user_id: otherCustomerId });
    expect((await postMultipart('/api/admin/tickets/message/create', ofis, { ticket_id: quiet, message: 'Cavab' })).statusCode).toBe(200);
    expect(await db.select().from(notificationMessages).where(ofTicket(quiet))).toEqual([]);
  });
});

describe('[TICKETS][UNREAD] the unread flag', () => {
  test('flips on when the customer writes (and the badge grows), off when staff open the ticket; is_new sets it by hand', async () => {
    const id = await openTicket();
    expect((await row(id)).is_new_admin).toBe(0);
    const before = await badge();
    await writeCustomerMessage({ db: ctx.database.db, files: ctx.app.files }, customerId, { ticketId: id, message: 'Salam, yenə mən' });
    await writeCustomerMessage({ db: ctx.database.db, files: ctx.app.files }, customerId, { ticketId: id, message: 'Cavab verin zəhmət olmasa' });
    expect(await row(id)).toMatchObject({ is_new_admin: 1, new_message_count: '2', all_message_count: 3 });
    expect(await badge()).toBe(before + 1);
    const opened = await info(id);
    expect(opened.ticket.is_new_admin).toBe(0);
    expect(await row(id)).toMatchObject({ is_new_admin: 0, new_message_count: '0' });
    expect(await badge()).toBe(before);

    const other = await openTicket();
    expect((await post(`/api/admin/tickets/is_new?ticket_id=${id},${other}&value=true`, ofis)).statusCode).toBe(200);
    expect((await row(id)).is_new_admin).toBe(1);
    expect((await row(other)).is_new_admin).toBe(1);
    expect(await badge()).toBe(before + 2);
    expect((await post(`/api/admin/tickets/is_new?ticket_id=${id},${other}&value=false`, ofis)).statusCode).toBe(200);
    expect(await badge()).toBe(before);
    expect((await post(`/api/admin/tickets/is_new?ticket_id=${id}&value=maybe`, ofis)).statusCode).toBe(422);
  });

  test("a customer writes only in their own ticket; an answered ticket opens again", async () => {
    const id = await openTicket();
    await postMultipart('/api/admin/tickets/message/create', ofis, { ticket_id: id, message: 'Cavab' });
    await expect(writeCustomerMessage({ db: ctx.database.db, files: ctx.app.files }, otherCustomerId, { ticketId: id, message: 'x' })).rejects.toMatchObject({ statusCode: 404 });
    await writeCustomerMessage({ db: ctx.database.db, files: ctx.app.files }, customerId, { ticketId: id, message: 'Yenə sual', files: [PDF] });
    expect((await row(id)).state_id).toBe(TICKET_STATE.open);
    const got = await info(id);
    expect(got.data.at(-1)).toMatchObject({ admin: 0, message: 'Yenə sual', document_file: expect.stringMatching(/\.pdf$/) });
  });
});

describe('[TICKETS][STATE] state, assignment, edit', () => {
  test('changestate moves several tickets; an unknown state or id is refused', async () => {
    const a = await openTicket();
    const b = await openTicket();
    expect((await post(`/api/admin/tickets/changestate?ticket_id=${a},${b}&state_id=2`, ofis)).statusCode).toBe(200);
    expect((await row(a)).state_id).toBe(2);
    expect((await row(b)).state_name).toBe('Cavablandırılıb');
    expect((await post(`/api/admin/tickets/changestate?ticket_id=${a}&state_id=9`, ofis)).statusCode).toBe(422);
    expect((await post(`/api/admin/tickets/changestate?ticket_id=${a},99999999&state_id=3`, ofis)).statusCode).toBe(404);
    expect((await row(a)).state_id).toBe(2);
  });

  test('edit: category, customer, first message and the executor (staff only; blank clears)', async () => {
    const id = await openTicket();
    const categories = (await get('/api/admin/tickets/categories?per_page=1000', ofis)).json().data as { id: number }[];
    const res = await postMultipart('/api/admin/tickets/edit', ofis, {
      ticket_id: id, user_id: otherCustomerId, ticket_category_id: categories[1]!.id, message: 'Düzəldilmiş sual', user_id_admin: ofisId,
    }, [{ name: 'elave.png', data: PNG }]);
    expect(res.statusCode, res.body).toBe(200);
    const got = await info(id);
    expect(got.ticket).toMatchObject({ user_id: otherCustomerId, ticket_category_id: categories[1]!.id, user_id_admin: ofisId, user_name_admin: 'Nigar Əliyeva' });
    expect(got.data[0]).toMatchObject({ message: 'Düzəldilmiş sual', document_file: expect.stringMatching(/\.png$/) });
    const executors = (await get('/api/admin/tickets/executors', ofis)).json().data as { id: number; admin: number }[];
    expect(executors.map((e) => e.id)).toContain(ofisId);
    expect(executors.every((e) => e.admin >= 1 && e.admin <= 3)).toBe(true);
    const notStaff = await postMultipart('/api/admin/tickets/edit', ofis, { ticket_id: id, user_id_admin: customerId });
    expect(notStaff.json().errors.user_id_admin).toEqual([azTickets.errors.notStaff]);
    expect((await postMultipart('/api/admin/tickets/edit', ofis, { ticket_id: id, user_id_admin: '' })).statusCode).toBe(200);
    const cleared = await row(id);
    expect(cleared.user_id_admin).toBeUndefined();
    expect((await get(`/api/admin/tickets/list?user_id_admin=${ofisId}&id=${id}`, ofis)).json().total).toBe(0);
  });
});

describe('[TICKETS][CATEGORIES] categories', () => {
  test('create, edit, hidden flag as 0/1', async () => {
    const created = await postMultipart('/api/admin/tickets/create_category', ofis, { name: 'Qaytarma', hidden: '1' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    let list = (await get('/api/admin/tickets/categories?per_page=1000', ofis)).json() as { data: { id: number; name: string; hidden: number }[]; total: number };
    expect(list.data.find((c) => c.id === id)).toEqual({ id, name: 'Qaytarma', hidden: 1 });
    expect(list.total).toBe(list.data.length);
    expect((await postMultipart('/api/admin/tickets/edit_category', ofis, { ticket_category_id: id, name: 'Qaytarma və iadə', hidden: '0' })).statusCode).toBe(200);
    list = (await get('/api/admin/tickets/categories?per_page=1000', ofis)).json();
    expect(list.data.find((c) => c.id === id)).toEqual({ id, name: 'Qaytarma və iadə', hidden: 0 });
    const blank = await postMultipart('/api/admin/tickets/create_category', ofis, { name: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toBeDefined();
    expect((await postMultipart('/api/admin/tickets/edit_category', ofis, { ticket_category_id: 999999, name: 'x' })).statusCode).toBe(404);
    expect((await postMultipart('/api/admin/tickets/create_category', anbar, { name: 'x' })).statusCode).toBe(403);
  });
});

describe('[TICKETS][TEMPLATES] ticket templates (message_templates)', () => {
  test('create, info, edit with plain id, list filters, cancel; the supports staff read them, only ticket_templates writes', async () => {
    const created = await postMultipart('/api/admin/message_templates/create', admin, { title: 'Təşəkkür', body: 'Bizi seçdiyiniz üçün təşəkkür edirik.' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const one = await get(`/api/admin/message_templates/info?message_template_id=${id}`, admin);
    expect(one.json().data).toMatchObject({ id, title: 'Təşəkkür', body: 'Bizi seçdiyiniz üçün təşəkkür edirik.', created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) });
    expect((await postMultipart('/api/admin/message_templates/edit', admin, { id, title: 'Təşəkkür (yeni)', body: 'Yeni mətn' })).statusCode).toBe(200);
    expect((await get(`/api/admin/message_templates/info?message_template_id=${id}`, admin)).json().data).toMatchObject({ title: 'Təşəkkür (yeni)', body: 'Yeni mətn' });
    const byName = (await get(`/api/admin/message_templates?name=${encodeURIComponent('(yeni)')}`, ofis)).json();
    expect(byName.data.map((t: { id: number }) => t.id)).toEqual([id]);
    const picker = (await get('/api/admin/message_templates?per_page=1000', ofis)).json();
    expect(picker.total).toBeGreaterThanOrEqual(7);
    expect((await postMultipart('/api/admin/message_templates/create', ofis, { title: 'x', body: 'y' })).statusCode).toBe(403);
    expect((await get('/api/admin/message_templates', anbar)).statusCode).toBe(403);
    const invalid = await postMultipart('/api/admin/message_templates/create', admin, { title: '', body: '' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(['title', 'body']));
    expect((await post(`/api/admin/message_templates/cancel?message_template_id=${id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/admin/message_templates/info?message_template_id=${id}`, admin)).statusCode).toBe(404);
  });
});
