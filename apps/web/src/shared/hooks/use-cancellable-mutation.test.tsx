import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { isCancelledWrite, useCancellableMutation } from './use-cancellable-mutation';
import { useWaitingWriteCount } from './use-waiting-writes';

function setup(send: (form: string, signal: AbortSignal) => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => ({ write: useCancellableMutation({ mutationFn: send }), waiting: useWaitingWriteCount() }), { wrapper });
  return { client, hook };
}

afterEach(() => onlineManager.setOnline(true));

describe('a money write pressed offline (issue 16)', () => {
  test('waits for the connection, and a cancel drops it: nothing is sent when the connection is back', async () => {
    const send = vi.fn((form: string) => Promise.resolve(`sent ${form}`));
    const { client, hook } = setup(send);
    onlineManager.setOnline(false);
    let outcome: Promise<string> | undefined;
    act(() => {
      outcome = hook.result.current.write.mutateAsync('cash=10');
    });
    void outcome?.catch(() => {});
    await waitFor(() => expect(hook.result.current.write.isWaiting).toBe(true));
    expect(hook.result.current.waiting).toBe(1);
    let wasCancelled = false;
    act(() => {
      wasCancelled = hook.result.current.write.cancel();
    });
    expect(wasCancelled).toBe(true);
    await waitFor(() => expect(hook.result.current.write.isWaiting).toBe(false));
    act(() => onlineManager.setOnline(true));
    await client.resumePausedMutations();
    await new Promise((r) => setTimeout(r, 20));
    expect(send).not.toHaveBeenCalled();
    expect(client.getMutationCache().getAll()).toHaveLength(0);
    expect(hook.result.current.waiting).toBe(0);
  });

  test('not cancelled, it is sent once the connection is back', async () => {
    const send = vi.fn((form: string) => Promise.resolve(`sent ${form}`));
    const { hook } = setup(send);
    onlineManager.setOnline(false);
    let outcome: Promise<string> | undefined;
    act(() => {
      outcome = hook.result.current.write.mutateAsync('cash=10');
    });
    await waitFor(() => expect(hook.result.current.write.isWaiting).toBe(true));
    expect(send).not.toHaveBeenCalled();
    act(() => onlineManager.setOnline(true));
    await expect(outcome).resolves.toBe('sent cash=10');
    expect(send).toHaveBeenCalledTimes(1);
  });

  test('closing the form (unmount) while it waits drops it too', async () => {
    const send = vi.fn((form: string) => Promise.resolve(`sent ${form}`));
    const { client, hook } = setup(send);
    onlineManager.setOnline(false);
    act(() => {
      void hook.result.current.write.mutateAsync('cash=10').catch(() => {});
    });
    await waitFor(() => expect(hook.result.current.write.isWaiting).toBe(true));
    hook.unmount();
    act(() => onlineManager.setOnline(true));
    await client.resumePausedMutations();
    await new Promise((r) => setTimeout(r, 20));
    expect(send).not.toHaveBeenCalled();
  });

  test('online, cancel() has nothing to drop and the write goes through; an aborted signal never reaches the sender', async () => {
    const send = vi.fn((form: string) => Promise.resolve(`sent ${form}`));
    const { hook } = setup(send);
    let outcome: Promise<string> | undefined;
    act(() => {
      outcome = hook.result.current.write.mutateAsync('cash=5');
    });
    await expect(outcome).resolves.toBe('sent cash=5');
    expect(hook.result.current.write.cancel()).toBe(false);
    expect(isCancelledWrite(new Error('x'))).toBe(false);
  });
});
