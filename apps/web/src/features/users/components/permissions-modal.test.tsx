import type { AuthUser } from '@app/contract/auth';
import { ROLE } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthContext } from '../../../app/auth/auth-context';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { PermissionsModal } from './permissions-modal';

// antd in jsdom on a shared 2-core machine: give async queries room
configure({ asyncUtilTimeout: 8000 });

const TARGET = { id: 11, admin: ROLE.backOffice, name: 'Fərid', surname: 'Orucov' };

function viewer(admin: number, permissions: string[]): AuthUser {
  return { id: 1, firstName: 'A', lastName: 'B', adminBranchId: null, admin, deliveryPointId: null, email: 'a@b.az', role: 'x', permissions };
}

let asked: string[] = [];
function mockServer() {
  asked = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = String(input);
    asked.push(url.split('?')[0] ?? url);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/admin/client/user')) return json({ data: TARGET });
    if (url.startsWith('/api/admin/users/app/options')) return json({ data: [], total: 0, cashboxes: [], companies: [], branches: [] });
    if (url.startsWith('/api/admin/operations')) {
      return json({ data: [{ id: 1, name: 'İcazələr', code_name: 'changeuserpermissions', model_id: 1, model_name: 'İstifadəçilər' }], total: 1 });
    }
    if (url.startsWith('/api/admin/permissions')) return json({ data: [], company_id: 0, cashbox_id: null, admin_branch_id: null });
    return json({ data: [] });
  }));
}
afterEach(() => vi.unstubAllGlobals());

function renderModal(user: AuthUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={{ user, signOutNow: () => undefined }}>
        <ToastProvider>
          <MemoryRouter>
            <PermissionsModal userId={TARGET.id} onClose={() => undefined} />
          </MemoryRouter>
        </ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('permissions modal: asks the permissions API only when the viewer may use it', () => {
  test('a back office member without changeuserpermissions sees the refusal, and nothing is asked that the server refuses', async () => {
    mockServer();
    renderModal(viewer(ROLE.backOffice, ['users', 'user_edit']));
    await screen.findByText(az.app.forbiddenTitle);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toContain('/api/admin/client/user');
    expect(asked).not.toContain('/api/admin/operations');
    expect(asked).not.toContain('/api/admin/permissions');
  }, 30_000);

  test('an admin gets the operations and the account\'s permissions', async () => {
    mockServer();
    renderModal(viewer(ROLE.admin, []));
    await screen.findByText('İstifadəçilər');
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/api/admin/operations', '/api/admin/permissions'])));
    expect(screen.queryByText(az.app.forbiddenTitle)).toBeNull();
  }, 30_000);
});
