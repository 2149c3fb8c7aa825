import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SortingPage = lazy(() => import('./pages/sorting-page').then((m) => ({ default: m.SortingPage })));
const NonSortedPage = lazy(() => import('./pages/non-sorted-page').then((m) => ({ default: m.NonSortedPage })));

/** Sidebar "sorting" (parcel_sorting_list): the scanner screen and a flight's not-sorted parcels. */
export const sortingRoutes: RouteObject[] = [
  { path: 'sorting', element: <SortingPage /> },
  { path: 'sorting/:flightId/non-sorted-declarations', element: <NonSortedPage /> },
];
