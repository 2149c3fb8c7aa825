import type { ClientSettingsReply } from '@app/contract/auth';
import { SETTINGS_REFETCH_MS } from '@app/contract/common-constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../shared/http/http-client';

export const settingsKeys = { client: ['settings', 'client'] as const };

/** spec §9: global settings are refetched every 10 minutes. */
export function useClientSettings(isEnabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.client,
    queryFn: ({ signal }) => http.get<ClientSettingsReply>('/api/client/settings', undefined, signal),
    select: (reply) => reply.data,
    enabled: isEnabled,
    staleTime: SETTINGS_REFETCH_MS,
    refetchInterval: SETTINGS_REFETCH_MS,
  });
}
