import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCustomsSimulator, type CustomsSimulator } from '../../integrations/customs/simulator';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

/*
 * Issue 7, customs link: a parcel at the foreign warehouse is added to customs (state 0) from the
 * declaration's own save — once it has what customs needs — and never twice.
 */

let sim: CustomsSimulator;
let ctx: TestContext;
let admin: Record<string, string>;
let withFin: number;
let withoutFin: number;

const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const addsOf = (track: string) => rows<{ status: string }>(sql`select status from customs_queue where track_code = ${track} and action in ('add', 'add_commercial') order by id`);
const base = (userId: number) => ({ user_id: userId, country_id: 1, branch_id: 1, product_type_id: 1, quantity: 1, price: '250.00', shop_name: 'Trendyol', type: 2 });
async function save(url: string, fields: Record<string, string | number>) {
  const res = await postForm(ctx.app, url, admin, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; track_code: string };
}

beforeAll(async () => {
  sim = await startCustomsSimulator({ declareAfterMs: 3_600_000, declareRatio: 1 });
  ctx = await startTestApp({
    declarations: 40,
    env: { CUSTOMS_BASE_URL: sim.url, CUSTOMS_API_KEY: sim.apiKey, CUSTOMS_TIMEOUT_MS: '500', CUSTOMS_RETRIES: '1', CUSTOMS_RETRY_SECONDS: '1' },
  });
  await db().execute(sql`insert into settings (group_id, key, value) values ('global', 'sendDeclarationsToCustoms', 'true'::jsonb)
    on conflict (group_id, key) do update set value = excluded.value`);
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  withFin = (await rows<{ id: number }>(sql`select id from users where admin = 0 and fin is not null order by id limit 1`))[0]!.id;
  withoutFin = (await rows<{ id: number }>(sql`update users set fin = null where id = (select id from users where admin = 0 and id <> ${withFin} order by id limit 1) returning id`))[0]!.id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

describe('[CUSTOMS][ADD] saving a declaration sends it to customs', () => {
  test('a complete new parcel is queued in the save and added by the job runner, once', async () => {
    const d = await save('/api/admin/declaration/create', { ...base(withFin), weight: '1.2' });
    expect(await addsOf(d.track_code)).toEqual([{ status: 'queued' }]);
    await ctx.app.jobs.runDue();
    expect(sim.addCount(d.track_code)).toBe(1);
    expect(await addsOf(d.track_code)).toEqual([{ status: 'sent' }]);
    // an edit afterwards (the parcel is at customs already) adds nothing
    await save('/api/admin/declaration/edit', { declaration_id: d.id, descr: 'Qutu əzilib' });
    await save('/api/admin/declaration/edit', { declaration_id: d.id, price: '260.00' });
    await ctx.app.jobs.runDue();
    expect(sim.addCount(d.track_code)).toBe(1);
    expect(await addsOf(d.track_code)).toHaveLength(1);
  });

  test('an incomplete parcel waits; the edit that completes it sends it', async () => {
    const d = await save('/api/admin/declaration/create', { ...base(withFin) }); // no weight yet
    expect(await addsOf(d.track_code)).toEqual([]);
    await save('/api/admin/declaration/edit', { declaration_id: d.id, weight: '0.8' });
    await ctx.app.jobs.runDue();
    expect(sim.addCount(d.track_code)).toBe(1);
    const noFin = await save('/api/admin/declaration/create', { ...base(withoutFin), weight: '0.5' });
    expect(await addsOf(noFin.track_code)).toEqual([]); // customs needs the customer's FIN
  });

  test('with sendDeclarationsToCustoms off nothing is queued', async () => {
    await db().execute(sql`update settings set value = 'false'::jsonb where group_id = 'global' and key = 'sendDeclarationsToCustoms'`);
    try {
      const d = await save('/api/admin/declaration/create', { ...base(withFin), weight: '2' });
      expect(await addsOf(d.track_code)).toEqual([]);
    } finally {
      await db().execute(sql`update settings set value = 'true'::jsonb where group_id = 'global' and key = 'sendDeclarationsToCustoms'`);
    }
  });
});
