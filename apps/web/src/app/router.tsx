import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { cashFlowRoutes } from '../features/cash-flow/routes';
import { customsRoutes } from '../features/customs/routes';
import { declarationRoutes } from '../features/declarations/routes';
import { flightRoutes } from '../features/flights/routes';
import { historyRoutes } from '../features/history/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { orderRoutes } from '../features/orders/routes';
import { settingGroupRoutes } from '../features/settings/routes';
import { settingListRoutes } from '../features/settings/lists/routes';
import { sortingRoutes } from '../features/sorting/routes';
import { statisticsRoutes } from '../features/statistics/routes';
import { ticketRoutes } from '../features/tickets/routes';
import { transactionRoutes } from '../features/transactions/routes';
import { userRoutes } from '../features/users/routes';
import { warehouseRoutes } from '../features/warehouse/routes';
import { APP_BASE } from './navigation';
import { RouteErrorPage } from './pages/route-error-page';

// Every screen is its own chunk: the entry holds only providers and the router.
const SignedInShell = lazy(() => import('./layout/signed-in-shell').then((m) => ({ default: m.SignedInShell })));
const HomeRedirect = lazy(() => import('./pages/home-redirect').then((m) => ({ default: m.HomeRedirect })));
const SectionFallback = lazy(() => import('./pages/section-fallback').then((m) => ({ default: m.SectionFallback })));
const NotFoundPage = lazy(() => import('./pages/standalone-not-found-page').then((m) => ({ default: m.StandaloneNotFoundPage })));

/** Built screens; every other section of the sidebar falls to SectionFallback ("not ready yet"). */
const sectionRoutes: RouteObject[] = [...declarationRoutes, ...historyRoutes, ...userRoutes, ...settingGroupRoutes, ...settingListRoutes, ...warehouseRoutes, ...customsRoutes, ...flightRoutes, ...sortingRoutes, ...notificationRoutes,
  // cash flow (issue 17): the section shell with its tabs (transactions, operations, cash registers, analytics)
  ...cashFlowRoutes,
  ...ticketRoutes, // support tickets and ticket templates (issue 20)
  // transactions (issue 17 item 2)
  ...transactionRoutes,
  ...orderRoutes, // orders (issue 18): list, counts by status, reject and the detail/form routes
  ...statisticsRoutes]; // statistics (issue 19): the landing page and every statistics page

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
