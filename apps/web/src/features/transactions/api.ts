import type { ListResponse } from '@app/contract/common';
import type { CbarRateReply } from '@app/contract/settings';
import {
  TRANSACTION_STATUS_IDS,
  type BalanceReply, type PaymentTypesReply, type TransactionChangedReply, type TransactionRow, type TransactionStatsReply,
} from '@app/contract/transactions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../shared/files/save-blob';
import { http, type FormValue, type QueryParams } from '../../shared/http/http-client';
import { cashboxKeys } from '../money/api';

export const transactionKeys = {
  all: ['transactions'] as const,
  list: ['transactions', 'list'] as const,
  stats: (params: QueryParams) => ['transactions', 'stats', params] as const,
  paymentTypes: ['lookups', 'payment-types'] as const,
  rate: (currency: string) => ['lookups', 'cbar', currency] as const,
};

/**
 * The table's date range arrives as date_from/date_to (shared DataTable); the wire takes it as one
 * `created_at` = 'from,to' as real clients send it.
 */
export function toWireListParams(params: QueryParams): QueryParams {
  const { date_from: from, date_to: to, ...rest } = params;
  if (!from && !to) return rest;
  return { ...rest, created_at: `${from ?? ''},${to ?? ''}` };
}

/** The list's filters without paging (stats, export). */
export function toFilterParams(params: QueryParams): QueryParams {
  const { page: _page, per_page: _perPage, ...rest } = toWireListParams(params);
  return rest;
}

export function fetchTransactionPage(params: QueryParams, signal: AbortSignal) {
  return http.get<ListResponse<TransactionRow>>('/api/admin/v2/pay/getlist', toWireListParams(params), signal);
}

export function fetchTransactionStats(params: QueryParams, signal?: AbortSignal) {
  return http.get<TransactionStatsReply>('/api/admin/pay/stats', toFilterParams(params), signal);
}

export function useTransactionStats(params: QueryParams, isEnabled: boolean) {
  return useQuery({
    queryKey: transactionKeys.stats(toFilterParams(params)),
    queryFn: ({ signal }) => fetchTransactionStats(params, signal),
    select: (reply) => reply.data,
    enabled: isEnabled,
  });
}

/** spec §9: transactions_export_{random} (the server writes .xlsx). */
export async function exportTransactions(params: QueryParams): Promise<void> {
  const blob = await http.getBlob('/api/admin/pay/export', toFilterParams(params));
  saveBlob(blob, `transactions_export_${Math.floor(Math.random() * 1_000_000_000)}.xlsx`);
}

export function usePaymentTypes() {
  return useQuery({
    queryKey: transactionKeys.paymentTypes,
    queryFn: ({ signal }) => http.get<PaymentTypesReply>('/api/admin/payment_types/list', { per_page: 1000 }, signal),
    select: (reply) => reply.data,
    staleTime: 15 * 60_000,
  });
}

/** The day's official rate (AZN per unit) the AZN amount is computed from (spec §5). */
export function useCbarRate(currency: string) {
  return useQuery({
    queryKey: transactionKeys.rate(currency),
    queryFn: ({ signal }) => http.get<CbarRateReply>('/api/client/cbar', { currency }, signal),
    select: (reply) => reply.data,
    staleTime: 10 * 60_000,
  });
}

/** After money moved: the list, its stats and the top bar's register balance are stale. */
function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    queryClient.invalidateQueries({ queryKey: cashboxKeys.balance }),
  ]);
}

export function useCreateBalanceOperation() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (form: Record<string, FormValue>) => http.postForm<BalanceReply>('/api/admin/pay/balance', form),
    onSuccess: () => invalidate(),
  });
}

/** `payment_id[]` repeated, as real clients build the query by hand. */
export function paymentIdsQuery(ids: readonly number[]): string {
  return ids.map((id) => `payment_id[]=${encodeURIComponent(String(id))}`).join('&');
}

export function useChangeTransactionStatus() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ ids, stateId }: { ids: readonly number[]; stateId: number }) =>
      http.postForm<TransactionChangedReply>(`/api/admin/pay/edit/state?${paymentIdsQuery(ids)}&state_id=${stateId}`),
    onSuccess: () => invalidate(),
  });
}

export function useCancelTransactions() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (ids: readonly number[]) => http.postForm<TransactionChangedReply>(`/api/admin/pay/cancel?${paymentIdsQuery(ids)}`),
    onSuccess: () => invalidate(),
  });
}

/** spec §4: transaction statuses are the statuses of model 4 (17, 18, 19, 21 for the table), cached 15 minutes. */
export function useTransactionStatuses() {
  return useQuery({
    queryKey: ['lookups', 'states', 4] as const,
    queryFn: ({ signal }) => http.get<{ data: { id: number; name: string }[] }>('/api/admin/states/getlistbymodelid', { model_id: 4, per_page: 5000 }, signal),
    select: (reply) => reply.data.filter((s) => (TRANSACTION_STATUS_IDS as readonly number[]).includes(s.id)).map((s) => ({ value: s.id, label: s.name })),
    staleTime: 15 * 60_000,
  });
}
