import { useMemo } from 'react';
import { useLocation, useNavigate, useOutletContext } from 'react-router';
import { RejectOrderModal } from '../components/reject-order-modal';
import { readOrderUrlFilters } from '../model/url-filters';
import type { OrdersOutletContext } from './orders-page';

const NO_COLUMNS: OrdersOutletContext['columns'] = [];

/** Closing returns to the table with its URL state (filters, page, sort). */
function useBackToList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return () => void navigate({ pathname: '/@next/orders', search }, { replace: true });
}

/** orders/{ids}/reject (ids joined by '/') over the table: the reject form for those orders. */
export function RejectOrdersRoute({ ids }: { ids: readonly number[] }) {
  const close = useBackToList();
  return <RejectOrderModal orderIds={ids} onClose={close} />;
}

/** orders/bulk_reject over the table: every order its filters (the URL's) match, with one reason. */
export function BulkRejectRoute({ columns: given }: { columns?: OrdersOutletContext['columns'] }) {
  const outlet = useOutletContext<OrdersOutletContext | undefined>();
  const columns = given ?? outlet?.columns ?? NO_COLUMNS;
  const { search } = useLocation();
  const close = useBackToList();
  const filters = useMemo(() => readOrderUrlFilters(new URLSearchParams(search), columns), [search, columns]);
  return <RejectOrderModal filters={filters.params} filterDescriptions={filters.descriptions} onClose={close} />;
}
