import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ArchivePage = lazy(() => import('./pages/archive-page').then((m) => ({ default: m.ArchivePage })));

/**
 * spec §2 "Notifications": the SMS, WhatsApp and e-mail archives (each with its queue and bulk send
 * under its own path, which follows the entry's permission), the app push bulk send and the templates.
 */
export const notificationRoutes: RouteObject[] = [
  { path: 'notifier/sms', element: <ArchivePage channel="sms" view="archive" /> },
  { path: 'notifier/sms/queues', element: <ArchivePage channel="sms" view="queues" /> },
  { path: 'notifier/whatsapp', element: <ArchivePage channel="whatsapp" view="archive" /> },
  { path: 'notifier/whatsapp/queues', element: <ArchivePage channel="whatsapp" view="queues" /> },
  { path: 'notifier/email', element: <ArchivePage channel="mail" view="archive" /> },
  { path: 'notifier/email/queues', element: <ArchivePage channel="mail" view="queues" /> },
];
