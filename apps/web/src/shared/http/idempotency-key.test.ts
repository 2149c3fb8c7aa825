import { afterEach, describe, expect, test, vi } from 'vitest';
import { saveSession } from '../session/session-cookies';
import { http } from './http-client';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]!.trim()}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});

/** Records the Idempotency-Key of every call to the API (the token calls aside). */
function recordKeys(answer: (url: string, init: RequestInit, n: number) => Response | Promise<Response>) {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/admin/token') {
      return reply(200, { access_token: 'new-access', refresh_token: 'refresh-2', token_type: 'Bearer', expires_in: 900 });
    }
    keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
    return answer(url, init, keys.length);
  }));
  return keys;
}

describe('[HTTP][IDEMPOTENCY] one key per form submission, the same key on its retries', () => {
  test('the retry after a 401 and a token refresh sends the same key', async () => {
    saveSession({ access_token: 'old-access', refresh_token: 'refresh-1', token_type: 'Bearer', expires_in: 900 }, { remember: false });
    const keys = recordKeys((_url, init) => ((init.headers as Record<string, string>).Authorization === 'Bearer new-access'
      ? reply(200, { data: { id: 1 } }) : reply(401, { message: 'expired' })));
    await http.postForm('/api/admin/declaration/create', { price: '10.00' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{16,128}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test('two submissions of the same form that both succeed get different keys', async () => {
    saveSession({ access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 }, { remember: false });
    const keys = recordKeys(() => reply(200, { data: { id: 1 } }));
    await http.postForm('/api/admin/declaration/create', { price: '10.00' });
    await http.postForm('/api/admin/declaration/create', { price: '10.00' });
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });

  test('a submission retried after a network error (or a 5xx) reuses its key until the values change or it succeeds', async () => {
    saveSession({ access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 }, { remember: false });
    const keys = recordKeys((_url, _init, n) => {
      if (n === 1) throw new TypeError('Failed to fetch');
      if (n === 2) return reply(503, { message: 'down' });
      return reply(200, { data: { id: 1 } });
    });
    const pay = { declaration_id: [5, 6], confirm: 1, cash: '8.50' };
    await expect(http.postForm('/api/admin/declaration/pay', pay)).rejects.toMatchObject({ status: 0 });
    await expect(http.postForm('/api/admin/declaration/pay', pay)).rejects.toMatchObject({ status: 503 });
    await http.postForm('/api/admin/declaration/pay', pay);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    await http.postForm('/api/admin/declaration/pay', pay); // succeeded before: a new submission
    expect(keys[3]).not.toBe(keys[0]);
  });

  test('a changed form after a network error is a new submission with a new key; JSON bodies and files count too', async () => {
    saveSession({ access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 }, { remember: false });
    const keys = recordKeys(() => {
      throw new TypeError('Failed to fetch');
    });
    await http.postForm('/api/admin/declaration/create', { price: '10.00' }).catch(() => null);
    await http.postForm('/api/admin/declaration/create', { price: '11.00' }).catch(() => null);
    expect(keys[1]).not.toBe(keys[0]);
    await http.postJson('/api/admin/settings/data', { a: 1 }).catch(() => null);
    await http.postJson('/api/admin/settings/data', { a: 1 }).catch(() => null);
    expect(keys[3]).toBe(keys[2]);
    const file = (text: string) => new File([text], 'a.pdf', { type: 'application/pdf', lastModified: 1 });
    await http.postForm('/api/admin/declaration/create', { document_file: file('one') }).catch(() => null);
    await http.postForm('/api/admin/declaration/create', { document_file: file('two!') }).catch(() => null);
    expect(keys[5]).not.toBe(keys[4]);
  });

  test('an explicit key wins; reads and the token calls carry none', async () => {
    saveSession({ access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 }, { remember: false });
    const keys = recordKeys(() => reply(200, { data: [] }));
    await http.postForm('/api/admin/flights/execute', {}, { idempotencyKey: 'run-7-attempt' });
    await http.get('/api/admin/declaration/list');
    expect(keys).toEqual(['run-7-attempt', undefined]);
  });
});
