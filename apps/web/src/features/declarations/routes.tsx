import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DeclarationListPage = lazy(() =>
  import('./pages/declaration-list-page').then((module) => ({ default: module.DeclarationListPage })),
);

/** Declaration routes under /@next; details and modals are not built yet and fall to "not ready". */
export const declarationRoutes: RouteObject[] = [{ path: 'declarations', element: <DeclarationListPage /> }];
