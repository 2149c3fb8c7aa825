import type { AuthUser } from '@app/contract/auth';
import { ROLE, STAFF_ROLES } from '@app/contract/roles';
import { ROLES_NEEDING_ADMINS, whyCannotManageAccount } from '@app/contract/users';

type Viewer = Pick<AuthUser, 'id' | 'admin' | 'permissions'>;
type Target = { id: number; admin: number };

/** spec §6: admin (1) holds every permission; others what their codes say. */
export function hasPermission(viewer: Viewer, code: string): boolean {
  return viewer.admin === ROLE.admin || viewer.permissions.includes(code);
}

function needsAdmins(role: number): boolean {
  return (ROLES_NEEDING_ADMINS as readonly number[]).includes(role);
}

/** spec §2: user types 1 and 2 (filter, role lists, role change) need `admins`. */
export function canSeeRole(viewer: Viewer, role: number): boolean {
  return !needsAdmins(role) || hasPermission(viewer, 'admins');
}

/**
 * Issue 13, the server's rule (contract `whyCannotManageAccount`): a customer account changes with
 * `user_edit`, a staff account (1–4) only with `admins`, an admin account only by an admin.
 */
export function canChangeAccount(viewer: Viewer, role: number): boolean {
  if (role === ROLE.client) return hasPermission(viewer, 'user_edit');
  return whyCannotManageAccount({ isFullAdmin: viewer.admin === ROLE.admin, holdsAdmins: hasPermission(viewer, 'admins') }, role) === null;
}

/** The roles a user may be switched to: never on oneself; the account's role before and after must be the viewer's to change. */
export function listAssignableRoles(viewer: Viewer, target: Target): number[] {
  if (viewer.id === target.id || !canChangeAccount(viewer, target.admin)) return [];
  return [ROLE.client, ...STAFF_ROLES].filter((role) => role !== target.admin && canChangeAccount(viewer, role));
}

/** Block, unblock, delete: not on oneself; staff only with `admins`, an admin only by an admin. */
export function canManageUser(viewer: Viewer, target: Target): boolean {
  return viewer.id !== target.id && canChangeAccount(viewer, target.admin);
}

/**
 * spec §2: Permissions show when the viewer is staff and holds `changeuserpermissions`, for staff
 * (a customer has no permissions). The table leaves the viewer's own row out; the details page
 * lets them open their own, where the modal keeps the permission change on.
 */
export function canEditPermissions(viewer: Viewer, target: Target, options: { allowSelf: boolean }): boolean {
  if (viewer.admin === ROLE.client || target.admin === ROLE.client) return false;
  if (!options.allowSelf && viewer.id === target.id) return false;
  // Another member's permissions are staff management (issue 13); one's own modal opens read-mostly.
  if (viewer.id !== target.id && !canChangeAccount(viewer, target.admin)) return false;
  return hasPermission(viewer, 'changeuserpermissions');
}
