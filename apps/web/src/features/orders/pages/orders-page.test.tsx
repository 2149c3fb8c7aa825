import type { OrderRow } from '@app/contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { OrdersPage } from './orders-page';

// antd in jsdom on a shared 2-core machine
configure({ asyncUtilTimeout: 10_000 });

function order(id: number, patch: Partial<OrderRow>): OrderRow {
  return {
    id, track_code: `TR${id}`, user_id: 100 + id, user_code: `10${id}`, user_name: `Müştəri ${id}`, country_id: 1, country_name: 'Türkiyə',
    currency: 'TRY', state_id: 5, state_name: 'Gözləmədə', payed: 0, return: 0, coupon_id: 0, url: `https://shop.example/p/${id}`,
    size: 'M', color: 'Qara', quantity: 1, price: '10.00', cargo_price: '0.00', shop_name: 'Trendyol', product_type_id: null,
    product_type_name: null, executive: 'Rəşad', executive_id: 1, declaration_id: null, track_code_declaration: null, diff_price: 0,
    diff_cargo_price: 0, is_new: 0, urgent: 0, client_descr: null, descr: null, paid_amount: '0.00', service_percent: '5.00',
    waiting: null, updated_at: null, created_at: '2026-11-20 10:00:00', ...patch,
  };
}

const ROWS: OrderRow[] = [
  order(1, { price: '149.99', quantity: 2, cargo_price: '29.90', diff_cargo_price: 5.12, is_new: 1, payed: 1, state_id: 8, state_name: 'Sifariş verilib' }),
  order(2, { country_id: 2, country_name: 'Amerika', currency: 'USD', price: '5.01', quantity: 3, cargo_price: '1.50', state_id: 7, state_name: 'Ödəniş gözlənilir' }),
  order(3, { country_id: 2, country_name: 'Amerika', currency: 'USD', price: '19.99', declaration_id: 55, track_code_declaration: 'AZ55' }),
];
const STATUSES = [[4, 'Rədd edilib'], [5, 'Gözləmədə'], [7, 'Ödəniş gözlənilir'], [8, 'Sifariş verilib'], [9, 'Anbara çatıb'], [10, 'Tamamlanıb'], [32, 'Ləğv edilib']]
  .map(([id, name]) => ({ id, name }));

interface Call { url: string; method: string }
let calls: Call[] = [];

function mockServer() {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => {
    const call = { url: decodeURIComponent(String(input).replace(/\+/g, ' ')), method: init?.method ?? 'GET' };
    calls.push(call);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (call.url.startsWith('/api/admin/v2/orders/getlist')) {
      return json(call.url.includes('per_page=1&') || call.url.endsWith('per_page=1') ? { data: ROWS.slice(0, 1), total: 12, total_kind: 'exact' } : { data: ROWS, total: 3, total_kind: 'exact' });
    }
    if (call.url.startsWith('/api/admin/states/getlistbymodelid')) return json({ data: STATUSES });
    if (call.url.startsWith('/api/admin/countries')) return json({ data: [{ id: 1, name: 'Türkiyə', is_order: 1 }, { id: 2, name: 'Amerika', is_order: 1 }] });
    if (call.method === 'POST') return json({ message: 'ok', data: { ids: [2], skipped: [], refunded: [] } });
    return json({ data: [] });
  }));
}
afterEach(() => vi.unstubAllGlobals());

function ShowPath() {
  const location = useLocation();
  return <output data-testid="path">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(url = '/@next/orders?created_at=all') {
  mockServer();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/@next/orders" element={<OrdersPage />} />
            <Route path="*" element={null} />
          </Routes>
          <ShowPath />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const posts = () => calls.filter((call) => call.method === 'POST').map((call) => call.url);
const rowOf = (trackCode: string) => screen.getByText(trackCode).closest('tr') as HTMLElement;

async function openStatusSubmenu(orderId: number) {
  fireEvent.click(screen.getByTestId(`order-menu-${orderId}`));
  // the statuses (a lookup) may arrive after the rows: hover until the submenu lists them
  await waitFor(() => {
    const title = screen.getAllByText('Statusu dəyiş').at(-1) as HTMLElement;
    fireEvent.mouseEnter(title.closest('.ant-dropdown-menu-submenu-title') ?? title);
    expect(screen.getAllByRole('menuitem', { name: 'Ləğv edilib' }).length).toBeGreaterThan(0);
  });
}

/** The status item of the submenu that is open now (the last one rendered). */
const statusItem = (name: string) => screen.getAllByRole('menuitem', { name }).at(-1) as HTMLElement;

describe('[ORDERS][LIST] the orders list as a clerk uses it', { timeout: 120_000 }, () => {
  test('rows with the price in ₺ or $ by country, the status tag, unread bold; double-click opens the order', async () => {
    renderPage();
    await screen.findByText('TR1');
    expect(screen.getByTestId('order-price-1').textContent).toBe('149.99 ₺');
    expect(screen.getByTestId('order-price-2').textContent).toBe('5.01 $');
    expect(screen.getByTestId('order-status-2').textContent).toBe('Ödəniş gözlənilir');
    expect(within(rowOf('TR1')).getByText('TR1').closest('b')).not.toBeNull();
    expect(within(rowOf('TR2')).getByText('TR2').closest('b')).toBeNull();
    const link = within(rowOf('TR1')).getByText('Trendyol').closest('a') as HTMLAnchorElement;
    expect([link.target, link.rel]).toEqual(['_blank', 'noopener noreferrer']);
    fireEvent.doubleClick(rowOf('TR2'));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/@next/orders/2'));
  });

  test('the selection sum: price × quantity + shipping + shipping debt, ₺ and $ apart', async () => {
    renderPage();
    await screen.findByText('TR1');
    for (const code of ['TR1', 'TR2', 'TR3']) fireEvent.click(within(rowOf(code)).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('orders-selection-sum').textContent).toBe('Seçilənlərin cəmi: 335.00 ₺ · 36.52 $'));
  });

  test('row menu: impossible statuses greyed; another status changes at once (Status dəyişdirilir...), then the list reloads', async () => {
    renderPage();
    await screen.findByText('TR2');
    await openStatusSubmenu(2);
    // unpaid, awaiting payment (7): ordered needs payment, the current one is itself
    expect(statusItem('Sifariş verilib').getAttribute('aria-disabled')).toBe('true');
    expect(statusItem('Ödəniş gözlənilir').getAttribute('aria-disabled')).toBe('true');
    expect(statusItem('Ləğv edilib').getAttribute('aria-disabled')).toBe('false');
    const listCalls = calls.filter((call) => call.url.startsWith('/api/admin/v2/orders/getlist')).length;
    fireEvent.click(statusItem('Ləğv edilib'));
    await waitFor(() => expect(posts()).toEqual(['/api/admin/orders/edit/state?order_id=2&state_id=32']));
    expect(await screen.findByText('Status dəyişdirildi')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/admin/v2/orders/getlist')).length).toBeGreaterThan(listCalls));
  });

  test('row menu: "Rədd edilib" opens the reject form route with the table state; no call yet', async () => {
    renderPage('/@next/orders?created_at=all&state_id=7');
    await screen.findByText('TR2');
    await openStatusSubmenu(2);
    fireEvent.click(statusItem('Rədd edilib'));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/@next/orders/2/reject?created_at=all&state_id=7'));
    expect(posts()).toEqual([]);
  });

  test('row menu: declaration disabled without one, enabled with it', async () => {
    renderPage();
    await screen.findByText('TR3');
    fireEvent.click(screen.getByTestId('order-menu-2'));
    expect((await screen.findByRole('menuitem', { name: 'Bağlama bağlanmayıb' })).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByTestId('order-menu-3'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Bağlama AZ55' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/@next/declarations/55'));
  });

  test('bulk status by the filters: the count the filters match in the confirmation, then v2/orders/edit/state with them', async () => {
    renderPage('/@next/orders?created_at=all&state_id=5&payed=0');
    await screen.findByText('TR1');
    fireEvent.click(screen.getByTestId('orders-bulk-status'));
    await waitFor(() => expect(screen.getByTestId('orders-bulk-status-count').textContent).toBe('Filtrlərə uyğun sifariş: 12'));
    fireEvent.mouseDown(within(screen.getByTestId('orders-bulk-status-select')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('Ləğv edilib')).at(-1) as HTMLElement);
    fireEvent.click(screen.getByTestId('orders-bulk-status-ok'));
    expect((await screen.findByTestId('orders-bulk-confirm')).textContent).toBe('Toplu status dəyişikliyinə əminsiniz? (12: Ləğv edilib)');
    expect(posts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Bəli' }));
    await waitFor(() => expect(posts()).toEqual(['/api/admin/v2/orders/edit/state?payed=0&state_id=5&new_state_id=32']));
  });
});
