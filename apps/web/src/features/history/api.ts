import type { LogInfoReply, LogRow, StateArchiveRow } from '@app/contract/history';
import type { ListResponse } from '@app/contract/common';
import { useQuery } from '@tanstack/react-query';
import { http, type QueryParams } from '../../shared/http/http-client';

export const historyKeys = {
  stateArchive: ['history', 'state-archive'] as const,
  logs: ['history', 'logs'] as const,
  log: (id: number) => ['history', 'logs', id] as const,
};

export function fetchStateArchivePage(params: QueryParams, signal: AbortSignal) {
  return http.get<ListResponse<StateArchiveRow>>('/api/admin/states/archive', params, signal);
}

export function fetchLogPage(params: QueryParams, signal: AbortSignal) {
  return http.get<ListResponse<LogRow>>('/api/admin/logs', params, signal);
}

export function useLogEntry(id: number) {
  return useQuery({
    queryKey: historyKeys.log(id),
    queryFn: ({ signal }) => http.get<LogInfoReply>('/api/admin/logs/info', { log_id: id }, signal),
    select: (reply) => reply.data,
  });
}
