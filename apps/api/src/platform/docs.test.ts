import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ customers: 2, declarations: 0 });
});
afterAll(() => ctx.close());

test('[PLATFORM][OPENAPI] the documentation page is served at /api/docs', async () => {
  const entry = await ctx.app.inject({ url: '/api/docs' });
  const page = entry.statusCode === 302 ? await ctx.app.inject({ url: new URL(entry.headers.location as string, 'http://x/api/docs/').pathname }) : entry;
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('swagger');
});
