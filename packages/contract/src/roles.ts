/** spec §1: roles by numeric admin code. */
export const ROLE = { client: 0, admin: 1, warehouseman: 2, backOffice: 3, partner: 4 } as const;
export type RoleCode = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_NAMES: Record<RoleCode, string> = {
  0: 'client',
  1: 'admin',
  2: 'warehouseman',
  3: 'back_office',
  4: 'partner',
};
export const STAFF_ROLES: readonly RoleCode[] = [1, 2, 3, 4];
export function isStaffRole(code: number): boolean {
  return code >= 1 && code <= 4;
}
