import type { ListResponse } from '@app/contract/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import type { QueryParams } from '../http/http-client';
import { HttpError } from '../http/http-error';
import type { DataTableColumn } from './column-types';
import { DataTable } from './data-table';
import { describeTotal } from './table-toolbar';

// antd in jsdom on a shared 2-core machine: the lazy filter editor may take a while to load
configure({ asyncUtilTimeout: 8000 });

interface Parcel {
  id: number;
  track_code: string;
}

const columns: DataTableColumn<Parcel>[] = [
  { key: 'track_code', title: 'İzləmə kodu', render: (row) => row.track_code, sortColumn: 'track_code', filter: { kind: 'text', param: 'track_code' } },
];

function ShowSearch() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderTable(fetchPage: (params: QueryParams) => Promise<ListResponse<Parcel>>, url = '/@next/declarations') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <DataTable<Parcel>
          tableId="test"
          columns={columns}
          queryKey={['test']}
          fetchPage={(params) => fetchPage(params)}
          rowKey={(row) => row.id}
          defaultSort={{ column: 'track_code', order: 'desc' }}
        />
        <ShowSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// antd in jsdom is slow on a shared 2-core machine
describe('[TABLE][VIEW] what the user sees in a server-driven table', { timeout: 30_000 }, () => {
  test('rows and the exact total; the first request asks for page 1 of 25', async () => {
    const fetchPage = vi.fn(async () => ({ data: [{ id: 1, track_code: 'TR1' }, { id: 2, track_code: 'TR2' }], total: 2, total_kind: 'exact' as const }));
    renderTable(fetchPage);
    await screen.findByText('TR1');
    expect(screen.getByTestId('table-total').textContent).toBe('Cəmi: 2');
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, per_page: 25, sort_column: 'track_code', sort_order: 'desc' });
  });

  test('a capped total reads "Cəmi: 10000+" (at least), an estimated one "Cəmi: ~N"', async () => {
    renderTable(async () => ({ data: [{ id: 1, track_code: 'TR1' }], total: 10000, total_kind: 'capped' }));
    await waitFor(() => expect(screen.getByTestId('table-total').textContent).toBe('Cəmi: 10000+'));
    expect(describeTotal(1234, 'estimated')).toBe('Cəmi: ~1234');
  });

  test('a failed call shows a warning with the server text instead of the table', async () => {
    renderTable(async () => {
      throw new HttpError(403, 'Bu əməliyyat üçün icazəniz yoxdur.');
    });
    await screen.findByText('Bu əməliyyat üçün icazəniz yoxdur.');
    // antd's Result loads on first use (its plain texts show meanwhile)
    await waitFor(() => expect(document.querySelector('.ant-result-warning')).not.toBeNull());
  });

  test('the page and size in the URL are what is asked for after a reload', async () => {
    const fetchPage = vi.fn(async () => ({ data: [], total: 0 }));
    renderTable(fetchPage, '/@next/declarations?page=3&size=50&track_code=AZ1');
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 3, per_page: 50, sort_column: 'track_code', sort_order: 'desc', track_code: 'AZ1' });
    expect(screen.getByText('İzləmə kodu: AZ1')).toBeTruthy();
  });

  test('each filter button is named by its column, the row menu is first and a cut header shows its whole text on hover', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const withMenu: DataTableColumn<Parcel>[] = [
      ...columns,
      { key: 'weight', title: 'Çəki (kq)', render: () => '1.00', filter: { kind: 'number', param: 'weight' } },
      { key: 'actions', title: '', width: 48, render: (row) => <button type="button">menu {row.id}</button> },
    ];
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/@next/x']}>
          <DataTable<Parcel> tableId="menu" columns={withMenu} queryKey={['menu']} rowKey={(row) => row.id}
            fetchPage={async () => ({ data: [{ id: 1, track_code: 'TR1' }], total: 1 })} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('TR1');
    expect(screen.getByRole('button', { name: 'İzləmə kodu üzrə filtr' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Çəki (kq) üzrə filtr' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'filter' })).toBeNull();
    const cells = screen.getByText('TR1').closest('tr')?.querySelectorAll('td') ?? [];
    expect(cells[1]?.textContent).toBe('menu 1');
    expect(screen.getAllByTitle('İzləmə kodu').some((element) => element.textContent === 'İzləmə kodu')).toBe(true);
  });

  test('typing a filter waits 300 ms, then asks once, from page 1, and writes it to the URL', async () => {
    const fetchPage = vi.fn(async () => ({ data: [], total: 0 }));
    renderTable(fetchPage, '/@next/declarations?page=2');
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    fireEvent.click(document.querySelector('.ant-table-filter-trigger') as Element);
    const input = await screen.findByRole('textbox', { name: 'İzləmə kodu' });
    fireEvent.change(input, { target: { value: 'A' } });
    fireEvent.change(input, { target: { value: 'AZ' } });
    fireEvent.change(input, { target: { value: 'AZ9' } });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2), { timeout: 2000 });
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, per_page: 25, sort_column: 'track_code', sort_order: 'desc', track_code: 'AZ9' });
    expect(screen.getByTestId('search').textContent).toBe('?track_code=AZ9');
  });
});
