import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const BoxAcceptancePage = lazy(() => import('./pages/box-acceptance-page').then((m) => ({ default: m.BoxAcceptancePage })));
const HandoverQueuePage = lazy(() => import('./pages/handover-queue-page').then((m) => ({ default: m.HandoverQueuePage })));
const BoxesScreen = lazy(() => import('./pages/box-list-screens').then((m) => ({ default: m.BoxesScreen })));
const PartnerBoxesScreen = lazy(() => import('./pages/box-list-screens').then((m) => ({ default: m.PartnerBoxesScreen })));
const BoxTransfersPage = lazy(() => import('./pages/box-transfers-page').then((m) => ({ default: m.BoxTransfersPage })));
const HandoverTaskPage = lazy(() => import('./pages/handover-task-page').then((m) => ({ default: m.HandoverTaskPage })));

/** The warehouse floor (issue 8): box acceptance, handover queue. */
export const warehouseRoutes: RouteObject[] = [
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
