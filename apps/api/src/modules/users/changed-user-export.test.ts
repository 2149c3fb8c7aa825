import { ROLE_DEFAULT_PERMISSIONS } from '@app/contract/permissions';
import { az } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantPermissions } from '../../db/seed/demo-seed';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

/*
 * POST /api/admin/changedUserExport — the logs screen's 'Bağlama düzəliş export' (real clients send
 * multipart start_date, end_date as 'YYYY-MM-DD' or ''): parcels moved from one customer to another.
 */

const C = az.usersUi.changedUsers;
let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>;
let anbar: Record<string, string>;
let today: string;
let customers: { id: number; code: string; name: string }[];
let parcels: { id: number; track_code: string; user_id: number }[];

const rows = async <T>(query: ReturnType<typeof sql>) => (await ctx.database.db.execute(query)).rows as T[];

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  const [ofisUser] = await rows<{ id: number }>(sql`select id from users where email = 'ofis@example.az'`);
  // The back office may see the logs screen here: my_logs on top of its usual codes.
  await grantPermissions(ctx.database.db, ofisUser!.id, [...ROLE_DEFAULT_PERMISSIONS[3], 'my_logs']);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  [{ today }] = await rows<{ today: string }>(sql`select to_char(now() at time zone ${ctx.app.config.APP_TIMEZONE}, 'YYYY-MM-DD') as today`) as [{ today: string }];
  customers = await rows(sql`
    select id, code, trim(name || ' ' || surname) as name from users
    where admin = 0 and code is not null and deleted_at is null and blocked = false order by id limit 3`);
  parcels = await rows(sql`
    select d.id, d.track_code, d.user_id from declarations d
    where d.deleted_at is null and d.status_id in (7, 9) and d.user_id <> all(${`{${customers.map((c) => c.id).join(',')}}`}::int[])
    order by d.id limit 3`);
  expect(customers).toHaveLength(3);
  expect(parcels).toHaveLength(3);
});
afterAll(() => ctx.close());

/** A multipart POST as real clients send it (FormData with both fields, '' when not picked). */
function exportChanged(auth: Record<string, string>, fields: { start_date?: string; end_date?: string } = {}) {
  const boundary = `----changed${Math.random().toString(16).slice(2)}`;
  const body = Object.entries({ start_date: '', end_date: '', ...fields })
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
  return ctx.app.inject({ method: 'POST', url: '/api/admin/changedUserExport', payload: body, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

async function readSheet(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const values: unknown[][] = [];
  ws.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, header: values[0] as string[], data: values.slice(1) };
}

const edit = (auth: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/declaration/edit', headers: auth, payload });

describe('[USERS][CHANGED] POST changedUserExport: parcels moved between customers', () => {
  test('a parcel moved to another customer is one row: when, the parcel, who had it, who has it, who moved it; other edits are not listed', async () => {
    const [parcel] = parcels;
    const [, target] = customers;
    const [from] = await rows<{ code: string | null; name: string }>(sql`select code, trim(name || ' ' || surname) as name from users where id = ${parcel!.user_id}`);
    const moved = await edit(admin, { declaration_id: parcel!.id, user_id: target!.id, descr: 'Səhv müştəriyə yazılmışdı' });
    expect(moved.statusCode, moved.body).toBe(200);
    // An edit that leaves the customer alone is no customer change.
    expect((await edit(admin, { declaration_id: parcels[1]!.id, descr: 'Qeyd' })).statusCode).toBe(200);

    const res = await exportChanged(admin, { start_date: today, end_date: today });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="changed_users_\d{8}-\d{6}\.xlsx"/);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.name).toBe(C.sheet);
    expect(sheet.header).toEqual([C.changedAt, C.declarationId, C.trackCode, C.globalTrackCode, C.fromCode, C.fromName, C.toCode, C.toName, C.changedBy, C.otherChanges, C.status]);
    expect(sheet.data).toHaveLength(1);
    const [row] = sheet.data;
    expect(String(row![0])).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}:\\d{2}$`));
    expect(row![1]).toBe(parcel!.id);
    expect(row![2]).toBe(parcel!.track_code);
    expect(row![4]).toBe(from!.code ?? `#${parcel!.user_id}`);
    expect(row![5]).toBe(from!.name);
    expect(row![6]).toBe(target!.code);
    expect(row![7]).toBe(target!.name);
    expect(row![8]).toBe('Rəşad Məmmədov');
    expect(row![9]).toBe('Qeyd'); // the note changed in the same edit, by its name
    expect(row![10]).toMatch(/\S/);
  });

  test('the period: empty dates mean every change; a period without changes has only the header; the end day counts whole', async () => {
    const all = await readSheet((await exportChanged(admin)).rawPayload);
    expect(all.data.map((r) => r[1])).toContain(parcels[0]!.id);
    const before = await readSheet((await exportChanged(admin, { start_date: '2020-01-01', end_date: '2020-12-31' })).rawPayload);
    expect(before.data).toEqual([]);
    const fromToday = await readSheet((await exportChanged(admin, { start_date: today })).rawPayload);
    expect(fromToday.data.map((r) => r[1])).toContain(parcels[0]!.id);
    const untilToday = await readSheet((await exportChanged(admin, { end_date: today })).rawPayload);
    expect(untilToday.data.map((r) => r[1])).toContain(parcels[0]!.id);
  });

  test('an end before the start, or a date that is not one, is a 422 with the field named', async () => {
    const reversed = await exportChanged(admin, { start_date: '2026-05-10', end_date: '2026-05-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.end_date).toEqual([C.endBeforeStart]);
    const bad = await exportChanged(admin, { start_date: '2026-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['start_date']);
  });

  test('my_logs only; as on the logs screen, a non-admin gets only the moves they made', async () => {
    expect((await exportChanged(anbar)).statusCode).toBe(403);
    const none = await readSheet((await exportChanged(ofis)).rawPayload);
    expect(none.data).toEqual([]);
    const [, , third] = customers;
    expect((await edit(ofis, { declaration_id: parcels[2]!.id, user_id: third!.id })).statusCode).toBe(200);
    const own = await readSheet((await exportChanged(ofis)).rawPayload);
    expect(own.data.map((r) => r[1])).toEqual([parcels[2]!.id]);
    expect(own.data[0]![6]).toBe(third!.code);
    const everyone = await readSheet((await exportChanged(admin)).rawPayload);
    expect(everyone.data.map((r) => r[1])).toEqual([parcels[0]!.id, parcels[2]!.id]);
  });

  test('a read: no audit entry is written for the export itself', async () => {
    const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where path like '/api/admin/changedUserExport%'`);
    await exportChanged(admin);
    const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where path like '/api/admin/changedUserExport%'`);
    expect(after!.n).toBe(before!.n);
  });
});
