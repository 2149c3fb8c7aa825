import { useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { OrderFormModal } from '../components/order-form-modal';
import { OrderTimelineModal } from '../components/order-timeline-modal';

/** Back to the list with its filters (URL state), or to the order's page when it was opened from there. */
function useCloseTo() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => void navigate(`/@next/orders${location.search}`);
}

function readOrderId(text: string | undefined): number | undefined {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** orders/create over the list: a saved order opens its page (to pay it, link it …); a closed form goes back to the list. */
export function CreateOrderRoute() {
  const navigate = useNavigate();
  const close = useCloseTo();
  const savedId = useRef<number | null>(null);
  return (
    <OrderFormModal
      onSaved={(id) => { savedId.current = id || null; }}
      onClose={() => (savedId.current ? void navigate(`/@next/orders/${savedId.current}`) : close())}
    />
  );
}

/** orders/{id}/update over the list. */
export function UpdateOrderRoute() {
  const close = useCloseTo();
  const orderId = readOrderId(useParams().orderId);
  if (orderId === undefined) return null;
  return <OrderFormModal orderId={orderId} onClose={close} />;
}

/** orders/{id}/timeline over the list: the status map. */
export function OrderTimelineRoute() {
  const close = useCloseTo();
  const orderId = readOrderId(useParams().orderId);
  if (orderId === undefined) return null;
  return <OrderTimelineModal orderId={orderId} onClose={close} />;
}
