import { CACHE_LOOKUP_MS } from '@app/contract/common-constants';
import type {
  BarcodeType, CloseContainerReply, ContainerOption, ContainerRow, HandoverHistoryReply, HandoverListReply, HandoverTaskDetail, ScanLookupReply, TransferReply,
} from '@app/contract/warehouse';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryParams } from '../../shared/http/http-client';
import { counterKeys } from '../notifications/api';
import { toQueueView, toTaskDetailView, type HandoverTaskDetailView } from './model/handover-view';

/** Office staff use the company's boxes; partners their partner boxes (spec §2 branch sections). */
export type BoxScope = 'admin' | 'partner';
const BASE: Record<BoxScope, string> = { admin: '/api/admin/containers', partner: '/api/branchpartner/containers' };

export const warehouseKeys = {
  all: ['warehouse'] as const,
  boxes: (scope: BoxScope, branchId: number | null) => ['warehouse', 'boxes', scope, branchId] as const,
  queue: (states: readonly number[]) => ['warehouse', 'queue', ...states] as const,
  task: (id: number) => ['warehouse', 'task', id] as const,
  history: ['warehouse', 'handover-history'] as const,
};

export interface BoxOption { value: number; label: string; branchId: number | null }

/** The boxes to scan into: the branch's company boxes, or the partner's boxes (polled every 10 s, spec §9). */
export function useBoxOptions(scope: BoxScope, branchId: number | null) {
  return useQuery({
    queryKey: warehouseKeys.boxes(scope, branchId),
    queryFn: async ({ signal }) => {
      const rows: Pick<ContainerRow, 'id' | 'container_name' | 'branch_id'>[] = scope === 'admin'
        ? await http.get<ContainerOption[]>(`${BASE.admin}/options`, { branch_id: branchId ?? undefined }, signal)
        : (await http.get<{ data: ContainerRow[] }>(BASE.partner, { per_page: 5000, branch_id: branchId ?? undefined }, signal)).data;
      return rows.map((r): BoxOption => ({ value: r.id, label: r.container_name, branchId: r.branch_id }));
    },
    refetchInterval: 10_000,
    staleTime: 5_000,
    gcTime: CACHE_LOOKUP_MS,
  });
}

export function lookUpScan(scope: BoxScope, code: string, barcodeType: BarcodeType, signal?: AbortSignal) {
  return http.get<ScanLookupReply>(`${BASE[scope]}/lookup`, { track_code: code, barcode_type: barcodeType }, signal);
}

export function closeBox(scope: BoxScope, form: { trackCodes: string[]; containerId: number | null; branchId: number | null; barcodeType: BarcodeType }) {
  return http.postJson<CloseContainerReply>(`${BASE[scope]}/close`, {
    track_code: form.trackCodes, container_id: form.containerId ?? undefined, branch_id: form.branchId ?? undefined, barcode_type: form.barcodeType,
  });
}

export function transferToBox(form: { trackCodes: string[]; containerId: number; barcodeType: BarcodeType }) {
  return http.postJson<TransferReply>(`${BASE.admin}/transfer`, { track_code: form.trackCodes, container_id: form.containerId, barcode_type: form.barcodeType });
}

/** Standard acceptance: POST declaration/update with change_state=1 moves the parcel to 9 where the status rules allow. */
export function acceptParcel(declarationId: number) {
  return http.postForm<unknown>('/api/admin/declaration/update', { declaration_id: declarationId, change_state: '1' });
}

export function selectBox(scope: BoxScope, containerId: number) {
  return http.postForm(`${BASE[scope]}/select?container_id=${containerId}`);
}

// ---------------------------------------------------------------- handover queue

/** Queue entries; live by short polling (design: 5 s while the screen is open). */
export function useHandoverQueue(states: readonly number[], options: { enabled?: boolean } = {}, page = 1) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: [...warehouseKeys.queue(states), page],
    queryFn: ({ signal }) => http.get<HandoverListReply>('/api/admin/handover/list', { state_id: states, page, per_page: 50 }, signal).then(toQueueView),
    refetchInterval: 5_000,
  });
}

/** GET handover/history: the handovers done at the counter (the History tab's table), newest first. */
export function fetchHandoverHistoryPage(params: QueryParams, signal: AbortSignal): Promise<HandoverHistoryReply> {
  return http.get<HandoverHistoryReply>('/api/admin/handover/history', params, signal);
}

/** GET handover/info; polled while the entry's page is open, read once elsewhere (`poll: false`). */
export function useHandoverTask(id: number, options: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery({
    queryKey: warehouseKeys.task(id),
    queryFn: ({ signal }) => http.get<{ data: HandoverTaskDetail }>('/api/admin/handover/info', { handover_task_id: id }, signal).then((r) => toTaskDetailView(r.data)),
    refetchInterval: options.poll === false ? false : 5_000,
    enabled: options.enabled ?? true,
  });
}

/** The queue entry's 80 mm receipt (GET handover/delivery_receipt: its parcels and the entry's id). */
export function fetchTaskReceipt(task: Pick<HandoverTaskDetailView, 'id' | 'declarations'>): Promise<Blob> {
  return http.getBlob('/api/admin/handover/delivery_receipt', { declaration_id: task.declarations.map((d) => d.id).join(','), handover_task_id: task.id });
}

function useQueueMutation<V>(fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: warehouseKeys.all });
      await client.invalidateQueries({ queryKey: counterKeys.all });
    },
  });
}

export function useStartTask() {
  return useQueueMutation((id: number) => http.postForm('/api/admin/handover/state', { handover_task_id: id, state_id: 42 }));
}
export function useCancelTask() {
  return useQueueMutation((id: number) => http.postForm(`/api/admin/handover/cancel?handover_task_id=${id}`));
}
export function useRemoveTaskItem() {
  return useQueueMutation((v: { taskId: number; declarationId: number }) =>
    http.postForm('/api/admin/handover/cancelitem', { handover_task_id: v.taskId, declaration_id: v.declarationId }));
}
/** Design: "send to warehouse preparation" from the handover modal (queue entry at 41). */
export function useSendToPreparation() {
  return useQueueMutation((v: { declarationIds: number[]; small?: number; medium?: number; big?: number }) =>
    http.postForm<{ data: { handover_task_id: number } }>('/api/admin/handover/create', {
      declaration_id: v.declarationIds, small_package: v.small ?? 0, medium_package: v.medium ?? 0, big_package: v.big ?? 0,
    }));
}
