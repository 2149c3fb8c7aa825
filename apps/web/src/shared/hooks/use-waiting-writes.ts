import { useIsMutating, useQueryClient, type Mutation } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Writes made offline: TanStack Query pauses them (networkMode 'online') and sends them when the
 * connection is back. Until then a save button just spun (issue 16); these say it waits.
 */
export const WAITING_SHOWN_BY_FORM = 'waitingShownByForm';

function isWaiting(mutation: Mutation<unknown, Error, unknown, unknown>): boolean {
  return mutation.state.status === 'pending' && mutation.state.isPaused;
}

/** How many writes wait for the connection. */
export function useWaitingWriteCount(): number {
  return useIsMutating({ predicate: isWaiting });
}

/**
 * Calls `onWaiting` when a write starts waiting for the connection (not for those whose form shows
 * it itself: meta `waitingShownByForm`).
 */
export function useOnWriteWaiting(onWaiting: () => void): void {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.mutation.meta?.[WAITING_SHOWN_BY_FORM]) return;
        // 'pause': offline at the start or before a retry (a 'pending' marked paused is followed by it)
        if (event.action.type === 'pause') onWaiting();
      }),
    [client, onWaiting],
  );
}
