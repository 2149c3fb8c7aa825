import type { LogInfoReply, LogRow, StateArchiveRow, StateHistoryRow } from '@app/contract/history';
import { MODEL } from '@app/contract/models';
import { ROLE_DEFAULT_PERMISSIONS } from '@app/contract/permissions';
import type { DeclarationListRow } from '@app/contract/declarations';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantPermissions } from '../../db/seed/demo-seed';
import { auditLog } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>;   // back office, given my_logs and state_changes for these tests
let anbar: Record<string, string>;  // neither
let ofisId: number;
let adminId: number;
let declaration: DeclarationListRow;
beforeAll(async () => {
  ctx = await startTestApp({ declarations: 200 });
  const db = ctx.database.db;
  ofisId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'ofis@example.az')))[0]!.id;
  adminId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.az')))[0]!.id;
  await grantPermissions(db, ofisId, [...ROLE_DEFAULT_PERMISSIONS[3], 'my_logs', 'state_changes']);
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  declaration = ((await ctx.app.inject({ url: '/api/admin/v2/declaration/list?state_id=7&per_page=1', headers: admin })).json().data as DeclarationListRow[])[0]!;
  // One change by the back office and one by the admin on the same declaration.
  expect((await postForm(ctx.app, `/api/admin/declaration/edit/state?declaration_id=${declaration.id}&state_id=9`, ofis)).statusCode).toBe(200);
  expect((await postForm(ctx.app, `/api/admin/declaration/edit/state?declaration_id=${declaration.id}&state_id=88`, admin, { descr: 'Sənəd yoxdur' })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });

describe('[HISTORY] status archive', () => {
  test("filtered to one declaration it lists its status changes, newest first, with who and the track code", async () => {
    const res = await get(`/api/admin/states/archive?model_id=${MODEL.declarations}&object_id=${declaration.id}`, ofis);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as StateArchiveRow[];
    expect(rows.slice(0, 2).map((r) => r.state_id)).toEqual([88, 9]);
    expect(rows[0]).toMatchObject({ object_id: declaration.id, object_code: declaration.track_code, from_state_id: 9, note: 'Sənəd yoxdur',
      user_id: adminId, model_id: MODEL.declarations, model_name: expect.any(String), state_name: expect.any(String) });
    expect(rows[1]).toMatchObject({ user_id: ofisId, user_name: 'Nigar Əliyeva' });
    expect(rows[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  test('filters by state, user and date range; unfiltered total is reported', async () => {
    const byState = (await get('/api/admin/states/archive?state_id=88&per_page=50', admin)).json().data as StateArchiveRow[];
    expect(byState.length).toBeGreaterThan(0);
    expect(byState.every((r) => r.state_id === 88)).toBe(true);
    const byUser = (await get(`/api/admin/states/archive?user_id=${ofisId}`, admin)).json().data as StateArchiveRow[];
    expect(byUser.every((r) => r.user_id === ofisId)).toBe(true);
    const future = (await get('/api/admin/states/archive?date_from=2999-01-01', admin)).json();
    expect(future).toMatchObject({ data: [], total: 0 });
    const all = (await get('/api/admin/states/archive', admin)).json();
    expect(all.total).toBeGreaterThan(100);
  });

  test('refused without state_changes; bad input 422', async () => {
    expect((await get('/api/admin/states/archive', anbar)).statusCode).toBe(403);
    const bad = await get('/api/admin/states/archive?object_id=abc&date_to=soon', admin);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['object_id', 'date_to']));
  });
});

describe('[HISTORY] operation log', () => {
  test("an admin reads everyone's entries on a declaration (the timeline's link)", async () => {
    const res = await get(`/api/admin/logs?model_id=${MODEL.declarations}&object_id=${declaration.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as LogRow[];
    expect(rows.every((r) => r.entity === 'declaration' && r.entity_id === String(declaration.id))).toBe(true);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([adminId, ofisId]));
    expect(rows[0]!.action).toBe('declaration.state');
    expect(rows[0]).toMatchObject({ model_id: MODEL.declarations, model_name: 'Bağlamalar', object_id: declaration.id, title: expect.any(String) });
  });

  test('a non-admin sees only their own entries, and not the info of another user\'s entry', async () => {
    const mine = (await get(`/api/admin/logs?model_id=${MODEL.declarations}&object_id=${declaration.id}`, ofis)).json().data as LogRow[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.user_id === ofisId)).toBe(true);
    const everything = (await get(`/api/admin/logs?user_id=${adminId}`, ofis)).json();
    expect(everything).toMatchObject({ data: [], total: 0 });
    const adminEntry = (await get(`/api/admin/logs?model_id=${MODEL.declarations}&object_id=${declaration.id}&user_id=${adminId}`, admin)).json().data[0] as LogRow;
    expect((await get(`/api/admin/logs/info?log_id=${adminEntry.id}`, ofis)).statusCode).toBe(404);
    const info = await get(`/api/admin/logs/info?log_id=${mine[0]!.id}`, ofis);
    expect(info.statusCode).toBe(200);
    expect((info.json() as LogInfoReply).data.changes).toMatchObject({ state_id: { from: 7, to: 9 } });
    expect((info.json() as LogInfoReply).data).toMatchObject({ old_value: { state_id: 7 }, new_value: { state_id: 9 }, user_id: ofisId });
  });

  test('filters: action text, method, date range; refused without my_logs; bad input 422 and nothing written', async () => {
    const byAction = (await get('/api/admin/logs?action=cancel&per_page=50', admin)).json().data as LogRow[];
    expect(byAction.length).toBeGreaterThan(0);
    expect(byAction.every((r) => r.action.includes('cancel'))).toBe(true);
    const posts = (await get('/api/admin/logs?method=POST&per_page=50', admin)).json().data as LogRow[];
    expect(posts.every((r) => r.method === 'POST')).toBe(true);
    expect((await get('/api/admin/logs?date_from=2999-01-01', admin)).json().total).toBe(0);
    // The names real clients send (issue 14): id, title, model_name, created_at 'from,to'.
    const range = encodeURIComponent('2000-01-01 00:00:00,2100-01-01 00:00:00');
    const byTitle = await get(`/api/admin/logs?title=cancel&model_name=${encodeURIComponent('Bağlamalar')}&created_at=${range}&per_page=50`, admin);
    expect(byTitle.statusCode, byTitle.body).toBe(200);
    expect((byTitle.json().data as LogRow[]).every((r) => r.model_id === MODEL.declarations)).toBe(true);
    expect((await get(`/api/admin/logs?id=${byAction[0]!.id}`, admin)).json().data.map((r: LogRow) => r.id)).toEqual([byAction[0]!.id]);
    expect((await get(`/api/admin/logs?created_at=${encodeURIComponent('2999-01-01 00:00:00,')}`, admin)).json().total).toBe(0);
    const archive = await get(`/api/admin/states/archive?created_at=${range}&state_name=a&sort_column=state_id&sort_order=asc`, admin);
    expect(archive.statusCode, archive.body).toBe(200);
    expect((await get('/api/admin/states/archive?created_at=soon,later', admin)).statusCode).toBe(422);
    const before = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect((await get('/api/admin/logs', anbar)).statusCode).toBe(403);
    expect((await get('/api/admin/logs/info?log_id=1', anbar)).statusCode).toBe(403);
    const bad = await get('/api/admin/logs?method=GET&log_id=x&sort_column=action', admin);
    expect(bad.statusCode).toBe(422);
    expect((await get('/api/admin/logs/info?log_id=zero', admin)).statusCode).toBe(422);
    expect((await get('/api/admin/logs/info?log_id=99999999', admin)).statusCode).toBe(404);
    expect((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n).toBe(before);
  });
});

describe('[HISTORY] one record\'s status history (states/history, get_status_map)', () => {
  test('states/history?model_id&objectId lists the changes oldest first with who and the status name', async () => {
    const res = await get(`/api/admin/states/history?model_id=${MODEL.declarations}&objectId=${declaration.id}`, ofis);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as StateHistoryRow[];
    expect(rows.slice(-2).map((r) => r.state_id)).toEqual([9, 88]);
    expect(rows.at(-2)).toMatchObject({ user_id: ofisId, user_name: 'Nigar Əliyeva', state_name: expect.any(String) });
    expect(rows.at(-1)).toMatchObject({ user_id: adminId, from_state_id: 9, descr: 'Sənəd yoxdur' });
    expect(rows.at(-1)!.state_name.length).toBeGreaterThan(0);
    expect(rows.every((r) => typeof r.id === 'number' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r.created_at))).toBe(true);
    // object_id is taken too; a record without changes has an empty history.
    const same = (await get(`/api/admin/states/history?model_id=${MODEL.declarations}&object_id=${declaration.id}`, ofis)).json().data as StateHistoryRow[];
    expect(same.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect((await get(`/api/admin/states/history?model_id=${MODEL.declarations}&objectId=99999999`, ofis)).json()).toEqual({ data: [] });
  });

  test('get_status_map?model_id&object_id: the same timeline with descr', async () => {
    const res = await get(`/api/client/get_status_map?model_id=${MODEL.declarations}&object_id=${declaration.id}`, ofis);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as StateHistoryRow[];
    expect(rows.at(-1)).toMatchObject({ state_id: 88, descr: 'Sənəd yoxdur', user_id: adminId, user_name: expect.any(String) });
  });

  test('refused without state_changes (history); bad input 422', async () => {
    expect((await get(`/api/admin/states/history?model_id=2&objectId=${declaration.id}`, anbar)).statusCode).toBe(403);
    expect((await get('/api/admin/states/history?model_id=2', admin)).statusCode).toBe(422);
    expect((await get('/api/admin/states/history?model_id=x&objectId=1', admin)).statusCode).toBe(422);
    expect((await get('/api/client/get_status_map?model_id=2', admin)).statusCode).toBe(422);
  });
});

describe('[HISTORY] logs/export', () => {
  test('a CSV (BOM, logs_… file) of the log with the list filters; a non-admin gets only their own; refused without my_logs', async () => {
    const res = await get(`/api/admin/logs/export?model_id=${MODEL.declarations}&object_id=${declaration.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logs_\d{8}-\d{6}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const listed = (await get(`/api/admin/logs?model_id=${MODEL.declarations}&object_id=${declaration.id}&per_page=1000`, admin)).json() as { data: LogRow[] };
    expect(lines.length - 1).toBe(listed.data.length);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[1]!.startsWith(`${listed.data[0]!.id},`)).toBe(true);
    expect(res.body).toContain('Nigar Əliyeva');
    // ofis (not an admin) exports only its own entries.
    const own = (await get(`/api/admin/logs/export?model_id=${MODEL.declarations}&object_id=${declaration.id}`, ofis)).body;
    const ownLines = own.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    expect(ownLines.length).toBeGreaterThan(0);
    expect(ownLines.length).toBeLessThan(lines.length - 1);
    expect(ownLines.every((l) => l.includes(',Nigar Əliyeva,'))).toBe(true);
    expect((await get('/api/admin/logs/export', anbar)).statusCode).toBe(403);
    expect((await get('/api/admin/logs/export?method=GETX', admin)).statusCode).toBe(422);
  });
});
