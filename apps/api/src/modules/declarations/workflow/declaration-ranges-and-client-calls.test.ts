import { az } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCustomsSimulator, type CustomsSimulator } from '../../../integrations/customs/simulator';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';

/*
 * Issue 16 (declaration form part): the form's field ranges on the server, and two calls real
 * clients make: declaration/customs_fin_change/{id} and declaration/trendyol/parcel.
 */

let sim: CustomsSimulator;
let ctx: TestContext;
let admin: Record<string, string>;
let partner: Record<string, string>;
let customer: number;
let otherCustomer: number;

const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const get = (url: string, headers = admin) => ctx.app.inject({ url, headers });
const base = (fields: Record<string, string | number> = {}) => ({
  user_id: customer, country_id: 1, branch_id: 1, product_type_id: 1, quantity: 1, price: '25.00', weight: '1.20', shop_name: 'Trendyol', ...fields,
});
async function create(fields: Record<string, string | number> = {}) {
  const res = await postForm(ctx.app, '/api/admin/declaration/create', admin, base(fields));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; track_code: string };
}
const finOf = async (userId: number) => (await rows<{ fin: string | null }>(sql`select fin from users where id = ${userId}`))[0]!.fin;
const addsOf = (track: string) =>
  rows<{ status: string; fin: string }>(sql`select status, json->>'fin' as fin from customs_queue where track_code = ${track} and action = 'add' order by id`);

beforeAll(async () => {
  sim = await startCustomsSimulator({ declareAfterMs: 3_600_000, declareRatio: 1 });
  ctx = await startTestApp({
    declarations: 60,
    env: { CUSTOMS_BASE_URL: sim.url, CUSTOMS_API_KEY: sim.apiKey, CUSTOMS_TIMEOUT_MS: '500', CUSTOMS_RETRIES: '1', CUSTOMS_RETRY_SECONDS: '1' },
  });
  await db().execute(sql`insert into settings (group_id, key, value) values ('global', 'sendDeclarationsToCustoms', 'true'::jsonb)
    on conflict (group_id, key) do update set value = excluded.value`);
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
  const customers = await rows<{ id: number }>(sql`select id from users where admin = 0 and fin is not null and deleted_at is null order by id limit 2`);
  customer = customers[0]!.id;
  otherCustomer = customers[1]!.id;
}, 90_000);
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

describe('[DECLARATIONS][FORM][RANGES] issue 16: the server refuses out-of-range fields with the field\'s own text', () => {
  test.each([
    ['weight', '99999999', 'Çəki 0.01–1000 kq arasında olmalıdır'],
    ['weight', '-1', 'Çəki 0.01–1000 kq arasında olmalıdır'],
    ['weight', '2.345', 'Ən çox 2 onluq rəqəm yazıla bilər'],
    ['quantity', '0', 'Miqdar 1–1000 ədəd arasında tam ədəd olmalıdır'],
    ['quantity', '-3', 'Miqdar 1–1000 ədəd arasında tam ədəd olmalıdır'],
    ['price', '-10', 'Məhsulun dəyəri 0–100000 arasında olmalıdır'],
    ['delivery_price', '20000', 'Çatdırılma qiyməti 0–10000 $ arasında olmalıdır'],
    ['descr', 'x'.repeat(2001), 'Təsvir ən çox 2000 simvol ola bilər'],
  ])('create with %s=%s → 422 on the field: %s; nothing saved', async (field, value, message) => {
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from declarations`))[0]!.n;
    const res = await postForm(ctx.app, '/api/admin/declaration/create', admin, base({ [field]: value }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from declarations`))[0]!.n).toBe(before);
  });

  test('edit and the unknown-declaration form say the same; the edges pass', async () => {
    const d = await create({ weight: '1000', quantity: 1000, price: '0', descr: 'y'.repeat(2000) });
    const edit = await postForm(ctx.app, '/api/admin/declaration/edit', admin, { declaration_id: d.id, weight: '1000.01' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.weight).toEqual(['Çəki 0.01–1000 kq arasında olmalıdır']);
    const unknown = await postForm(ctx.app, '/api/admin/conflicted_declaration/create', admin, { track_code: 'UNK-RANGE-1', country_id: 1, quantity: '0', weight: '-2' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toMatchObject({
      quantity: ['Miqdar 1–1000 ədəd arasında tam ədəd olmalıdır'],
      weight: ['Çəki 0.01–1000 kq arasında olmalıdır'],
    });
  });
});

describe('[DECLARATIONS][CUSTOMS-FIN] GET declaration/customs_fin_change/{id}?pincode', () => {
  test('a parcel not sent yet: the customer\'s FIN changes and the queued add goes with the new FIN', async () => {
    const d = await create();
    expect((await addsOf(d.track_code)).map((a) => a.status)).toEqual(['queued']);
    const res = await get(`/api/admin/declaration/customs_fin_change/${d.id}?pincode=5abc12x`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ declaration_id: d.id, user_id: customer, fin: '5ABC12X', changed: true, customs: 'queued' });
    expect(await finOf(customer)).toBe('5ABC12X');
    // the old add (old FIN) is dropped; the new one carries the new FIN and is what customs receives
    expect(await addsOf(d.track_code)).toEqual([
      { status: 'failed', fin: expect.not.stringMatching(/^5ABC12X$/) },
      { status: 'queued', fin: '5ABC12X' },
    ]);
    await ctx.app.jobs.runDue();
    expect(sim.addCount(d.track_code)).toBe(1);
    // audited on the declaration (a GET writes no automatic audit entry)
    const audit = await rows<{ action: string }>(sql`select action from audit_log where entity = 'declaration' and entity_id = ${String(d.id)} and action = 'declaration.customs_fin_change'`);
    expect(audit).toHaveLength(1);
  });

  test('the same FIN again changes nothing; a parcel customs holds stays held', async () => {
    const d = await create();
    await ctx.app.jobs.runDue();
    const again = await get(`/api/admin/declaration/customs_fin_change/${d.id}?pincode=5ABC12X`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ changed: false, customs: 'held' });
    const changed = await get(`/api/admin/declaration/customs_fin_change/${d.id}?pincode=7XYZ321`);
    expect(changed.json().data).toMatchObject({ changed: true, customs: 'held', fin: '7XYZ321' });
    expect(sim.addCount(d.track_code)).toBe(1);
  });

  test('refused: a FIN that is not 7 letters or digits, another customer\'s FIN, a parcel declared at customs, an unknown id', async () => {
    const d = await create();
    const bad = await get(`/api/admin/declaration/customs_fin_change/${d.id}?pincode=12-34`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.pincode).toEqual([az.declarations.finInvalid]);
    const missing = await get(`/api/admin/declaration/customs_fin_change/${d.id}`);
    expect(missing.statusCode).toBe(422);

    const othersFin = await finOf(otherCustomer);
    const taken = await get(`/api/admin/declaration/customs_fin_change/${d.id}?pincode=${othersFin}`);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.pincode).toEqual([az.declarations.finTaken]);

    await ctx.app.jobs.runDue();
    await db().execute(sql`update customs_parcels set post_status = 1, reg_number = 'REG-1' where track_code = ${d.track_code}`);
    const finBefore = await finOf(customer);
    const declared = await get(`/api/admin/declaration/customs_fin_change/${d.id}?pincode=9QWE123`);
    expect(declared.statusCode).toBe(422);
    expect(declared.json().errors.pincode).toEqual([az.declarations.finChangeDeclared]);
    expect(await finOf(customer)).toBe(finBefore);

    expect((await get('/api/admin/declaration/customs_fin_change/2147483000?pincode=9QWE123')).statusCode).toBe(404);
    expect((await get(`/api/admin/declaration/customs_fin_change/${d.id}?pincode=9QWE123`, partner)).statusCode).toBe(403);
  });
});

describe('[DECLARATIONS][MARKETPLACE] GET declaration/trendyol/parcel', () => {
  test('a marketplace parcel by track code, global track code or id, as a marketplace list row; 404 for others', async () => {
    const [m] = await rows<{ id: number; track_code: string; global_track_code: string | null }>(
      sql`select id, track_code, global_track_code from declarations where trendyol in (1, 2) and deleted_at is null order by id limit 1`);
    expect(m, 'the demo data has marketplace parcels').toBeDefined();
    const byTrack = await get(`/api/admin/declaration/trendyol/parcel?track_code=${m!.track_code}`);
    expect(byTrack.statusCode, byTrack.body).toBe(200);
    expect(byTrack.json().data).toMatchObject({ id: m!.id, track_code: m!.track_code });
    expect(byTrack.json().data).toHaveProperty('pin_code');
    expect(byTrack.json().data).toHaveProperty('trendyol_state_name');
    if (m!.global_track_code) {
      expect((await get(`/api/admin/declaration/trendyol/parcel?track_code=${m!.global_track_code}`)).json().data.id).toBe(m!.id);
    }
    expect((await get(`/api/admin/declaration/trendyol/parcel?declaration_id=${m!.id}`)).json().data.id).toBe(m!.id);

    const internal = await create();
    expect((await get(`/api/admin/declaration/trendyol/parcel?track_code=${internal.track_code}`)).statusCode).toBe(404);
    expect((await get('/api/admin/declaration/trendyol/parcel?track_code=NO-SUCH-CODE')).statusCode).toBe(404);
    expect((await get('/api/admin/declaration/trendyol/parcel')).statusCode).toBe(422);
  });
});
