import { CACHE_LOOKUP_MS } from '@app/contract/common-constants';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { http, type QueryParams } from './http-client';

/**
 * A reference list every form and filter picks from (statuses, product types, branches, shops…),
 * read as `{ data: T[] }` (or a bare array where the wire format says so, e.g. containers/options) and cached 15 minutes (spec §9). `select` shapes it for the screen.
 */
export function useLookup<T, R = T[]>(
  queryKey: QueryKey,
  path: string,
  params?: QueryParams,
  options: { select?: (items: T[]) => R; isEnabled?: boolean } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => http.get<{ data: T[] } | T[]>(path, params, signal),
    select: (reply) => {
      const items = Array.isArray(reply) ? reply : reply.data;
      return options.select ? options.select(items) : (items as unknown as R);
    },
    enabled: options.isEnabled ?? true,
    staleTime: CACHE_LOOKUP_MS,
    gcTime: CACHE_LOOKUP_MS,
  });
}
