import { CACHE_LOOKUP_MS } from '@app/contract/common';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { http, type QueryParams } from './http-client';

/**
 * A reference list every form and filter picks from (statuses, product types, branches, shops…),
 * read as `{ data: T[] }` and cached 15 minutes (spec §9). `select` shapes it for the screen.
 */
export function useLookup<T, R = T[]>(
  queryKey: QueryKey,
  path: string,
  params?: QueryParams,
  options: { select?: (items: T[]) => R; isEnabled?: boolean } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => http.get<{ data: T[] }>(path, params, signal),
    select: (reply) => (options.select ? options.select(reply.data) : (reply.data as unknown as R)),
    enabled: options.isEnabled ?? true,
    staleTime: CACHE_LOOKUP_MS,
    gcTime: CACHE_LOOKUP_MS,
  });
}
