import { lazy } from 'react';
import { useParams } from 'react-router';
import type { RouteObject } from 'react-router';

const DeclarationListPage = lazy(() =>
  import('./pages/declaration-list-page').then((module) => ({ default: module.DeclarationListPage })),
);
const DeclarationDetailsPage = lazy(() =>
  import('./pages/declaration-details-page').then((module) => ({ default: module.DeclarationDetailsPage })),
);
const CreateDeclarationRoute = lazy(() => import('./pages/declaration-modal-routes').then((m) => ({ default: m.CreateDeclarationRoute })));
const UpdateDeclarationRoute = lazy(() => import('./pages/declaration-modal-routes').then((m) => ({ default: m.UpdateDeclarationRoute })));
const ReturnRoute = lazy(() => import('./pages/declaration-modal-routes').then((m) => ({ default: m.ReturnRoute })));
const TimelineRoute = lazy(() => import('./pages/declaration-modal-routes').then((m) => ({ default: m.TimelineRoute })));
const StuckAtCustomsRoute = lazy(() => import('./pages/declaration-modal-routes').then((m) => ({ default: m.StuckAtCustomsRoute })));
const STUCK_AT_CUSTOMS_PATH = /^(\d+(?:\/\d+)*)\/stuck-at-customs$/;
const SectionFallback = lazy(() => import('../../app/pages/section-fallback').then((m) => ({ default: m.SectionFallback })));

/**
 * declarations/{id} takes digits only (spec §2 match order): declarations/deleted, /post, /unknowns
 * and the other sections not built yet keep showing "not ready".
 */
function DetailsOrFallback() {
  const { declarationId } = useParams();
  return /^\d+$/.test(declarationId ?? '') ? <DeclarationDetailsPage /> : <SectionFallback />;
}

/** declarations/{ids}/stuck-at-customs (ids joined by '/') over the table; any other deeper path is a section not built yet. */
function StuckAtCustomsOrFallback() {
  const params = useParams();
  const match = STUCK_AT_CUSTOMS_PATH.exec(params['*'] ?? '');
  if (!match) return <SectionFallback />;
  return <DeclarationListPage overlay={<StuckAtCustomsRoute ids={match[1] ?? ''} />} />;
}

/** Declaration routes under /@next; the modal routes render over the table (spec §2). */
export const declarationRoutes: RouteObject[] = [
  {
    path: 'declarations',
    element: <DeclarationListPage />,
    children: [
      { path: 'create', element: <CreateDeclarationRoute /> },
      { path: ':declarationId/update', element: <UpdateDeclarationRoute /> },
      { path: ':declarationId/timeline', element: <TimelineRoute /> },
      { path: ':declarationId/return', element: <ReturnRoute /> },
    ],
  },
  { path: 'declarations/:declarationId', element: <DetailsOrFallback /> },
  { path: 'declarations/*', element: <StuckAtCustomsOrFallback /> },
];
