import type { CountersReply } from '@app/contract/auth';
import { COUNTER_THROTTLE_MS } from '@app/contract/common-constants';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { http } from '../../shared/http/http-client';

export type Counters = CountersReply['data'];

export const counterKeys = { all: ['notifications', 'counters'] as const };

/** spec §3: all counters default to 0. */
export const EMPTY_COUNTERS: Counters = {
  courier: 0,
  order: 0,
  declaration: 0,
  conflicted_declaration: 0,
  ticket: 0,
  waiting_tasks: 0,
  executing_tasks: 0,
  executed_tasks: 0,
};

function isPageActive(): boolean {
  return navigator.onLine && document.visibilityState === 'visible';
}

/**
 * Sidebar badges (spec §9): loaded with the shell and refreshed on hover, at most once per 3 s,
 * only while online, the tab visible and the user signed in.
 */
export function useCounters(isSignedIn: boolean) {
  const lastAskedAt = useRef(0);
  const query = useQuery({
    queryKey: counterKeys.all,
    queryFn: async ({ signal }) => {
      lastAskedAt.current = Date.now();
      const reply = await http.postJson<CountersReply>('/api/admin/notification/count', {}, { signal });
      return { ...EMPTY_COUNTERS, ...reply.data };
    },
    enabled: isSignedIn,
    staleTime: Infinity,
  });
  const { refetch } = query;

  const refreshCounters = useCallback(() => {
    if (!isSignedIn || !isPageActive()) return;
    if (Date.now() - lastAskedAt.current < COUNTER_THROTTLE_MS) return;
    lastAskedAt.current = Date.now();
    void refetch();
  }, [isSignedIn, refetch]);

  return { counters: query.data ?? EMPTY_COUNTERS, refreshCounters };
}
