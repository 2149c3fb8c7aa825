import { AZN_PER_USD } from '@app/contract/common';
import { ROLE_DEFAULT_PERMISSIONS } from '@app/contract/permissions';
import { ROLE } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import {
  AGE_BANDS, GENDERS, GOLDEN_TEN_COLUMNS, ROLES_NEEDING_ADMINS, SELF_LOCKED_FIELDS, whyCannotManageAccount,
  type DeclarationStatsRow, type DiscountForm, type GoldenTenQuery, type GoldenTenReply, type GoldenTenRow, type PermissionsEditForm, type PermissionsReply,
  type TrackCodeReply, type UserAppOptionsReply, type UserCountListReply, type UserCountStatsQuery, type UserCountStatsReply,
  type UserCreateForm, type UserDetailReply, type UserDiscountListQuery, type UserDiscountListReply, type UserDiscountListRow,
  type UserListQuery, type UserListReply, type UserListRow, type UserSelectReply, type UserUpdateForm,
  type ChangedUserExportForm, type ChangedUserRow,
} from '@app/contract/users';
import type { PermissionCode } from '@app/contract/permissions';
import type { Db, DbOrTx } from '../../db/client';
import { hasPermission, isFullAdmin, type RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { hashPassword } from '../../platform/auth/password';
import { writeXlsx, type XlsxColumn } from '../../platform/xlsx';
import type { Writable } from 'node:stream';
import { toCsv, type CsvColumn } from '@app/contract/csv';
import { forbidden, invalid, notFound } from '../../platform/errors';
import {
  cancelDiscount, countNewCustomersByAge, countNewCustomersByMonth, countUserDeclarations, countUsersByRole, existsIn, findActiveDiscountsOfUser,
  findAppOptions, findCustomerByTrackCode, findDeclarationStats, findDiscountForUpdate, findDiscountPage, findOperationIds,
  findOperations, findPermissionRows, findTopSpenders, findUserDeclarationFigures, findUserDetailRow, findUserForUpdate,
  findUserOptions, findUserPage, findUsersForExport, findUserState, grantOperationCodes, insertDiscount, insertUser,
  findChangedUserPage, isEmailTaken, type ChangedUserPeriod, replacePermissions, revokeUserSessions, updateUser as updateUserRow, type UserInsert,
} from './queries';

/** The most rows one CSV export carries. */
export const EXPORT_MAX_ROWS = 100_000;

// ---------------------------------------------------------------- rules

const needsAdmins = (role: number) => (ROLES_NEEDING_ADMINS as readonly number[]).includes(role);

/** Roles the viewer may not see or touch: admins and warehousemen need the `admins` permission. */
function hiddenRolesFor(viewer: RequestUser): number[] {
  return hasPermission(viewer, 'admins') ? [] : [...ROLES_NEEDING_ADMINS];
}

/** Reads and the list's role filter: admins and warehousemen are seen only with `admins` (spec §2). */
function assertMayManageRole(viewer: RequestUser, role: number): void {
  if (needsAdmins(role) && !hasPermission(viewer, 'admins')) throw forbidden(az.users.adminsRequired);
}

/**
 * Changes of an account whose role is (or becomes) `role` (issue 13): a staff account needs
 * `admins`, an admin account an admin; a customer the action's own permission (`customerCode`,
 * `user_edit` for the form; permission saves pass `admins`: granting operations is staff work).
 */
function assertMayChangeAccount(viewer: RequestUser, role: number, customerCode: PermissionCode): void {
  if (role === ROLE.client) {
    if (!hasPermission(viewer, customerCode)) throw forbidden(customerCode === 'admins' ? az.users.staffNeedsAdmins : undefined);
    return;
  }
  const refusal = whyCannotManageAccount({ isFullAdmin: isFullAdmin(viewer), holdsAdmins: hasPermission(viewer, 'admins') }, role);
  if (refusal) throw forbidden(az.users[refusal]);
}

type LockedField = (typeof SELF_LOCKED_FIELDS)[number];

/** Issue 13: nobody moves themself to another cash register, branch or company (422 on each field). */
function assertNoOwnLockedChange(
  viewer: RequestUser, targetId: number, current: Record<LockedField, number | null>, form: Partial<Record<LockedField, number | null>>,
): void {
  if (viewer.id !== targetId) return;
  const errors: Record<string, string[]> = {};
  for (const field of SELF_LOCKED_FIELDS) {
    const value = form[field];
    if (value !== undefined && value !== current[field]) errors[field] = [az.users.cannotChangeOwnField];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

const lockedOf = (u: { cashboxId: number | null; adminBranchId: number | null; companyId: number | null }) =>
  ({ cashbox_id: u.cashboxId, admin_branch_id: u.adminBranchId, company_id: u.companyId });

function assertNotSelf(viewer: RequestUser, userId: number): void {
  if (viewer.id === userId) throw forbidden(az.users.cannotChangeOwnAccount);
}

async function loadTarget(db: DbOrTx, viewer: RequestUser, userId: number) {
  const target = await findUserState(db, userId);
  if (!target) throw notFound('user_id');
  assertMayManageRole(viewer, target.admin);
  return target;
}

/** The account a write changes, locked; the viewer must be allowed to change it (user_edit for a customer). */
async function loadChangedTarget(tx: DbOrTx, viewer: RequestUser, userId: number) {
  const target = await findUserState(tx, userId, true);
  if (!target) throw notFound('user_id');
  assertMayChangeAccount(viewer, target.admin, 'user_edit');
  return target;
}

/** Branch, company and cash register ids on a form must name existing rows (422 on the field otherwise). */
async function checkReferences(db: DbOrTx, refs: Record<string, { table: 'branches' | 'companies' | 'cash_registers'; id: number | null | undefined }>) {
  const errors: Record<string, string[]> = {};
  for (const [field, { table, id }] of Object.entries(refs)) {
    if (id !== null && id !== undefined && !(await existsIn(db, table, id))) errors[field] = [az.users.invalidReference];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** Permission codes a staff member of this role starts with (spec: ROLE_DEFAULT_PERMISSIONS); none for 0 and 1. */
function defaultCodes(role: number): readonly string[] {
  return role === 2 || role === 3 || role === 4 ? ROLE_DEFAULT_PERMISSIONS[role] : [];
}

/**
 * What a role change does besides the column: a customer (0) keeps no staff permissions (a
 * `{ permission }` route checks codes, not the role) and loses their sessions; a customer who
 * becomes staff gets the role's default permissions.
 */
async function applyRoleChange(tx: DbOrTx, userId: number, from: number, to: number): Promise<void> {
  if (from === to) return;
  if (to === ROLE.client) {
    await replacePermissions(tx, userId, []);
    await revokeUserSessions(tx, userId);
  } else if (from === ROLE.client) {
    await grantOperationCodes(tx, userId, defaultCodes(to));
  }
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((id) => y.has(id));
}

function isUniqueEmailViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'users_email_key')) return true;
  }
  return false;
}

const emailTaken = () => invalid({ email: [az.users.emailTaken] });

function todayIn(timeZone: string, date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

// ---------------------------------------------------------------- operations and permissions

/** spec §3 "Operation", listed grouped by model (the permissions screen). */
export async function listOperations(db: Db) {
  const data = await findOperations(db);
  return { data, total: data.length };
}

/** spec §3 "Permissions response": operation ids plus company id (and the cash register and branch of the modal). */
export async function readUserPermissions(db: Db, viewer: RequestUser, userId: number): Promise<PermissionsReply> {
  // One's own permissions are readable without `admins` (the permissions screen of oneself).
  const user = viewer.id === userId ? await findUserState(db, userId) : await loadTarget(db, viewer, userId);
  if (!user) throw notFound('user_id');
  const rows = await findPermissionRows(db, userId);
  return {
    data: rows.map((r) => ({ operation_id: r.id })),
    company_id: user.companyId ?? 0,
    cashbox_id: user.cashboxId,
    admin_branch_id: user.adminBranchId,
  };
}

/**
 * Saves a user's whole permission set. Switching `changeuserpermissions` on grants every
 * operation, switching it off removes all (spec §5). Granting permissions is staff management
 * (issue 13): it needs `admins` (an admin's, an admin), and nobody changes their own operations,
 * cash register, branch or company (saving them unchanged passes).
 */
export async function editUserPermissions(db: Db, viewer: RequestUser, form: PermissionsEditForm) {
  return db.transaction(async (tx) => {
    const target = await findUserState(tx, form.user_id, true);
    if (!target) throw notFound('user_id');
    const isSelf = target.id === viewer.id;
    if (!isSelf) assertMayChangeAccount(viewer, target.admin, 'admins');
    assertNoOwnLockedChange(viewer, target.id, lockedOf(target), form);
    const requested = [...new Set(form.operation_id ?? [])];
    const known = await findOperationIds(tx, requested);
    if (known.length !== requested.length) throw invalid({ operation_id: [az.users.invalidReference] });
    const all = await findOperationIds(tx);
    const master = all.find((o) => o.codeName === 'changeuserpermissions')!.id;
    const before = await findPermissionRows(tx, target.id);
    const had = before.some((r) => r.id === master);
    const has = requested.includes(master);
    const next = !had && has ? all.map((o) => o.id) : had && !has ? [] : requested;
    if (isSelf && had && !next.includes(master)) {
      throw invalid({ operation_id: [az.users.cannotRemoveOwnPermissionChange] });
    }
    if (isSelf && !sameIds(before.map((r) => r.id), next)) throw invalid({ operation_id: [az.users.cannotChangeOwnPermissions] });
    await checkReferences(tx, {
      cashbox_id: { table: 'cash_registers', id: form.cashbox_id },
      admin_branch_id: { table: 'branches', id: form.admin_branch_id },
      company_id: { table: 'companies', id: form.company_id },
    });
    await replacePermissions(tx, target.id, next);
    const fields: Partial<UserInsert> = {};
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    const setField = (key: 'cashboxId' | 'adminBranchId' | 'companyId', wire: string, value: number | null | undefined) => {
      if (value === undefined || value === target[key]) return;
      fields[key] = value;
      changed[wire] = { from: target[key], to: value };
    };
    setField('cashboxId', 'cashbox_id', form.cashbox_id);
    setField('adminBranchId', 'admin_branch_id', form.admin_branch_id);
    setField('companyId', 'company_id', form.company_id);
    if (Object.keys(fields).length) await updateUserRow(tx, target.id, fields);
    const codeOf = new Map(all.map((o) => [o.id, o.codeName]));
    const beforeIds = new Set(before.map((r) => r.id));
    const nextIds = new Set(next);
    await recordAudit(tx, {
      userId: viewer.id,
      action: 'user.permissions',
      entity: 'user',
      entityId: target.id,
      changes: {
        added: next.filter((id) => !beforeIds.has(id)).map((id) => codeOf.get(id)),
        removed: before.filter((r) => !nextIds.has(r.id)).map((r) => r.codeName),
        ...changed,
      },
    });
    return { data: { operation_id: next.sort((a, b) => a - b) } };
  });
}

// ---------------------------------------------------------------- list, detail, lookups

export async function listUsers(db: Db, viewer: RequestUser, query: UserListQuery, timeZone: string): Promise<UserListReply> {
  if (query.admin !== undefined) assertMayManageRole(viewer, query.admin);
  const { rows, total } = await findUserPage(db, query, timeZone, hiddenRolesFor(viewer));
  return { data: rows, total: total.total, total_kind: total.kind, last_page: Math.max(1, Math.ceil(total.total / query.per_page)) };
}

const USER_CSV: CsvColumn<UserListRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: az.users.code, value: (r) => r.code },
  { header: az.users.name, value: (r) => r.name },
  { header: az.users.surname, value: (r) => r.surname },
  { header: az.users.email, value: (r) => r.email },
  { header: az.users.phone, value: (r) => r.number },
  { header: az.users.gender, value: (r) => (r.gender === 'female' ? az.users.female : r.gender === 'male' ? az.users.male : '') },
  { header: az.users.birthDate, value: (r) => r.birth_date },
  { header: az.users.balanceTry, value: (r) => r.balance_try },
  { header: az.users.balanceUsd, value: (r) => r.balance_usd },
  { header: az.users.passportNumber, value: (r) => r.passport_number },
  { header: az.users.fin, value: (r) => r.passport_secret },
  { header: az.users.company, value: (r) => r.admin_company_name },
  { header: az.users.branch, value: (r) => r.branch_name },
  { header: az.users.role, value: (r) => az.users.roles[r.admin] },
  { header: az.users.blocked, value: (r) => (r.blocked ? az.table.yes : az.table.no) },
  { header: az.users.createdAt, value: (r) => r.created_at },
];

/** GET /api/admin/users/export: the filtered list as CSV (up to EXPORT_MAX_ROWS rows). */
export async function exportUsers(db: Db, viewer: RequestUser, query: UserListQuery, timeZone: string): Promise<string> {
  if (query.admin !== undefined) assertMayManageRole(viewer, query.admin);
  const rows = await findUsersForExport(db, query, timeZone, hiddenRolesFor(viewer), EXPORT_MAX_ROWS);
  return toCsv(USER_CSV, rows);
}

/** spec §3 "User" with balances, debt, this month's spend, counts, cashback and discounts. */
export async function readUser(db: Db, viewer: RequestUser, userId: number, timeZone: string): Promise<UserDetailReply> {
  await loadTarget(db, viewer, userId);
  const [row, figures, discounts] = await Promise.all([
    findUserDetailRow(db, userId, timeZone),
    findUserDeclarationFigures(db, userId, timeZone),
    findActiveDiscountsOfUser(db, userId, timeZone),
  ]);
  if (!row) throw notFound('user_id');
  const debtUsd = Number(figures.debtUsd);
  return {
    data: {
      ...row,
      gender: (GENDERS as readonly string[]).includes(row.gender ?? '') ? (row.gender as 'male' | 'female') : null,
      declaration: { all: figures.all, delivered: figures.delivered },
      // Orders, courier requests and balance operations arrive with their own issues.
      courier: { all: 0, delivered: 0 },
      order: { all: 0, delivered: 0 },
      in: 0,
      out: 0,
    },
    widget: {
      balance: { usd: Number(row.balance_usd), try: Number(row.balance_try) },
      this: { usd: Number(figures.monthUsd), try: 0 },
    },
    credit: Number((debtUsd * Number(AZN_PER_USD)).toFixed(2)),
    credit_usd: debtUsd,
    cashback: { currentCashback: 0, totalCashbackApproved: 0, totalCashbackPending: 0 },
    discounts,
  };
}

export async function listUserOptions(
  db: Db, viewer: RequestUser, q: { search?: string; admin?: number[]; id?: number[]; per_page: number }, timeZone: string,
): Promise<UserSelectReply> {
  const hidden = hiddenRolesFor(viewer);
  const admin = q.admin?.length ? q.admin.filter((r) => !hidden.includes(r)) : [0, 1, 2, 3, 4].filter((r) => !hidden.includes(r));
  const data = admin.length ? await findUserOptions(db, { ...q, admin }, timeZone) : [];
  return { data, total: data.length };
}

/** POST /api/admin/client/track_code: the customer of the parcel with this track code, as client/user replies. */
export async function findUserByTrackCode(db: Db, viewer: RequestUser, trackCode: string, timeZone: string): Promise<TrackCodeReply> {
  const row = await findCustomerByTrackCode(db, trackCode.trim());
  if (!row) throw notFound('track_code', az.users.trackCodeNoUser);
  return readUser(db, viewer, row.id, timeZone);
}

export async function readAppOptions(db: Db): Promise<UserAppOptionsReply> {
  const [staff, branchRows, companyRows, cashboxRows, countryRows] = await findAppOptions(db);
  return {
    data: staff,
    total: staff.length,
    roles: [0, 1, 2, 3, 4].map((id) => ({ id, name: az.users.roles[id] ?? String(id) })),
    genders: GENDERS.map((id) => ({ id, name: az.users[id] })),
    branches: branchRows,
    companies: companyRows,
    cashboxes: cashboxRows,
    countries: countryRows,
  };
}

// ---------------------------------------------------------------- writes

function userValues(form: Omit<UserUpdateForm, 'user_id'>): Partial<UserInsert> {
  const v: Partial<UserInsert> = {};
  const put = <K extends keyof UserInsert>(key: K, value: UserInsert[K] | undefined) => {
    if (value !== undefined) v[key] = value;
  };
  put('name', form.name);
  put('surname', form.surname);
  put('email', form.email);
  put('gender', form.gender);
  put('sendMail', form.send_mail);
  put('sendSms', form.send_sms);
  put('phone', form.phone);
  put('address', form.address);
  put('branchId', form.branch_id);
  put('birthDate', form.birth_date);
  put('passportNumber', form.passport_number);
  put('fin', form.passport_secret);
  put('admin', form.admin);
  put('adminBranchId', form.admin_branch_id);
  put('cashboxId', form.cashbox_id);
  put('companyId', form.company_id);
  return v;
}

function formReferences(form: Omit<UserUpdateForm, 'user_id'>) {
  return {
    branch_id: { table: 'branches' as const, id: form.branch_id },
    admin_branch_id: { table: 'branches' as const, id: form.admin_branch_id },
    cashbox_id: { table: 'cash_registers' as const, id: form.cashbox_id },
    company_id: { table: 'companies' as const, id: form.company_id },
  };
}

/** Create from the user form: unique e-mail, argon2 hash, the role's default permissions. */
export async function createUser(db: Db, viewer: RequestUser, form: UserCreateForm) {
  const role = form.admin ?? ROLE.client;
  assertMayChangeAccount(viewer, role, 'user_edit');
  const passwordHash = await hashPassword(form.password);
  try {
    return await db.transaction(async (tx) => {
      if (await isEmailTaken(tx, form.email)) throw emailTaken();
      await checkReferences(tx, formReferences(form));
      const values = userValues(form);
      const id = await insertUser(tx, { ...values, name: form.name, surname: form.surname, admin: role, passwordHash });
      await grantOperationCodes(tx, id, defaultCodes(role));
      await recordAudit(tx, { userId: viewer.id, action: 'user.create', entity: 'user', entityId: id, changes: { ...values, password: 'set' } });
      return { data: { id } };
    });
  } catch (err) {
    if (isUniqueEmailViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Update from the user form; a blank password keeps the old one. On oneself the harmless fields
 * change (name, contact, password), never the role, cash register, branch or company (issue 13).
 * Another staff member's password is the admin's to set, and ends that user's sessions.
 */
export async function updateUser(db: Db, viewer: RequestUser, form: UserUpdateForm) {
  const passwordHash = form.password ? await hashPassword(form.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const current = await findUserForUpdate(tx, form.user_id);
      if (!current) throw notFound('user_id');
      const isSelf = current.id === viewer.id;
      if (!isSelf) assertMayChangeAccount(viewer, current.admin, 'user_edit');
      if (form.admin !== undefined && form.admin !== current.admin) {
        assertNotSelf(viewer, current.id);
        assertMayChangeAccount(viewer, form.admin, 'user_edit');
      }
      assertNoOwnLockedChange(viewer, current.id, lockedOf(current), form);
      if (passwordHash && !isSelf && current.admin !== ROLE.client && !isFullAdmin(viewer)) {
        throw invalid({ password: [az.users.staffPasswordAdminOnly] });
      }
      if (form.email.toLowerCase() !== (current.email ?? '').toLowerCase() && (await isEmailTaken(tx, form.email, current.id))) {
        throw emailTaken();
      }
      await checkReferences(tx, formReferences(form));
      const values = userValues(form);
      const changes: Record<string, { from: unknown; to: unknown } | string> = {};
      for (const [key, to] of Object.entries(values)) {
        const from = (current as Record<string, unknown>)[key];
        if (from !== to) changes[key] = { from: from ?? null, to };
        else delete (values as Record<string, unknown>)[key];
      }
      if (passwordHash) {
        changes.password = 'changed';
        // Someone else's new password ends all their sessions; one's own ends the other sessions (other devices).
        await revokeUserSessions(tx, current.id, current.id === viewer.id ? viewer.sessionId : undefined);
      }
      if (Object.keys(values).length || passwordHash) {
        await updateUserRow(tx, current.id, { ...values, ...(passwordHash ? { passwordHash } : {}) });
      }
      if (values.admin !== undefined) await applyRoleChange(tx, current.id, current.admin, values.admin);
      await recordAudit(tx, { userId: viewer.id, action: 'user.update', entity: 'user', entityId: current.id, changes });
      return { data: { id: current.id } };
    });
  } catch (err) {
    if (isUniqueEmailViolation(err)) throw emailTaken();
    throw err;
  }
}

/** Soft delete: the row, its parcels, balance and history stay; the user can no longer sign in. */
export async function deleteUser(db: Db, viewer: RequestUser, userId: number) {
  assertNotSelf(viewer, userId);
  return db.transaction(async (tx) => {
    const target = await loadChangedTarget(tx, viewer, userId);
    const parcels = await countUserDeclarations(tx, userId);
    await updateUserRow(tx, userId, { deletedAt: new Date() });
    await revokeUserSessions(tx, userId);
    await recordAudit(tx, {
      userId: viewer.id, action: 'user.delete', entity: 'user', entityId: userId,
      changes: { soft: true, admin: target.admin, email: target.email, parcels },
    });
    return { data: { id: userId } };
  });
}

/** Role change (0–4): a staff role, before or after, needs `admins` (admin: an admin); a customer's `user_edit`. */
export async function setUserRole(db: Db, viewer: RequestUser, userIds: readonly number[], role: number) {
  for (const userId of userIds) assertNotSelf(viewer, userId);
  return db.transaction(async (tx) => {
    const done: { id: number; admin: number }[] = [];
    for (const userId of new Set(userIds)) {
      const target = await loadChangedTarget(tx, viewer, userId);
      assertMayChangeAccount(viewer, role, 'user_edit');
      if (target.admin !== role) {
        await updateUserRow(tx, userId, { admin: role });
        await applyRoleChange(tx, userId, target.admin, role);
      }
      await recordAudit(tx, { userId: viewer.id, action: 'user.set_admin', entity: 'user', entityId: userId, changes: { admin: { from: target.admin, to: role } } });
      done.push({ id: userId, admin: role });
    }
    // One user: `data` is that user; several (a,b): the list.
    return { data: done.length === 1 ? done[0]! : done };
  });
}

/** Block or unblock; a block ends every session at once (the guard reads `blocked` per request, refresh tokens are revoked). */
export async function setUserBlocked(db: Db, viewer: RequestUser, userIds: readonly number[], blocked: boolean) {
  for (const userId of userIds) assertNotSelf(viewer, userId);
  return db.transaction(async (tx) => {
    const done: { id: number; blocked: boolean }[] = [];
    for (const userId of new Set(userIds)) {
      const target = await loadChangedTarget(tx, viewer, userId);
      if (target.blocked !== blocked) await updateUserRow(tx, userId, { blocked });
      if (blocked) await revokeUserSessions(tx, userId);
      await recordAudit(tx, {
        userId: viewer.id, action: blocked ? 'user.block' : 'user.unblock', entity: 'user', entityId: userId,
        changes: { blocked: { from: target.blocked, to: blocked } },
      });
      done.push({ id: userId, blocked });
    }
    // One user: `data` is that user; several (a,b): the list.
    return { data: done.length === 1 ? done[0]! : done };
  });
}

// ---------------------------------------------------------------- discounts

export async function applyUserDiscount(db: Db, viewer: RequestUser, form: DiscountForm, timeZone: string) {
  if (form.discount_date < todayIn(timeZone)) throw invalid({ discount_date: [az.users.discountDatePast] });
  return db.transaction(async (tx) => {
    await loadTarget(tx, viewer, form.user_id);
    const id = await insertDiscount(tx, {
      userId: form.user_id, countryId: form.country_id, discount: form.discount, descr: form.descr ?? null,
      discountDate: form.discount_date, causerId: viewer.id,
    });
    await recordAudit(tx, {
      userId: viewer.id, action: 'user.discount', entity: 'user_discount', entityId: id,
      changes: { user_id: form.user_id, country_id: form.country_id, discount: form.discount, discount_date: form.discount_date, descr: form.descr ?? null },
    });
    return { data: { id } };
  });
}

export async function cancelUserDiscount(db: Db, viewer: RequestUser, discountId: number) {
  return db.transaction(async (tx) => {
    const row = await findDiscountForUpdate(tx, discountId);
    if (!row || row.canceledAt) throw notFound('user_discount_id');
    await cancelDiscount(tx, discountId, viewer.id);
    await recordAudit(tx, {
      userId: viewer.id, action: 'user.discount_cancel', entity: 'user_discount', entityId: discountId,
      changes: { user_id: row.userId, country_id: row.countryId, discount: row.discount },
    });
    return { data: { id: discountId } };
  });
}

export async function listUserDiscounts(db: Db, query: UserDiscountListQuery, timeZone: string): Promise<UserDiscountListReply> {
  const { rows, total } = await findDiscountPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind, last_page: Math.max(1, Math.ceil(total.total / query.per_page)) };
}

const DISCOUNT_CSV: CsvColumn<UserDiscountListRow>[] = [
  { header: 'ID', value: (r) => r.user_discount_id },
  { header: az.users.code, value: (r) => r.code },
  { header: az.users.fullName, value: (r) => r.user_name },
  { header: az.users.discountCountry, value: (r) => r.country_name },
  { header: az.users.discount, value: (r) => r.discount },
  { header: az.users.discountDate, value: (r) => r.discount_date },
  { header: az.users.discountDescr, value: (r) => r.descr },
  { header: az.users.discountCauser, value: (r) => r.causer_name },
  { header: az.users.createdAt, value: (r) => r.discount_created_at },
];

export async function exportUserDiscounts(db: Db, query: UserDiscountListQuery, timeZone: string): Promise<string> {
  const { rows } = await findDiscountPage(db, query, timeZone, EXPORT_MAX_ROWS);
  return toCsv(DISCOUNT_CSV, rows);
}

// ---------------------------------------------------------------- statistics

export async function readDeclarationStats(db: Db, viewer: RequestUser, userId: number, timeZone: string) {
  await loadTarget(db, viewer, userId);
  const rows = await findDeclarationStats(db, userId, timeZone);
  const data: DeclarationStatsRow[] = rows.map((r) => {
    const month = r.date.slice(5, 7);
    return { ...r, month, month_name: az.users.monthNames[Number(month) - 1] ?? '' };
  });
  return { data };
}

function shiftMonths(yyyyMmDd: string, months: number): string {
  const [y, m] = yyyyMmDd.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * General statistics: new customers per month and by age band in the range (default: the last 12
 * months), users by role, blocked, customers; `getlist` lists the range's customers instead.
 */
export async function readUserCountStats(
  db: Db, viewer: RequestUser, q: UserCountStatsQuery, timeZone: string,
): Promise<UserCountStatsReply | UserCountListReply> {
  const to = q.end_date ?? q.date_to ?? todayIn(timeZone);
  const from = q.start_date ?? q.date_from ?? shiftMonths(to, -11);
  if (q.getlist) {
    const { rows, total } = await findUserPage(db, {
      page: q.page, per_page: q.per_page, sort_column: q.sort_column, sort_order: q.sort_order,
      admin: 0, date_from: `${from} 00:00:00`, date_to: `${to} 23:59:59`, gender: q.gender, start_age: q.start_age, end_age: q.end_age,
    } as UserListQuery, timeZone, hiddenRolesFor(viewer));
    return { data: rows, total: total.total, total_kind: total.kind, last_page: Math.max(1, Math.ceil(total.total / q.per_page)) };
  }
  const filter = { from, to, gender: q.gender, startAge: q.start_age, endAge: q.end_age };
  const [roles, months, ages] = await Promise.all([
    countUsersByRole(db), countNewCustomersByMonth(db, filter, timeZone), countNewCustomersByAge(db, filter, timeZone),
  ]);
  const byRole = [0, 1, 2, 3, 4].map((admin) => ({ admin, count: roles.find((r) => r.admin === admin)?.count ?? 0 }));
  const age = Object.fromEntries(AGE_BANDS.map(([lo, hi]) => [
    `${lo}_${hi}`, ages.filter((a) => a.age !== null && a.age >= lo && (a.age <= hi || hi === 100)).reduce((s, a) => s + a.count, 0),
  ]));
  return {
    data: months,
    age,
    by_role: byRole,
    blocked: roles.reduce((s, r) => s + r.blocked, 0),
    total: byRole[0]!.count,
  };
}

/** 'Golden ten': the ten customers with the highest delivery spend in the month (default: this month). */
export async function readGoldenTen(db: Db, q: GoldenTenQuery, timeZone: string): Promise<GoldenTenReply> {
  const m = q.month ?? todayIn(timeZone).slice(0, 7);
  const valueOf = (row: GoldenTenRow, column: (typeof GOLDEN_TEN_COLUMNS)[number]) => (column === 'name' ? row.user_name : row[column]);
  const rows = (await findTopSpenders(db, m, timeZone)).filter((row) => GOLDEN_TEN_COLUMNS.every((column) => {
    const needle = q[column]?.toLocaleLowerCase('az');
    return !needle || String(valueOf(row, column) ?? '').toLocaleLowerCase('az').includes(needle);
  }));
  if (q.sort_column) {
    const column = q.sort_column;
    const sign = q.sort_order === 'asc' ? 1 : -1;
    const numeric = column !== 'name' && column !== 'email' && column !== 'number' && column !== 'gender';
    rows.sort((a, b) => {
      const x = valueOf(a, column);
      const y = valueOf(b, column);
      return sign * (numeric ? Number(x ?? 0) - Number(y ?? 0) : String(x ?? '').localeCompare(String(y ?? ''), 'az'));
    });
  }
  const start = (q.page - 1) * q.per_page;
  return { data: rows.slice(start, start + q.per_page), total: rows.length, month: m };
}

// ---------------------------------------------------------------- changed users (changedUserExport)

const CHANGED_USERS_BATCH = 1_000;
const C = az.usersUi.changedUsers;
const customer = (code: string | null, id: number | null) => code ?? (id === null ? null : `#${id}`);

const CHANGED_USER_COLUMNS: readonly XlsxColumn<ChangedUserRow>[] = [
  { header: C.changedAt, width: 20, value: (r) => r.changed_at },
  { header: C.declarationId, width: 12, value: (r) => r.declaration_id },
  { header: C.trackCode, width: 22, value: (r) => r.track_code },
  { header: C.globalTrackCode, width: 22, value: (r) => r.global_track_code },
  { header: C.fromCode, width: 16, value: (r) => customer(r.from_user_code, r.from_user_id) },
  { header: C.fromName, width: 26, value: (r) => r.from_user_name },
  { header: C.toCode, width: 16, value: (r) => customer(r.to_user_code, r.to_user_id) },
  { header: C.toName, width: 26, value: (r) => r.to_user_name },
  { header: C.changedBy, width: 24, value: (r) => r.changed_by },
  { header: C.otherChanges, width: 30, value: (r) => r.other_changes?.split(', ').map((field) => C.fields[field] ?? field).join(', ') },
  { header: C.status, width: 22, value: (r) => r.state_name },
];

async function* readChangedUserBatches(db: Db, period: ChangedUserPeriod, timeZone: string): AsyncIterable<ChangedUserRow[]> {
  let afterId = 0;
  for (;;) {
    const rows = await findChangedUserPage(db, period, timeZone, afterId, CHANGED_USERS_BATCH);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < CHANGED_USERS_BATCH) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/**
 * POST /api/admin/changedUserExport (the logs screen's 'Bağlama düzəliş export'): one row per
 * declaration edit that moved a parcel from one customer to another in the period (office days,
 * both inclusive), oldest first, written as .xlsx into `out`. The edits are the audit log's
 * `declaration.edit` entries, which keep each changed field as { from, to }. As on the logs screen
 * (my_logs), an admin (role 1) gets everyone's edits, anyone else only their own.
 */
export function writeChangedUsersExport(db: Db, viewer: RequestUser, form: ChangedUserExportForm, timeZone: string, out: Writable): Promise<number> {
  const period: ChangedUserPeriod = { startDate: form.start_date, endDate: form.end_date, causerId: isFullAdmin(viewer) ? undefined : viewer.id };
  return writeXlsx(out, [{ name: C.sheet, columns: CHANGED_USER_COLUMNS, rows: readChangedUserBatches(db, period, timeZone) }]);
}
