import type {
  CarriersPostsReply, CustomsDeclarationListReply, CustomsPingReply, CustomsQueueListReply, CustomsStatsReply, CustomsTaskListReply,
  CustomsTaskRow, CustomsUploadReply,
} from '@app/contract/customs';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http, type QueryParams } from '../../shared/http/http-client';

/* Customs screens (spec §2 "Customs", §7 "Customs"). */

export const customsKeys = {
  ping: ['customs', 'ping'] as const,
  declarations: ['customs', 'declarations'] as const,
  posts: ['customs', 'posts'] as const,
  tasks: ['customs', 'tasks'] as const,
  task: (id: number) => ['customs', 'tasks', id] as const,
  queues: ['customs', 'queues'] as const,
  stats: ['customs', 'stats'] as const,
};

export function fetchCustomsDeclarations(params: QueryParams, signal: AbortSignal) {
  return http.get<CustomsDeclarationListReply>('/api/admin/customs', params, signal);
}

export function fetchCarriersPosts(params: QueryParams, signal: AbortSignal) {
  return http.get<CarriersPostsReply>('/api/admin/customs/carriersposts', params, signal);
}

export function fetchCustomsTasks(params: QueryParams, signal: AbortSignal) {
  return http.get<CustomsTaskListReply>('/api/admin/customs_tasks', params, signal);
}

export function fetchCustomsQueue(params: QueryParams, signal: AbortSignal) {
  return http.get<CustomsQueueListReply>('/api/customs_queues/packages', params, signal);
}

/** The ping indicator: asked when a customs screen opens and every minute. */
export function useCustomsPing() {
  return useQuery({
    queryKey: customsKeys.ping,
    queryFn: ({ signal }) => http.get<CustomsPingReply>('/api/admin/customs/ping', undefined, signal),
    refetchInterval: 60_000,
  });
}

export function useCustomsTask(id: number) {
  return useQuery({
    queryKey: customsKeys.task(id),
    queryFn: ({ signal }) => http.get<{ data: CustomsTaskRow }>('/api/admin/customs_tasks/info', { customs_task_id: id }, signal),
    select: (reply) => reply.data,
  });
}

export function useCustomsStats(isEnabled: boolean) {
  return useQuery({
    queryKey: customsKeys.stats,
    queryFn: ({ signal }) => http.get<CustomsStatsReply>('/api/admin/customs/stats', undefined, signal),
    enabled: isEnabled,
  });
}

export function useCustomsUpload() {
  return useMutation({
    mutationFn: (file: File) => http.postForm<CustomsUploadReply>('/api/admin/customs/upload', { document_file: file }),
  });
}
