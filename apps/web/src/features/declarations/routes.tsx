import { lazy } from 'react';
import { useParams } from 'react-router';
import type { RouteObject } from 'react-router';

const DeclarationListPage = lazy(() =>
  import('./lists/declaration-list-page').then((module) => ({ default: module.DeclarationListPage })),
);
const DeclarationDetailsPage = lazy(() =>
  import('./details/declaration-details-page').then((module) => ({ default: module.DeclarationDetailsPage })),
);
const CreateDeclarationRoute = lazy(() => import('./lists/declaration-modal-routes').then((m) => ({ default: m.CreateDeclarationRoute })));
const UpdateDeclarationRoute = lazy(() => import('./lists/declaration-modal-routes').then((m) => ({ default: m.UpdateDeclarationRoute })));
const ReturnRoute = lazy(() => import('./lists/declaration-modal-routes').then((m) => ({ default: m.ReturnRoute })));
const TimelineRoute = lazy(() => import('./lists/declaration-modal-routes').then((m) => ({ default: m.TimelineRoute })));
const StuckAtCustomsRoute = lazy(() => import('./lists/declaration-modal-routes').then((m) => ({ default: m.StuckAtCustomsRoute })));
const StuckAtCustomsByFiltersRoute = lazy(() => import('./lists/declaration-modal-routes').then((m) => ({ default: m.StuckAtCustomsByFiltersRoute })));
const STUCK_AT_CUSTOMS_PATH = /^(\d+(?:\/\d+)*)\/stuck-at-customs$/;
const HandoverRoute = lazy(() => import('./workflow/handover-route').then((m) => ({ default: m.HandoverRoute })));
const HANDOVER_PATH = /^(\d+(?:\/\d+)*)\/handover$/;
const BulkHandoverRoute = lazy(() => import('./workflow/workflow-pages').then((m) => ({ default: m.BulkHandoverRoute })));
const DeclarationCountsPage = lazy(() => import('./workflow/workflow-pages').then((m) => ({ default: m.DeclarationCountsPage })));
const UnitedDeclarationsPage = lazy(() => import('./marketplace/united-declarations-page').then((m) => ({ default: m.UnitedDeclarationsPage })));
const ImportRoute = lazy(() => import('./documents/document-modal-routes').then((m) => ({ default: m.ImportRoute })));
const HandoverExportRoute = lazy(() => import('./documents/document-modal-routes').then((m) => ({ default: m.HandoverExportRoute })));
const SectionFallback = lazy(() => import('../../app/pages/section-fallback').then((m) => ({ default: m.SectionFallback })));
const variantPage = (name: keyof typeof import('./lists/declaration-variant-pages')) =>
  lazy(() => import('./lists/declaration-variant-pages').then((m) => ({ default: m[name] })));
const PartnerDeclarationsPage = variantPage('PartnerDeclarationsPage');
const MiniDeclarationsPage = variantPage('MiniDeclarationsPage');
const CurrentMonthDeclarationsPage = variantPage('CurrentMonthDeclarationsPage');
const DeletedDeclarationsPage = variantPage('DeletedDeclarationsPage');
const ArchivedDeclarationsPage = variantPage('ArchivedDeclarationsPage');
const PostDeclarationsPage = variantPage('PostDeclarationsPage');
const unknownPage = (name: keyof typeof import('./unknowns/unknown-declaration-pages')) =>
  lazy(() => import('./unknowns/unknown-declaration-pages').then((m) => ({ default: m[name] })));
const UnknownDeclarationsPage = unknownPage('UnknownDeclarationsPage');
const UnknownDetailsPage = unknownPage('UnknownDetailsPage');
const CreateUnknownRoute = unknownPage('CreateUnknownRoute');
const UpdateUnknownRoute = unknownPage('UpdateUnknownRoute');

/** declarations/unknowns/{id} takes digits only. */
function UnknownDetailsOrFallback() {
  const { unknownId } = useParams();
  return /^\d+$/.test(unknownId ?? '') ? <UnknownDetailsPage /> : <SectionFallback />;
}

/**
 * declarations/{id} takes digits only (spec §2 match order): declarations/deleted, /post, /unknowns
 * and the other sections not built yet keep showing "not ready".
 */
function DetailsOrFallback() {
  const { declarationId } = useParams();
  return /^\d+$/.test(declarationId ?? '') ? <DeclarationDetailsPage /> : <SectionFallback />;
}

/**
 * declarations/{id}/handover of one parcel (the row menu): a child of the list route, so the table
 * stays mounted under the modal (as a top-level route it remounted and re-rendered the whole list
 * and fetched it again: most of the modal's 2–3 s on a slow machine, issue 16).
 */
function SingleHandoverRoute() {
  const { declarationId } = useParams();
  return /^\d+$/.test(declarationId ?? '') ? <HandoverRoute ids={declarationId ?? ''} /> : <SectionFallback />;
}

/** declarations/{ids}/stuck-at-customs (ids joined by '/') over the table; any other deeper path is a section not built yet. */
function StuckAtCustomsOrFallback() {
  const params = useParams();
  const handover = HANDOVER_PATH.exec(params['*'] ?? '');
  if (handover) return <DeclarationListPage overlay={<HandoverRoute ids={handover[1] ?? ''} />} />;
  const match = STUCK_AT_CUSTOMS_PATH.exec(params['*'] ?? '');
  if (!match) return <SectionFallback />;
  return <DeclarationListPage overlay={<StuckAtCustomsRoute ids={match[1] ?? ''} />} />;
}

/** Declaration routes under /@next; the modal routes render over the table (spec §2). */
export const declarationRoutes: RouteObject[] = [
  { path: 'united-declarations', element: <UnitedDeclarationsPage /> },
  { path: 'statistics/status/declaration-counts', element: <DeclarationCountsPage /> },
  {
    path: 'declarations',
    element: <DeclarationListPage />,
    children: [
      { path: 'create', element: <CreateDeclarationRoute /> },
      { path: ':declarationId/update', element: <UpdateDeclarationRoute /> },
      { path: ':declarationId/timeline', element: <TimelineRoute /> },
      { path: ':declarationId/return', element: <ReturnRoute /> },
      { path: ':declarationId/handover', element: <SingleHandoverRoute /> },
      { path: 'bulk-handover', element: <BulkHandoverRoute /> },
      { path: 'stuck-at-customs', element: <StuckAtCustomsByFiltersRoute /> },
      { path: 'import', element: <ImportRoute /> },
      { path: 'handover-export', element: <HandoverExportRoute /> },
    ],
  },
  // The list screens beside the main list (spec §2 match order; static paths win over {id}).
  { path: 'declarations/users/:userId/current-month', element: <CurrentMonthDeclarationsPage /> },
  { path: 'declarations/post', element: <PostDeclarationsPage /> },
  { path: 'declarations/deleted', element: <DeletedDeclarationsPage /> },
  { path: 'declarations/partners', element: <PartnerDeclarationsPage /> },
  // design: the spec names no route for the tiny list (minilist); declarations/mini does not collide with {id}.
  { path: 'declarations/mini', element: <MiniDeclarationsPage /> },
  {
    path: 'declarations/unknowns',
    element: <UnknownDeclarationsPage />,
    children: [
      { path: 'create', element: <CreateUnknownRoute /> },
      { path: ':unknownId/update', element: <UpdateUnknownRoute /> },
    ],
  },
  { path: 'declarations/unknowns/:unknownId', element: <UnknownDetailsOrFallback /> },
  { path: 'archived-declarations', element: <ArchivedDeclarationsPage /> },
  { path: 'declarations/:declarationId', element: <DetailsOrFallback /> },
  { path: 'declarations/*', element: <StuckAtCustomsOrFallback /> },
];
