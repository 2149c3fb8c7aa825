import { settingGroupFromWire, type SettingGroupId, type SettingsDataReply } from '@app/contract/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type FormValue } from '../../shared/http/http-client';
import { settingsKeys } from './api';
import { isGroupInQuery } from './model/setting-forms';

export const settingGroupKeys = {
  group: (groupId: SettingGroupId) => ['settings', 'group', groupId] as const,
};

/**
 * GET /api/admin/settings/data?group_id&office=1: the group's values (read from the wire names into the
 * stored shape the forms edit; per-country and per-branch entries by id) and the options its form picks from.
 */
export function useSettingGroup(groupId: SettingGroupId) {
  return useQuery({
    queryKey: settingGroupKeys.group(groupId),
    queryFn: ({ signal }) => http.get<SettingsDataReply>('/api/admin/settings/data', { group_id: groupId, office: 1 }, signal),
    select: (reply) => ({ data: settingGroupFromWire(groupId, reply.data), options: reply.options }),
  });
}

/** POST /api/admin/settings/data; on success the group and the global settings are read again. */
export function useSaveSettingGroup(groupId: SettingGroupId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: Record<string, FormValue>) => (isGroupInQuery(groupId)
      ? http.postForm<SettingsDataReply & { message: string }>(`/api/admin/settings/data?group_id=${groupId}`, form)
      : http.postForm<SettingsDataReply & { message: string }>('/api/admin/settings/data', { group_id: groupId, ...form })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingGroupKeys.group(groupId) });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.client });
    },
  });
}
