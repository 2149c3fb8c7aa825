import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SupportsPage = lazy(() => import('./pages/supports-page').then((m) => ({ default: m.SupportsPage })));
const TicketPage = lazy(() => import('./pages/ticket-page').then((m) => ({ default: m.TicketPage })));
const TicketTemplatesScreen = lazy(() => import('./pages/ticket-templates-screen').then((m) => ({ default: m.TicketTemplatesScreen })));

/** spec §2: supports (tickets, with badge), supports/{id} (the conversation) and ticket-templates. */
export const ticketRoutes: RouteObject[] = [
  { path: 'supports', element: <SupportsPage /> },
  { path: 'supports/:ticketId', element: <TicketPage /> },
  { path: 'ticket-templates/*', element: <TicketTemplatesScreen /> },
];
