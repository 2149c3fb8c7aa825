import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { QueryParams } from '../../../shared/http/http-client';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { RejectOrderModal } from './reject-order-modal';

// antd in jsdom on a shared 2-core machine
configure({ asyncUtilTimeout: 8000 });

interface Call { url: string; method: string }
let calls: Call[] = [];

function mockServer(reply: (call: Call) => { status: number; body: unknown }) {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => {
    const call = { url: decodeURIComponent(String(input).replace(/\+/g, ' ')), method: init?.method ?? 'GET' };
    calls.push(call);
    const { status, body } = reply(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }));
}
afterEach(() => vi.unstubAllGlobals());

function renderModal(props: { orderIds?: number[]; filters?: QueryParams }, onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>
          <RejectOrderModal {...props} onClose={onClose} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

const posts = () => calls.filter((call) => call.method === 'POST');
const STATE_OK = { status: 200, body: { message: 'ok', data: { ids: [3, 7], skipped: [], refunded: [7] } } };

describe('[ORDERS][REJECT] the reject form (status 4 needs its reason)', { timeout: 30_000 }, () => {
  test('no reason: the field says so and nothing is sent; only spaces is no reason either', async () => {
    mockServer(() => STATE_OK);
    const onClose = renderModal({ orderIds: [3, 7] });
    expect(screen.getByTestId('reject-order-summary').textContent).toBe('2 sifariş rədd ediləcək');
    fireEvent.click(screen.getByTestId('reject-order-ok'));
    expect(await screen.findByText('Rədd edilmə səbəbini yazın')).toBeTruthy();
    fireEvent.change(screen.getByTestId('reject-order-reason'), { target: { value: '    ' } });
    fireEvent.click(screen.getByTestId('reject-order-ok'));
    await screen.findByText('Rədd edilmə səbəbini yazın');
    expect(posts()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('a reason over 500 characters is refused on the field, not cut', async () => {
    mockServer(() => STATE_OK);
    renderModal({ orderIds: [3] });
    fireEvent.change(screen.getByTestId('reject-order-reason'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByTestId('reject-order-ok'));
    expect(await screen.findByText('Səbəb 500 simvoldan uzun ola bilməz')).toBeTruthy();
    expect((screen.getByTestId('reject-order-reason') as HTMLTextAreaElement).value).toHaveLength(501);
    expect(posts()).toEqual([]);
  });

  test('with a reason: one call for the chosen orders (order_id joined by ",", state 4, client_descr), then it closes', async () => {
    mockServer(() => STATE_OK);
    const onClose = renderModal({ orderIds: [3, 7] });
    fireEvent.change(screen.getByTestId('reject-order-reason'), { target: { value: '  Məhsul stokda yoxdur ' } });
    fireEvent.click(screen.getByTestId('reject-order-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts().map((call) => call.url)).toEqual(['/api/admin/orders/edit/state?order_id=3,7&state_id=4&client_descr=Məhsul stokda yoxdur']);
    expect(await screen.findByText('2 sifariş rədd edildi. 1 sifarişin ödənişi balansa qaytarıldı')).toBeTruthy();
  });

  test('the server refusing: field errors on the reason, the others joined with ". " above the form; the form stays open', async () => {
    mockServer((call) => (call.method === 'POST'
      ? { status: 422, body: { message: 'x', errors: { client_descr: ['Səbəb çox uzundur'], order_id: ['Sifariş #3 ləğv edilib', 'Sifariş #7 tapılmadı'] } } }
      : STATE_OK));
    const onClose = renderModal({ orderIds: [3, 7] });
    fireEvent.change(screen.getByTestId('reject-order-reason'), { target: { value: 'Səbəb' } });
    fireEvent.click(screen.getByTestId('reject-order-ok'));
    expect(await screen.findByText('Səbəb çox uzundur')).toBeTruthy();
    expect((await screen.findByTestId('reject-order-error')).textContent).toContain('Sifariş #3 ləğv edilib. Sifariş #7 tapılmadı');
    expect(onClose).not.toHaveBeenCalled();
  });

  test('all filtered (orders/bulk_reject): the count the filters match, then v2/orders/edit/state with new_state_id 4 and new_client_descr', async () => {
    mockServer((call) => (call.method === 'GET'
      ? { status: 200, body: { data: [], total: 12, total_kind: 'exact' } }
      : { status: 200, body: { message: 'ok', data: { ids: Array.from({ length: 12 }, (_, i) => i + 1), skipped: [], refunded: [] } } }));
    const onClose = renderModal({ filters: { state_id: ['5'], payed: '0' } });
    await waitFor(() => expect(screen.getByTestId('reject-order-summary').textContent).toBe('Filtrlərə uyğun 12 sifariş rədd ediləcək'));
    expect(calls[0]?.url).toBe('/api/admin/v2/orders/getlist?state_id=5&payed=0&page=1&per_page=1');
    fireEvent.change(screen.getByTestId('reject-order-reason'), { target: { value: 'Mağaza bağlıdır' } });
    fireEvent.click(screen.getByTestId('reject-order-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts().map((call) => call.url)).toEqual(['/api/admin/v2/orders/edit/state?state_id=5&payed=0&new_state_id=4&new_client_descr=Mağaza bağlıdır']);
    expect(await screen.findByText('12 sifariş rədd edildi')).toBeTruthy();
  });
});
