import type { DeclarationDetail } from '@app/contract/declarations';
import { az } from '@app/contract/texts/az';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { users } from '../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

/*
 * Issue 4 part 4: the delivery price of a declaration comes from the tariffs. A changed tariff
 * prices new declarations and re-priced ones (an edit of weight, country or type), never a stored
 * price by itself, and never a declaration already handed over (status 10).
 * Seeded standard bands (reference-data.ts): Turkey 0.5–0.75 kg other = tariff 6 (4.50), liquid = 5
 * (6.00); America 0.5–0.75 kg other = tariff 26 (5.50).
 */
let ctx: TestContext;
let admin: Record<string, string>;
let customerId: number;
beforeAll(async () => {
  ctx = await startTestApp({ customers: 3, declarations: 0 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  customerId = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(1))[0]!.id;
});
afterAll(() => ctx.close());

const base = () => ({ user_id: customerId, country_id: 1, branch_id: 1, product_type_id: 1, quantity: 1, price: '40.00', shop_name: 'Trendyol', type: 2 });

async function create(fields: Record<string, string | number>) {
  const res = await postForm(ctx.app, '/api/admin/declaration/create', admin, { ...base(), ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DeclarationDetail;
}
async function edit(id: number, fields: Record<string, string | number>) {
  return postForm(ctx.app, '/api/admin/declaration/edit', admin, { declaration_id: id, ...fields });
}
const info = async (id: number) => (await ctx.app.inject({ url: `/api/admin/declaration/info?declaration_id=${id}`, headers: admin })).json().data as DeclarationDetail;

/** Changes a band's price through the tariffs screen's call (spec §7 POST tariff/edit). */
async function setTariffPrice(id: number, band: { country: number; from: string; to: string; type: number }, price: string) {
  const res = await postForm(ctx.app, '/api/admin/tariff/edit', admin, {
    tariff_id: id, country_id: band.country, from_weight: band.from, to_weight: band.to, price, type: band.type, is_special: 0, tariff_category_id: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const TR_OTHER = { country: 1, from: '0.5', to: '0.75', type: 2 };
const TR_LIQUID = { country: 1, from: '0.5', to: '0.75', type: 1 };
const US_OTHER = { country: 2, from: '0.5', to: '0.75', type: 2 };

describe('[SETTINGS][TARIFFS] tariffs drive the delivery price', () => {
  let before: DeclarationDetail;
  let other: DeclarationDetail;
  let handedOver: DeclarationDetail;

  test('declarations made under the old tariff carry its price', async () => {
    before = await create({ weight: '0.6' });
    other = await create({ weight: '0.6' });
    handedOver = await create({ weight: '0.6' });
    expect([before.delivery_price, other.delivery_price, handedOver.delivery_price]).toEqual(['4.50', '4.50', '4.50']);
    // The third parcel is handed over to its customer (status 10).
    await ctx.database.db.update(declarations).set({ statusId: 10 }).where(eq(declarations.id, handedOver.id));
  });

  test('a changed tariff prices a new declaration', async () => {
    await setTariffPrice(6, TR_OTHER, '9.00');
    expect((await create({ weight: '0.6' })).delivery_price).toBe('9.00');
  });

  test('an existing declaration keeps its stored price until it is re-priced; an edit of other fields does not re-price', async () => {
    expect((await info(before.id)).delivery_price).toBe('4.50');
    const res = await edit(before.id, { descr: 'Qutu əzilib' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await info(before.id)).delivery_price).toBe('4.50');
  });

  test('an edit of the weight re-prices by the changed tariff', async () => {
    const res = await edit(before.id, { weight: '0.7' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await info(before.id)).delivery_price).toBe('9.00');
  });

  test('an edit of the country re-prices by that country\'s changed tariff', async () => {
    await setTariffPrice(26, US_OTHER, '12.00');
    expect((await edit(before.id, { country_id: 2 })).statusCode).toBe(200);
    expect((await info(before.id)).delivery_price).toBe('12.00');
  });

  test('an edit of the type (other → liquid) re-prices by the changed liquid band', async () => {
    await setTariffPrice(5, TR_LIQUID, '15.00');
    expect((await edit(other.id, { type: 1 })).statusCode).toBe(200);
    expect((await info(other.id)).delivery_price).toBe('15.00');
  });

  test('a handed-over declaration (status 10) is never re-priced: the tariff change leaves it, an edit is refused', async () => {
    await setTariffPrice(6, TR_OTHER, '20.00');
    expect((await info(handedOver.id)).delivery_price).toBe('4.50');
    const res = await edit(handedOver.id, { weight: '0.7' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(az.declarations.notEditable);
    const stored = await ctx.database.db.execute(sql`select delivery_price, weight from declarations where id = ${handedOver.id}`);
    expect(stored.rows[0]).toMatchObject({ delivery_price: '4.50', weight: '0.60' });
  });
});
