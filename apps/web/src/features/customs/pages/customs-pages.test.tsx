import type { CustomsDeclarationListReply, CustomsTaskRow } from '@app/contract/customs';
import { az } from '@app/contract/texts/az';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { http } from '../../../shared/http/http-client';
import { CUSTOMS_ACTION_OPTIONS, describeCustomsAction, summarizeJson } from '../model/customs-labels';
import { CustomsDeclarationsPage, CustomsTaskModal, CustomsTasksPage } from './customs-pages';

// antd in jsdom on a shared 2-core machine: give async queries room
configure({ asyncUtilTimeout: 8000 });
const T = az.customsUi;
const PING = { data: true, ok: true, ms: 4, message: T.pingOk, sending: true };

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

function renderAt(url: string, path: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes><Route path={path} element={element} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function renderTask(task: CustomsTaskRow) {
  vi.spyOn(http, 'get').mockImplementation(async (path: string) => {
    if (path === '/api/admin/customs_tasks/info') return { data: task };
    throw new Error(`unexpected GET ${path}`);
  });
  return renderAt(`/customs/tasks/${task.id}`, 'customs/tasks/:id', <CustomsTaskModal />);
}

/** A ping: no parcel, no request body; and a search that timed out: no answer, no code. */
const PING_TASK: CustomsTaskRow = {
  ...TASK, ...NO_PARCEL, id: 304, action: 'ping', method: 'GET', path: '/api/v2/carriers/Ping', query: null, response: '{"code":200,"data":"pong","exception":null}', queue_id: null,
};
const TIMED_OUT: CustomsTaskRow = {
  ...TASK, ...NO_PARCEL, id: 305, action: 'carriersposts', method: 'POST', path: '/api/v2/carriers/carriersposts/0/100', query: { offset: 0, limit: 100 },
  status_code: null, http_status: null, response: null, attempts: 3, state: 'failed', state_id: 2, state_name: 'Uğursuz', error: 'no answer within 10000 ms', queue_id: null,
};

/** Texts of the table body cells, trimmed. */
const cellTexts = (root: HTMLElement) => [...root.querySelectorAll('tbody td')].map((cell) => cell.textContent?.trim() ?? '');

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

describe('[CUSTOMS][TASKS] issue 16: no raw null, every action code in Azerbaijani', () => {
  test('every call the app makes to customs has a label, and an unknown code stays as it came', () => {
    for (const code of ['ping', 'add', 'add_commercial', 'update', 'delete', 'carriersposts', 'declarations', 'deleteddeclarations', 'approvesearch', 'addtoboxes', 'depesh', 'goodsgroups']) {
      expect(describeCustomsAction(code)).not.toBe(code);
      expect(describeCustomsAction(code)).toMatch(/[əığöüşç]/i);
    }
    expect(CUSTOMS_ACTION_OPTIONS).toHaveLength(12);
    expect(describeCustomsAction('something_new')).toBe('something_new');
    expect(summarizeJson(null)).toBe('—');
    expect(summarizeJson('null')).toBe('—');
    expect(summarizeJson({ offset: 0 })).toBe('{"offset":0}');
  });

  test('the list shows the action by name and a dash for an empty request, code or answer, never "null"', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (path: string) => {
      if (path === '/api/admin/customs_tasks') return { data: [PING_TASK, TIMED_OUT, TASK], total: 3, total_kind: 'exact' };
      if (path === '/api/admin/customs/ping') return PING;
      throw new Error(`unexpected GET ${path}`);
    });
    const { container } = renderAt('/customs/tasks', 'customs/tasks', <CustomsTasksPage />);
    await screen.findByText('Əlaqənin yoxlanması');
    expect(screen.getByText('Postların sorğusu')).toBeTruthy();
    expect(screen.getByText('Bağlamanın əlavə edilməsi')).toBeTruthy();
    const cells = cellTexts(container);
    expect(cells.some((text) => /\bnull\b/.test(text) && !text.startsWith('[') && !text.startsWith('{'))).toBe(false);
    expect(cells).not.toContain('null');
    expect(cells).not.toContain('ping');
    expect(cells.filter((text) => text === '—').length).toBeGreaterThanOrEqual(3);
  });

  test('a ping opened: its name, "no request body" in words, and the answer', async () => {
    renderTask(PING_TASK);
    const detail = await screen.findByTestId('customs-task');
    expect(within(detail).getByText('Əlaqənin yoxlanması')).toBeTruthy();
    expect(within(detail).getByTestId('customs-task-request').textContent).toBe(T.noRequestBody);
    expect(within(detail).getByTestId('customs-task-response').textContent).toContain('"pong"');
  });

  test('a call that got no answer says so instead of printing null', async () => {
    renderTask(TIMED_OUT);
    const detail = await screen.findByTestId('customs-task');
    expect(within(detail).getByTestId('customs-task-response').textContent).toBe(T.noResponse);
    expect(within(detail).getByText('Postların sorğusu')).toBeTruthy();
    expect(detail.textContent).not.toMatch(/\bnull\b/);
  });
});

describe('[CUSTOMS][DECLARATIONS] issue 16: one customer\'s customs data', () => {
  test('opened with ?user_id= it asks the list for that user only and says whose records these are', async () => {
    const row = {
      id: 4107, declaration_id: 4107, user_id: 100023, user_name: 'Aysel Əliyeva', ImportName: 'Aysel Əliyeva', PinNumber: '5ABCDEF', GoodsName: 'Ayaqqabı',
      InvoicePriceFull: '120.00', InvoicePriceUsd: '70.59', QuantityFull: '1', PayStatus: '1', RegNumber: '', TrackingNumber: 'AZ2600004107',
      flight_id: null, flight_name: null, post_status: 0, created_at: '2026-03-02 10:15:00', declared_at: null,
    };
    const reply: CustomsDeclarationListReply = { data: [row], total: 1, total_kind: 'exact', counts: { declared: 0, undeclared: 1, unknown: 0 } };
    const get = vi.spyOn(http, 'get').mockImplementation(async (path: string) => {
      if (path === '/api/admin/customs') return reply;
      if (path === '/api/admin/customs/ping') return PING;
      throw new Error(`unexpected GET ${path}`);
    });
    renderAt('/customs/declarations?user_id=100023', 'customs/declarations', <CustomsDeclarationsPage />);
    await screen.findByText('Gömrük bəyannamələri — Aysel Əliyeva (#100023)');
    expect(screen.getByText('AZ2600004107')).toBeTruthy();
    await waitFor(() => expect(get.mock.calls.some(([path]) => path === '/api/admin/customs')).toBe(true));
    const listCall = get.mock.calls.find(([path]) => path === '/api/admin/customs')!;
    expect(listCall[1]).toMatchObject({ user_id: '100023' });
  });
});
