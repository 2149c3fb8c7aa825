import { QueryClient } from '@tanstack/react-query';

/**
 * spec §7: queries do not retry and do not refetch on window focus.
 *
 * Offline (issue 16), TanStack Query's defaults are kept on purpose (networkMode 'online',
 * refetchOnReconnect): a query started offline waits and runs when the connection is back; one
 * that failed for want of a connection (no data yet, so stale) is fetched again on reconnect, so a
 * screen's error state clears by itself. A write made offline waits too and is sent when the
 * connection is back: the top bar and a toast say so (use-waiting-writes.ts); money writes use
 * useCancellableMutation, whose cancel drops the waiting call for good.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: true },
      mutations: { retry: false },
    },
  });
}
