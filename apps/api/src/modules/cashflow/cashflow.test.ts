import { CASHFLOW_STATUS, type CashboxDailyReply, type CashboxStatisticsReply, type CashflowListReply, type CashflowRow } from '@app/contract/cashflow';
import { azCashflow } from '@app/contract/texts/az-cashflow';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantPermissions } from '../../db/seed/demo-seed';
import { bearer, logInAs, postForm, startTestApp, TEST_DB, type TestContext } from '../../test/harness';
import { findLedgerViolations } from '../money/service';

/*
 * Cash-flow transactions and analytics (issue 17 items 5, 6) on the demo data: registers 1 (AZN
 * cash), 2 (AZN terminal), 3 (USD) and the demo's TRY register, each with months of operations.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let office: Record<string, string>;
let warehouseman: Record<string, string>;
let tryRegister: number;
let categories: { parent: number; child: number; other: number };
const E = azCashflow.errors;

const db = () => ctx.database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => (await db().execute(q)).rows as T[];
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0]!;
const balanceOf = async (id: number) => (await one<{ b: string }>(sql`select balance::text as b from cash_registers where id = ${id}`)).b;
const get = (url: string, headers = admin) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, fields: Record<string, string | number>, headers = admin) => postForm(ctx.app, url, headers, fields);
const today = () => new Date().toISOString().slice(0, 10);
const nowText = () => `${today()} 10:00:00`;

async function create(fields: Record<string, string | number>, headers = admin) {
  return post('/api/admin/cashbox_operations/create', { operation: 1, cashbox_id: 1, amount: '10.00', operation_date: nowText(), descr: 'test', ...fields }, headers);
}
async function entriesOf(operationId: number) {
  return rows<{ cash_register_id: number; amount: string; kind: string; balance_before: string }>(sql`
    select cash_register_id, amount::text as amount, kind, balance_before::text as balance_before from cash_register_entries where operation_id = ${operationId} order by id`);
}

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 60 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  office = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  warehouseman = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  tryRegister = (await one<{ id: number }>(sql`select r.id from cash_registers r join currencies c on c.id = r.currency_id where c.currency_code = 'TRY' and r.deleted_at is null order by r.id limit 1`)).id;
  const child = await one<{ id: number; parent_id: number }>(sql`select id, parent_id from cash_categories where name = 'İşıq'`);
  const other = await one<{ id: number }>(sql`select id from cash_categories where name = 'Çatdırılma haqqı'`);
  categories = { parent: child.parent_id, child: child.id, other: other.id };
}, 120_000);
afterAll(() => ctx?.close());

describe('demo data', () => {
  test('the ledger adds up after seeding (findLedgerViolations is empty)', async () => {
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('registers in AZN, USD and TRY, each with months of operations, none ever below zero', async () => {
    const perRegister = await rows<{ code: string; n: number; days: number; min_after: string }>(sql`
      select c.currency_code as code, count(o.id)::int as n, count(distinct (o.operated_at at time zone 'Asia/Baku')::date)::int as days,
             (select min(e.balance_after) from cash_register_entries e where e.cash_register_id = r.id)::text as min_after
      from cash_registers r join currencies c on c.id = r.currency_id
      join cash_operations o on o.cash_register_id = r.id and o.reason = 'manual'
      where r.id in (1, 2, 3, ${tryRegister}) group by r.id, c.currency_code order by r.id`);
    expect(perRegister.map((r) => r.code)).toEqual(['AZN', 'AZN', 'USD', 'TRY']);
    for (const r of perRegister) {
      expect(r.n).toBeGreaterThan(150);
      expect(r.days).toBeGreaterThan(90);
      expect(Number(r.min_after)).toBeGreaterThanOrEqual(0);
    }
    const transfers = await one<{ same: number; cross: number }>(sql`
      select count(*) filter (where transfer_rate is null)::int as same, count(*) filter (where transfer_rate is not null)::int as cross
      from cash_operations where is_transfer`);
    expect(transfers.same).toBeGreaterThan(10);
    expect(transfers.cross).toBeGreaterThan(10);
  });

  test('a two-level category tree', async () => {
    const tree = await rows<{ parent: string; child: string }>(sql`
      select p.name as parent, c.name as child from cash_categories c join cash_categories p on p.id = c.parent_id order by p.id, c.id`);
    expect(tree).toContainEqual({ parent: 'Kommunal xərclər', child: 'İşıq' });
    expect(tree).toContainEqual({ parent: 'Nəqliyyat', child: 'Yanacaq' });
  });
});

describe('[CASHFLOW][LIST]', () => {
  test('every field clients read, flat, newest operation first; cancelled ones only by status', async () => {
    const res = await get('/api/admin/cashbox_operations?per_page=50');
    expect(res.statusCode).toBe(200);
    const body = res.json<CashflowListReply>();
    expect(body.total).toBeGreaterThan(500);
    const dates = body.data.map((r) => r.operation_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const row = body.data.find((r) => r.cash_category_id > 0)!;
    expect(row.category_name).not.toBe('');
    expect(row.category_name_parent).not.toBe('');
    expect(typeof row.amount).toBe('number');
    expect(row.state_id).toBe(CASHFLOW_STATUS.active);
    expect(row.state_name).toBe('Təsdiqlənib');
    expect(row.user_name).not.toBe('');
  });

  test("a register's rows include transfers into it (its double-click)", async () => {
    const body = (await get(`/api/admin/cashbox_operations?cashbox_id=${tryRegister}&per_page=100`)).json<CashflowListReply>();
    expect(body.data.every((r) => r.cashbox_id === tryRegister || r.transfer_cashbox_id === tryRegister)).toBe(true);
    const incoming = body.data.find((r) => r.transfer_cashbox_id === tryRegister)!;
    expect(incoming.transfer).toBe(1);
    expect(incoming.cashbox_id).toBe(3);
    expect(incoming.transfer_cashbox_currency_code).toBe('TRY');
    expect(incoming.transfer_rate).toBeGreaterThan(1);
  });

  test('filters: id, operation_date range, operation, payment_type, categories', async () => {
    const first = (await get('/api/admin/cashbox_operations?per_page=1')).json<CashflowListReply>().data[0]!;
    const byId = (await get(`/api/admin/cashbox_operations?id=${first.id}`)).json<CashflowListReply>();
    expect(byId.data.map((r) => r.id)).toEqual([first.id]);
    expect((await get('/api/admin/cashbox_operations?id=abc')).json<CashflowListReply>().total).toBe(0);

    const day = first.operation_date.slice(0, 10);
    const range = encodeURIComponent(`${day} 00:00:00,${day} 23:59:59`);
    const inDay = (await get(`/api/admin/cashbox_operations?operation_date=${range}&per_page=100`)).json<CashflowListReply>();
    expect(inDay.total).toBeGreaterThan(0);
    expect(inDay.data.every((r) => r.operation_date.startsWith(day))).toBe(true);
    const sqlCount = await one<{ n: number }>(sql`select count(*)::int as n from cash_operations where status_id = 18
      and operated_at >= (${`${day} 00:00:00`}::timestamp at time zone 'Asia/Baku') and operated_at <= (${`${day} 23:59:59`}::timestamp at time zone 'Asia/Baku')`);
    expect(inDay.total).toBe(sqlCount.n);

    const incomes = (await get('/api/admin/cashbox_operations?operation=1&per_page=50')).json<CashflowListReply>();
    expect(incomes.data.every((r) => r.operation === 1)).toBe(true);
    const terminal = (await get('/api/admin/cashbox_operations?payment_type=3&per_page=50')).json<CashflowListReply>();
    expect(terminal.total).toBeGreaterThan(0);
    expect(terminal.data.every((r) => r.payment_type === 3 && r.payment_type_name === 'Terminal')).toBe(true);

    const child = (await get(`/api/admin/cashbox_operations?cash_category_id=${categories.child}&per_page=50`)).json<CashflowListReply>();
    expect(child.total).toBeGreaterThan(0);
    expect(child.data.every((r) => r.cash_category_id === categories.child && r.category_name === 'İşıq' && r.category_name_parent === 'Kommunal xərclər')).toBe(true);
    const parent = (await get(`/api/admin/cashbox_operations?cash_category_id_parent=${categories.parent}&per_page=100`)).json<CashflowListReply>();
    expect(parent.total).toBeGreaterThan(child.total);
    expect(parent.data.every((r) => r.cash_category_id_parent === categories.parent)).toBe(true);
  });

  test('sorts by amount both ways', async () => {
    const asc = (await get('/api/admin/cashbox_operations?sort_column=amount&sort_order=asc&per_page=20')).json<CashflowListReply>().data.map((r) => r.amount);
    expect([...asc].sort((a, b) => a - b)).toEqual(asc);
    const desc = (await get('/api/admin/cashbox_operations?sort_column=amount&sort_order=desc&per_page=20')).json<CashflowListReply>().data.map((r) => r.amount);
    expect([...desc].sort((a, b) => b - a)).toEqual(desc);
  });

  test('reads need `cashflow` (403 to the warehouseman); bad filters are 422, never 500', async () => {
    expect((await get('/api/admin/cashbox_operations', warehouseman)).statusCode).toBe(403);
    expect((await get('/api/admin/cashbox_statistics', warehouseman)).statusCode).toBe(403);
    expect((await get('/api/admin/cashbox_operations?operation_date=yesterday')).statusCode).toBe(422);
    expect((await get('/api/admin/cashbox_operations?operation=3')).statusCode).toBe(422);
    expect((await get('/api/admin/cashbox_operations/info?cashbox_operation_id=99999999')).statusCode).toBe(404);
  });
});

describe('[CASHFLOW][CREATE]', () => {
  test('an income adds to the register through one post entry; the row shows the previous balance', async () => {
    const before = await balanceOf(1);
    const res = await create({ operation: 1, cashbox_id: 1, amount: '125.35', category_id: categories.other, descr: 'Kassaya mədaxil' });
    expect(res.statusCode).toBe(200);
    const row = res.json<{ data: CashflowRow }>().data;
    expect(row).toMatchObject({ operation: 1, cashbox_id: 1, amount: 125.35, transfer: 0, descr: 'Kassaya mədaxil', cash_category_id: categories.other, operation_date: nowText() });
    expect(row.before_balance).toBe(Number(before));
    expect(await balanceOf(1)).toBe((Number(before) + 125.35).toFixed(2));
    expect(await entriesOf(row.id)).toEqual([{ cash_register_id: 1, amount: '125.35', kind: 'post', balance_before: before }]);
    const op = await one<{ reason: string; user_id: number; payment_type: number }>(sql`select reason, user_id, payment_type from cash_operations where id = ${row.id}`);
    expect(op.reason).toBe('manual');
    expect(op.payment_type).toBe(1);
    expect(op.user_id).toBe(row.user_id);
  });

  test('multipart, as real clients send it, with an Idempotency-Key: the retry is answered from the first call', async () => {
    const boundary = `----cashflow${Math.random().toString(16).slice(2)}`;
    const fields = { operation: '1', cashbox_id: '2', amount: '7.25', category_id: String(categories.other), operation_date: nowText(), descr: 'multipart' };
    const payload = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
    const headers = { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': crypto.randomUUID() };
    const before = await balanceOf(2);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/admin/cashbox_operations/create', payload, headers });
    expect(first.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/admin/cashbox_operations/create', payload, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await balanceOf(2)).toBe((Number(before) + 7.25).toFixed(2));
  });

  test('an expense above the balance is 422 not_enough_amount and writes nothing', async () => {
    const before = await balanceOf(3);
    const count = await one<{ n: number }>(sql`select count(*)::int as n from cash_operations`);
    const res = await create({ operation: 2, cashbox_id: 3, amount: (Number(before) + 0.01).toFixed(2) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.not_enough_amount).toEqual([E.notEnoughAmount]);
    expect(await balanceOf(3)).toBe(before);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from cash_operations`)).n).toBe(count.n);
    // exactly the balance is allowed: the register ends at zero
    const all = await create({ operation: 2, cashbox_id: 3, amount: before });
    expect(all.statusCode).toBe(200);
    expect(await balanceOf(3)).toBe('0.00');
    await create({ operation: 1, cashbox_id: 3, amount: before }); // put it back for the other tests
  });

  test('field errors: register, category, amount, date, operation', async () => {
    const unknown = await create({ cashbox_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.cashbox_id).toEqual([E.unknownRegister]);
    const category = await create({ category_id: 999999 });
    expect(category.json().errors.category_id).toEqual([E.unknownCategory]);
    for (const amount of ['0', '-5', '1.234', 'abc', '']) {
      const bad = await create({ amount });
      expect(bad.statusCode, amount).toBe(422);
      expect(bad.json().errors.amount, amount).toBeDefined();
    }
    expect((await create({ operation_date: '2026-02-30 10:00:00' })).json().errors.operation_date).toBeDefined();
    expect((await create({ operation: 3 })).json().errors.operation).toBeDefined();
  });

  test('create/edit/transfer need cashbox_operations.cud; cancel needs cancel_cashflow_transaction', async () => {
    const officeId = (await one<{ id: number }>(sql`select id from users where email = 'ofis@example.az'`)).id;
    await grantPermissions(db(), officeId, ['cashflow']);
    expect((await get('/api/admin/cashbox_operations', office)).statusCode).toBe(200);
    expect((await create({}, office)).statusCode).toBe(403);
    expect((await post('/api/admin/cashbox_operations/transfer', { cashbox_id: 1, transfer_cashbox_id: 2, amount: '1', operation_date: nowText() }, office)).statusCode).toBe(403);
    expect((await post('/api/admin/cashbox_operations/edit', { cashbox_operation_id: 1, operation: 1, cashbox_id: 1, amount: '1', operation_date: nowText() }, office)).statusCode).toBe(403);
    const mine = (await create({ amount: '3.00' })).json<{ data: CashflowRow }>().data;
    expect((await post(`/api/admin/cashbox_operations/cancel?cashbox_operation_id=${mine.id}`, {}, office)).statusCode).toBe(403);
    await grantPermissions(db(), officeId, ['cashflow', 'cashbox_operations.cud']);
    expect((await create({ amount: '2.00' }, office)).statusCode).toBe(200);
    expect((await post(`/api/admin/cashbox_operations/cancel?cashbox_operation_id=${mine.id}`, {}, office)).statusCode).toBe(403);
    await grantPermissions(db(), officeId, ['cashflow', 'cashbox_operations.cancel_cashflow_transaction']);
    expect((await post(`/api/admin/cashbox_operations/cancel?cashbox_operation_id=${mine.id}`, {}, office)).statusCode).toBe(200);
  });
});

describe('[CASHFLOW][TRANSFER]', () => {
  test('source and target must differ', async () => {
    const res = await post('/api/admin/cashbox_operations/transfer', { operation: 1, cashbox_id: 1, transfer_cashbox_id: 1, amount: '5', operation_date: nowText() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.transfer_cashbox_id).toEqual([E.sameRegister]);
  });

  test('same currency: the target amount is the amount (taken as it when missing, refused when different)', async () => {
    const [b1, b2] = [await balanceOf(1), await balanceOf(2)];
    const mismatch = await post('/api/admin/cashbox_operations/transfer', { operation: 1, cashbox_id: 1, transfer_cashbox_id: 2, amount: '50', transfer_amount: '49', operation_date: nowText() });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.transfer_amount).toEqual([E.transferAmountMismatch]);
    const res = await post('/api/admin/cashbox_operations/transfer', { operation: 1, cashbox_id: 1, transfer_cashbox_id: 2, amount: '50', operation_date: nowText(), category_id: categories.child, category_id_second: categories.other });
    expect(res.statusCode).toBe(200);
    const row = res.json<{ data: CashflowRow }>().data;
    expect(row).toMatchObject({ transfer: 1, operation: 2, cashbox_id: 1, transfer_cashbox_id: 2, amount: 50, transfer_cashbox_amount: 50, transfer_rate: 0, transfer_category_id: categories.other });
    expect(row.before_balance).toBe(Number(b1));
    expect(row.transfer_before_balance).toBe(Number(b2));
    expect(await balanceOf(1)).toBe((Number(b1) - 50).toFixed(2));
    expect(await balanceOf(2)).toBe((Number(b2) + 50).toFixed(2));
  });

  test('between currencies the target amount is required and the rate (target ÷ source) recorded', async () => {
    const missing = await post('/api/admin/cashbox_operations/transfer', { operation: 1, cashbox_id: 1, transfer_cashbox_id: 3, amount: '100', operation_date: nowText() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.transfer_amount).toEqual([E.transferAmountRequired]);
    const [b1, b3] = [await balanceOf(1), await balanceOf(3)];
    const res = await post('/api/admin/cashbox_operations/transfer', { operation: 1, cashbox_id: 1, transfer_cashbox_id: 3, amount: '100', transfer_amount: '58.82', operation_date: nowText() });
    expect(res.statusCode).toBe(200);
    const row = res.json<{ data: CashflowRow }>().data;
    expect(row.transfer_rate).toBe(0.5882);
    expect((await one<{ r: string }>(sql`select transfer_rate::text as r from cash_operations where id = ${row.id}`)).r).toBe('0.588200');
    expect(await balanceOf(1)).toBe((Number(b1) - 100).toFixed(2));
    expect(await balanceOf(3)).toBe((Number(b3) + 58.82).toFixed(2));
    expect(await entriesOf(row.id)).toEqual([
      { cash_register_id: 1, amount: '-100.00', kind: 'post', balance_before: b1 },
      { cash_register_id: 3, amount: '58.82', kind: 'post', balance_before: b3 },
    ]);
  });

  test('a transfer above the source balance is refused', async () => {
    const res = await post('/api/admin/cashbox_operations/transfer', { cashbox_id: 3, transfer_cashbox_id: 1, amount: '99999999', transfer_amount: '1', operation_date: nowText() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.not_enough_amount).toBeDefined();
  });
});

describe('[CASHFLOW][EDIT][CANCEL] reversals keep every balance the sum of its entries', () => {
  test('editing the amount writes a reversal of the old entry and a post of the new one', async () => {
    const row = (await create({ operation: 2, cashbox_id: 2, amount: '40.00' })).json<{ data: CashflowRow }>().data;
    const before = await balanceOf(2);
    const res = await post('/api/admin/cashbox_operations/edit', {
      cashbox_operation_id: row.id, operation: 2, cashbox_id: 2, amount: '15.50', operation_date: `${today()} 11:30:00`, descr: 'düzəliş', category_id: categories.child,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: CashflowRow }>().data).toMatchObject({ amount: 15.5, descr: 'düzəliş', operation_date: `${today()} 11:30:00`, cash_category_id: categories.child });
    expect(await balanceOf(2)).toBe((Number(before) + 40 - 15.5).toFixed(2));
    expect((await entriesOf(row.id)).map((e) => [e.amount, e.kind])).toEqual([['-40.00', 'post'], ['40.00', 'reversal'], ['-15.50', 'post']]);
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('a text-only edit writes no entries; moving it to another register reverses there and posts here', async () => {
    const row = (await create({ operation: 1, cashbox_id: 1, amount: '20.00' })).json<{ data: CashflowRow }>().data;
    await post('/api/admin/cashbox_operations/edit', { cashbox_operation_id: row.id, operation: 1, cashbox_id: 1, amount: '20', operation_date: nowText(), descr: 'yalnız qeyd' });
    expect(await entriesOf(row.id)).toHaveLength(1);
    const [b1, b2] = [await balanceOf(1), await balanceOf(2)];
    expect((await post('/api/admin/cashbox_operations/edit', { cashbox_operation_id: row.id, operation: 1, cashbox_id: 2, amount: '20', operation_date: nowText() })).statusCode).toBe(200);
    expect(await balanceOf(1)).toBe((Number(b1) - 20).toFixed(2));
    expect(await balanceOf(2)).toBe((Number(b2) + 20).toFixed(2));
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('the type is kept: a changed operation is 422', async () => {
    const row = (await create({ operation: 1 })).json<{ data: CashflowRow }>().data;
    const res = await post('/api/admin/cashbox_operations/edit', { cashbox_operation_id: row.id, operation: 2, cashbox_id: 1, amount: '10', operation_date: nowText() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.operation).toEqual([E.typeLocked]);
  });

  test('editing a transfer between currencies records the new rate', async () => {
    const row = (await post('/api/admin/cashbox_operations/transfer', { cashbox_id: 1, transfer_cashbox_id: 3, amount: '17', transfer_amount: '10', operation_date: nowText() })).json<{ data: CashflowRow }>().data;
    const res = await post('/api/admin/cashbox_operations/edit', { cashbox_operation_id: row.id, operation: 2, cashbox_id: 1, transfer_cashbox_id: 3, amount: '34', transfer_amount: '20.50', operation_date: nowText() });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: CashflowRow }>().data).toMatchObject({ amount: 34, transfer_cashbox_amount: 20.5, transfer_rate: 0.602941 });
    const same = await post('/api/admin/cashbox_operations/edit', { cashbox_operation_id: row.id, operation: 2, cashbox_id: 1, transfer_cashbox_id: 1, amount: '34', transfer_amount: '20.50', operation_date: nowText() });
    expect(same.json().errors.transfer_cashbox_id).toEqual([E.sameRegister]);
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('cancel: status 21 and reversal entries; cancelling again is 422; an edit of a cancelled one is 422', async () => {
    const row = (await post('/api/admin/cashbox_operations/transfer', { cashbox_id: 2, transfer_cashbox_id: 1, amount: '12.34', operation_date: nowText() })).json<{ data: CashflowRow }>().data;
    const [b1, b2] = [await balanceOf(1), await balanceOf(2)];
    const res = await post(`/api/admin/cashbox_operations/cancel?cashbox_operation_id=${row.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: CashflowRow }>().data).toMatchObject({ state_id: 21, state_name: 'Ləğv edilib' });
    expect(await balanceOf(1)).toBe((Number(b1) - 12.34).toFixed(2));
    expect(await balanceOf(2)).toBe((Number(b2) + 12.34).toFixed(2));
    expect((await entriesOf(row.id)).map((e) => e.kind)).toEqual(['post', 'post', 'reversal', 'reversal']);
    const again = await post(`/api/admin/cashbox_operations/cancel?cashbox_operation_id=${row.id}`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.cashbox_operation_id).toEqual([E.alreadyCancelled]);
    const edit = await post('/api/admin/cashbox_operations/edit', { cashbox_operation_id: row.id, operation: 2, cashbox_id: 2, amount: '1', operation_date: nowText() });
    expect(edit.statusCode).toBe(422);
    // gone from the default list, listed with state_id=21
    expect((await get(`/api/admin/cashbox_operations?id=${row.id}`)).json<CashflowListReply>().total).toBe(0);
    expect((await get(`/api/admin/cashbox_operations?id=${row.id}&state_id=21`)).json<CashflowListReply>().total).toBe(1);
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('cancelling an income whose money was spent is refused (the register would go below zero)', async () => {
    const before = await balanceOf(3);
    const income = (await create({ operation: 1, cashbox_id: 3, amount: '500' })).json<{ data: CashflowRow }>().data;
    expect((await create({ operation: 2, cashbox_id: 3, amount: (Number(before) + 500).toFixed(2) })).statusCode).toBe(200);
    const res = await post(`/api/admin/cashbox_operations/cancel?cashbox_operation_id=${income.id}`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.not_enough_amount).toBeDefined();
    await create({ operation: 1, cashbox_id: 3, amount: before });
  });

  test('handover and balance operations are changed only by their own workflow', async () => {
    for (const reason of ['handover', 'balance']) {
      const op = await one<{ id: number }>(sql`insert into cash_operations (type, cash_register_id, currency_id, amount, payment_type, reason, status_id)
        values (1, 1, 3, 5, 1, ${reason}, 18) returning id`);
      const edit = await post('/api/admin/cashbox_operations/edit', { cashbox_operation_id: op.id, operation: 1, cashbox_id: 1, amount: '6', operation_date: nowText() });
      expect(edit.statusCode).toBe(422);
      expect(edit.json().errors.cashbox_operation_id).toEqual([E.foreignWorkflow]);
      const cancel = await post(`/api/admin/cashbox_operations/cancel?cashbox_operation_id=${op.id}`, {});
      expect(cancel.statusCode).toBe(422);
      await db().execute(sql`delete from cash_operations where id = ${op.id}`); // it had no entries: the analytics tests compare with the ledger
    }
  });
});

describe('[CASHFLOW][ANALYTICS] the same numbers as the ledger, to the cent', () => {
  const range = () => ({ start: '2000-01-01 00:00:00', end: `${today()} 23:59:59` });

  test('statistics: totals and every category equal SQL sums over cash_operations', async () => {
    for (const register of [1, 3, tryRegister]) {
      const { start, end } = range();
      const res = await get(`/api/admin/cashbox_statistics?cashbox_id=${register}&start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<CashboxStatisticsReply>();
      const sums = await one<{ income: string; expense: string }>(sql`
        select coalesce(sum(case when (o.cash_register_id = ${register} and o.type = 1) or o.transfer_cash_register_id = ${register}
                                then case when o.cash_register_id = ${register} then o.amount else o.transfer_amount end end), 0)::text as income,
               coalesce(sum(case when o.cash_register_id = ${register} and o.type = 2 then o.amount end), 0)::text as expense
        from cash_operations o where o.status_id = 18 and (o.cash_register_id = ${register} or o.transfer_cash_register_id = ${register})`);
      expect(body.total.income.toFixed(2)).toBe(sums.income);
      expect(body.total.expense.toFixed(2)).toBe(sums.expense);
      // The ledger agrees: the register's entries of active operations net to income − expense.
      const ledger = await one<{ net: string }>(sql`select coalesce(sum(e.amount), 0)::text as net from cash_register_entries e
        join cash_operations o on o.id = e.operation_id where e.cash_register_id = ${register}`);
      expect((Math.round((body.total.income - body.total.expense) * 100) / 100).toFixed(2)).toBe(Number(ledger.net).toFixed(2));
      const light = body.categories.flatMap((c) => c.children).find((c) => c.name === 'İşıq');
      const lightSql = await one<{ expense: string }>(sql`select coalesce(sum(amount), 0)::text as expense from cash_operations
        where status_id = 18 and cash_register_id = ${register} and type = 2 and category_id = ${categories.child}`);
      expect((light?.expense ?? 0).toFixed(2)).toBe(lightSql.expense);
      const parent = body.categories.find((c) => c.id === categories.parent)!;
      expect(parent.expense.toFixed(2)).toBe(parent.children.reduce((s, c) => s + Math.round(c.expense * 100), 0) / 100 === parent.expense ? parent.expense.toFixed(2) : 'parent ≠ sum of children');
      expect(body.currency.code).toBe(register === 3 ? 'USD' : register === tryRegister ? 'TRY' : 'AZN');
      const percents = body.categories.reduce((s, c) => s + c.percent, 0);
      expect(percents).toBeGreaterThan(99.5);
      expect(percents).toBeLessThan(100.5);
    }
  });

  test('daily: each day equals the SQL sum per office day; the last balance is the register balance', async () => {
    const { start, end } = range();
    const res = await get(`/api/admin/cashbox_statistics/daily?cashbox_id=1&operation_date=${encodeURIComponent(`${start},${end}`)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<CashboxDailyReply>();
    const perDay = await rows<{ day: string; income: string; expense: string; n: number }>(sql`
      select to_char(o.operated_at at time zone 'Asia/Baku', 'YYYY-MM-DD') as day,
             coalesce(sum(case when o.cash_register_id = 1 and o.type = 1 then o.amount when o.transfer_cash_register_id = 1 then o.transfer_amount end), 0)::text as income,
             coalesce(sum(case when o.cash_register_id = 1 and o.type = 2 then o.amount end), 0)::text as expense, count(*)::int as n
      from cash_operations o where o.status_id = 18 and (o.cash_register_id = 1 or o.transfer_cash_register_id = 1) group by 1 order by 1`);
    expect(body.data.map((d) => [d.date, d.income.toFixed(2), d.expense.toFixed(2), d.count])).toEqual(perDay.map((d) => [d.day, Number(d.income).toFixed(2), Number(d.expense).toFixed(2), d.n]));
    expect(body.data.at(-1)!.balance!.toFixed(2)).toBe(await balanceOf(1));
    expect(body.opening_balance!.toFixed(2)).toBe((await one<{ a: string }>(sql`select amount::text as a from cash_registers where id = 1`)).a);
  });

  test('daily with operation and category filters (the drill-down)', async () => {
    const res = await get(`/api/admin/cashbox_statistics/daily?cashbox_id=2&operation=2&cash_category_id_parent=${categories.parent}`);
    const body = res.json<CashboxDailyReply>();
    const sums = await one<{ n: number; price: string }>(sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as price from cash_operations
      where status_id = 18 and cash_register_id = 2 and type = 2 and category_id in (select id from cash_categories where id = ${categories.parent} or parent_id = ${categories.parent})`);
    expect(body.total.count).toBe(sums.n);
    expect(body.total.price.toFixed(2)).toBe(sums.price);
    expect(body.data.every((d) => d.balance === null)).toBe(true);
  });
});

describe('[CASHFLOW][DAILY LINES] cash_flow_daily follows every write (deferred trigger on cash_operations)', () => {
  test('after the creates, transfers, edits and cancels above, the daily lines equal a recomputation from the operations', async () => {
    const diff = await rows<{ n: number }>(sql`
      with fresh as (
        select m.register_id, (m.operated_at at time zone 'Asia/Baku')::date as day, coalesce(m.category_id, 0) as category_id, m.side,
               coalesce(m.payment_type, 0) as payment_type, count(*)::int as count, sum(m.amount) as amount
        from (select o.cash_register_id as register_id, o.type as side, o.amount, o.category_id, o.payment_type, o.operated_at from cash_operations o where o.status_id = 18
              union all
              select o.transfer_cash_register_id, 1, o.transfer_amount, o.transfer_category_id, o.payment_type, o.operated_at
              from cash_operations o where o.status_id = 18 and o.is_transfer) m
        group by 1, 2, 3, 4, 5),
      kept as (select * from cash_flow_daily where count <> 0 or amount <> 0)
      select count(*)::int as n from (
        (select register_id, day, category_id, side, payment_type, count, amount from fresh
         except select cash_register_id, day, category_id, side, payment_type, count, amount from kept)
        union all
        (select cash_register_id, day, category_id, side, payment_type, count, amount from kept
         except select register_id, day, category_id, side, payment_type, count, amount from fresh)) x`);
    expect(diff[0]!.n).toBe(0);
  });

  test('a period that is not whole office days is read from the operations, with the same figures', async () => {
    const day = (await one<{ d: string }>(sql`select to_char(max(operated_at at time zone 'Asia/Baku'), 'YYYY-MM-DD') as d from cash_operations where cash_register_id = 1 and status_id = 18`)).d;
    const whole = (await get(`/api/admin/cashbox_statistics/daily?cashbox_id=1&operation_date=${encodeURIComponent(`${day} 00:00:00,${day} 23:59:59`)}`)).json<CashboxDailyReply>();
    const odd = (await get(`/api/admin/cashbox_statistics/daily?cashbox_id=1&operation_date=${encodeURIComponent(`${day} 00:00:01,${day} 23:59:59`)}`)).json<CashboxDailyReply>();
    const sqlDay = await one<{ n: number }>(sql`select count(*)::int as n from cash_operations where status_id = 18 and (cash_register_id = 1 or transfer_cash_register_id = 1)
      and operated_at >= (${`${day} 00:00:01`}::timestamp at time zone 'Asia/Baku') and operated_at <= (${`${day} 23:59:59`}::timestamp at time zone 'Asia/Baku')`);
    expect(odd.total.count).toBe(sqlDay.n);
    expect(whole.total.count).toBeGreaterThanOrEqual(odd.total.count);
    expect(whole.data.at(-1)!.balance).toBe(odd.data.at(-1)!.balance);
  });
});

describe('[CASHFLOW][EXPORT]', () => {
  test('the Excel export opens and holds the filtered rows', async () => {
    const res = await get('/api/admin/cashbox_operations/export?cashbox_id=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/cash_flow_transactions_export_\d{8}-\d{6}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const total = (await get('/api/admin/cashbox_operations?cashbox_id=3&per_page=1')).json<CashflowListReply>().total;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe(azCashflow.code);
  });

  test('the CSV export names its file cashflow_transactions_list… and has a row per transaction', async () => {
    const res = await get(`/api/admin/cashbox_operations/export_csv?cashbox_id=${tryRegister}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/cashflow_transactions_list\d{8}-\d{6}\.csv/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const total = (await get(`/api/admin/cashbox_operations?cashbox_id=${tryRegister}&per_page=1`)).json<CashflowListReply>().total;
    expect(lines).toHaveLength(total + 1);
    expect(lines[0]).toContain(azCashflow.cashRegister);
  });
});

test(`runs on ${TEST_DB}`, () => expect(['pglite', 'postgres']).toContain(TEST_DB));
