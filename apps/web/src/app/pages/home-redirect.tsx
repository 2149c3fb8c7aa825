import { useContext, useEffect } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext, useLocation, useNavigate, type RouteObject } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { findHomePath, toAppPath } from '../navigation';
import { ForbiddenPage } from './forbidden-page';

/** Whether the router the app runs has a screen for a section (no catch-all takes it); without a data router, every path counts. */
function useIsBuilt(): (path: string) => boolean {
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes as RouteObject[] | undefined;
  return (path) => {
    if (!routes) return true;
    const matches = matchRoutes(routes, toAppPath(path));
    return !!matches && matches.every((match) => match.route.path !== '*');
  };
}

/** spec §2: the root goes to statistics (or the first section the user may open), a built screen first. */
export function HomeRedirect() {
  const { user } = useAuth();
  const home = findHomePath(user, useIsBuilt());
  const navigate = useNavigate();
  const { key } = useLocation();
  // every arrival at the root redirects (keyed by the location): with <Navigate>, the brand link
  // right after sign-in now and then left a blank page at /@next (seen for the partner, issue 16)
  useEffect(() => {
    if (home) void navigate(toAppPath(home), { replace: true });
  }, [home, key, navigate]);
  return home ? null : <ForbiddenPage />;
}
