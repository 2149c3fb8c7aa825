import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { http, type QueryParams } from '../../../shared/http/http-client';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import type { ArchiveRow } from '../model/archive-row';
import { ArchivePage } from './archive-page';

// antd in jsdom on a shared machine: give async queries room
configure({ asyncUtilTimeout: 8000 });

const ROW: ArchiveRow = {
  id: 355, body: 'Bağlamanız AZ2600004231 anbardadır', number: '994552731929', user_id: 664, user_name: 'Tural Musayev', model_id: 2,
  model_name: 'Bağlamalar', object_id: 4231, params: '{"track_code":"AZ2600004231"}', active: 1, template_id: 3, template_name: 'Anbarda',
  bulk: 0, sent: 1, retry_at: '2026-11-27 04:47:51', sended_at: '2026-11-27 04:47:51', created_at: '2026-11-27 04:47:51',
  provider_state: 'accepted', error: '',
};

function renderArchive(url: string) {
  const calls: { path: string; params: QueryParams }[] = [];
  vi.spyOn(http, 'get').mockImplementation(async (path: string, params?: QueryParams) => {
    calls.push({ path, params: params ?? {} });
    if (path === '/api/admin/archive/sms') return { data: [ROW], total: 1 };
    if (path === '/api/admin/sms_balance') return { data: { obj: 12.5, balance: '12.50', currency: 'AZN' } };
    throw new Error(`unexpected GET ${path}`);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes><Route path="/@next/notifier/sms" element={<ArchivePage channel="sms" view="archive" />} /></Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const listCalls = (calls: { path: string; params: QueryParams }[]) => calls.filter((call) => call.path === '/api/admin/archive/sms');

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('[NOTIFIER][ARCHIVE] the SMS archive screen', () => {
  test('opened from a customer (?user_id=) it asks for that customer\'s messages of all time', async () => {
    const calls = renderArchive('/@next/notifier/sms?user_id=664');
    await screen.findByText(ROW.body);
    const last = listCalls(calls).at(-1)?.params;
    expect(last).toMatchObject({ page: 1, per_page: 25, user_id: '664', sort_column: 'created_at', sort_order: 'desc' });
    expect(last?.created_at).toBeUndefined();
    // the row: the customer links to their page, the record to the parcel
    expect(screen.getByRole('link', { name: '664' }).getAttribute('href')).toBe('/@next/users/664');
    expect(screen.getByRole('link', { name: 'Bağlamalar #4231' }).getAttribute('href')).toBe('/@next/declarations/4231');
    expect(await screen.findByText('SMS balansı: 12.5 AZN')).toBeTruthy();
  }, 30_000);

  test('opened plainly it asks for the last 31 days as the one comma-joined created_at of the wire', async () => {
    const calls = renderArchive('/@next/notifier/sms');
    await screen.findByText(ROW.body);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    const params = listCalls(calls).at(-1)?.params ?? {};
    expect(String(params.created_at)).toMatch(/^\d{4}-\d\d-\d\d 00:00:00,\d{4}-\d\d-\d\d 23:59:59$/);
    expect(Object.keys(params).some((key) => key.includes('__'))).toBe(false);
    expect(params.retry_at).toBeUndefined();
  }, 30_000);
});
