import { afterEach, describe, expect, test, vi } from 'vitest';
import { readSession, saveSession } from '../session/session-cookies';
import { http, onSessionExpired } from './http-client';
import { HttpError } from './http-error';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function signInAs(access: string, refresh: string) {
  saveSession({ access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: 900 }, { remember: false });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]!.trim()}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});

describe('[HTTP][SESSION] the bearer token, one shared refresh on 401, and the way out', () => {
  test('two calls that meet an expired token refresh once and both succeed with the new token', async () => {
    signInAs('old-access', 'refresh-1');
    const seen: string[] = [];
    let refreshes = 0;
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/admin/token') {
        refreshes += 1;
        expect(String(init.body)).toBe('grant_type=refresh_token&refresh_token=refresh-1');
        await new Promise((r) => setTimeout(r, 20));
        return reply(200, { access_token: 'new-access', refresh_token: 'refresh-2', token_type: 'Bearer', expires_in: 900 });
      }
      const auth = (init.headers as Record<string, string>).Authorization ?? '';
      seen.push(`${url} ${auth}`);
      return auth === 'Bearer new-access' ? reply(200, { data: url }) : reply(401, { message: 'expired' });
    }));

    const [a, b] = await Promise.all([http.get<{ data: string }>('/api/a'), http.get<{ data: string }>('/api/b')]);
    expect([a.data, b.data]).toEqual(['/api/a', '/api/b']);
    expect(refreshes).toBe(1);
    expect(readSession()).toEqual({ accessToken: 'new-access', refreshToken: 'refresh-2', tokenType: 'Bearer' });
    expect(seen.filter((line) => line.endsWith('new-access'))).toHaveLength(2);
  });

  test('when the refresh is refused the session is cleared and the app is told to go to /login', async () => {
    signInAs('old-access', 'refresh-1');
    vi.stubGlobal('fetch', vi.fn(async (url: string) =>
      url === '/api/admin/token' ? reply(400, { error: 'invalid_grant', message: 'x' }) : reply(401, { message: 'expired' })));
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    await expect(http.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(readSession()).toBeNull();
    stop();
  });

  test('spec §8: 422 field messages are joined with ". ", 403 keeps the server text, no network says so', async () => {
    signInAs('a', 'r');
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.startsWith('/api/422')) return reply(422, { message: 'x', errors: { weight: ['Çəki mütləqdir'], price: ['Qiymət səhvdir'] } });
      if (url.startsWith('/api/403')) return reply(403, { message: 'Bu əməliyyat üçün icazəniz yoxdur.' });
      throw new TypeError('Failed to fetch');
    }));
    const invalid = await http.get('/api/422').catch((e: HttpError) => e);
    expect(invalid).toBeInstanceOf(HttpError);
    expect((invalid as HttpError).message).toBe('Çəki mütləqdir. Qiymət səhvdir');
    expect((invalid as HttpError).errors.weight).toEqual(['Çəki mütləqdir']);
    await expect(http.get('/api/403')).rejects.toMatchObject({ status: 403, message: 'Bu əməliyyat üçün icazəniz yoxdur.' });
    await expect(http.get('/api/down')).rejects.toMatchObject({ status: 0, message: 'Şəbəkə ilə əlaqə qurula bilmədi' });
  });

  test('list params: empty filters are left out, lists are comma-joined', async () => {
    signInAs('a', 'r');
    const fetchMock = vi.fn(async (_url: string) => reply(200, { data: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await http.get('/api/list', { page: 1, track_code: '', state_id: ['9', '10'], payed: undefined });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/list?page=1&state_id=9%2C10');
  });
});
