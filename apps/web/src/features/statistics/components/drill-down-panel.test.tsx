import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AuthUser } from '@app/contract/auth';
import { AuthContext } from '../../../app/auth/auth-context';
import { formatCount } from '../../../shared/format/format-number';
import { ToastProvider } from '../../../shared/toast/toast-provider';

// antd in jsdom on a shared 2-core machine
configure({ asyncUtilTimeout: 8000 });

/** What the drill-down endpoint answers (getlist=true): a page of rows and the figure's total. */
let reply: { total: number; total_kind?: string };
const calls: Record<string, unknown>[] = [];
vi.mock('../../../shared/http/http-client', () => ({
  http: {
    get: vi.fn(async (_path: string, params: Record<string, unknown>) => {
      calls.push(params);
      const page = Number(params.page);
      const size = Number(params.per_page);
      const from = (page - 1) * size;
      const data = Array.from({ length: Math.max(0, Math.min(size, reply.total - from)) }, (_, i) => ({ id: from + i + 1, track_code: `T${from + i + 1}` }));
      return { data, ...reply };
    }),
    getBlob: vi.fn(),
  },
}));

const { DrillDownPanel } = await import('./drill-down-panel');

function renderPanel(viewer?: Pick<AuthUser, 'admin' | 'permissions'>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const panel = (
    <DrillDownPanel title="2026-11-03" path="/api/admin/statistics/by_declarations_count" kind="declarations" slug="declarations"
      query={{ start_date: '2026-11-01', end_date: '2026-11-30' }} range={{ preset: 'last31' }} onClose={() => {}}
      listLink="/@next/declarations?created=2026-11-03~2026-11-03" />
  );
  const user: AuthUser | undefined = viewer && { id: 1, firstName: 'T', lastName: 'U', adminBranchId: 1, deliveryPointId: null, email: 't@example.az', role: 'x', ...viewer };
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/@next/statistics/declarations']}>
          {user ? <AuthContext.Provider value={{ user, signOutNow: () => undefined }}>{panel}</AuthContext.Provider> : panel}
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.length = 0;
});

describe('[STATISTICS][DRILL] the drill-down\'s total is the number clicked', { timeout: 30_000 }, () => {
  test('a figure above 10,000 reads its exact count (not "10000+"), and the rows are those of the figure\'s query', async () => {
    reply = { total: 12_345, total_kind: 'exact' };
    renderPanel();
    await screen.findByText('T1');
    await waitFor(() => expect(screen.getByTestId('table-total').textContent).toBe(`Cəmi: ${formatCount(12_345)}`));
    expect(calls[0]).toMatchObject({ getlist: 'true', start_date: '2026-11-01', end_date: '2026-11-30', page: 1 });
  });

  test('a reply the server could only cap still says so ("10000+")', async () => {
    reply = { total: 10_000, total_kind: 'capped' };
    renderPanel();
    await screen.findByText('T1');
    await waitFor(() => expect(screen.getByTestId('table-total').textContent).toBe(`Cəmi: ${formatCount(10_000)}+`));
  });
});

describe('[STATISTICS][DRILL] a row links only where the viewer may go (H6 finding 3)', { timeout: 30_000 }, () => {
  test('a partner reads the rows\' ids as plain text and gets no "open in the list" button; the admin gets both links', async () => {
    reply = { total: 3, total_kind: 'exact' };
    const partner = renderPanel({ admin: 4, permissions: ['branch_manager'] });
    await screen.findByText('T1');
    const idCell = screen.getAllByText('1').find((node) => node.closest('td'));
    expect(idCell?.closest('a')).toBeNull();
    expect(screen.queryByTestId('stat-drill-list-link')).toBeNull();
    partner.unmount();

    renderPanel({ admin: 1, permissions: [] });
    await screen.findByText('T1');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toContain('/@next/declarations/1');
    expect(screen.getByTestId('stat-drill-list-link')).toBeTruthy();
  });
});
