import { QueryClient, QueryClientProvider, onlineManager, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useCancellableMutation } from './use-cancellable-mutation';
import { useOnWriteWaiting, useWaitingWriteCount } from './use-waiting-writes';

afterEach(() => onlineManager.setOnline(true));

describe('a save made offline says it waits (issue 16)', () => {
  test('a plain save offline: counted as waiting and announced once; sent and no longer counted when back online', async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const onWaiting = vi.fn();
    const save = vi.fn(() => Promise.resolve('ok'));
    const hook = renderHook(() => {
      useOnWriteWaiting(onWaiting);
      return { save: useMutation({ mutationFn: save }), money: useCancellableMutation({ mutationFn: save }), waiting: useWaitingWriteCount() };
    }, { wrapper });

    onlineManager.setOnline(false);
    act(() => hook.result.current.save.mutate());
    await waitFor(() => expect(hook.result.current.waiting).toBe(1));
    expect(onWaiting).toHaveBeenCalledTimes(1);
    expect(save).not.toHaveBeenCalled();
    // a money write shows its waiting state in its own form: counted, not announced by the toast
    act(() => void hook.result.current.money.mutateAsync(undefined).catch(() => {}));
    await waitFor(() => expect(hook.result.current.waiting).toBe(2));
    expect(onWaiting).toHaveBeenCalledTimes(1);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(hook.result.current.waiting).toBe(0));
    expect(save).toHaveBeenCalledTimes(2);
  });
});
