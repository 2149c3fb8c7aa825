import { useCallback, useContext } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext, type RouteObject } from 'react-router';
import { APP_BASE } from '../../../app/navigation';

/**
 * Whether a path has a built route: it matches the app's route table and no catch-all ('*', the
 * "not ready yet" and not-found pages) takes it. Read from the router the app runs in
 * (createBrowserRouter), so a section added later counts at once without touching this feature.
 * React Router keeps its route table in this context only; without a data router (a bare
 * MemoryRouter) nothing can be told and every path counts as built.
 */
export function hasBuiltRoute(routes: readonly RouteObject[], path: string): boolean {
  const matches = matchRoutes([...routes], `${APP_BASE}/${path.replace(/^\/+/, '')}`);
  return !!matches && matches.every((match) => match.route.path !== '*');
}

export function useRoutePresence(): (path: string) => boolean {
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes;
  return useCallback((path: string) => (routes ? hasBuiltRoute(routes as RouteObject[], path) : true), [routes]);
}
