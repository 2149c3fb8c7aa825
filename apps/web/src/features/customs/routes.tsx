import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const pages = () => import('./pages/customs-pages');
const CustomsDeclarationsPage = lazy(() => pages().then((m) => ({ default: m.CustomsDeclarationsPage })));
const CustomsPostsPage = lazy(() => pages().then((m) => ({ default: m.CustomsPostsPage })));
const CustomsTasksPage = lazy(() => pages().then((m) => ({ default: m.CustomsTasksPage })));
const CustomsTaskModal = lazy(() => pages().then((m) => ({ default: m.CustomsTaskModal })));
const DnsQueuesPage = lazy(() => pages().then((m) => ({ default: m.DnsQueuesPage })));
const QueuePreviewModal = lazy(() => pages().then((m) => ({ default: m.QueuePreviewModal })));
const uploadStats = () => import('./pages/customs-upload-stats-pages');
const CustomsUploadPage = lazy(() => uploadStats().then((m) => ({ default: m.CustomsUploadPage })));
const CustomsStatsPage = lazy(() => uploadStats().then((m) => ({ default: m.CustomsStatsPage })));

/** spec §2 "Customs": declarations, posts (live carrier posts), list upload, stats, tasks (with task detail), DNS queues (with query/response previews). */
export const customsRoutes: RouteObject[] = [
  { path: 'customs/declarations', element: <CustomsDeclarationsPage /> },
  { path: 'customs/posts', element: <CustomsPostsPage /> },
  { path: 'customs/upload', element: <CustomsUploadPage /> },
  { path: 'customs/stats', element: <CustomsStatsPage /> },
  { path: 'customs/tasks', element: <CustomsTasksPage />, children: [{ path: ':id', element: <CustomsTaskModal /> }] },
  {
    path: 'customs/dns-queues',
    element: <DnsQueuesPage />,
    children: [
      { path: 'preview/query', element: <QueuePreviewModal kind="query" /> },
      { path: 'preview/response', element: <QueuePreviewModal kind="response" /> },
    ],
  },
];
