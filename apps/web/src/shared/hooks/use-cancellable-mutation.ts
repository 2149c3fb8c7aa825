import { useMutation, useQueryClient, type Mutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { WAITING_SHOWN_BY_FORM } from './use-waiting-writes';

/** The error a cancelled write rejects with (its call never left). */
export class CancelledWriteError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledWriteError';
  }
}

export function isCancelledWrite(error: unknown): boolean {
  return error instanceof CancelledWriteError;
}

interface Submission<TVariables> {
  variables: TVariables;
  signal: AbortSignal;
}

/**
 * A write that must never go out behind the user's back (money: a handover books cash). Offline,
 * TanStack Query pauses a mutation (networkMode 'online') and sends it when the connection returns,
 * even after its form was closed: that booked a cancelled handover (issue 16). Here:
 *
 * - `isWaiting`: the call waits for the connection (paused, nothing sent yet) — show it;
 * - `cancel()`: a waiting call is taken out of the queue for good (its AbortSignal is aborted and
 *   the mutation removed from the cache; the function checks the signal before sending, so it
 *   never leaves). Returns true when there was a waiting call to cancel. A call already on the
 *   wire is not cancelled (its outcome is unknown; it settles as usual);
 * - a waiting call is cancelled the same way when the component unmounts (the form was closed or
 *   the user went elsewhere).
 *
 * `mutationFn` gets the signal: check it before sending and hand it to fetch.
 */
export function useCancellableMutation<TData, TVariables>(options: {
  mutationFn: (variables: TVariables, signal: AbortSignal) => Promise<TData>;
  onSuccess?: (data: TData) => unknown;
}) {
  const client = useQueryClient();
  const current = useRef<AbortController | null>(null);
  const { mutationFn, onSuccess } = options;
  const mutation = useMutation<TData, Error, Submission<TVariables>>({
    mutationFn: ({ variables, signal }) => {
      if (signal.aborted) return Promise.reject(new CancelledWriteError());
      return mutationFn(variables, signal);
    },
    onSuccess: onSuccess ? (data) => onSuccess(data) : undefined,
    // the form shows its own waiting state (the generic toast would repeat it)
    meta: { [WAITING_SHOWN_BY_FORM]: true },
  });
  const { reset } = mutation; // stable (the observer's bound reset)

  const cancelWaiting = useCallback((): boolean => {
    const controller = current.current;
    if (!controller) return false;
    const cache = client.getMutationCache();
    const waiting = cache.getAll().find((m) => (m as Mutation<unknown, Error, Submission<TVariables>>).state.variables?.signal === controller.signal);
    if (!waiting || !waiting.state.isPaused) return false;
    controller.abort();
    cache.remove(waiting);
    current.current = null;
    reset();
    return true;
  }, [client, reset]);

  // Closed or left while waiting: the write is dropped, never sent later.
  useEffect(() => () => void cancelWaiting(), [cancelWaiting]);

  const mutateAsync = useCallback(
    (variables: TVariables): Promise<TData> => {
      const controller = new AbortController();
      current.current = controller;
      return mutation.mutateAsync({ variables, signal: controller.signal });
    },
    [mutation],
  );

  return {
    mutateAsync,
    cancel: cancelWaiting,
    isPending: mutation.isPending,
    /** Pressed, but waiting for the connection: nothing has been sent. */
    isWaiting: mutation.isPending && mutation.isPaused,
    error: mutation.error,
  };
}
