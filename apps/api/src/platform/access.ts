import type { PermissionCode } from '@app/contract/permissions';
import { ROLE, type RoleCode } from '@app/contract/roles';

/**
 * Who may call a route; every /api route declares one (app.ts refuses to start otherwise).
 * - 'public': no token (login, refresh, logout, docs)
 * - 'staff': any signed-in staff member, roles 1–4
 * - 'office': roles 1–3 (spec §6: a partner, code 4, sees only the partner box routes)
 * - { permission }: role 1 (full admin, spec §6 '*') or a user holding any of the codes
 * - { roles }: one of these role codes
 */
export type RouteAccess =
  | 'public'
  | 'staff'
  | 'office'
  | { permission: PermissionCode | readonly PermissionCode[] }
  | { roles: readonly RoleCode[] };

export interface RequestUser {
  id: number;
  name: string;
  surname: string;
  email: string;
  admin: RoleCode;
  adminBranchId: number | null;
  deliveryPointId: number | null;
  companyId: number | null;
  cashboxId: number | null;
  permissions: ReadonlySet<string>;
}

export function isFullAdmin(user: RequestUser): boolean {
  return user.admin === ROLE.admin;
}

export function hasPermission(user: RequestUser, code: PermissionCode): boolean {
  return isFullAdmin(user) || user.permissions.has(code);
}

export function isAllowed(user: RequestUser, access: Exclude<RouteAccess, 'public'>): boolean {
  if (access === 'staff') return user.admin >= ROLE.admin && user.admin <= ROLE.partner;
  if (access === 'office') return user.admin >= ROLE.admin && user.admin <= ROLE.backOffice;
  if ('roles' in access) return access.roles.includes(user.admin);
  const codes = typeof access.permission === 'string' ? [access.permission] : access.permission;
  return codes.some((c) => hasPermission(user, c));
}
