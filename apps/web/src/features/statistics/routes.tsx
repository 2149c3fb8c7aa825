import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The statistics pages (issue 19 item 2, statistics-pages-web): each a lazy chunk; the chart kit
// (uPlot) is loaded by the pages' charts only, never by the login or list pages.
const StatisticsIndexPage = lazy(() => import('./pages/statistics-index-page').then((m) => ({ default: m.StatisticsIndexPage })));
const DeclarationsByStatusPage = lazy(() => import('./pages/declarations-by-status-page').then((m) => ({ default: m.DeclarationsByStatusPage })));
const OrdersStatPage = lazy(() => import('./pages/orders-stat-page').then((m) => ({ default: m.OrdersStatPage })));
const UsersCountsPage = lazy(() => import('./pages/users-counts-page').then((m) => ({ default: m.UsersCountsPage })));
const PaidDeclarationsPage = lazy(() => import('./pages/payment-types-page').then((m) => ({ default: m.PaidDeclarationsPage })));
const PaymentTypeTransactionsPage = lazy(() => import('./pages/payment-types-page').then((m) => ({ default: m.PaymentTypeTransactionsPage })));
const PlansStatPage = lazy(() => import('./pages/plans-stat-page').then((m) => ({ default: m.PlansStatPage })));
const CouriersStatPage = lazy(() => import('./pages/couriers-stat-page').then((m) => ({ default: m.CouriersStatPage })));
// The landing page (statistics-landing): /@next/statistics.
const LandingPage = lazy(() => import('./landing/landing-page').then((m) => ({ default: m.LandingPage })));
const BalancesStatPage = lazy(() => import('./pages/balances-stat-page').then((m) => ({ default: m.BalancesStatPage })));
const GoldenTenPage = lazy(() => import('./pages/golden-ten-page').then((m) => ({ default: m.GoldenTenPage })));
const BranchPartnerPage = lazy(() => import('./pages/branch-partner-page').then((m) => ({ default: m.BranchPartnerPage })));

/** The statistics pages' routes (statistics-pages-web); gates by path in app/navigation.ts. */
export const statisticsPageRoutes: RouteObject[] = [
  { path: 'statistics/pages', element: <StatisticsIndexPage /> },
  { path: 'statistics/declarations', element: <DeclarationsByStatusPage /> },
  { path: 'statistics/payment-types', element: <PaidDeclarationsPage /> },
  { path: 'statistics/payment-types/transactions', element: <PaymentTypeTransactionsPage /> },
  { path: 'statistics/plans', element: <PlansStatPage /> },
  { path: 'statistics/orders', element: <OrdersStatPage key="status" /> },
  { path: 'statistics/orders/admins', element: <OrdersStatPage key="admins" byAdmin /> },
  // under the users gate (app/navigation.ts: statistics/users follows users); by_user_count needs users
  { path: 'statistics/users/general', element: <UsersCountsPage /> },
  { path: 'statistics/qizil-onluq', element: <GoldenTenPage /> },
  // under the transactions gate (statistics/transactions follows transactions); by_balance_count needs transactions
  { path: 'statistics/transactions/balances', element: <BalancesStatPage /> },
  { path: 'statistics/couriers', element: <CouriersStatPage key="couriers" /> },
  { path: 'statistics/couriers/regions', element: <CouriersStatPage key="regions" byRegion /> },
  { path: 'statistics/branches-partner', element: <BranchPartnerPage /> },
];

/** Every statistics route (the landing page's route is added here by statistics-landing). */
export const statisticsRoutes: RouteObject[] = [{ path: 'statistics', element: <LandingPage /> }, ...statisticsPageRoutes];
