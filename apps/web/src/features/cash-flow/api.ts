import {
  CASHFLOW_CSV_PREFIX, CASHFLOW_XLSX_PREFIX, type CashboxDailyReply, type CashboxStatisticsReply, type CashflowInfoReply, type CashflowListReply,
  type CashflowWriteReply,
} from '@app/contract/cashflow';
import { CASH_CATEGORY_LOOKUP_SIZE, CASH_REGISTER_LOOKUP_SIZE, type CashCategoryTreeReply, type CashRegisterListReply } from '@app/contract/cash-registers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { buildExportName, saveBlob } from '../../shared/files/save-blob';
import { http, type QueryParams } from '../../shared/http/http-client';
import { cashboxKeys } from '../money/api';
import type { RegisterOption, WireCall } from './model/transaction-form';

/* Calls of the cash-flow section (issue 17 items 5, 6): transactions, their exports, analytics, and the lookups its forms use. */

export const cashflowKeys = {
  all: ['cashflow'] as const,
  list: ['cashflow', 'list'] as const,
  info: (id: number) => ['cashflow', 'info', id] as const,
  statistics: (params: QueryParams) => ['cashflow', 'statistics', params] as const,
  daily: (params: QueryParams) => ['cashflow', 'daily', params] as const,
  registers: ['lookups', 'cash-registers', 'all'] as const,
  categories: ['lookups', 'cash-categories', 'tree'] as const,
};

/**
 * The table's date range arrives as date_from/date_to (shared DataTable); the wire takes it as one
 * `operation_date` = 'from,to' as real clients send it.
 */
export function toWireListParams(params: QueryParams): QueryParams {
  const { date_from: from, date_to: to, ...rest } = params;
  if (!from && !to) return rest;
  return { ...rest, operation_date: `${from ?? ''},${to ?? ''}` };
}

/** The list's filters and sort without paging (exports). */
export function toFilterParams(params: QueryParams): QueryParams {
  const { page: _page, per_page: _perPage, ...rest } = toWireListParams(params);
  return rest;
}

export function fetchCashflowPage(params: QueryParams, signal: AbortSignal) {
  return http.get<CashflowListReply>('/api/admin/cashbox_operations', toWireListParams(params), signal);
}

export function useCashflowTransaction(id: number | undefined) {
  return useQuery({
    queryKey: cashflowKeys.info(id ?? 0),
    queryFn: ({ signal }) => http.get<CashflowInfoReply>('/api/admin/cashbox_operations/info', { cashbox_operation_id: id }, signal),
    select: (reply) => reply.data,
    enabled: id !== undefined,
  });
}

/** spec §9: cash_flow_transactions_export_{date} (.xlsx written by the server). */
export async function exportCashflowExcel(params: QueryParams): Promise<void> {
  saveBlob(await http.getBlob('/api/admin/cashbox_operations/export', toFilterParams(params)), `${CASHFLOW_XLSX_PREFIX}${dayjs().format('YYYY-MM-DD_HH-mm-ss')}.xlsx`);
}

/** spec §9: cashflow_transactions_list + random (.csv). */
export async function exportCashflowCsv(params: QueryParams): Promise<void> {
  saveBlob(await http.getBlob('/api/admin/cashbox_operations/export_csv', toFilterParams(params)), buildExportName(CASHFLOW_CSV_PREFIX, 'csv'));
}

/** After money moved: the list, a detail, the analytics and the top bar's register balance are stale. */
function useInvalidateCashflow() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: cashflowKeys.all }),
    queryClient.invalidateQueries({ queryKey: cashboxKeys.balance }),
    queryClient.invalidateQueries({ queryKey: ['lookups', 'cash-registers'] }),
  ]);
}

export function useSaveCashflowTransaction() {
  const invalidate = useInvalidateCashflow();
  return useMutation({
    mutationFn: (call: WireCall) => http.postForm<CashflowWriteReply>(call.path, call.form),
    onSuccess: () => invalidate(),
  });
}

export function useCancelCashflowTransaction() {
  const invalidate = useInvalidateCashflow();
  return useMutation({
    mutationFn: (id: number) => http.postForm<CashflowWriteReply>(`/api/admin/cashbox_operations/cancel?cashbox_operation_id=${id}`),
    onSuccess: () => invalidate(),
  });
}

/** Every live register (spec §9: cash register lookups 1000), with its currency. */
export function useCashRegisterOptions() {
  return useQuery({
    queryKey: cashflowKeys.registers,
    queryFn: ({ signal }) => http.get<CashRegisterListReply>('/api/admin/cashboxes', { per_page: CASH_REGISTER_LOOKUP_SIZE, sort_column: 'id', sort_order: 'asc' }, signal),
    select: (reply): RegisterOption[] => reply.data.map((r) => ({ id: r.id, name: r.cashbox_name, currencyId: r.currency_id, currencyCode: r.currency_code })),
    staleTime: 60_000,
  });
}

export interface CategoryOption { value: number; label: string; children?: CategoryOption[] }

/** The category tree for the cascaders (GET cash_categories: top-level rows with their sub_categories). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: cashflowKeys.categories,
    queryFn: ({ signal }) => http.get<CashCategoryTreeReply>('/api/admin/cash_categories', { per_page: CASH_CATEGORY_LOOKUP_SIZE }, signal),
    select: (reply): CategoryOption[] => reply.data.map((p) => ({
      value: p.id, label: p.category_name,
      children: p.sub_categories.length ? p.sub_categories.map((c) => ({ value: c.id, label: c.category_name })) : undefined,
    })),
    staleTime: 15 * 60_000,
  });
}

export function useCashboxStatistics(params: QueryParams, isEnabled: boolean) {
  return useQuery({
    queryKey: cashflowKeys.statistics(params),
    queryFn: ({ signal }) => http.get<CashboxStatisticsReply>('/api/admin/cashbox_statistics', params, signal),
    enabled: isEnabled,
  });
}

export function useCashboxDaily(params: QueryParams, isEnabled: boolean) {
  return useQuery({
    queryKey: cashflowKeys.daily(params),
    queryFn: ({ signal }) => http.get<CashboxDailyReply>('/api/admin/cashbox_statistics/daily', params, signal),
    enabled: isEnabled,
  });
}
