import { ROLE } from '@app/contract/roles';
import { describe, expect, test } from 'vitest';
import { canChangeAccount, canEditPermissions, canManageUser, listAssignableRoles } from './user-access';

const admin = { id: 1, admin: ROLE.admin, permissions: [] };
const ofis = { id: 3, admin: ROLE.backOffice, permissions: ['users', 'user_edit', 'changeuserpermissions'] };
const anbarAdmins = { id: 2, admin: ROLE.warehouseman, permissions: ['users', 'admins', 'changeuserpermissions'] };

describe('[USERS][STAFF] issue 13: the menus offer only what the server allows', () => {
  test('a back office user with user_edit manages customers, not staff', () => {
    expect(canChangeAccount(ofis, ROLE.client)).toBe(true);
    for (const role of [ROLE.admin, ROLE.warehouseman, ROLE.backOffice, ROLE.partner]) expect(canChangeAccount(ofis, role)).toBe(false);
    expect(canManageUser(ofis, { id: 9, admin: ROLE.backOffice })).toBe(false);
    expect(listAssignableRoles(ofis, { id: 9, admin: ROLE.client })).toEqual([]);
    expect(canEditPermissions(ofis, { id: 9, admin: ROLE.backOffice }, { allowSelf: false })).toBe(false);
  });

  test('a warehouseman with admins manages staff but no admin account, and makes nobody an admin', () => {
    expect(canManageUser(anbarAdmins, { id: 9, admin: ROLE.backOffice })).toBe(true);
    expect(canManageUser(anbarAdmins, { id: 9, admin: ROLE.admin })).toBe(false);
    expect(listAssignableRoles(anbarAdmins, { id: 9, admin: ROLE.backOffice })).toEqual([ROLE.warehouseman, ROLE.partner]);
    expect(listAssignableRoles(anbarAdmins, { id: 9, admin: ROLE.admin })).toEqual([]);
    expect(canEditPermissions(anbarAdmins, { id: 9, admin: ROLE.partner }, { allowSelf: false })).toBe(true);
    expect(canEditPermissions(anbarAdmins, { id: 9, admin: ROLE.admin }, { allowSelf: false })).toBe(false);
  });

  test('the admin manages everyone but themself', () => {
    expect(canManageUser(admin, { id: 5, admin: ROLE.admin })).toBe(true);
    expect(canManageUser(admin, { id: 1, admin: ROLE.admin })).toBe(false);
    expect(listAssignableRoles(admin, { id: 5, admin: ROLE.client })).toEqual([ROLE.admin, ROLE.warehouseman, ROLE.backOffice, ROLE.partner]);
  });
});
