import type { AuthUser } from '@app/contract/auth';
import { ROLE } from '@app/contract/roles';
import type { ResourcePermissions } from './types';

type Viewer = Pick<AuthUser, 'admin' | 'permissions'>;

/** spec §6: admin (1) holds every code; writes need the action code where one is given, else the list's. */
export function canDo(viewer: Viewer, permissions: ResourcePermissions, action: 'read' | 'create' | 'update' | 'delete'): boolean {
  if (viewer.admin === ROLE.admin) return true;
  const code = permissions[action] ?? permissions.read;
  return viewer.permissions.includes(code);
}
