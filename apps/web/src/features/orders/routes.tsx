import { lazy } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { parseRejectPath } from './model/reject-form';

const OrdersPage = lazy(() => import('./pages/orders-page').then((m) => ({ default: m.OrdersPage })));
const OrderCountsPage = lazy(() => import('./pages/order-counts-page').then((m) => ({ default: m.OrderCountsPage })));
const RejectOrdersRoute = lazy(() => import('./pages/reject-routes').then((m) => ({ default: m.RejectOrdersRoute })));
const BulkRejectRoute = lazy(() => import('./pages/reject-routes').then((m) => ({ default: m.BulkRejectRoute })));
const OrderDetailPage = lazy(() => import('./pages/order-detail-page').then((m) => ({ default: m.OrderDetailPage })));
const CreateOrderRoute = lazy(() => import('./pages/order-form-route').then((m) => ({ default: m.CreateOrderRoute })));
const UpdateOrderRoute = lazy(() => import('./pages/order-form-route').then((m) => ({ default: m.UpdateOrderRoute })));
const OrderTimelineRoute = lazy(() => import('./pages/order-form-route').then((m) => ({ default: m.OrderTimelineRoute })));
const SectionFallback = lazy(() => import('../../app/pages/section-fallback').then((m) => ({ default: m.SectionFallback })));

/**
 * orders/{ids}/reject (ids joined by '/', spec §2) over the table; orders/{id}/info (the link the
 * declarations' Orders menu uses) is the order itself; any other deeper path is not ours.
 */
function OrdersSplatRoute() {
  const splat = useParams()['*'] ?? '';
  const ids = parseRejectPath(splat);
  if (ids) return <OrdersPage overlay={() => <RejectOrdersRoute ids={ids} />} />;
  const info = /^(\d+)\/info\/?$/.exec(splat);
  if (info) return <Navigate to={`/@next/orders/${info[1]}`} replace />;
  return <SectionFallback />;
}

/** Orders routes under /@next (spec §2 "Orders"); the modal routes render over the table. */
export const orderRoutes: RouteObject[] = [
  { path: 'statistics/status/order-counts', element: <OrderCountsPage /> },
  {
    path: 'orders',
    element: <OrdersPage />,
    children: [
      { path: 'bulk_reject', element: <BulkRejectRoute /> },
      // the order form and the status map over the table (E orders-web-detail)
      { path: 'create', element: <CreateOrderRoute /> },
      { path: ':orderId/update', element: <UpdateOrderRoute /> },
      { path: ':orderId/timeline', element: <OrderTimelineRoute /> },
    ],
  },
  { path: 'orders/:orderId', element: <OrderDetailPage /> },
  { path: 'orders/*', element: <OrdersSplatRoute /> },
];
