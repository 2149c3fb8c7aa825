import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { HttpError } from '../shared/http/http-error';
import { createQueryClient } from './query-client';

afterEach(() => onlineManager.setOnline(true));

describe('the app query client offline (issue 16)', () => {
  test('a query that failed for want of a connection is fetched again when the connection is back', async () => {
    const client = createQueryClient();
    client.mount();
    let isUp = false;
    const fetchList = vi.fn(() => (isUp ? Promise.resolve(['row']) : Promise.reject(new HttpError(0, 'Şəbəkə ilə əlaqə qurula bilmədi'))));
    const observer = new QueryObserver(client, { queryKey: ['list'], queryFn: fetchList });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    expect(fetchList).toHaveBeenCalledTimes(1); // no retry (spec §7)
    onlineManager.setOnline(false);
    isUp = true;
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['row']));
    expect(observer.getCurrentResult().status).toBe('success');
    unsubscribe();
    client.unmount();
  });

  test('a query started offline waits, and runs once the connection is back', async () => {
    const client = createQueryClient();
    client.mount();
    onlineManager.setOnline(false);
    const fetchList = vi.fn(() => Promise.resolve(['row']));
    const observer = new QueryObserver(client, { queryKey: ['list2'], queryFn: fetchList });
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult().fetchStatus).toBe('paused');
    expect(fetchList).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['row']));
    unsubscribe();
    client.unmount();
  });
});
