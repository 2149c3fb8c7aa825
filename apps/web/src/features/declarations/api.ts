import { CACHE_LOOKUP_MS, type ListResponse } from '@app/contract/common';
import type { DeclarationListRow } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { ROLE } from '@app/contract/roles';
import { useQuery } from '@tanstack/react-query';
import { http, type QueryParams } from '../../shared/http/http-client';

interface Lookup {
  id: number;
  name: string;
}

export const declarationKeys = {
  all: ['declarations'] as const,
  list: ['declarations', 'list'] as const,
  statuses: ['lookups', 'states', MODEL.declarations] as const,
  productTypes: ['lookups', 'product-types'] as const,
  branches: ['lookups', 'branches'] as const,
};

export function fetchDeclarationPage(params: QueryParams, signal: AbortSignal): Promise<ListResponse<DeclarationListRow>> {
  return http.get<ListResponse<DeclarationListRow>>('/api/admin/v2/declaration/list', params, signal);
}

/** Quick search (spec §2): partner users look up through their own endpoint. */
export async function findDeclarationByTrackCode(trackCode: string, adminCode: number): Promise<{ id: number; track_code: string }> {
  const path =
    adminCode === ROLE.partner
      ? '/api/branchpartner/declarations/info_by_track_code'
      : '/api/admin/declaration/info_by_track_code';
  const reply = await http.get<{ data: { id: number; track_code: string } }>(path, { track_code: trackCode.trim() });
  return reply.data;
}

function toOptions(list: Lookup[]) {
  return list.map((item) => ({ value: item.id, label: item.name }));
}

/** Lookups are cached 15 minutes (spec §9). */
export function useDeclarationStatuses() {
  return useQuery({
    queryKey: declarationKeys.statuses,
    queryFn: ({ signal }) =>
      http.get<{ data: (Lookup & { model_id: number })[] }>('/api/admin/states/getlistbymodelid', { model_id: MODEL.declarations }, signal),
    select: (reply) => toOptions(reply.data),
    staleTime: CACHE_LOOKUP_MS,
    gcTime: CACHE_LOOKUP_MS,
  });
}

export function useProductTypes() {
  return useQuery({
    queryKey: declarationKeys.productTypes,
    queryFn: ({ signal }) => http.get<ListResponse<Lookup>>('/api/admin/product-types/getlist', { per_page: 10000 }, signal),
    select: (reply) => toOptions(reply.data),
    staleTime: CACHE_LOOKUP_MS,
    gcTime: CACHE_LOOKUP_MS,
  });
}

export function useBranches() {
  return useQuery({
    queryKey: declarationKeys.branches,
    queryFn: ({ signal }) => http.get<ListResponse<Lookup>>('/api/admin/branches', { per_page: 5000 }, signal),
    select: (reply) => toOptions(reply.data),
    staleTime: CACHE_LOOKUP_MS,
    gcTime: CACHE_LOOKUP_MS,
  });
}
