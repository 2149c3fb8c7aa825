import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { canOpenPath, toSectionPath } from '../navigation';
import { ForbiddenPage } from '../pages/forbidden-page';

/** The same rule as the sidebar: a section the user may not see is refused even by URL. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  return canOpenPath(user, toSectionPath(pathname)) === false ? <ForbiddenPage /> : children;
}
