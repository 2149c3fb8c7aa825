import type {
  BoxTransfersReply, BulkHandoverReply, CustomsStatesReply, CustomsStatusReply, FinChangeReply, HandoverDetailsReply,
  HandoverDoneReply, MarketplaceInfoReply, MarketplaceListReply, MarketplaceParcelStatesReply, MarketplaceStateReply, StatusCountsReply,
} from '@app/contract/declaration-workflow';
import { MODEL } from '@app/contract/models';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCancellableMutation } from '../../../shared/hooks/use-cancellable-mutation';
import { http, type FormValue, type QueryParams } from '../../../shared/http/http-client';
import { cashboxKeys } from '../../money/api';

/* Calls of the handover, customs status, marketplace and counts (issue 3 workflow). */

export const workflowKeys = {
  handover: (ids: readonly number[]) => ['declarations', 'handover', ids.join(',')] as const,
  customsStatus: (trackCode: string) => ['declarations', 'customs-status', trackCode] as const,
  customsStates: (id: number) => ['declarations', 'customs-states', id] as const,
  marketplace: (id: number) => ['declarations', 'marketplace', id] as const,
  parcelStates: (trackCode: string) => ['declarations', 'parcel-states', trackCode] as const,
  transfers: (id: number) => ['declarations', 'box-transfers', id] as const,
  counts: ['declarations', 'state-counts'] as const,
  marketplaceStates: ['lookups', 'states', MODEL.trendyol] as const,
};

export function useHandoverDetails(ids: readonly number[]) {
  return useQuery({
    queryKey: workflowKeys.handover(ids),
    queryFn: () => http.postForm<HandoverDetailsReply>('/api/admin/declaration/pay', { declaration_id: ids.join(','), confirm: 0 }),
    select: (reply) => reply.data,
    enabled: ids.length > 0,
    gcTime: 0,
  });
}

/**
 * The handover books money: pressed offline it waits for the connection (shown by the modal) and
 * `cancel()` drops it for good; closing the modal while it waits drops it too (issue 16).
 */
export function useHandOver() {
  const client = useQueryClient();
  return useCancellableMutation({
    mutationFn: (form: Record<string, FormValue>, signal) => http.postForm<HandoverDoneReply>('/api/admin/declaration/pay', { ...form, confirm: 1 }, { signal }),
    // The money landed in a cash register: the top bar's balance refreshes too.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['declarations'] }), client.invalidateQueries({ queryKey: cashboxKeys.balance })]),
  });
}

/** Hands over every matching parcel at once: like the handover, a waiting call is dropped by a cancel. */
export function useBulkHandOver() {
  const client = useQueryClient();
  return useCancellableMutation({
    mutationFn: (form: { statusId: number; planTypeId?: number; branchId?: number }, signal) =>
      http.postForm<BulkHandoverReply>('/api/admin/declaration/handover', form, { signal }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['declarations'] }),
  });
}

/** The customs panel's view of customs_status: the code (null: never sent), the raw answer, what is missing. */
function toCustomsStatus(reply: CustomsStatusReply) {
  const { customs_status: code, json, incomplete, missing } = reply.data;
  return { code, json, incomplete, missing };
}

export function useCustomsStatus(trackCode: string, isEnabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.customsStatus(trackCode),
    queryFn: ({ signal }) => http.get<CustomsStatusReply>('/api/client/customs_status', { track_code: trackCode }, signal),
    select: toCustomsStatus,
    enabled: isEnabled && trackCode !== '',
  });
}

export function useCustomsStates(declarationId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.customsStates(declarationId),
    queryFn: ({ signal }) => http.get<CustomsStatesReply>('/api/admin/declaration/customs_states', { declaration_id: declarationId }, signal),
    select: (reply) => reply.data,
    enabled: isEnabled && declarationId > 0,
  });
}

export function useBoxTransfers(declarationId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.transfers(declarationId),
    queryFn: ({ signal }) => http.get<BoxTransfersReply>('/api/admin/containers/containers-transfers/by-declaration', { declaration_id: declarationId }, signal),
    select: (reply) => reply.data,
    enabled: isEnabled && declarationId > 0,
  });
}

export function useMarketplaceInfo(declarationId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.marketplace(declarationId),
    queryFn: ({ signal }) => http.get<MarketplaceInfoReply>('/api/admin/declaration/trendyol/info', { declaration_id: declarationId }, signal),
    select: (reply) => reply.data,
    enabled: isEnabled && declarationId > 0,
    // a pending PIN change is applied by the marketplace within minutes: look again meanwhile
    refetchInterval: (query) => (query.state.data?.data?.pinChange?.status === 'pending' ? 15_000 : false),
  });
}

export function useParcelStates(trackCode: string, isEnabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.parcelStates(trackCode),
    queryFn: ({ signal }) => http.get<MarketplaceParcelStatesReply>(`/api/admin/declaration/trendyol/parcel-states/${encodeURIComponent(trackCode)}`, undefined, signal),
    select: (reply) => reply.data,
    enabled: isEnabled && trackCode !== '',
  });
}

export function useChangePin(declarationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fin: string) => http.postForm<FinChangeReply>(`/api/admin/declaration/trendyol/fin_change/${declarationId}`, { fin }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.marketplace(declarationId) }),
  });
}

export function useMarketplaceStates() {
  return useQuery({
    queryKey: workflowKeys.marketplaceStates,
    queryFn: ({ signal }) => http.get<{ data: { id: number; name: string }[] }>('/api/admin/states/getlistbymodelid', { model_id: MODEL.trendyol }, signal),
    select: (reply) => reply.data.map((s) => ({ value: s.id, label: s.name })),
    staleTime: 900_000,
  });
}

export function useUpdateMarketplaceState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids?: number[]; stateId: number; filters?: QueryParams }) =>
      input.filters
        ? http.postForm<MarketplaceStateReply>(`/api/admin/declaration/trendyol/updateState?${new URLSearchParams(Object.entries({ ...input.filters, trendyol_state_id: input.stateId, filter: 1 }).filter(([, v]) => v !== undefined && v !== null && String(v) !== '').map(([k, v]) => [k, String(v)])).toString()}`)
        : http.postForm<MarketplaceStateReply>('/api/admin/declaration/trendyol/updateState', { declaration_id: (input.ids ?? []).join(','), trendyol_state_id: input.stateId }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['declarations'] }),
  });
}

export function fetchMarketplacePage(params: QueryParams, signal: AbortSignal): Promise<MarketplaceListReply> {
  return http.get<MarketplaceListReply>('/api/admin/declaration/trendyol', params, signal);
}

export function useStatusCounts(isEnabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.counts,
    queryFn: ({ signal }) => http.get<StatusCountsReply>('/api/admin/declaration/state_counts', undefined, signal),
    enabled: isEnabled,
  });
}
