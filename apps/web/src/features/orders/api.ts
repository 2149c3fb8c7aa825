import type { ListResponse } from '@app/contract/common';
import { MODEL } from '@app/contract/models';
import { ORDERS_CSV_PREFIX, type OrderCountsReply, type OrderRow } from '@app/contract/orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildExportName, saveBlob } from '../../shared/files/save-blob';
import { http, type QueryParams } from '../../shared/http/http-client';
import { useLookup } from '../../shared/http/use-lookup';
import type { SelectOption } from '../../shared/form/search-select';
import { counterKeys } from '../notifications/api';
import { toBulkStateQuery, toOrderFilterQuery, toOrderListQuery } from './model/order-query';

/**
 * The orders list's calls (spec §7 "Orders"): list, statuses, status changes (one, several, all
 * filtered), delete, read flag, exports, counts by status. The detail/form/pay hooks are in
 * detail-api.ts; both invalidate `orderKeys.all`.
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: ['orders', 'list'] as const,
  count: (filters: QueryParams) => ['orders', 'count', filters] as const,
  countsByStatus: (filters: QueryParams) => ['orders', 'counts-by-status', filters] as const,
  statuses: ['lookups', 'states', 1] as const,
  countries: ['lookups', 'countries', 'orders'] as const,
};

const ADMIN = '/api/admin';

export function fetchOrderPage(params: QueryParams, signal: AbortSignal) {
  return http.get<ListResponse<OrderRow>>(`${ADMIN}/v2/orders/getlist`, toOrderListQuery(params), signal);
}

/** How many orders the filters match (the bulk confirmation names it): the list's total of a one-row page. */
export function useOrderCount(filters: QueryParams | undefined) {
  return useQuery({
    queryKey: orderKeys.count(filters ?? {}),
    queryFn: ({ signal }) => http.get<ListResponse<OrderRow>>(`${ADMIN}/v2/orders/getlist`, { ...filters, page: 1, per_page: 1 }, signal),
    select: (reply) => ({ total: reply.total, kind: reply.total_kind ?? 'exact' }),
    enabled: filters !== undefined,
  });
}

interface Named {
  id: number;
  name: string;
}
const toOptions = (items: Named[]): SelectOption[] => items.map((item) => ({ value: item.id, label: item.name }));

/** spec §4: order statuses are the statuses of model 1 (cached 15 minutes, spec §9 lookup size 5000). */
export function useOrderStatuses() {
  return useLookup<Named, SelectOption[]>(orderKeys.statuses, `${ADMIN}/states/getlistbymodelid`, { model_id: MODEL.orders, per_page: 5000 }, { select: toOptions });
}

/** Countries orders are placed in (`is_order` 1); all of them when none is marked. */
export function useOrderCountries() {
  return useLookup<Named & { is_order?: number }, SelectOption[]>(orderKeys.countries, `${ADMIN}/countries`, { per_page: 10000 }, {
    select: (items) => {
      const marked = items.filter((item) => item.is_order === 1);
      return toOptions(marked.length > 0 ? marked : items);
    },
  });
}

function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    // the sidebar's 'order' badge: a read flag or a status change may move it
    queryClient.invalidateQueries({ queryKey: counterKeys.all }),
  ]);
}

export interface OrderStateReply {
  message?: string;
  /** The orders whose status changed, those already at it (left as they were), those refunded. */
  data?: { ids?: number[]; skipped?: number[]; refunded?: number[] } | null;
}

/** Changed orders as the reply lists them, else as many as were asked for. */
export function readChangedCount(reply: OrderStateReply | null | undefined, asked: number): number {
  const ids = reply?.data?.ids;
  return Array.isArray(ids) ? ids.length : asked;
}

/** POST orders/edit/state?order_id=1,2&state_id=&client_descr= (the reason only for status 4). */
export function useChangeOrderState() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ ids, stateId, reason }: { ids: readonly number[]; stateId: number; reason?: string }) =>
      http.postForm<OrderStateReply>(`${ADMIN}/orders/edit/state`, {}, {
        params: { order_id: ids.join(','), state_id: stateId, client_descr: reason?.trim() || undefined },
      }),
    onSuccess: () => invalidate(),
  });
}

/** POST v2/orders/edit/state: every order the list's filters match takes new_state_id (new_client_descr for 4). */
export function useBulkChangeOrderState() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ filters, stateId, reason }: { filters: QueryParams; stateId: number; reason?: string }) =>
      http.postForm<OrderStateReply>(`${ADMIN}/v2/orders/edit/state`, {}, { params: toBulkStateQuery(filters, stateId, reason) }),
    onSuccess: () => invalidate(),
  });
}

/** POST orders/cancel?order_id=1,2: delete (the server refunds a paid order first). Only the status is read. */
export function useDeleteOrders() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (ids: readonly number[]) => http.postForm<unknown>(`${ADMIN}/orders/cancel`, {}, { params: { order_id: ids.join(',') } }),
    onSuccess: () => invalidate(),
  });
}

/** POST isnew (model 1): mark an order read (is_new 0) or unread (1). */
export function useToggleOrderRead() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ orderId, isNew }: { orderId: number; isNew: boolean }) =>
      http.postForm<unknown>(`${ADMIN}/isnew`, {}, { params: { model_id: MODEL.orders, object_id: orderId, is_new: isNew ? 1 : 0 } }),
    onSuccess: () => invalidate(),
  });
}

/** GET orders/export: the list's filters and order as .xlsx. */
export async function exportOrdersExcel(params: QueryParams): Promise<void> {
  const { page: _page, per_page: _perPage, ...rest } = toOrderListQuery(params);
  const blob = await http.getBlob(`${ADMIN}/orders/export`, rest);
  saveBlob(blob, buildExportName('orders_export_', 'xlsx'));
}

/** GET orders/export_csv: spec §9 orders_list_{random}.csv. */
export async function exportOrdersCsv(params: QueryParams): Promise<void> {
  const { page: _page, per_page: _perPage, ...rest } = toOrderListQuery(params);
  const blob = await http.getBlob(`${ADMIN}/orders/export_csv`, rest);
  saveBlob(blob, buildExportName(ORDERS_CSV_PREFIX, 'csv'));
}

export type OrderStatusCount = OrderCountsReply['data'][number];

/** GET orders/counts_by_status with the list's filters: orders per status of model 1. */
export function useOrderCountsByStatus(filters: QueryParams) {
  return useQuery({
    queryKey: orderKeys.countsByStatus(filters),
    queryFn: ({ signal }) => http.get<OrderCountsReply>(`${ADMIN}/orders/counts_by_status`, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export { toOrderFilterQuery };
