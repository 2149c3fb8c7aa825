import { azCashRegisters } from '@app/contract/texts/az-cash-registers';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantPermissions } from '../../db/seed/demo-seed';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

/*
 * Cash registers and cash categories (issue 17 items 3, 4): every rule on the real app, on PGlite
 * and (TEST_DB=postgres) PostgreSQL.
 */

const tr = azCashRegisters.registers;
const tc = azCashRegisters.categories;

let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>;
let ofisId: number;
let adminId: number;
let aznId: number;
let usdId: number;

beforeAll(async () => {
  ctx = await startTestApp({ customers: 2, declarations: 0 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  ofisId = Number((await rows<{ id: number }>(sql`select id from users where email = 'ofis@example.az'`))[0]!.id);
  adminId = Number((await rows<{ id: number }>(sql`select id from users where email = 'admin@example.az'`))[0]!.id);
  aznId = Number((await rows<{ id: number }>(sql`select id from currencies where currency_code = 'AZN'`))[0]!.id);
  usdId = Number((await rows<{ id: number }>(sql`select id from currencies where currency_code = 'USD'`))[0]!.id);
});
afterAll(() => ctx?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await ctx.database.db.execute(query)).rows as T[];
}

async function get(url: string, auth = admin) {
  const res = await ctx.app.inject({ url, headers: auth });
  return { status: res.statusCode, body: res.json() };
}

/** A multipart POST as real clients send it (FormData). */
async function postMultipart(url: string, fields: Record<string, string | number>, auth = admin) {
  const boundary = `----cash${Math.random().toString(16).slice(2)}`;
  const payload = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
  const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return { status: res.statusCode, body: res.json() };
}

async function post(url: string, fields: Record<string, string | number> = {}, auth = admin) {
  const res = await postForm(ctx.app, url, auth, fields);
  return { status: res.statusCode, body: res.json() };
}

async function createRegister(name: string, amount: string, currencyId = aznId): Promise<number> {
  const res = await postMultipart('/api/admin/cashboxes/create', { cashbox_name: name, amount, currency_id: currencyId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

/**
 * A cash-flow income/expense on a register, written as the ledger writes it (modules/money/ledger.ts,
 * reached from here only through a service: lint): the document, one entry with the balance before and
 * after, the register's balance moved under its row lock, in one transaction.
 */
async function moveMoney(registerId: number, type: 1 | 2, amount: string, categoryId: number | null = null): Promise<{ id: number }> {
  const delta = type === 1 ? amount : `-${amount}`;
  return ctx.database.db.transaction(async (tx) => {
    const [register] = (await tx.execute(sql`select currency_id, balance::text as balance from cash_registers where id = ${registerId} for update`)).rows as { currency_id: number; balance: string }[];
    const [op] = (await tx.execute(sql`insert into cash_operations (type, cash_register_id, currency_id, amount, reason, category_id, user_id, status_id)
      values (${type}, ${registerId}, ${register!.currency_id}, ${amount}::numeric, 'manual', ${categoryId}, ${adminId}, 18) returning id`)).rows as { id: number }[];
    await tx.execute(sql`insert into cash_register_entries (cash_register_id, operation_id, amount, balance_before, balance_after, kind, user_id)
      values (${registerId}, ${op!.id}, ${delta}::numeric, ${register!.balance}::numeric, ${register!.balance}::numeric + ${delta}::numeric, 'post', ${adminId})`);
    await tx.execute(sql`update cash_registers set balance = balance + ${delta}::numeric where id = ${registerId}`);
    return { id: Number(op!.id) };
  });
}

/** Registers whose balance is not their initial amount plus their entries (none when the ledger adds up). */
async function registersOffLedger() {
  return rows(sql`select r.id from cash_registers r left join cash_register_entries e on e.cash_register_id = r.id
    group by r.id, r.amount, r.balance having r.balance <> r.amount + coalesce(sum(e.amount), 0)`);
}

async function registerRow(id: number) {
  const { body } = await get(`/api/admin/cashboxes?id=${id}`);
  return body.data[0] as Record<string, unknown> | undefined;
}

describe('[CASH-REGISTERS][LIST] GET cashboxes', () => {
  test('a new register is listed holding its initial amount: amount = balance = initial_amount, with its currency code and date', async () => {
    const id = await createRegister('Nərimanov kassası', '250.50');
    const { status, body } = await get('/api/admin/cashboxes?per_page=1000');
    expect(status).toBe(200);
    const row = body.data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      id, name: 'Nərimanov kassası', cashbox_name: 'Nərimanov kassası', amount: '250.50', initial_amount: '250.50', currency_id: aznId, currency_code: 'AZN',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(body.total).toBe(body.data.length);
    const [stored] = await rows<{ balance: string; amount: string }>(sql`select balance::text, amount::text from cash_registers where id = ${id}`);
    expect(stored).toEqual({ balance: '250.50', amount: '250.50' });
  });

  test('filters id, name (part, any case) and created_at range; sorts; per_page up to 1000 (pickers), 1001 is refused', async () => {
    const id = await createRegister('Filtr Yoxlama Kassası', '0');
    expect((await get(`/api/admin/cashboxes?id=${id}`)).body.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await get('/api/admin/cashboxes?name=filtr yoxlama')).body.data.map((r: { id: number }) => r.id)).toEqual([id]);
    const today = (await get(`/api/admin/cashboxes?id=${id}`)).body.data[0].created_at.slice(0, 10);
    expect((await get(`/api/admin/cashboxes?id=${id}&created_at=${encodeURIComponent(`${today} 00:00:00,${today} 23:59:59`)}`)).body.total).toBe(1);
    expect((await get(`/api/admin/cashboxes?id=${id}&created_at=${encodeURIComponent('2001-01-01 00:00:00,2001-12-31 23:59:59')}`)).body.total).toBe(0);
    // the web table sends the two ends apart
    expect((await get(`/api/admin/cashboxes?id=${id}&date_from=${encodeURIComponent(`${today} 00:00:00`)}&date_to=${encodeURIComponent(`${today} 23:59:59`)}`)).body.total).toBe(1);
    expect((await get(`/api/admin/cashboxes?id=${id}&date_to=${encodeURIComponent('2001-12-31 23:59:59')}`)).body.total).toBe(0);
    const byAmount = (await get('/api/admin/cashboxes?sort_column=amount&sort_order=desc&per_page=1000')).body.data.map((r: { amount: string }) => Number(r.amount));
    expect(byAmount).toEqual([...byAmount].sort((a, b) => b - a));
    expect((await get('/api/admin/cashboxes?per_page=1000')).status).toBe(200);
    expect((await get('/api/admin/cashboxes?per_page=1001')).status).toBe(422);
    expect((await get('/api/admin/cashboxes?created_at=yesterday')).status).toBe(422);
  });

  test('info answers one register; an unknown one is 404', async () => {
    const id = await createRegister('Info kassası', '12');
    expect((await get(`/api/admin/cashboxes/info?cashbox_id=${id}`)).body.data).toMatchObject({ id, cashbox_name: 'Info kassası', amount: '12.00', initial_amount: '12.00', has_entries: false });
    await moveMoney(id, 1, '1');
    expect((await get(`/api/admin/cashboxes/info?cashbox_id=${id}`)).body.data).toMatchObject({ amount: '13.00', has_entries: true });
    expect((await get('/api/admin/cashboxes/info?cashbox_id=999999')).status).toBe(404);
  });

  test('the balance follows the ledger: amount = initial amount + sum of entries; initial_amount stays', async () => {
    const id = await createRegister('Ledger kassası', '100.00');
    await moveMoney(id, 1, '40.25');
    await moveMoney(id, 2, '10.10');
    expect(await registerRow(id)).toMatchObject({ amount: '130.15', initial_amount: '100.00' });
    expect(await registersOffLedger()).toEqual([]);
  });
});

describe('[CASH-REGISTERS][CREATE] POST cashboxes/create', () => {
  test('name, amount and currency are checked field by field (422, nothing written)', async () => {
    const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from cash_registers`);
    const blank = await postMultipart('/api/admin/cashboxes/create', { cashbox_name: '  ', amount: '5', currency_id: aznId });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.cashbox_name).toBeDefined();
    const negative = await postMultipart('/api/admin/cashboxes/create', { cashbox_name: 'Mənfi', amount: '-1', currency_id: aznId });
    expect(negative.status).toBe(422);
    expect(negative.body.errors.amount).toEqual([tr.amountRange]);
    const threeDecimals = await postMultipart('/api/admin/cashboxes/create', { cashbox_name: 'Qəpik', amount: '1.005', currency_id: aznId });
    expect(threeDecimals.body.errors.amount).toEqual([tr.amountRange]);
    const huge = await postMultipart('/api/admin/cashboxes/create', { cashbox_name: 'Böyük', amount: '1000000000000', currency_id: aznId });
    expect(huge.body.errors.amount).toEqual([tr.amountRange]);
    const words = await postMultipart('/api/admin/cashboxes/create', { cashbox_name: 'Söz', amount: 'yüz', currency_id: aznId });
    expect(words.status).toBe(422);
    const currency = await postMultipart('/api/admin/cashboxes/create', { cashbox_name: 'Valyutasız', amount: '1', currency_id: 9999 });
    expect(currency.status).toBe(422);
    expect(currency.body.errors.currency_id).toEqual([tr.unknownCurrency]);
    expect((await postMultipart('/api/admin/cashboxes/create', { cashbox_name: 'Valyutasız', amount: '1' })).body.errors.currency_id).toBeDefined();
    const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from cash_registers`);
    expect(after!.n).toBe(before!.n);
  });

  test('a blank initial amount is 0; a comma decimal is read as a point', async () => {
    const zero = await createRegister('Boş məbləğ', '');
    expect(await registerRow(zero)).toMatchObject({ amount: '0.00', initial_amount: '0.00' });
    const comma = await createRegister('Vergüllü', '12,5', usdId);
    expect(await registerRow(comma)).toMatchObject({ amount: '12.50', currency_code: 'USD' });
  });
});

describe('[CASH-REGISTERS][EDIT] POST cashboxes/edit', () => {
  test('the name changes; the initial amount sent back unchanged is ignored (12.5 = 12.50)', async () => {
    const id = await createRegister('Köhnə ad', '12.50');
    const res = await postMultipart('/api/admin/cashboxes/edit', { cashbox_id: id, cashbox_name: 'Yeni ad', amount: '12.5', currency_id: aznId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await registerRow(id)).toMatchObject({ cashbox_name: 'Yeni ad', amount: '12.50', initial_amount: '12.50' });
    // without amount at all (another client)
    expect((await post('/api/admin/cashboxes/edit', { cashbox_id: id, cashbox_name: 'Yeni ad 2', currency_id: aznId })).status).toBe(200);
    const [audit] = await rows<{ action: string }>(sql`select action from audit_log where entity = 'cash_register' and entity_id = ${String(id)} order by id desc limit 1`);
    expect(audit!.action).toBe('cash_register.update');
  });

  test('spec §5: a different initial amount is refused (422 on amount) and nothing changes, not even the name', async () => {
    const id = await createRegister('Kilidli', '300.00');
    const res = await postMultipart('/api/admin/cashboxes/edit', { cashbox_id: id, cashbox_name: 'Başqa ad', amount: '350', currency_id: aznId });
    expect(res.status).toBe(422);
    expect(res.body.errors.amount).toEqual([tr.amountLocked]);
    expect(await registerRow(id)).toMatchObject({ cashbox_name: 'Kilidli', amount: '300.00', initial_amount: '300.00' });
  });

  test('the currency changes while the register has no entries; once it has ledger entries it is locked (422 on currency_id)', async () => {
    const id = await createRegister('Valyuta dəyişən', '10');
    expect((await postMultipart('/api/admin/cashboxes/edit', { cashbox_id: id, cashbox_name: 'Valyuta dəyişən', amount: '10', currency_id: usdId })).status).toBe(200);
    expect(await registerRow(id)).toMatchObject({ currency_code: 'USD' });
    await moveMoney(id, 1, '5');
    const res = await postMultipart('/api/admin/cashboxes/edit', { cashbox_id: id, cashbox_name: 'Valyuta dəyişən', amount: '10', currency_id: aznId });
    expect(res.status).toBe(422);
    expect(res.body.errors.currency_id).toEqual([tr.currencyLocked]);
    expect(await registerRow(id)).toMatchObject({ currency_code: 'USD', amount: '15.00' });
    // the name still changes with the same currency
    expect((await postMultipart('/api/admin/cashboxes/edit', { cashbox_id: id, cashbox_name: 'Dollar 2', amount: '10', currency_id: usdId })).status).toBe(200);
  });

  test('a register named in settings cashflow keeps its currency (the handover pays into it in manat)', async () => {
    const id = await createRegister('Tənzimləmə kassası', '0');
    await ctx.database.db.execute(sql`update settings set value = to_jsonb(${String(id)}::text) where group_id = 'cashflow' and key = 'terminalCashboxId'`);
    try {
      const res = await postMultipart('/api/admin/cashboxes/edit', { cashbox_id: id, cashbox_name: 'Tənzimləmə kassası', currency_id: usdId });
      expect(res.status).toBe(422);
      expect(res.body.errors.currency_id).toEqual([tr.currencyInSettings]);
    } finally {
      await ctx.database.db.execute(sql`update settings set value = '2'::jsonb where group_id = 'cashflow' and key = 'terminalCashboxId'`);
    }
  });

  test('an unknown or removed register is 404; an unknown currency 422', async () => {
    expect((await postMultipart('/api/admin/cashboxes/edit', { cashbox_id: 999999, cashbox_name: 'X', currency_id: aznId })).status).toBe(404);
    const id = await createRegister('Valyuta yoxlaması', '1');
    expect((await postMultipart('/api/admin/cashboxes/edit', { cashbox_id: id, cashbox_name: 'X', currency_id: 9999 })).body.errors.currency_id).toEqual([tr.unknownCurrency]);
  });
});

describe('[CASH-REGISTERS][REMOVE] POST cashboxes/remove', () => {
  test('a register without entries is removed (soft): gone from list and info, the row kept; a second remove is 404', async () => {
    const id = await createRegister('Silinəcək', '0');
    const res = await post(`/api/admin/cashboxes/remove?cashbox_id=${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await registerRow(id)).toBeUndefined();
    expect((await get(`/api/admin/cashboxes/info?cashbox_id=${id}`)).status).toBe(404);
    const [stored] = await rows<{ deleted: boolean }>(sql`select deleted_at is not null as deleted from cash_registers where id = ${id}`);
    expect(stored!.deleted).toBe(true);
    expect((await post(`/api/admin/cashboxes/remove?cashbox_id=${id}`)).status).toBe(404);
    // spec §7 calls it cancel
    const other = await createRegister('Ləğv ediləcək', '0');
    expect((await post(`/api/admin/cashboxes/cancel?cashbox_id=${other}`)).status).toBe(200);
    expect(await registerRow(other)).toBeUndefined();
  });

  test('refused (422) while it has ledger entries, even when they net to zero', async () => {
    const id = await createRegister('Tranzaksiyalı', '0');
    await moveMoney(id, 1, '20');
    await moveMoney(id, 2, '20');
    const res = await post(`/api/admin/cashboxes/remove?cashbox_id=${id}`);
    expect(res.status).toBe(422);
    expect(res.body.errors.cashbox_id).toEqual([tr.hasEntries]);
    expect(await registerRow(id)).toBeDefined();
  });

  test('refused while named in settings cashflow (register 1) or as a user\'s register (register 2: ofis, and terminal setting)', async () => {
    const one = await post('/api/admin/cashboxes/remove?cashbox_id=1');
    expect(one.status).toBe(422);
    expect(one.body.errors.cashbox_id).toContain(tr.inSettings);
    const two = await post('/api/admin/cashboxes/remove?cashbox_id=2');
    expect(two.body.errors.cashbox_id).toEqual(expect.arrayContaining([tr.inSettings, tr.usersCashbox]));
    const id = await createRegister('İstifadəçinin kassası', '0');
    await ctx.database.db.execute(sql`update users set cashbox_id = ${id} where id = ${adminId}`);
    try {
      const res = await post(`/api/admin/cashboxes/remove?cashbox_id=${id}`);
      expect(res.status).toBe(422);
      expect(res.body.errors.cashbox_id).toEqual([tr.usersCashbox]);
    } finally {
      await ctx.database.db.execute(sql`update users set cashbox_id = 1 where id = ${adminId}`);
    }
    expect(await registerRow(1)).toBeDefined();
  });
});

describe('[CASH-REGISTERS][EXPORT] GET cashboxes/export', () => {
  test('an .xlsx named cash-registers_export_{random} that opens with the list\'s rows (filters kept)', async () => {
    const id = await createRegister('Export kassası', '77.70', usdId);
    const res = await ctx.app.inject({ url: '/api/admin/cashboxes/export?name=export kassas', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/filename="cash-registers_export_\d+\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const values: unknown[][] = [];
    ws.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual([tr.code, tr.name, tr.balance, tr.initialAmount, tr.currency, tr.date]);
    expect(values.slice(1)).toEqual([[id, 'Export kassası', 77.7, 77.7, 'USD', expect.stringMatching(/^\d{4}-\d{2}-\d{2} /)]]);

    const all = await ctx.app.inject({ url: '/api/admin/cashboxes/export', headers: admin });
    const wbAll = new ExcelJS.Workbook();
    await wbAll.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    expect(wbAll.worksheets[0]!.rowCount - 1).toBe((await get('/api/admin/cashboxes?per_page=1000')).body.total);
  });
});

describe('[CASH-REGISTERS][ACCESS] permissions', () => {
  test('without cashflow: the list answers the picker columns only (no money), info and export 403; with cashflow but not cashboxes.cud: reads pass, create/edit/remove 403, nothing written', async () => {
    await grantPermissions(ctx.database.db, ofisId, []);
    const picker = await get('/api/admin/cashboxes?per_page=1000', ofis);
    expect(picker.status).toBe(200);
    expect(picker.body.data.find((r: { id: number }) => r.id === 3)).toEqual({ id: 3, name: 'Dollar kassası', cashbox_name: 'Dollar kassası', currency_id: usdId, currency_code: 'USD' });
    expect(picker.body.data.every((r: Record<string, unknown>) => !('amount' in r) && !('initial_amount' in r))).toBe(true);
    expect((await get('/api/admin/cashboxes/info?cashbox_id=1', ofis)).status).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/cashboxes/export', headers: ofis })).statusCode).toBe(403);
    await grantPermissions(ctx.database.db, ofisId, ['cashflow']);
    const full = await get('/api/admin/cashboxes', ofis);
    expect(full.status).toBe(200);
    expect(full.body.data[0]).toHaveProperty('amount');
    expect((await postMultipart('/api/admin/cashboxes/create', { cashbox_name: 'Icazəsiz', amount: '1', currency_id: aznId }, ofis)).status).toBe(403);
    expect((await postMultipart('/api/admin/cashboxes/edit', { cashbox_id: 3, cashbox_name: 'Icazəsiz', currency_id: usdId }, ofis)).status).toBe(403);
    expect((await post('/api/admin/cashboxes/remove?cashbox_id=3', {}, ofis)).status).toBe(403);
    expect(await rows(sql`select 1 from cash_registers where name = 'Icazəsiz'`)).toEqual([]);
    await grantPermissions(ctx.database.db, ofisId, ['cashflow', 'cashboxes.cud']);
    const made = await postMultipart('/api/admin/cashboxes/create', { cashbox_name: 'Icazəli', amount: '1', currency_id: aznId }, ofis);
    expect(made.status).toBe(200);
    // categories need their own code
    expect((await postMultipart('/api/admin/cash_categories/create', { category_name: 'Icazəsiz', parent_id: '' }, ofis)).status).toBe(403);
    await grantPermissions(ctx.database.db, ofisId, []);
  });
});

// ---------------------------------------------------------------- categories

async function createCategory(name: string, parentId: number | '' = ''): Promise<number> {
  const res = await postMultipart('/api/admin/cash_categories/create', { category_name: name, parent_id: parentId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const editCategory = (id: number, name: string, parentId: number | '') =>
  postMultipart('/api/admin/cash_categories/edit', { cash_category_id: id, category_name: name, parent_id: parentId });

describe('[CASH-CATEGORIES][READ] tree, all and info', () => {
  test('the tree lists top-level categories with their sub_categories; all is flat with parent_id + parent_name', async () => {
    const top = await createCategory('Kommunal xərclər');
    const light = await createCategory('İşıq', top);
    const water = await createCategory('Su', top);
    const alone = await createCategory('Maaşlar');
    const tree = await get('/api/admin/cash_categories?per_page=200');
    expect(tree.status).toBe(200);
    const node = tree.body.data.find((r: { id: number }) => r.id === top);
    expect(node).toMatchObject({ id: top, category_name: 'Kommunal xərclər', parent_id: null, created_at: expect.any(String) });
    expect(node.sub_categories.map((c: { id: number; category_name: string }) => [c.id, c.category_name])).toEqual([[light, 'İşıq'], [water, 'Su']]);
    expect(tree.body.data.find((r: { id: number }) => r.id === alone).sub_categories).toEqual([]);
    expect(tree.body.data.some((r: { id: number }) => r.id === light)).toBe(false);

    const all = await get('/api/admin/cash_categories/all?per_page=1000');
    expect(all.status).toBe(200);
    expect(all.body.data.find((r: { id: number }) => r.id === light)).toMatchObject({ category_name: 'İşıq', parent_id: top, parent_name: 'Kommunal xərclər' });
    expect(all.body.data.find((r: { id: number }) => r.id === top)).toMatchObject({ parent_id: null, parent_name: '' });
    expect((await get(`/api/admin/cash_categories/all?parent_id=${top}`)).body.data.map((r: { id: number }) => r.id)).toEqual([light, water]);
    expect((await get('/api/admin/cash_categories/all?name=işı')).body.data.map((r: { id: number }) => r.id)).toContain(light);
    expect((await get('/api/admin/cash_categories/all?is_top=1&per_page=1000')).body.data.every((r: { parent_id: number | null }) => r.parent_id === null)).toBe(true);
    expect((await get(`/api/admin/cash_categories/info?cash_category_id=${water}`)).body.data).toMatchObject({ id: water, parent_id: top, parent_name: 'Kommunal xərclər' });
    expect((await get('/api/admin/cash_categories/info?cash_category_id=999999')).status).toBe(404);
    expect((await get('/api/admin/cash_categories/all?per_page=1001')).status).toBe(422);
  });
});

describe('[CASH-CATEGORIES][PARENT] never its own parent, no cycle, two levels', () => {
  test('its own parent is 422 on parent_id', async () => {
    const id = await createCategory('Öz valideyni');
    const res = await editCategory(id, 'Öz valideyni', id);
    expect(res.status).toBe(422);
    expect(res.body.errors.parent_id).toEqual([tc.ownParent]);
  });

  test('a parent made the child of its own child is a cycle (422), and nothing changes', async () => {
    const a = await createCategory('Nəqliyyat');
    const b = await createCategory('Yanacaq', a);
    const res = await editCategory(a, 'Nəqliyyat', b);
    expect(res.status).toBe(422);
    expect(res.body.errors.parent_id).toEqual([tc.cycle]);
    expect((await get(`/api/admin/cash_categories/info?cash_category_id=${a}`)).body.data.parent_id).toBeNull();
  });

  test('a child cannot be a parent (two levels), and a category with children cannot move under another', async () => {
    const a = await createCategory('Ofis');
    const b = await createCategory('Dəftərxana', a);
    const third = await postMultipart('/api/admin/cash_categories/create', { category_name: 'Kağız', parent_id: b });
    expect(third.status).toBe(422);
    expect(third.body.errors.parent_id).toEqual([tc.parentIsChild]);
    const other = await createCategory('Digər');
    const moved = await editCategory(a, 'Ofis', other);
    expect(moved.status).toBe(422);
    expect(moved.body.errors.parent_id).toEqual([tc.hasChildrenCannotMove]);
    // a leaf moves between parents and back to the top
    expect((await editCategory(b, 'Dəftərxana', other)).status).toBe(200);
    expect((await get(`/api/admin/cash_categories/info?cash_category_id=${b}`)).body.data).toMatchObject({ parent_id: other, parent_name: 'Digər' });
    expect((await editCategory(b, 'Dəftərxana 2', '')).status).toBe(200);
    expect((await get(`/api/admin/cash_categories/info?cash_category_id=${b}`)).body.data).toMatchObject({ parent_id: null, category_name: 'Dəftərxana 2' });
  });

  test('two concurrent edits putting A under B and B under A never both pass (no cycle is ever stored)', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createCategory(`Yarış A${round}`);
      const b = await createCategory(`Yarış B${round}`);
      const [first, second] = await Promise.all([editCategory(a, `Yarış A${round}`, b), editCategory(b, `Yarış B${round}`, a)]);
      expect([first.status, second.status].sort()).toEqual([200, 422]);
      const stored = await rows<{ id: number; parent_id: number | null }>(sql`select id, parent_id from cash_categories where id in (${a}, ${b}) order by id`);
      expect(stored.filter((r) => r.parent_id !== null)).toHaveLength(1);
    }
    // nowhere in the table does a category sit below one of its own descendants, nor three levels deep
    expect(await rows(sql`select c.id from cash_categories c join cash_categories p on p.id = c.parent_id where p.parent_id is not null and c.deleted_at is null`)).toEqual([]);
  });

  test('an unknown or removed parent is 422; a blank name 422; an unknown category 404', async () => {
    expect((await postMultipart('/api/admin/cash_categories/create', { category_name: 'Yetim', parent_id: 999999 })).body.errors.parent_id).toEqual([tc.unknownParent]);
    const gone = await createCategory('Silinmiş valideyn');
    expect((await post(`/api/admin/cash_categories/remove?cash_category_id=${gone}`)).status).toBe(200);
    expect((await postMultipart('/api/admin/cash_categories/create', { category_name: 'Yetim', parent_id: gone })).body.errors.parent_id).toEqual([tc.unknownParent]);
    expect((await postMultipart('/api/admin/cash_categories/create', { category_name: ' ', parent_id: '' })).body.errors.category_name).toBeDefined();
    expect((await editCategory(999999, 'X', '')).status).toBe(404);
  });
});

describe('[CASH-CATEGORIES][REMOVE] POST cash_categories/remove', () => {
  test('refused while it has sub-categories; a leaf is removed (soft) and leaves the tree; then its parent can go', async () => {
    const a = await createCategory('Satış gəlirləri');
    const b = await createCategory('Onlayn satış', a);
    const refused = await post(`/api/admin/cash_categories/remove?cash_category_id=${a}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.cash_category_id).toEqual([tc.hasChildren]);
    expect((await post(`/api/admin/cash_categories/remove?cash_category_id=${b}`)).status).toBe(200);
    const tree = await get('/api/admin/cash_categories');
    expect(tree.body.data.find((r: { id: number }) => r.id === a).sub_categories).toEqual([]);
    expect((await get(`/api/admin/cash_categories/info?cash_category_id=${b}`)).status).toBe(404);
    expect((await post(`/api/admin/cash_categories/remove?cash_category_id=${a}`)).status).toBe(200);
    expect((await post(`/api/admin/cash_categories/remove?cash_category_id=${a}`)).status).toBe(404);
    const viaCancel = await createCategory('Spec §7 cancel');
    expect((await post(`/api/admin/cash_categories/cancel?cash_category_id=${viaCancel}`)).status).toBe(200);
    expect((await get(`/api/admin/cash_categories/info?cash_category_id=${viaCancel}`)).status).toBe(404);
  });

  test('refused while cash operations use it (also a cancelled one); the row stays', async () => {
    const a = await createCategory('İstifadə olunan');
    const register = await createRegister('Kateqoriya kassası', '50');
    const op = await moveMoney(register, 2, '5', a);
    await ctx.database.db.execute(sql`update cash_operations set status_id = 21 where id = ${op.id}`);
    const res = await post(`/api/admin/cash_categories/remove?cash_category_id=${a}`);
    expect(res.status).toBe(422);
    expect(res.body.errors.cash_category_id).toEqual([tc.inUse]);
    expect((await get(`/api/admin/cash_categories/info?cash_category_id=${a}`)).status).toBe(200);
  });

  test('403 without cash_categories.cud, 403 on reads without cashflow; a partner reaches none of it', async () => {
    const partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
    expect((await get('/api/admin/cashboxes', partner)).status).toBe(403);
    expect((await get('/api/admin/cash_categories/all', partner)).status).toBe(403);
    const id = await createCategory('Qorunan');
    await grantPermissions(ctx.database.db, ofisId, []);
    expect((await get('/api/admin/cash_categories', ofis)).status).toBe(403);
    expect((await get('/api/admin/cash_categories/all', ofis)).status).toBe(403);
    await grantPermissions(ctx.database.db, ofisId, ['cashflow']);
    expect((await get('/api/admin/cash_categories/all', ofis)).status).toBe(200);
    expect((await editCategory(id, 'Dəyişdirilmiş', '')).status).toBe(200); // admin
    expect((await postMultipart('/api/admin/cash_categories/edit', { cash_category_id: id, category_name: 'Ofisdən', parent_id: '' }, ofis)).status).toBe(403);
    expect((await post(`/api/admin/cash_categories/remove?cash_category_id=${id}`, {}, ofis)).status).toBe(403);
    await grantPermissions(ctx.database.db, ofisId, ['cashflow', 'cash_categories.cud']);
    expect((await postMultipart('/api/admin/cash_categories/edit', { cash_category_id: id, category_name: 'Ofisdən', parent_id: '' }, ofis)).status).toBe(200);
    expect((await post(`/api/admin/cash_categories/remove?cash_category_id=${id}`, {}, ofis)).status).toBe(200);
    await grantPermissions(ctx.database.db, ofisId, []);
  });
});
