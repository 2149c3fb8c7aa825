import type { CustomsTaskRow } from '@app/contract/customs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { http } from '../../../shared/http/http-client';
import { CustomsTaskModal } from './customs-pages';

const NO_PARCEL = {
  declaration_id: 0, track_code: '', global_track_code: '', weight: null, quantity: 0, branch_id: 0, branch_name: '', basket_id: null, basket_name: null,
  user_id: 0, user_name: '', declaration_state_id: 0, declaration_state_name: '', product_type_id: 0, product_type_name: '',
  country_id: null, country_name: '', changer_id: 0, changer_name: '',
};
const TASK: CustomsTaskRow = {
  ...NO_PARCEL,
  id: 41, action: 'add', method: 'POST', path: '/api/v2/carriers', query: [{ trackinG_NO: 'AZ2600000041' }], status_code: 200, http_status: 200,
  response: '{"code":200}', attempts: 1, state: 'done', state_id: 1, state_name: 'Uğurlu', error: null, queue_id: 7,
  created_at: '2026-03-02 10:15:00', updated_at: '2026-03-02 10:15:01', retry_at: null,
  declaration_id: 4107, track_code: 'AZ2600000041', user_id: 100023, user_name: 'Aysel Əliyeva', declaration_state_id: 9, declaration_state_name: 'Yerli anbarda',
};

function renderTask(task: CustomsTaskRow) {
  vi.spyOn(http, 'get').mockImplementation(async (path: string) => {
    if (path === '/api/admin/customs_tasks/info') return { data: task };
    throw new Error(`unexpected GET ${path}`);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/customs/tasks/${task.id}`]}>
        <Routes><Route path="customs/tasks/:id" element={<CustomsTaskModal />} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('[CUSTOMS][TASKS] one customs task', () => {
  test('a send about our parcel shows its track code, parcel state and customer from the flat row', async () => {
    renderTask(TASK);
    const detail = await screen.findByTestId('customs-task');
    expect(within(detail).getByText('AZ2600000041')).toBeTruthy();
    expect(within(detail).getByText('Yerli anbarda')).toBeTruthy();
    expect(within(detail).getByText('100023 — Aysel Əliyeva')).toBeTruthy();
  });

  test('a call about no parcel of ours (0 and empty names) shows no parcel or customer rows', async () => {
    renderTask({ ...TASK, ...NO_PARCEL, action: 'carriersposts' });
    const detail = await screen.findByTestId('customs-task');
    expect(within(detail).queryByText('Müştəri')).toBeNull();
    expect(within(detail).queryByText('İzləmə kodu')).toBeNull();
  });
});
