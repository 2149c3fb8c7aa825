import type { BulkKind, BulkSendRow } from '@app/contract/bulk-notifications';
import type { ListResponse } from '@app/contract/common';
import type { TemplateListReply } from '@app/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type FormValue } from '../../shared/http/http-client';

export const bulkKeys = {
  all: ['notifications', 'bulk'] as const,
  history: (kind: BulkKind) => ['notifications', 'bulk', kind, 'history'] as const,
  templates: (typeId: number) => ['notifications', 'bulk', 'templates', typeId] as const,
};

/** How often a running bulk's progress is asked for. */
export const BULK_POLL_MS = 1_500;
const HISTORY_SIZE = 10;

const isRunning = (row: BulkSendRow) => row.status === 'queued' || row.status === 'running';

/** GET {kind}/count: how many recipients the filters reach (for the 'Diqqət' confirmation). */
export function countBulkRecipients(kind: BulkKind, query: URLSearchParams, signal?: AbortSignal) {
  return http.get<{ total: number }>(`/api/admin/${kind}/count?${query.toString()}`, undefined, signal);
}

/** GET bulk_mail/export: the recipients as a CSV file (same query as getlist). */
export function exportBulkRecipients(kind: BulkKind, query: URLSearchParams) {
  return http.getBlob(`/api/admin/${kind}/export?${query.toString()}`);
}

/** POST {kind}/send: queued at once, sent by the job queue; answers the bulk's id. */
export function useSendBulk(kind: BulkKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: Record<string, FormValue>) =>
      http.postForm<{ message: string; data: { id: number; recipients_total: number; status: string } }>(`/api/admin/${kind}/send`, form),
    onSuccess: () => client.invalidateQueries({ queryKey: bulkKeys.history(kind) }),
  });
}

/** POST {kind}/cancel: stops a bulk still queued or running. */
export function useCancelBulk(kind: BulkKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.postForm<{ message: string; data: BulkSendRow }>(`/api/admin/${kind}/cancel`, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: bulkKeys.history(kind) }),
  });
}

/** The channel's last bulk sends with their progress, asked again every 1.5 s while one of them is still going. */
export function useBulkHistory(kind: BulkKind) {
  return useQuery({
    queryKey: bulkKeys.history(kind),
    queryFn: ({ signal }) =>
      http.get<ListResponse<BulkSendRow>>(`/api/admin/${kind}/history`, { page: 1, per_page: HISTORY_SIZE }, signal),
    refetchInterval: (query) => (query.state.data?.data.some(isRunning) ? BULK_POLL_MS : false),
  });
}

/** The channel's templates for the picker (templates/list?template_type_id=&per_page=200, requests file). */
export function useChannelTemplates(typeId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: bulkKeys.templates(typeId),
    queryFn: ({ signal }) => http.get<TemplateListReply>('/api/admin/templates/list', { template_type_id: typeId, per_page: 200, active: 1 }, signal),
    select: (reply) => reply.data.map((row) => ({ value: row.id, label: `${row.name} (#${row.id})`, title: row.title, body: row.body })),
    enabled: isEnabled,
  });
}
