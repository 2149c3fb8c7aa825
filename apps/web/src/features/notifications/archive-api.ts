import type { ListResponse } from '@app/contract/common';
import type { ArchiveSendReply, SmsBalanceReply } from '@app/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryParams } from '../../shared/http/http-client';
import { archiveListPath, type ArchiveChannelSpec, type ArchiveView } from './model/archive-channels';
import { toArchiveQuery } from './model/archive-query';
import type { ArchiveRow } from './model/archive-row';

export const archiveKeys = {
  all: ['notifications', 'archive'] as const,
  list: (channel: string, view: ArchiveView) => ['notifications', 'archive', channel, view] as const,
  status: (channel: string, id: number) => ['notifications', 'archive', channel, 'status', id] as const,
  balance: ['notifications', 'sms-balance'] as const,
};

/** One page of `archive/{channel}` or `archive/{channel}_queues` (fields file: `{ data, total }`). */
export function fetchArchivePage(spec: ArchiveChannelSpec, view: ArchiveView, params: QueryParams, signal: AbortSignal) {
  return http.get<ListResponse<ArchiveRow>>(archiveListPath(spec, view), toArchiveQuery(params), signal);
}

/** GET archive/{sms|whatsapp}_status: the provider's delivery state of one message, read as plain text. */
export async function fetchDeliveryStatus(spec: ArchiveChannelSpec, id: number, signal?: AbortSignal): Promise<string> {
  const body = await http.get<unknown>(`/api/admin/archive/${spec.apiName}_status`, { [spec.idParam]: id }, signal);
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object' && 'data' in body) {
    const data = (body as { data: unknown }).data;
    if (typeof data === 'string') return data;
    if (data && typeof data === 'object' && 'state' in data) return String((data as { state: unknown }).state);
  }
  return body === null || body === undefined ? '' : JSON.stringify(body);
}

/** POST archive/send_{channel}: the message goes out again (a new attempt through the queue). */
export function useResendMessage(spec: ArchiveChannelSpec) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.postForm(`/api/admin/archive/send_${spec.apiName}`, { [spec.idParam]: id }),
    onSuccess: () => client.invalidateQueries({ queryKey: archiveKeys.all }),
  });
}

/** GET archive/{channel}_active?{id}&active=1|0 (the wire's toggle is a GET): holds a queued message back or lets it go. */
export function useSetMessageActive(spec: ArchiveChannelSpec) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      http.get(`/api/admin/archive/${spec.apiName}_active`, { [spec.idParam]: id, active: active ? 1 : 0 }),
    onSuccess: () => client.invalidateQueries({ queryKey: archiveKeys.all }),
  });
}

/** POST archive/send_{channel} with no fields (as clients call it): every active message still waiting goes out now. */
export function useSendQueueNow(spec: ArchiveChannelSpec) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.postForm<ArchiveSendReply>(`/api/admin/archive/send_${spec.apiName}`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: archiveKeys.all }),
  });
}

/** GET sms_balance: the SMS provider's balance (`data.obj`, missing → 0). */
export function useSmsBalance(isEnabled: boolean) {
  return useQuery({
    queryKey: archiveKeys.balance,
    queryFn: ({ signal }) => http.get<SmsBalanceReply>('/api/admin/sms_balance', undefined, signal),
    select: (reply) => ({ amount: reply.data?.obj ?? 0, currency: reply.data?.currency ?? '' }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
