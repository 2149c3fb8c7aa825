import type { SortingListReply } from '@app/contract/declaration-workflow';
import type { SortingCreateReply } from '@app/contract/flights';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryParams } from '../../shared/http/http-client';

/* Branch sorting of a flight's parcels (sidebar "sorting", parcel_sorting_list; spec §3 "Sorting list item"). */

export const sortingKeys = {
  all: ['sorting'] as const,
  list: (flightId: number) => ['sorting', 'list', flightId] as const,
  nonSorted: (flightId: number) => ['sorting', 'non-sorted', flightId] as const,
};

export function fetchSortingPage(flightId: number) {
  return (params: QueryParams, signal: AbortSignal) => http.get<SortingListReply>('/api/admin/sorting/list', { ...params, flight_id: flightId }, signal);
}

export function fetchNonSortedPage(flightId: number) {
  return (params: QueryParams, signal: AbortSignal) =>
    http.get<SortingListReply>('/api/admin/sorting/nonsorted_declarations', { ...params, flight_id: flightId }, signal);
}

/** How far the flight's sorting is: all its parcels and those not scanned yet (two one-row pages). */
export function useSortingProgress(flightId: number) {
  return useQuery({
    queryKey: [...sortingKeys.all, 'progress', flightId],
    queryFn: async ({ signal }) => {
      const [all, open] = await Promise.all([
        fetchSortingPage(flightId)({ page: 1, per_page: 1 }, signal),
        fetchNonSortedPage(flightId)({ page: 1, per_page: 1 }, signal),
      ]);
      return { total: all.total, sorted: Math.max(0, all.total - open.total) };
    },
    enabled: flightId > 0,
  });
}

/** A scan at the sorting line: the parcel is marked sorted and its code comes back. */
export function useSortParcel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { flightId: number; trackCode: string }) =>
      http.postForm<SortingCreateReply>('/api/admin/sorting/create', { flight_id: input.flightId, track_code: input.trackCode }),
    onSuccess: () => client.invalidateQueries({ queryKey: sortingKeys.all }),
  });
}
