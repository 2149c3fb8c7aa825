import type { OrderInfoReply, OrderPayReply, OrderSavedReply, OrderServicePercentReply, OrderStatesReply } from '@app/contract/orders';
import type { ProductPreview, ProductPreviewReply } from '@app/contract/product-preview';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type FormValue } from '../../shared/http/http-client';
import { useLookup } from '../../shared/http/use-lookup';

/*
 * The calls of the order form, the detail page and the timeline (issue 18 items 2–4, 6): orders/info,
 * orders/getstates, orders/create and /edit (multipart), orders/pay, orders/cancel, bonaz/parser.
 * Keys start with 'orders' so that any change of an order refreshes the list (D's api.ts) as well.
 */

export const orderDetailKeys = {
  all: ['orders'] as const,
  info: (id: number) => ['orders', 'info', id] as const,
  states: (id: number) => ['orders', 'states', id] as const,
  preview: (url: string) => ['orders', 'preview', url] as const,
  productTypes: ['lookups', 'order-product-types'] as const,
};

/** GET orders/info?order_id: the order with its stored preview, debt lines and refundable amount. */
export function useOrder(orderId: number | undefined) {
  return useQuery({
    queryKey: orderDetailKeys.info(orderId ?? 0),
    queryFn: ({ signal }) => http.get<OrderInfoReply>('/api/admin/orders/info', { order_id: orderId }, signal).then((reply) => reply.data),
    enabled: orderId !== undefined && orderId > 0,
  });
}

/** GET orders/getstates?order_id: the status history (oldest first; `current` the last). */
export function useOrderStates(orderId: number) {
  return useQuery({
    queryKey: orderDetailKeys.states(orderId),
    queryFn: ({ signal }) => http.get<OrderStatesReply>('/api/admin/orders/getstates', { order_id: orderId }, signal).then((reply) => reply.data ?? []),
  });
}

/** spec §9 lookup sizes: product types 10000. */
export function useOrderProductTypes() {
  return useLookup<{ id: number; name: string; name_az?: string }, { value: number; label: string }[]>(
    orderDetailKeys.productTypes,
    '/api/admin/product-types/getlist',
    { per_page: 10000 },
    { select: (rows) => rows.map((row) => ({ value: row.id, label: row.name_az || row.name })) },
  );
}

/**
 * GET bonaz/parser?url: the product preview of a pasted link (the server fetches and reads the shop's
 * page). Asked only for a link worth asking about; a failure is the server's message (422 errors.url).
 */
export function useProductPreview(url: string | null) {
  return useQuery({
    queryKey: orderDetailKeys.preview(url ?? ''),
    queryFn: ({ signal }) => http.get<ProductPreviewReply>('/api/admin/bonaz/parser', { url: url ?? '' }, signal).then((reply): ProductPreview => reply.data),
    enabled: Boolean(url),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** POST orders/create or orders/edit (multipart, wire names of api-requests-in-use.tsv). */
export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, isUpdate }: { form: Record<string, FormValue>; isUpdate: boolean }) =>
      http.postForm<OrderSavedReply>(isUpdate ? '/api/admin/orders/edit' : '/api/admin/orders/create', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderDetailKeys.all }),
  });
}

/** POST orders/pay?order_id: from the customer's balance (the order, or its open debt lines once paid). */
export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => http.postForm<OrderPayReply>('/api/admin/orders/pay', { order_id: orderId }, { params: { order_id: orderId } }),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: orderDetailKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['transactions'] }),
    ]),
  });
}

/** POST orders/cancel?order_id (delete; a paid order's money goes back to the balance). */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => http.postForm<unknown>('/api/admin/orders/cancel', {}, { params: { order_id: orderId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderDetailKeys.all }),
  });
}

/** The service percent a new order takes (settings others.orderPercent, 5 by default), readable with the orders permission alone. */
export function useOrderPercent() {
  return useQuery({
    queryKey: ['orders', 'service-percent'] as const,
    queryFn: ({ signal }) => http.get<OrderServicePercentReply>('/api/admin/orders/service_percent', {}, signal)
      .then((reply) => String(reply.data?.order_percent ?? '5') || '5'),
    staleTime: 10 * 60_000,
  });
}
