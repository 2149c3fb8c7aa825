import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { buildDeclarationColumns } from '../lists/declaration-columns';
import { readUrlFilters } from '../lists/url-filters';

// antd in jsdom on a shared 2-core machine
configure({ asyncUtilTimeout: 8000 });

const reply = { data: [{ state_id: 5, name: 'Anbarda', count: 377 }, { state_id: 9, name: 'Təhvil verilib', count: 850 }], total: 1227 };
vi.mock('../../../shared/http/http-client', () => ({ http: { get: vi.fn(async () => reply) } }));

const { DeclarationCountsPage } = await import('./workflow-pages');

describe('[STATISTICS] declarations: counts by status (H6 #8, like the orders twin)', () => {
  test('a back button, the range as a tag, a Say column; each count opens the list with its status over the same (all) time', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={client}><MemoryRouter><DeclarationCountsPage /></MemoryRouter></QueryClientProvider>);
    const count = await screen.findByTestId('declaration-count-9');
    expect(count.textContent).toBe('850');
    expect(screen.getByRole('link', { name: /Bağlamalara qayıt/ }).getAttribute('href')).toBe('/@next/declarations');
    expect(within(screen.getByTestId('declaration-counts-filters')).getByText('Yaradılma tarixi: Bütün dövr')).toBeTruthy();
    const table = screen.getByTestId('declaration-counts-table');
    expect(within(table).getByText('Say')).toBeTruthy();
    expect(within(table).queryByText('ID')).toBeNull();
    expect(within(table).queryByText('#')).toBeNull();
    expect(screen.getByTestId('declaration-count-total').textContent).toBe('1227');

    // what the list reads from the count's link: that status, all time (the list's own URL reader)
    const columns = buildDeclarationColumns({ statuses: [{ value: 9, label: 'Təhvil verilib' }], productTypes: [], branches: [], isLoading: false });
    const list = (href: string) => readUrlFilters(new URLSearchParams(href.split('?')[1]), columns);
    const opened = list(count.getAttribute('href')!);
    expect(opened.params.state_id).toEqual(['9']);
    expect(opened.params.start_date ?? opened.params.created).toBeUndefined();
    expect(opened.descriptions).toContain('Yaradılma tarixi: Bütün dövr');
    const all = list(screen.getByTestId('declaration-count-total').getAttribute('href')!);
    expect(all.params.state_id).toBeUndefined();
    expect(all.descriptions).toContain('Yaradılma tarixi: Bütün dövr');
  });
});
