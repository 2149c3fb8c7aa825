import type { AuthUser } from '@app/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { AuthContext } from '../../app/auth/auth-context';
import { ToastProvider } from '../toast/toast-provider';
import { canDo } from './permissions';
import { toWireForm } from './resource-api';
import { buildResourceRoutes } from './resource-routes';
import type { ResourceDefinition } from './types';

// antd in jsdom on a shared 2-core machine: give async queries room
configure({ asyncUtilTimeout: 8000 });

interface Thing { id: number; name: string; is_open: boolean; limit: string | null }

const thingsList: ResourceDefinition<Thing> = {
  id: 'things',
  path: 'things',
  title: 'Şeylər',
  api: { list: '/api/things', info: '/api/things/info', create: '/api/things/create', update: '/api/things/edit', remove: '/api/things/cancel', key: 'thing_id' },
  permissions: { read: 'things', create: 'thing_add', update: 'thing_edit', delete: 'thing_delete' },
  columns: () => [
    { key: 'name', title: 'Ad', render: (r) => r.name, filter: { kind: 'text', param: 'name' } },
    { key: 'limit', title: 'Limit', render: (r) => r.limit ?? '∞' },
  ],
  schema: { create: z.object({ name: z.string().trim().min(1).max(5), limit: z.string().optional() }) },
  defaults: { is_open: false },
  fields: [
    { name: 'name', label: 'Ad', kind: 'text' },
    { name: 'is_open', label: 'Limitsiz', kind: 'switch', isLocal: true, onChange: (on, { form }) => on && form.setFieldValue('limit', undefined) },
    { name: 'limit', label: 'Limit', kind: 'decimal', isDisabled: ({ values }) => Boolean(values.is_open) },
  ],
  details: () => [{ label: 'Ad', render: (r) => r.name }],
  deleteConfirm: 'Şeyi silməyə əminsinizmi?',
};

const ROWS: Thing[] = [{ id: 7, name: 'Bir', is_open: false, limit: '10' }];

function user(admin: number, permissions: string[]): AuthUser {
  return { id: 1, firstName: 'A', lastName: 'B', adminBranchId: null, admin, deliveryPointId: null, email: 'a@b.az', role: 'x', permissions };
}

interface Call { url: string; method: string; body: string }
let calls: Call[] = [];

function mockServer(reply: (call: Call) => { status: number; body: unknown } | undefined = () => undefined) {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => {
    const call = { url: String(input), method: init?.method ?? 'GET', body: init?.body ? String(init.body) : '' };
    calls.push(call);
    const custom = reply(call);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (custom) return json(custom.status, custom.body);
    if (call.url.startsWith('/api/things/info')) return json(200, { data: ROWS[0] });
    if (call.url.startsWith('/api/things?') || call.url === '/api/things') return json(200, { data: ROWS, total: 1 });
    return json(200, { data: { id: 7 } });
  }));
}
afterEach(() => vi.unstubAllGlobals());

function ShowPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderList(viewer: AuthUser, url = '/@next/things') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={{ user: viewer, signOutNow: () => undefined }}>
        <ToastProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/@next/things/*" element={<ThingsScreen />} />
            </Routes>
            <ShowPath />
          </MemoryRouter>
        </ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
function ThingsScreen() {
  return <Routes>{buildResourceRoutes(thingsList).map((r) => <Route key={r.path} path={r.path} element={r.element}>{r.children?.map((c) => <Route key={c.path} path={c.path} element={c.element} />)}</Route>)}</Routes>;
}

async function openRowMenu() {
  fireEvent.click(await screen.findByTestId('row-menu-7'));
}

// antd in jsdom is slow on a shared 2-core machine
describe('[RESOURCE][LIST] the generic settings list', { timeout: 30_000 }, () => {
  test('a full admin gets New, Select all, and details/edit/delete in the row menu', async () => {
    mockServer();
    renderList(user(1, []));
    await screen.findByText('Bir');
    expect(screen.getByTestId('things-create')).toBeTruthy();
    expect(screen.getByText('Hamısını seç')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yenilə' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sıfırla' })).toBeTruthy();
    // issue 16: the row menu is the first column after the checkbox, as on the main lists, not the last
    const cells = screen.getByText('Bir').closest('tr')?.querySelectorAll('td') ?? [];
    expect(cells[1]?.querySelector('[data-testid="row-menu-7"]')).not.toBeNull();
    await openRowMenu();
    expect((await screen.findAllByText('Ətraflı')).length).toBeGreaterThan(0);
    expect(screen.getByText('Redaktə et')).toBeTruthy();
    expect(screen.getByText('Sil')).toBeTruthy();
  });

  test('a reader without the write codes sees no New and only details in the row menu', async () => {
    mockServer();
    renderList(user(3, ['things']));
    await screen.findByText('Bir');
    expect(screen.queryByTestId('things-create')).toBeNull();
    await openRowMenu();
    await screen.findAllByText('Ətraflı');
    expect(screen.queryByText('Redaktə et')).toBeNull();
    expect(screen.queryByText('Sil')).toBeNull();
  });

  test('delete asks the list question first, then calls the delete path with the key', async () => {
    mockServer();
    renderList(user(1, []));
    await openRowMenu();
    fireEvent.click(await screen.findByText('Sil'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Diqqət').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Şeyi silməyə əminsinizmi?', { exact: false })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/api/things/cancel'))).toBe(false);
    fireEvent.click(screen.getByTestId('resource-delete-ok'));
    await waitFor(() => expect(calls.find((c) => c.url.startsWith('/api/things/cancel'))?.url).toBe('/api/things/cancel?thing_id=7'));
  });
});

describe('[RESOURCE][FORM] create and update', { timeout: 30_000 }, () => {
  test('a too-long value shows "Maksimum 5 simvol..." once touched; the toggle clears and disables the other field', async () => {
    mockServer();
    renderList(user(1, []), '/@next/things/create');
    const name = await screen.findByLabelText('Ad');
    fireEvent.change(name, { target: { value: 'Altıhərf' } });
    fireEvent.blur(name);
    await screen.findByText('Maksimum 5 simvol...');
    const limit = screen.getByLabelText('Limit') as HTMLInputElement;
    fireEvent.change(limit, { target: { value: '12,5' } });
    expect(limit.value).toBe('12.5');
    fireEvent.click(screen.getByTestId('field-is_open'));
    await waitFor(() => expect((screen.getByLabelText('Limit') as HTMLInputElement).disabled).toBe(true));
    expect((screen.getByLabelText('Limit') as HTMLInputElement).value).toBe('');
  });

  test('saving sends the form (local fields left out) and a 422 puts the server message on its field', async () => {
    mockServer((call) => (call.url === '/api/things/create' ? { status: 422, body: { message: 'Bu ad artıq var', errors: { name: ['Bu ad artıq var'] } } } : undefined));
    renderList(user(1, []), '/@next/things/create');
    fireEvent.change(await screen.findByLabelText('Ad'), { target: { value: 'Beş' } });
    fireEvent.click(screen.getByTestId('resource-save'));
    await screen.findByText('Bu ad artıq var');
    const sent = new URLSearchParams(calls.find((c) => c.url === '/api/things/create')?.body);
    expect(sent.get('name')).toBe('Beş');
    expect(sent.has('is_open')).toBe(false);
    expect(screen.getByTestId('path').textContent).toBe('/@next/things/create');
  });

  test('update loads the row into the form and goes back to the list after saving', async () => {
    mockServer();
    renderList(user(1, []), '/@next/things/7/update');
    await waitFor(() => expect((screen.getByLabelText('Ad') as HTMLInputElement).value).toBe('Bir'));
    fireEvent.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/things/edit'), { timeout: 3000 });
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/@next/things'));
    const sent = new URLSearchParams(calls.find((c) => c.url === '/api/things/edit')?.body);
    expect(sent.get('thing_id')).toBe('7');
    expect(sent.get('limit')).toBe('10');
  });
});

describe('[RESOURCE][RULES] permissions and the wire form', () => {
  test('writes need the action code where one is given, else the read code; admin holds all', () => {
    expect(canDo(user(1, []), thingsList.permissions, 'delete')).toBe(true);
    expect(canDo(user(3, ['things']), thingsList.permissions, 'delete')).toBe(false);
    expect(canDo(user(3, ['thing_delete']), thingsList.permissions, 'delete')).toBe(true);
    expect(canDo(user(3, ['tarifs']), { read: 'tarifs' }, 'create')).toBe(true);
  });

  test('blanks go as empty strings (clearing on edit), objects as JSON, local fields stay home', () => {
    expect(toWireForm(thingsList.fields as never, { name: 'A', limit: null, is_open: true, extra: { a: 1 }, on: false })).toEqual({ name: 'A', limit: '', extra: '{"a":1}', on: false });
  });
});
