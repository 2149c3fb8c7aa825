import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { declarationRoutes } from '../features/declarations/routes';
import { userRoutes } from '../features/users/routes';
import { APP_BASE } from './navigation';
import { RouteErrorPage } from './pages/route-error-page';

// Every screen is its own chunk: the entry holds only providers and the router.
const SignedInShell = lazy(() => import('./layout/signed-in-shell').then((m) => ({ default: m.SignedInShell })));
const HomeRedirect = lazy(() => import('./pages/home-redirect').then((m) => ({ default: m.HomeRedirect })));
const SectionFallback = lazy(() => import('./pages/section-fallback').then((m) => ({ default: m.SectionFallback })));
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** Built screens; every other section of the sidebar falls to SectionFallback ("not ready yet"). */
const sectionRoutes: RouteObject[] = [...declarationRoutes, ...userRoutes];

export const routes: RouteObject[] = [
  ...authRoutes.map((route) => ({ ...route, errorElement: <RouteErrorPage /> })),
  {
    path: APP_BASE,
    element: <SignedInShell />,
    errorElement: <RouteErrorPage />,
    children: [{ index: true, element: <HomeRedirect /> }, ...sectionRoutes, { path: '*', element: <SectionFallback /> }],
  },
  { path: '/', element: <Navigate to={APP_BASE} replace /> },
  { path: '*', element: <NotFoundPage />, errorElement: <RouteErrorPage /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
