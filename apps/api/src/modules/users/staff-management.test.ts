import { ROLE_DEFAULT_PERMISSIONS, type PermissionCode } from '@app/contract/permissions';
import { ROLE } from '@app/contract/roles';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { refreshTokens, userPermissions, users } from '../../db/schema/users';
import { grantPermissions } from '../../db/seed/demo-seed';
import { hashPassword } from '../../platform/auth/password';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

/*
 * Issue 13 item 3: nobody manages themselves or their peers. Table-driven over actor × target role
 * × action (self included): who may edit, reset the password of, move to another cash register,
 * branch or company, block, delete, re-role, re-permission or create whom. A refused change is a
 * 403 (or a 422 on the one form field) and leaves the account exactly as it was; an allowed one is
 * audited in its transaction.
 */

let ctx: TestContext;
const PASSWORD = 'Parol2025x';
let passwordHash = '';
let stat = 0; // operation id of 'stat'
const actors: Record<ActorName, { id: number; headers: Record<string, string> }> = {} as never;

type ActorName = 'admin' | 'ofis' | 'ofisPerms' | 'anbarAdmins';
type TargetName = 'self' | 'customer' | 'admin' | 'warehouseman' | 'backOffice' | 'partner';
type Action = 'edit' | 'password' | 'cashbox' | 'branch' | 'company' | 'block' | 'delete' | 'role' | 'permissions' | 'create';
const ROLE_OF: Record<Exclude<TargetName, 'self'>, number> = {
  customer: ROLE.client, admin: ROLE.admin, warehouseman: ROLE.warehouseman, backOffice: ROLE.backOffice, partner: ROLE.partner,
};

let seq = 0;
async function insertStaff(role: number, codes: readonly PermissionCode[] = []) {
  seq += 1;
  const email = `t${seq}.${role}@staff.az`;
  const [row] = await ctx.database.db.insert(users).values({
    name: 'Hədəf', surname: 'İşçi', email, admin: role, passwordHash, cashboxId: 1, adminBranchId: 1, companyId: 1,
  }).returning({ id: users.id });
  await grantPermissions(ctx.database.db, row!.id, codes);
  return { id: row!.id, email };
}

beforeAll(async () => {
  ctx = await startTestApp({ customers: 3, declarations: 0 });
  passwordHash = await hashPassword(PASSWORD);
  const [op] = await ctx.database.db.execute<{ id: number }>(sql`select id from operations where code_name = 'stat'`).then((r) => ('rows' in r ? r.rows : r) as { id: number }[]);
  stat = op!.id;
  const login = async (email: string, password?: string) => bearer((await logInAs(ctx.app, email, password)).access_token);
  const idOf = async (email: string) => (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  actors.admin = { id: await idOf('admin@example.az'), headers: await login('admin@example.az') };
  // Demo back office: users, user_edit, user_discount; neither admins nor changeuserpermissions.
  actors.ofis = { id: await idOf('ofis@example.az'), headers: await login('ofis@example.az') };
  const ofisPerms = await insertStaff(ROLE.backOffice, [...ROLE_DEFAULT_PERMISSIONS[3], 'changeuserpermissions']);
  actors.ofisPerms = { id: ofisPerms.id, headers: await login(ofisPerms.email, PASSWORD) };
  // A warehouseman who manages staff: admins and changeuserpermissions, but not user_edit.
  const anbar = await insertStaff(ROLE.warehouseman, [...ROLE_DEFAULT_PERMISSIONS[2], 'users', 'admins', 'changeuserpermissions']);
  actors.anbarAdmins = { id: anbar.id, headers: await login(anbar.email, PASSWORD) };
}, 120_000);
afterAll(() => ctx.close());

/** The account as a user would check it: the row, its permissions, its open sessions. */
async function snapshot(id: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  const perms = await ctx.database.db.select({ op: userPermissions.operationId }).from(userPermissions).where(eq(userPermissions.userId, id));
  const open = await ctx.database.db.select({ id: refreshTokens.id }).from(refreshTokens).where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
  const { updatedAt: _u, ...rest } = row!;
  return { ...rest, perms: perms.map((p) => p.op).sort(), open: open.length };
}

interface Target { id: number; email: string; role: number; cashboxId: number | null; adminBranchId: number | null; companyId: number | null }

function send(action: Action, actor: ActorName, target: Target) {
  const headers = actors[actor].headers;
  const form = (extra: Record<string, string | number>) =>
    postForm(ctx.app, '/api/admin/client/update', headers, { user_id: target.id, name: 'Hədəf', surname: 'İşçi', email: target.email, ...extra });
  switch (action) {
    case 'edit': return form({ surname: 'Dəyişdi', phone: '+994501112233' });
    case 'password': return form({ password: 'Yeni2025abc', password_confirmation: 'Yeni2025abc' });
    // Always another value than the account holds.
    case 'cashbox': return form({ cashbox_id: target.cashboxId === 2 ? 1 : 2 });
    case 'branch': return form({ admin_branch_id: target.adminBranchId === 3 ? 4 : 3 });
    case 'company': return form({ company_id: target.companyId === 2 ? 1 : 2 });
    case 'block': return postForm(ctx.app, `/api/admin/client/block?user_id=${target.id}`, headers);
    case 'delete': return postForm(ctx.app, `/api/admin/client/delete?user_id=${target.id}`, headers);
    case 'role': return postForm(ctx.app, `/api/admin/client/set_admin?user_id=${target.id}&admin=${target.role === ROLE.backOffice ? ROLE.partner : ROLE.backOffice}`, headers);
    case 'permissions': return ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers, payload: { user_id: target.id, operation_id: [stat], cashbox_id: 1, admin_branch_id: 1, company_id: 1 } });
    case 'create': return postForm(ctx.app, '/api/admin/client/create', headers, {
      name: 'Yeni', surname: 'İşçi', email: `new.${++seq}@staff.az`, password: PASSWORD, password_confirmation: PASSWORD, admin: target.role,
    });
  }
}

/** [actor, target, action, expected status] */
type Case = [ActorName, TargetName, Action, number];
const CASES: Case[] = [
  // The full admin manages everyone, but not the role, permissions, register, branch or company of themself.
  ['admin', 'self', 'edit', 200], ['admin', 'self', 'password', 200],
  ['admin', 'self', 'cashbox', 422], ['admin', 'self', 'branch', 422], ['admin', 'self', 'company', 422],
  ['admin', 'self', 'block', 403], ['admin', 'self', 'delete', 403], ['admin', 'self', 'role', 403], ['admin', 'self', 'permissions', 422],
  ['admin', 'customer', 'edit', 200], ['admin', 'customer', 'password', 200], ['admin', 'customer', 'role', 200],
  ['admin', 'admin', 'edit', 200], ['admin', 'admin', 'password', 200], ['admin', 'admin', 'cashbox', 200], ['admin', 'admin', 'block', 200],
  ['admin', 'admin', 'delete', 200], ['admin', 'admin', 'role', 200], ['admin', 'admin', 'permissions', 200], ['admin', 'admin', 'create', 200],
  ['admin', 'backOffice', 'password', 200], ['admin', 'backOffice', 'company', 200], ['admin', 'backOffice', 'role', 200],
  ['admin', 'partner', 'branch', 200], ['admin', 'backOffice', 'create', 200],

  // Back office with user_edit, without admins: customers only; own name and phone, not own register/branch/company.
  ['ofis', 'self', 'edit', 200], ['ofis', 'self', 'password', 200],
  ['ofis', 'self', 'cashbox', 422], ['ofis', 'self', 'branch', 422], ['ofis', 'self', 'company', 422],
  ['ofis', 'self', 'block', 403], ['ofis', 'self', 'delete', 403], ['ofis', 'self', 'role', 403], ['ofis', 'self', 'permissions', 403],
  ['ofis', 'customer', 'edit', 200], ['ofis', 'customer', 'password', 200], ['ofis', 'customer', 'block', 200], ['ofis', 'customer', 'delete', 200],
  ['ofis', 'customer', 'role', 403], ['ofis', 'customer', 'create', 200],
  ['ofis', 'backOffice', 'edit', 403], ['ofis', 'backOffice', 'password', 403], ['ofis', 'backOffice', 'cashbox', 403],
  ['ofis', 'backOffice', 'block', 403], ['ofis', 'backOffice', 'delete', 403], ['ofis', 'backOffice', 'role', 403], ['ofis', 'backOffice', 'create', 403],
  ['ofis', 'partner', 'edit', 403], ['ofis', 'partner', 'company', 403], ['ofis', 'partner', 'block', 403],
  ['ofis', 'warehouseman', 'edit', 403], ['ofis', 'admin', 'password', 403], ['ofis', 'admin', 'create', 403],

  // Back office with changeuserpermissions but not admins: no permission saves of staff, nor of themself.
  ['ofisPerms', 'self', 'permissions', 422], ['ofisPerms', 'backOffice', 'permissions', 403],
  ['ofisPerms', 'partner', 'permissions', 403], ['ofisPerms', 'admin', 'permissions', 403], ['ofisPerms', 'customer', 'permissions', 403],

  // A warehouseman with admins edits staff, but no admin, no staff password, and nothing of their own.
  ['anbarAdmins', 'self', 'cashbox', 422], ['anbarAdmins', 'self', 'permissions', 422], ['anbarAdmins', 'self', 'role', 403],
  ['anbarAdmins', 'backOffice', 'edit', 200], ['anbarAdmins', 'backOffice', 'cashbox', 200], ['anbarAdmins', 'backOffice', 'block', 200],
  ['anbarAdmins', 'backOffice', 'delete', 200], ['anbarAdmins', 'backOffice', 'role', 200], ['anbarAdmins', 'backOffice', 'permissions', 200],
  ['anbarAdmins', 'backOffice', 'password', 422], ['anbarAdmins', 'warehouseman', 'edit', 200], ['anbarAdmins', 'partner', 'company', 200],
  ['anbarAdmins', 'backOffice', 'create', 200], ['anbarAdmins', 'customer', 'edit', 403],
  ['anbarAdmins', 'admin', 'edit', 403], ['anbarAdmins', 'admin', 'password', 403], ['anbarAdmins', 'admin', 'block', 403],
  ['anbarAdmins', 'admin', 'delete', 403], ['anbarAdmins', 'admin', 'role', 403], ['anbarAdmins', 'admin', 'permissions', 403],
  ['anbarAdmins', 'admin', 'create', 403],
];

const AUDIT_ACTION: Partial<Record<Action, string>> = {
  edit: 'user.update', password: 'user.update', cashbox: 'user.update', branch: 'user.update', company: 'user.update',
  block: 'user.block', delete: 'user.delete', role: 'user.set_admin', permissions: 'user.permissions', create: 'user.create',
};

describe('[USERS][STAFF] who manages whom, per role pair', () => {
  test.each(CASES)('%s → %s: %s answers %i', async (actor, targetName, action, expected) => {
    const isSelf = targetName === 'self';
    const role = isSelf ? -1 : ROLE_OF[targetName];
    const id = isSelf ? actors[actor].id : action === 'create' ? 0 : (await insertStaff(role, role === ROLE.client ? [] : ['stat', 'flights'])).id;
    const before = id ? await snapshot(id) : null;
    const target: Target = before
      ? { id, email: before.email!, role: before.admin, cashboxId: before.cashboxId, adminBranchId: before.adminBranchId, companyId: before.companyId }
      : { id: 0, email: '', role, cashboxId: null, adminBranchId: null, companyId: null };
    const auditsBefore = await ctx.database.db.select({ id: auditLog.id }).from(auditLog).where(sql`${auditLog.action} like 'user.%'`);

    const res = await send(action, actor, target);
    expect(res.statusCode, res.body).toBe(expected);

    const audits = await ctx.database.db.select().from(auditLog).where(sql`${auditLog.action} like 'user.%'`);
    if (expected === 200) {
      const entry = audits.find((a) => !auditsBefore.some((b) => b.id === a.id) && a.action === AUDIT_ACTION[action]);
      expect(entry, 'an audit entry of the change').toBeDefined();
      expect(entry!.userId).toBe(actors[actor].id);
      expect(JSON.stringify(entry!.changes)).not.toMatch(/Yeni2025abc|Parol2025x|argon2/);
      if (action === 'create' && res.statusCode === 200) {
        const [row] = await ctx.database.db.select().from(users).where(eq(users.id, res.json().data.id));
        expect(row!.admin).toBe(role);
      }
    } else {
      // Refused: nothing saved, nothing audited as a change; the message says why in Azerbaijani.
      expect(res.json().message).toMatch(/\p{L}/u);
      if (expected === 422) expect(Object.keys(res.json().errors ?? {})).not.toHaveLength(0);
      if (before) expect(await snapshot(target.id)).toEqual(before);
      expect(audits.length).toBe(auditsBefore.length);
    }
  });
});

describe('[USERS][STAFF] a password reset by the admin ends the target\'s sessions', () => {
  test('admin resets a back-office password: the old refresh token stops working, the new password signs in, the audit hides it', async () => {
    const staff = await insertStaff(ROLE.backOffice, ROLE_DEFAULT_PERMISSIONS[3]);
    const session = await logInAs(ctx.app, staff.email, PASSWORD, true);
    const res = await postForm(ctx.app, '/api/admin/client/update', actors.admin.headers, {
      user_id: staff.id, name: 'Hədəf', surname: 'İşçi', email: staff.email, password: 'Yeni2025abc', password_confirmation: 'Yeni2025abc',
    });
    expect(res.statusCode, res.body).toBe(200);
    const refresh = await postForm(ctx.app, '/api/admin/token', {}, { grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect(refresh.statusCode).toBe(400);
    expect((await snapshot(staff.id)).open).toBe(0);
    await logInAs(ctx.app, staff.email, 'Yeni2025abc');
    const [entry] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.update'), eq(auditLog.entityId, String(staff.id))));
    expect(entry).toMatchObject({ userId: actors.admin.id, entity: 'user', changes: { password: 'changed' } });
  });

  test('a back-office user cannot take over a peer: no password reset, so no sign-in as them', async () => {
    const peer = await insertStaff(ROLE.backOffice, ROLE_DEFAULT_PERMISSIONS[3]);
    const res = await postForm(ctx.app, '/api/admin/client/update', actors.ofis.headers, {
      user_id: peer.id, name: 'Hədəf', surname: 'İşçi', email: peer.email, password: 'Ogurlandi2025', password_confirmation: 'Ogurlandi2025',
    });
    expect(res.statusCode).toBe(403);
    const login = await postForm(ctx.app, '/api/admin/token', {}, { email: peer.email, password: 'Ogurlandi2025' });
    expect(login.statusCode).toBe(400);
  });
});
