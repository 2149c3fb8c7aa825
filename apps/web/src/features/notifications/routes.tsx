import { lazy, type ReactNode } from 'react';
import { useParams, type RouteObject } from 'react-router';

const ArchivePage = lazy(() => import('./pages/archive-page').then((m) => ({ default: m.ArchivePage })));
const BulkSendPage = lazy(() => import('./pages/bulk-send-page').then((m) => ({ default: m.BulkSendPage })));
const TemplatesPage = lazy(() => import('./pages/templates-page').then((m) => ({ default: m.TemplatesPage })));
const CreateTemplateRoute = lazy(() => import('./pages/template-modal-routes').then((m) => ({ default: m.CreateTemplateRoute })));
const UpdateTemplateRoute = lazy(() => import('./pages/template-modal-routes').then((m) => ({ default: m.UpdateTemplateRoute })));
const SectionFallback = lazy(() => import('../../app/pages/section-fallback').then((m) => ({ default: m.SectionFallback })));

/** A template's page takes digits only; anything else under notifier/templates/ is a section not built. */
function DigitsOnly({ children }: { children: ReactNode }) {
  const { templateId } = useParams();
  return /^\d+$/.test(templateId ?? '') ? children : <SectionFallback />;
}

/**
 * spec §2 "Notifications": the SMS, WhatsApp and e-mail archives (each with its queue and bulk send
 * under its own path, which follows the entry's permission), the app push bulk send and the templates
 * (create and update open over the table).
 */
export const notificationRoutes: RouteObject[] = [
  { path: 'notifier/sms', element: <ArchivePage channel="sms" view="archive" /> },
  { path: 'notifier/sms/queues', element: <ArchivePage channel="sms" view="queues" /> },
  { path: 'notifier/sms/bulk/send', element: <BulkSendPage kind="bulk_sms" channel="sms" /> },
  { path: 'notifier/whatsapp', element: <ArchivePage channel="whatsapp" view="archive" /> },
  { path: 'notifier/whatsapp/queues', element: <ArchivePage channel="whatsapp" view="queues" /> },
  { path: 'notifier/whatsapp/bulk/send', element: <BulkSendPage kind="bulk_whatsapp" channel="whatsapp" /> },
  { path: 'notifier/email', element: <ArchivePage channel="mail" view="archive" /> },
  { path: 'notifier/email/queues', element: <ArchivePage channel="mail" view="queues" /> },
  { path: 'notifier/email/bulk/send', element: <BulkSendPage kind="bulk_mail" channel="mail" /> },
  { path: 'notifier/mobile/bulk/send', element: <BulkSendPage kind="bulk_notification" /> },
  {
    path: 'notifier/templates',
    element: <TemplatesPage />,
    children: [
      { path: 'create', element: <CreateTemplateRoute /> },
      { path: ':templateId/update', element: <DigitsOnly><UpdateTemplateRoute /></DigitsOnly> },
    ],
  },
];
