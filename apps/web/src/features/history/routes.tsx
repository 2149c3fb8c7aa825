import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StateArchivePage = lazy(() => import('./pages/state-archive-page').then((m) => ({ default: m.StateArchivePage })));
const OperationLogPage = lazy(() => import('./pages/operation-log-page').then((m) => ({ default: m.OperationLogPage })));

/** spec §2 "Content": archive/state (state_changes) and logs (my_logs); the status timeline links to both. */
export const historyRoutes: RouteObject[] = [
  { path: 'archive/state', element: <StateArchivePage /> },
  { path: 'logs', element: <OperationLogPage /> },
];
