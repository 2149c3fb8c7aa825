import type { PermissionCode } from '@app/contract/permissions';
import { ROLE, type RoleCode } from '@app/contract/roles';

/**
 * Who may call a route; every /api route declares one (app.ts refuses to start otherwise).
 * - 'public': no token (login, refresh, logout, docs)
 * - 'staff': any signed-in staff member, roles 1–4 (self, shared reference data)
 * - 'office': roles 1–3 (spec §6: a partner, code 4, sees only the partner box routes)
 * - { permission }: role 1 (full admin, spec §6 '*') or a user holding any of the codes; a partner
 *   (4) only when the route says `partner: true` (a branch section), whatever codes it was granted
 * - { roles }: one of these role codes
 * Every route a partner can pass reads and writes through platform/partner-scope.ts
 * (partner-scope.test.ts probes each one with another company's ids).
 */
export type RouteAccess =
  | 'public'
  | 'staff'
  | 'office'
  | { permission: PermissionCode | readonly PermissionCode[]; partner?: true }
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
  /** The session (user_sessions row) the access token belongs to; absent for users built outside a request. */
  sessionId?: number;
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
  // spec §6: a partner sees only its branch sections, never an office route it was given a code of.
  if (user.admin === ROLE.partner && !access.partner) return false;
  const codes = typeof access.permission === 'string' ? [access.permission] : access.permission;
  return codes.some((c) => hasPermission(user, c));
}

/** Whether a branch partner (role 4) can pass this rule at all: its route must scope by partner-scope.ts. */
export function admitsPartners(access: RouteAccess): boolean {
  if (access === 'public' || access === 'office') return false;
  if (access === 'staff') return true;
  if ('roles' in access) return access.roles.includes(ROLE.partner);
  return access.partner === true;
}
