import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await startTestApp({ customers: 5, declarations: 20 });
  token = (await logInAs(ctx.app, 'ofis@example.az')).access_token;
});
afterAll(() => ctx.close());

async function get(url: string, auth = token) {
  const res = await ctx.app.inject({ url, headers: bearer(auth) });
  return { status: res.statusCode, body: res.json() };
}

describe('[SETTINGS][LOOKUPS] the lists every form picks from', () => {
  test('shop names come with their country, Trendyol in Turkey and Amazon in America', async () => {
    const { status, body } = await get('/api/admin/shop_names?per_page=15000');
    expect(status).toBe(200);
    expect(body.data).toContainEqual(expect.objectContaining({ id: expect.any(Number), name: 'Trendyol', country_id: 1 }));
    expect(body.data).toContainEqual(expect.objectContaining({ id: expect.any(Number), name: 'Amazon', country_id: 2 }));
  });

  test('tariff categories start with the standard one (id 1)', async () => {
    const { body } = await get('/api/admin/tariff/category_list?per_page=1000');
    expect(body.data[0]).toMatchObject({ id: 1, name: 'Standart' });
    expect(body.total).toBe(body.data.length);
  });

  test('box options can be narrowed to one branch', async () => {
    const all = await get('/api/admin/containers/options');
    const one = await get('/api/admin/containers/options?branch_id=2');
    // A bare array of { id, container_name } (issue 14 wire format).
    expect(all.body.length).toBeGreaterThan(one.body.length);
    expect(one.body.length).toBeGreaterThan(0);
    expect(one.body.every((b: { branch_id: number; container_name: string }) => b.branch_id === 2 && typeof b.container_name === 'string')).toBe(true);
  });

  test('a partner is refused the office box list', async () => {
    const partner = (await logInAs(ctx.app, 'partner@example.az')).access_token;
    expect((await get('/api/admin/containers/options', partner)).status).toBe(403);
  });
});
