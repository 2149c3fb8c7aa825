import type { ReactNode } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { ForbiddenPage } from '../../../app/pages/forbidden-page';
import { canSeeRole } from '../model/user-access';

/** spec §2: the admin and warehouseman lists need the `admins` permission. */
export function RoleGate({ role, children }: { role: number; children: ReactNode }) {
  const { user } = useAuth();
  return canSeeRole(user, role) ? children : <ForbiddenPage />;
}
