import { lazy, type ComponentType, type ReactNode } from 'react';
import { useParams, type RouteObject } from 'react-router';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const modals = () => import('./pages/flight-modal-routes');

const FlightListPage = page(() => import('./pages/flight-list-page'), 'FlightListPage');
const FlightDetailsPage = page(() => import('./pages/flight-details-page'), 'FlightDetailsPage');
const FlightPackagesPage = page(() => import('./pages/flight-packages-page'), 'FlightPackagesPage');
const FlightAirWaybillsPage = page(() => import('./pages/flight-air-waybills-page'), 'FlightAirWaybillsPage');
const FlightPalletsPage = page(() => import('./pages/flight-pallets-page'), 'FlightPalletsPage');
const FlightBoxDeclarationsPage = page(() => import('./pages/flight-box-declarations-page'), 'FlightBoxDeclarationsPage');
const FlightDeclarationsPage = page(() => import('./pages/flight-declarations-page'), 'FlightDeclarationsPage');
const FlightCurrentMonthPage = page(() => import('./pages/flight-current-month-page'), 'FlightCurrentMonthPage');
const CreateFlightRoute = page(modals, 'CreateFlightRoute');
const CloseFlightRoute = page(modals, 'CloseFlightRoute');
const CurrentMonthRoute = page(modals, 'CurrentMonthRoute');
const ManifestUploadRoute = page(modals, 'ManifestUploadRoute');
const AirwaybillUpdateRoute = page(modals, 'AirwaybillUpdateRoute');
const SectionFallback = lazy(() => import('../../app/pages/section-fallback').then((m) => ({ default: m.SectionFallback })));

/** A flight page takes digits only; anything else under flights/ is a section not built. */
function DigitsOnly({ children }: { children: ReactNode }) {
  const { flightId } = useParams();
  return /^\d+$/.test(flightId ?? '') ? children : <SectionFallback />;
}

/**
 * spec §2 "Flights" routes under /@next. Modal routes render over the table (children of flights):
 * create, {id}/close[/{type}], {id}/current-month/update, {id}/manifest/upload; the air waybill
 * change over the flight's sent dispatches. Static paths (create, current-month) win over {id}.
 */
export const flightRoutes: RouteObject[] = [
  {
    path: 'flights',
    element: <FlightListPage />,
    children: [
      { path: 'create', element: <CreateFlightRoute /> },
      { path: ':flightId/close', element: <DigitsOnly><CloseFlightRoute /></DigitsOnly> },
      { path: ':flightId/close/:type', element: <DigitsOnly><CloseFlightRoute /></DigitsOnly> },
      { path: ':flightId/current-month/update', element: <DigitsOnly><CurrentMonthRoute /></DigitsOnly> },
      { path: ':flightId/manifest/upload', element: <DigitsOnly><ManifestUploadRoute /></DigitsOnly> },
    ],
  },
  { path: 'flights/current-month', element: <FlightCurrentMonthPage /> },
  { path: 'flights/:flightId', element: <DigitsOnly><FlightDetailsPage /></DigitsOnly> },
  { path: 'flights/:flightId/declarations', element: <DigitsOnly><FlightDeclarationsPage /></DigitsOnly> },
  { path: 'flights/:flightId/packages', element: <DigitsOnly><FlightPackagesPage /></DigitsOnly> },
  {
    path: 'flights/:flightId/air-waybills',
    element: <DigitsOnly><FlightAirWaybillsPage /></DigitsOnly>,
    children: [{ path: 'update', element: <AirwaybillUpdateRoute /> }],
  },
  // flights/{id}/palets, and flights/:unknown/palets (no flight yet: a picker).
  { path: 'flights/:flightId/palets', element: <FlightPalletsPage /> },
  { path: 'flights/:flightId/box/declarations', element: <DigitsOnly><FlightBoxDeclarationsPage /></DigitsOnly> },
];
