import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const BoxAcceptancePage = lazy(() => import('./pages/box-acceptance-page').then((m) => ({ default: m.BoxAcceptancePage })));
const StandardAcceptancePage = lazy(() => import('./pages/standard-acceptance-page').then((m) => ({ default: m.StandardAcceptancePage })));
const HandoverQueuePage = lazy(() => import('./pages/handover-queue-page').then((m) => ({ default: m.HandoverQueuePage })));
const BoxesScreen = lazy(() => import('./pages/box-list-screens').then((m) => ({ default: m.BoxesScreen })));
const PartnerBoxesScreen = lazy(() => import('./pages/box-list-screens').then((m) => ({ default: m.PartnerBoxesScreen })));
const BoxTransfersPage = lazy(() => import('./pages/box-transfers-page').then((m) => ({ default: m.BoxTransfersPage })));
const HandoverTaskPage = lazy(() => import('./pages/handover-task-page').then((m) => ({ default: m.HandoverTaskPage })));

/** The warehouse floor (issue 8): box acceptance, handover queue. */
export const warehouseRoutes: RouteObject[] = [
  // spec §2: declarations/acceptance (the list's Acceptance → Standard); a static path, so it wins over declarations/{id}.
  { path: 'declarations/acceptance', element: <StandardAcceptancePage /> },
  { path: 'declarations/acceptance/box', element: <BoxAcceptancePage key="admin" scope="admin" /> },
  { path: 'partner/acceptance/box', element: <BoxAcceptancePage key="partner" scope="partner" /> },
  { path: 'warehouse/handover/queues', element: <HandoverQueuePage key="queue" isHistory={false} /> },
  { path: 'warehouse/handover/history', element: <HandoverQueuePage key="history" isHistory /> },
  { path: 'warehouse/handover/queues/:queueId', element: <HandoverTaskPage /> },
  { path: 'boxes/*', element: <BoxesScreen /> },
  { path: 'partner-boxes/*', element: <PartnerBoxesScreen /> },
  { path: 'box-transfers', element: <BoxTransfersPage /> },
  { path: 'box-transfers/:id/:type', element: <BoxTransfersPage /> },
];
