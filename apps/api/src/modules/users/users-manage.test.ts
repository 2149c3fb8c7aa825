import { OPERATIONS, ROLE_DEFAULT_PERMISSIONS } from '@app/contract/permissions';
import { az } from '@app/contract/texts/az';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { auditLog } from '../../db/schema/platform';
import { refreshTokens, users } from '../../db/schema/users';
import { grantPermissions } from '../../db/seed/demo-seed';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>; // back office: users, user_edit, user_discount; not admins, not changeuserpermissions
let anbar: Record<string, string>; // warehouseman: none of the users permissions
beforeAll(async () => {
  ctx = await startTestApp({ declarations: 200 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
});
afterAll(() => ctx.close());

const form = (fields: Record<string, string | number>) => ({
  payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const post = (url: string, headers: Record<string, string>, fields?: Record<string, string | number>) =>
  ctx.app.inject({ method: 'POST', url, ...(fields ? { payload: form(fields).payload } : {}), headers: { ...headers, ...(fields ? form(fields).headers : {}) } });
const idOf = async (email: string) =>
  (await ctx.database.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`))[0]!.id;

let seq = 0;
/** A new user through the API (as the admin unless told), returning id, e-mail and password. */
async function createUser(fields: Record<string, string | number> = {}, as = admin) {
  seq += 1;
  const email = `yeni.${seq}.${Date.now()}@example.az`;
  const password = 'Parol2025x';
  const res = await post('/api/admin/client/create', as, {
    name: 'Səbinə', surname: 'Nəsirova', email, password, password_confirmation: password, gender: 'female', branch_id: 1, ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, email, password };
}

describe('[USERS][CREATE-UPDATE] the user form', () => {
  test('user_edit creates a customer; the password is stored as argon2id and never returned', async () => {
    const res = await post('/api/admin/client/create', ofis, {
      name: 'Aynur', surname: 'Hüseynova', email: 'Aynur.Huseynova@Mail.az', password: 'gizli1234', password_confirmation: 'gizli1234',
      phone: '+994 50 555 12 34', birth_date: '2001-05-04', passport_number: 'AA1234567', passport_secret: '5ZK3P7Q', send_sms: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    expect(res.body).not.toMatch(/password|gizli/i);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: 'aynur.huseynova@mail.az', admin: 0, gender: 'male', sendSms: true, sendMail: false, fin: '5ZK3P7Q' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.code).toBe(String(10_000_000 + id));
    const detail = await ctx.app.inject({ url: `/api/admin/client/user?user_id=${id}`, headers: ofis });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toMatch(/password/i);
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ entity: 'user' });
    expect(JSON.stringify(audit!.changes)).not.toContain('gizli');
  });

  test('a multipart form is accepted too', async () => {
    const boundary = '----x';
    const fields = { name: 'Lalə', surname: 'Bayramova', email: `lale.${Date.now()}@mail.az`, password: 'abc12345', password_confirmation: 'abc12345' };
    const payload = `${Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')}--${boundary}--\r\n`;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/client/create', payload, headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('the e-mail is unique (any case): 422 on the email field', async () => {
    const res = await post('/api/admin/client/create', ofis, { name: 'X', surname: 'Y', email: 'OFIS@example.az', password: 'abc12345', password_confirmation: 'abc12345' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [az.users.emailTaken] });
  });

  test('password rules: required on create, 8+ characters with a letter and a digit, confirmation must match', async () => {
    const base = { name: 'X', surname: 'Y', email: 'rule@mail.az' };
    const missing = await post('/api/admin/client/create', admin, base);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password).toEqual([az.errors.required]);
    const weak = await post('/api/admin/client/create', admin, { ...base, password: 'abcdefgh', password_confirmation: 'abcdefgh' });
    expect(weak.json().errors).toEqual({ password: [az.users.passwordWeak] });
    const short = await post('/api/admin/client/create', admin, { ...base, password: 'ab12', password_confirmation: 'ab12' });
    expect(short.json().errors.password).toEqual([az.users.passwordWeak]);
    const mismatch = await post('/api/admin/client/create', admin, { ...base, password: 'abcd1234', password_confirmation: 'abcd1235' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: [az.users.passwordMismatch] });
  });

  test('without user_edit the form is refused (403); without admins no staff account is created (issue 13)', async () => {
    const refused = await post('/api/admin/client/create', anbar, { name: 'X', surname: 'Y', email: 'no@mail.az', password: 'abc12345', password_confirmation: 'abc12345' });
    expect(refused.statusCode).toBe(403);
    for (const role of [1, 2, 3, 4]) {
      const res = await post('/api/admin/client/create', ofis, { name: 'X', surname: 'Y', email: `r${role}@mail.az`, password: 'abc12345', password_confirmation: 'abc12345', admin: role });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(role === 1 ? az.users.adminAccountAdminOnly : az.users.staffNeedsAdmins);
    }
    const backOffice = await post('/api/admin/client/create', admin, { name: 'X', surname: 'Y', email: 'r3@mail.az', password: 'abc12345', password_confirmation: 'abc12345', admin: 3 });
    expect(backOffice.statusCode).toBe(200);
  });

  test('a reference to a missing branch is a field error', async () => {
    const res = await post('/api/admin/client/create', admin, { name: 'X', surname: 'Y', email: 'br@mail.az', password: 'abc12345', password_confirmation: 'abc12345', branch_id: 999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ branch_id: [az.users.invalidReference] });
  });

  test('update: a blank password keeps the old one, a new one replaces it; the change is audited', async () => {
    const staff = await createUser({ admin: 3 });
    const same = await post('/api/admin/client/update', admin, { user_id: staff.id, name: 'Səbinə', surname: 'Rəhimova', email: staff.email, password: '', password_confirmation: '' });
    expect(same.statusCode, same.body).toBe(200);
    await logInAs(ctx.app, staff.email, staff.password);
    const changed = await post('/api/admin/client/update', admin, { user_id: staff.id, name: 'Səbinə', surname: 'Rəhimova', email: staff.email, password: 'Yeni2025abc', password_confirmation: 'Yeni2025abc' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toMatch(/password/i);
    await logInAs(ctx.app, staff.email, 'Yeni2025abc');
    const audits = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.update'), eq(auditLog.entityId, String(staff.id))));
    expect(audits[0]!.changes).toEqual({ surname: { from: 'Nəsirova', to: 'Rəhimova' } });
    expect(audits[1]!.changes).toEqual({ password: 'changed' });
  });

  test('update: another user\'s e-mail is refused (422); admin users need admins (403); no user_edit → 403', async () => {
    const customer = await createUser();
    const taken = await post('/api/admin/client/update', ofis, { user_id: customer.id, name: 'A', surname: 'B', email: 'anbar@example.az' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([az.users.emailTaken]);
    const adminId = await idOf('admin@example.az');
    const refused = await post('/api/admin/client/update', ofis, { user_id: adminId, name: 'A', surname: 'B', email: 'admin@example.az' });
    expect(refused.statusCode).toBe(403);
    const noEdit = await post('/api/admin/client/update', anbar, { user_id: customer.id, name: 'A', surname: 'B', email: customer.email });
    expect(noEdit.statusCode).toBe(403);
    const ok = await post('/api/admin/client/update', ofis, { user_id: customer.id, name: 'A', surname: 'B', email: customer.email });
    expect(ok.statusCode).toBe(200);
  });
});

describe('[USERS][ROLES] role change, block, delete', () => {
  test('a role change takes effect at the next request of that user', async () => {
    const staff = await createUser({ admin: 3 });
    const token = bearer((await logInAs(ctx.app, staff.email, staff.password)).access_token);
    expect((await ctx.app.inject({ url: '/api/admin/v2/client/list?admin=1', headers: token })).statusCode).toBe(403);
    const promote = await post(`/api/admin/client/set_admin?user_id=${staff.id}&admin=1`, admin);
    expect(promote.statusCode, promote.body).toBe(200);
    expect((await ctx.app.inject({ url: '/api/admin/v2/client/list?admin=1', headers: token })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/client/user', headers: token })).json().data.admin).toBe(1);
    const demote = await post(`/api/admin/client/set_admin?user_id=${staff.id}&admin=0`, admin);
    expect(demote.statusCode).toBe(200);
    // A customer keeps no back-office session: the access token ends with it (issue 13 item 6).
    expect((await ctx.app.inject({ url: '/api/client/user', headers: token })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/v2/client/list', headers: token })).statusCode).toBe(401);
  });

  test('set_admin: a staff role (before or after) needs admins; nobody changes their own role', async () => {
    const customer = await createUser();
    expect((await post(`/api/admin/client/set_admin?user_id=${customer.id}&admin=2`, ofis)).statusCode).toBe(403);
    expect((await post(`/api/admin/client/set_admin?user_id=${customer.id}&admin=1`, ofis)).statusCode).toBe(403);
    expect((await post(`/api/admin/client/set_admin?user_id=${customer.id}&admin=3`, anbar)).statusCode).toBe(403);
    expect((await post(`/api/admin/client/set_admin?user_id=${customer.id}&admin=3`, ofis)).statusCode).toBe(403);
    const ok = await post(`/api/admin/client/set_admin?user_id=${customer.id}&admin=3`, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ id: customer.id, admin: 3 });
    const self = await post(`/api/admin/client/set_admin?user_id=${await idOf('admin@example.az')}&admin=3`, admin);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(az.users.cannotChangeOwnAccount);
    const bad = await post(`/api/admin/client/set_admin?user_id=${customer.id}&admin=7`, admin);
    expect(bad.statusCode).toBe(422);
  });

  test('a blocked user cannot log in and their open session stops at once; unblock lets them in again', async () => {
    const staff = await createUser({ admin: 2 });
    const session = await logInAs(ctx.app, staff.email, staff.password, true);
    const token = bearer(session.access_token);
    expect((await ctx.app.inject({ url: '/api/client/user', headers: token })).statusCode).toBe(200);

    expect((await post(`/api/admin/client/block?user_id=${staff.id}`, anbar)).statusCode).toBe(403);
    const block = await post(`/api/admin/client/block?user_id=${staff.id}`, ofis);
    expect(block.statusCode).toBe(403); // a warehouseman needs admins
    const blocked = await post(`/api/admin/client/block?user_id=${staff.id}`, admin);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data).toEqual({ id: staff.id, blocked: true });

    const next = await ctx.app.inject({ url: '/api/client/user', headers: token });
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe(az.errors.blocked);
    const open = await ctx.database.db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, staff.id), isNull(refreshTokens.revokedAt)));
    expect(open).toHaveLength(0);
    const refresh = await post('/api/admin/token', {}, { grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect(refresh.statusCode).toBe(400);
    const login = await post('/api/admin/token', {}, { email: staff.email, password: staff.password });
    expect(login.statusCode).toBe(400);

    const unblocked = await post(`/api/admin/client/unblock?user_id=${staff.id}`, admin);
    expect(unblocked.statusCode).toBe(200);
    await logInAs(ctx.app, staff.email, staff.password);
    const audits = await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, String(staff.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['user.block', 'user.unblock']));
  });

  test('user_edit blocks a customer; nobody blocks themself', async () => {
    const customer = await createUser();
    expect((await post(`/api/admin/client/block?user_id=${customer.id}`, ofis)).statusCode).toBe(200);
    expect((await post(`/api/admin/client/unblock?user_id=${customer.id}`, ofis)).statusCode).toBe(200);
    const self = await post(`/api/admin/client/block?user_id=${await idOf('ofis@example.az')}`, ofis);
    expect(self.statusCode).toBe(403);
  });

  test('block, unblock and set_admin take several users (?user_id=a,b, issue 14); the phone may come as `number`', async () => {
    const a = await createUser();
    const b = await createUser();
    const both = await post(`/api/admin/client/block?user_id=${a.id},${b.id}`, ofis);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data).toEqual([{ id: a.id, blocked: true }, { id: b.id, blocked: true }]);
    const rows = await ctx.database.db.select({ blocked: users.blocked }).from(users).where(sql`${users.id} in (${a.id}, ${b.id})`);
    expect(rows.every((r) => r.blocked)).toBe(true);
    expect((await post(`/api/admin/client/unblock?user_id=${a.id},${b.id}`, ofis)).statusCode).toBe(200);
    // All or none: one of them being oneself refuses the whole call.
    expect((await post(`/api/admin/client/block?user_id=${a.id},${await idOf('ofis@example.az')}`, ofis)).statusCode).toBe(403);
    expect((await ctx.database.db.select({ blocked: users.blocked }).from(users).where(eq(users.id, a.id)))[0]!.blocked).toBe(false);
    const upd = await post('/api/admin/client/update', ofis, { user_id: String(a.id), name: 'Nömrə', surname: 'Sınaq', email: a.email, number: '+994 55 123 45 67' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await ctx.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, a.id)))[0]!.phone).toBe('+994 55 123 45 67');
    expect((await post(`/api/admin/client/set_admin?user_id=${a.id},${b.id}&admin=3`, admin)).statusCode).toBe(200);
    expect((await post('/api/admin/client/block?user_id=', ofis)).statusCode).toBe(422);
  });

  test('delete is a soft delete: parcels, balance and history stay; the user is gone from the lists and cannot sign in', async () => {
    const [customer] = await ctx.database.db.select({ id: users.id }).from(users)
      .where(sql`${users.admin} = 0 and exists (select 1 from declarations d where d.user_id = ${users.id})`).limit(1);
    const id = customer!.id;
    const parcelsBefore = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(declarations).where(eq(declarations.userId, id));
    expect((await post(`/api/admin/client/delete?user_id=${id}`, anbar)).statusCode).toBe(403);
    const res = await post(`/api/admin/client/delete?user_id=${id}`, ofis);
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.deletedAt).not.toBeNull();
    const parcelsAfter = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(declarations).where(eq(declarations.userId, id));
    expect(parcelsAfter[0]!.n).toBe(parcelsBefore[0]!.n);
    expect((await ctx.app.inject({ url: `/api/admin/client/user?user_id=${id}`, headers: ofis })).statusCode).toBe(404);
    const list = await ctx.app.inject({ url: `/api/admin/v2/client/list?id=${id}`, headers: ofis });
    expect(list.json().total).toBe(0);
    expect((await post(`/api/admin/client/delete?user_id=${id}`, ofis)).statusCode).toBe(404);

    const staff = await createUser({ admin: 3 });
    const token = bearer((await logInAs(ctx.app, staff.email, staff.password)).access_token);
    expect((await post(`/api/admin/client/delete?user_id=${staff.id}`, admin)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/client/user', headers: token })).statusCode).toBe(401);
    expect((await post('/api/admin/token', {}, { email: staff.email, password: staff.password })).statusCode).toBe(400);
  });

  test('without admins an admin or warehouseman is not deleted; nobody deletes themself', async () => {
    expect((await post(`/api/admin/client/delete?user_id=${await idOf('anbar@example.az')}`, ofis)).statusCode).toBe(403);
    expect((await post(`/api/admin/client/delete?user_id=${await idOf('admin@example.az')}`, admin)).statusCode).toBe(403);
  });
});

describe('[USERS][PERMISSIONS] permissions edit', () => {
  test('the admin gives a new warehouseman exactly two operations, with cash register, branch and company', async () => {
    const staff = await createUser({ admin: 2 });
    const ops = await ctx.app.inject({ url: '/api/admin/operations?per_page=200', headers: admin });
    const byCode = new Map<string, number>(ops.json().data.map((o: { code_name: string; id: number }) => [o.code_name, o.id]));
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/admin/permissions/edit', headers: admin,
      payload: { user_id: staff.id, operation_id: [byCode.get('flights'), byCode.get('stat')], cashbox_id: 2, admin_branch_id: 3, company_id: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = await ctx.app.inject({ url: `/api/admin/permissions?user_id=${staff.id}`, headers: admin });
    expect(read.json()).toEqual({
      data: [byCode.get('stat'), byCode.get('flights')].sort((a, b) => a! - b!).map((id) => ({ operation_id: id })), company_id: 1, cashbox_id: 2, admin_branch_id: 3,
    });
    const token = bearer((await logInAs(ctx.app, staff.email, staff.password)).access_token);
    const me = await ctx.app.inject({ url: '/api/client/user', headers: token });
    expect(me.json().permissions.map((p: { code_name: string }) => p.code_name).sort()).toEqual(['flights', 'stat']);
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.permissions'), eq(auditLog.entityId, String(staff.id))));
    // A new warehouseman starts with the role's defaults (which hold both): the rest was removed.
    expect(audit!.changes).toMatchObject({ added: [], removed: expect.arrayContaining(['containers', 'local_warehouse']), cashbox_id: { from: null, to: 2 } });
  });

  test('a urlencoded form with repeated operation_id[] works; no list at all means no operations', async () => {
    const staff = await createUser({ admin: 3 });
    const body = `user_id=${staff.id}&operation_id[]=1&operation_id[]=2`;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', payload: body, headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.operation_id).toEqual([1, 2]);
    const none = await post('/api/admin/permissions/edit', admin, { user_id: staff.id });
    expect(none.json().data.operation_id).toEqual([]);
    const unknown = await post('/api/admin/permissions/edit', admin, { user_id: staff.id, operation_id: '1,99999' });
    expect(unknown.statusCode).toBe(422);
  });

  test("switching 'changeuserpermissions' on grants every operation, switching it off removes all (spec §5)", async () => {
    const staff = await createUser({ admin: 3 });
    const ops = (await ctx.app.inject({ url: '/api/admin/operations?per_page=200', headers: admin })).json().data as { id: number; code_name: string }[];
    const master = ops.find((o) => o.code_name === 'changeuserpermissions')!.id;
    const on = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers: admin, payload: { user_id: staff.id, operation_id: [master] } });
    expect(on.json().data.operation_id).toHaveLength(OPERATIONS.length);
    const keep = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers: admin, payload: { user_id: staff.id, operation_id: [master, ops[0]!.id] } });
    expect(keep.json().data.operation_id).toEqual([Math.min(master, ops[0]!.id), Math.max(master, ops[0]!.id)]);
    const off = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers: admin, payload: { user_id: staff.id, operation_id: [ops[0]!.id] } });
    expect(off.json().data.operation_id).toEqual([]);
  });

  test('changeuserpermissions is needed, and nobody switches it off on themself', async () => {
    const ofisId = await idOf('ofis@example.az');
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers: ofis, payload: { user_id: ofisId, operation_id: [1] } });
    expect(refused.statusCode).toBe(403);
    await grantPermissions(ctx.database.db, ofisId, ['users', 'user_edit', 'changeuserpermissions']);
    const ops = (await ctx.app.inject({ url: '/api/admin/operations?per_page=200', headers: ofis })).json().data as { id: number; code_name: string }[];
    const id = (code: string) => ops.find((o) => o.code_name === code)!.id;
    const selfOff = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers: ofis, payload: { user_id: ofisId, operation_id: [id('users')] } });
    expect(selfOff.statusCode).toBe(422);
    expect(selfOff.json().errors.operation_id).toEqual([az.users.cannotRemoveOwnPermissionChange]);
    // Saving one's own set unchanged passes; adding to it is a change of one's own permissions (issue 13).
    const selfKeep = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers: ofis, payload: { user_id: ofisId, operation_id: [id('changeuserpermissions'), id('users'), id('user_edit')] } });
    expect(selfKeep.statusCode).toBe(200);
    const selfAdd = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers: ofis, payload: { user_id: ofisId, operation_id: [id('changeuserpermissions'), id('users'), id('user_edit'), id('user_discount')] } });
    expect(selfAdd.statusCode).toBe(422);
    expect(selfAdd.json().errors.operation_id).toEqual([az.users.cannotChangeOwnPermissions]);
    // Without admins, a warehouseman's permissions stay out of reach.
    const anbarId = await idOf('anbar@example.az');
    const other = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers: ofis, payload: { user_id: anbarId, operation_id: [id('stat')] } });
    expect(other.statusCode).toBe(403);
    await grantPermissions(ctx.database.db, ofisId, ROLE_DEFAULT_PERMISSIONS[3]);
  });
});
