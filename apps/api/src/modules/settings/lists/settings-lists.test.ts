import { az, fill } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantPermissions } from '../../../db/seed/demo-seed';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';
import type { PermissionCode } from '@app/contract/permissions';

let ctx: TestContext;
let admin: Record<string, string>;
let staff: Record<string, string>;
let staffId: number;

beforeAll(async () => {
  ctx = await startTestApp({ customers: 5, declarations: 20 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  staff = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  const rows = await ctx.database.db.execute<{ id: number }>(sql`select id from users where email = 'anbar@example.az'`);
  staffId = Number(rows.rows[0]!.id);
}, 60_000);
afterAll(() => ctx.close());

/** The warehouseman holds exactly these codes for the next calls (the guard reads them per request). */
async function grant(...codes: PermissionCode[]) {
  await grantPermissions(ctx.database.db, staffId, codes);
}

async function get(url: string, headers = admin) {
  const res = await ctx.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json() };
}
async function post(url: string, fields: Record<string, string | number>, headers = admin) {
  const res = await postForm(ctx.app, url, headers, fields);
  return { status: res.statusCode, body: res.json() };
}
async function count(table: string): Promise<number> {
  const r = await ctx.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return Number(r.rows[0]!.n);
}
async function auditCount(action: string): Promise<number> {
  const r = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = ${action}`);
  return Number(r.rows[0]!.n);
}

interface ListCase {
  name: string;
  table: string;
  entity: string;
  read: PermissionCode;
  list: string;
  info: string;
  key: string;
  create?: { path: string; form: Record<string, string | number> };
  edit: { path: string; form: Record<string, string | number>; expect: Record<string, unknown> };
  remove?: { path: string; method?: 'GET' | 'POST' };
  /** The list doubles as a lookup: others get these columns only. */
  lookup?: string[];
  filter: string;
}

const CASES: ListCase[] = [
  {
    name: 'tariffs', table: 'tariffs', entity: 'tariff', read: 'tarifs', list: '/api/client/v2/tariff/list', info: '/api/admin/tariff/getinfo', key: 'tariff_id',
    create: { path: '/api/admin/tariff/create', form: { country_id: 1, from_weight: '30', to_weight: '40', price: '7.50', type: 2, units: 1 } },
    edit: { path: '/api/admin/tariff/edit', form: { country_id: 1, from_weight: '30', to_weight: '45', price: '8.00', old_price: '7.50', type: 2, units: 1 }, expect: { to_weight: '45.000', price: '8.00', old_price: '7.50' } },
    remove: { path: '/api/admin/tariff/cancel' }, filter: 'country_id=1',
  },
  {
    name: 'plan categories', table: 'tariff_categories', entity: 'tariff_category', read: 'tarifs', list: '/api/admin/tariff/category_list', info: '/api/admin/tariff/category_info', key: 'tariff_category_id',
    create: { path: '/api/admin/tariff/category_create', form: { name: 'Kitablar', country_id: 1, descr: 'Kitablar üçün' } },
    edit: { path: '/api/admin/tariff/category_edit', form: { name: 'Kitab və jurnallar', country_id: 1 }, expect: { name: 'Kitab və jurnallar' } },
    remove: { path: '/api/admin/tariff/category_cancel' }, lookup: ['country_id', 'descr', 'id', 'name'], filter: 'name=Kitab',
  },
  {
    name: 'branches', table: 'branches', entity: 'branch', read: 'branches', list: '/api/admin/branches', info: '/api/admin/branches/info', key: 'branch_id',
    create: { path: '/api/admin/branches/create', form: { name: 'Xətai filialı', company_id: 1, latitude: '40.3833', longitude: '49.8667', sorting_letter: 'X', is_branch: '1' } },
    edit: { path: '/api/admin/branches/edit', form: { name: 'Xətai filialı 2', company_id: 1, is_branch: '1', open_hour: '09:00', close_hour: '19:00' }, expect: { name: 'Xətai filialı 2', open_hour: '09:00', state_id: 85 } },
    remove: { path: '/api/admin/branches/cancel' }, lookup: ['company_id', 'id', 'name'], filter: 'name=Xətai',
  },
  {
    name: 'return reasons', table: 'return_reasons', entity: 'return_reason', read: 'return_reasons', list: '/api/admin/return_reasons', info: '/api/admin/return_reasons/info', key: 'return_reason_id',
    create: { path: '/api/admin/return_reasons/create', form: { reason: 'Ölçü uyğun gəlmədi' } },
    edit: { path: '/api/admin/return_reasons/edit', form: { reason: 'Ölçü uyğun deyil' }, expect: { reason: 'Ölçü uyğun deyil' } },
    remove: { path: '/api/admin/return_reasons/cancel' }, lookup: ['id', 'name', 'reason'], filter: 'reason=Ölçü',
  },
  {
    name: 'return types', table: 'return_types', entity: 'return_type', read: 'return_reasons', list: '/api/admin/return_types', info: '/api/admin/return_types/info', key: 'return_type_id',
    create: { path: '/api/admin/return_types/create', form: { name: 'Tam iadə', return_reason_id: 1 } },
    edit: { path: '/api/admin/return_types/edit', form: { name: 'Qismən iadə', return_reason_id: 2 }, expect: { name: 'Qismən iadə', return_reason_id: 2 } },
    remove: { path: '/api/admin/return_types/cancel' }, filter: 'name=iadə',
  },
  {
    name: 'product types', table: 'product_types', entity: 'product_type', read: 'producttypes', list: '/api/admin/product-types/getlist', info: '/api/admin/product-types/getinfo', key: 'product_type_id',
    create: { path: '/api/admin/product-types/create', form: { name_az: 'Musiqi aləti', name_en: 'Musical instrument', name_ru: 'Музыкальный инструмент', name_tr: 'Müzik aleti', customs_id: '9207', parent_id: 8 } },
    edit: { path: '/api/admin/product-types/edit', form: { name_az: 'Musiqi alətləri', name_en: 'Musical instruments', customs_id: '9207' }, expect: { name_az: 'Musiqi alətləri', parent_id: null, name_ru: '' } },
    remove: { path: '/api/admin/product-types/cancel' }, lookup: ['id', 'name', 'parent_id'], filter: 'name=instrument',
  },
  {
    name: 'shop names', table: 'shop_names', entity: 'shop_name', read: 'shop_names', list: '/api/admin/shop_names', info: '/api/admin/shop_names/info', key: 'shop_name_id',
    create: { path: '/api/admin/shop_names/create', form: { name: 'Mavi', country_id: 1 } },
    edit: { path: '/api/admin/shop_names/edit', form: { name: 'Mavi Jeans', country_id: 1 }, expect: { name: 'Mavi Jeans', country_name: 'Türkiyə' } },
    remove: { path: '/api/admin/shop_names/cancel' }, lookup: ['country_id', 'id', 'name'], filter: 'name=Mavi',
  },
  {
    name: 'branch partners', table: 'companies', entity: 'company', read: 'companies', list: '/api/admin/companies', info: '/api/admin/companies/info', key: 'company_id',
    create: { path: '/api/admin/companies/create', form: { name: 'Lənkəran Kargo MMC', is_owner: '0', contact: '+994 25 555 12 12' } },
    edit: { path: '/api/admin/companies/edit', form: { name: 'Lənkəran Kargo', is_owner: '0', contact: '+994 25 555 12 13', state_id: 86 }, expect: { name: 'Lənkəran Kargo', state_id: 86, state_name: 'Deaktiv' } },
    remove: { path: '/api/admin/companies/delete', method: 'GET' }, lookup: ['id', 'name'], filter: 'name=Lənkəran',
  },
  {
    name: 'countries', table: 'countries', entity: 'country', read: 'countries', list: '/api/admin/countries', info: '/api/admin/countries/info', key: 'country_id',
    create: { path: '/api/admin/countries/create', form: { country_name: 'Almaniya', abbr: 'DE', currency: '€', currency_type: 'eur', custom_fields: '{"vat":"19%"}', box: '1', has_warehouse: '1' } },
    edit: { path: '/api/admin/countries/edit', form: { country_name: 'Almaniya', currency: '€', currency_type: 'EUR', unit: 'LBS', custom_fields: '{}', zero_price: '1' }, expect: { unit: 'LBS', zero_price: 1, box: 0, name: 'Almaniya', custom_fields: {} } },
    remove: { path: '/api/admin/countries/cancel' }, lookup: ['country_name', 'currency_type', 'id', 'name'], filter: 'country_name=Alman',
  },
  {
    name: 'statuses', table: 'statuses', entity: 'status', read: 'states', list: '/api/admin/states/list', info: '/api/admin/states/getinfobystateid', key: 'state_id',
    create: { path: '/api/admin/states/create', form: { state_id: 300, model_id: 1, name: 'Kuryerə verilib', name_en: 'Given to courier', sort: 9, freely: '1' } },
    edit: { path: '/api/admin/states/edit', form: { state_id: 300, model_id: 1, name: 'Kuryerdədir', parent_id: 10, sort: 9 }, expect: { name: 'Kuryerdədir', parent_name: 'Tamamlanıb', freely: 0 } },
    filter: 'model_id=1',
  },
  {
    name: 'regions', table: 'regions', entity: 'region', read: 'regions', list: '/api/admin/regions/getlist', info: '/api/admin/regions/getinfo', key: 'region_id',
    create: { path: '/api/admin/regions/create', form: { name: 'Yasamal', branch_id: 1, courier_price: '3.00', sort: 1 } },
    edit: { path: '/api/admin/regions/edit', form: { name: 'Yasamal rayonu', branch_id: 2, courier_price: '3.50' }, expect: { name: 'Yasamal rayonu', courier_price: '3.50', branch_id: 2 } },
    remove: { path: '/api/admin/regions/cancel' }, lookup: ['id', 'name'], filter: 'name=Yasamal',
  },
  {
    name: 'coupons', table: 'coupons', entity: 'coupon', read: 'coupons', list: '/api/admin/coupons', info: '/api/admin/coupons/info', key: 'coupon_id',
    create: { path: '/api/admin/coupons/create', form: { code: 'yay2026', type: 1, amount: '10', starts_at: '2026-06-01', ends_at: '2026-08-31' } },
    edit: { path: '/api/admin/coupons/edit', form: { code: 'YAY2026', type: 2, amount: '5.00', usage_limit: 100 }, expect: { code: 'YAY2026', type: 2, usage_limit: 100, starts_at: null } },
    filter: 'code=YAY',
  },
  {
    name: 'foreign cargoes', table: 'cargoes', entity: 'cargo', read: 'foreign_cargoes', list: '/api/admin/cargoes', info: '/api/admin/cargoes/info', key: 'cargo_id',
    create: { path: '/api/admin/cargoes/create', form: { cargo_name: 'Aras Kargo', country_id: 1, website: 'https://www.araskargo.com.tr' } },
    edit: { path: '/api/admin/cargoes/edit', form: { cargo_name: 'Aras Kargo', country_id: 1, is_active: '0' }, expect: { cargo_name: 'Aras Kargo', is_active: false, website: '' } },
    remove: { path: '/api/admin/cargoes/cancel' }, filter: 'cargo_name=Aras',
  },
  {
    name: 'refunds', table: 'refunds', entity: 'refund', read: 'returns', list: '/api/admin/returns', info: '/api/admin/returns/info', key: 'return_id',
    create: { path: '/api/admin/returns/create', form: { user_id: 5, amount: '12.40', currency: 'AZN', return_reason_id: 1 } },
    edit: { path: '/api/admin/returns/edit', form: { user_id: 5, amount: '15.00', currency: 'USD' }, expect: { amount: '15.00', currency: 'USD', state_id: 140 } },
    remove: { path: '/api/admin/returns/cancel' }, filter: 'user_id=5',
  },
  {
    name: 'models', table: 'models', entity: 'model', read: 'models', list: '/api/admin/models/getlist', info: '/api/admin/models/info', key: 'model_id',
    create: { path: '/api/admin/models/create', form: { name: 'Sayım parametrləri', sort: 30, description: 'Anbar sayımı' } },
    edit: { path: '/api/admin/models/edit', form: { name: 'Parametrlər', sort: 11 }, expect: { name: 'Parametrlər', sort: 11, descr: '' } },
    lookup: ['id', 'name'], filter: 'name=Parametrl',
  },
];

describe.each(CASES)('[SETTINGS][LISTS] $name through the one resource pattern', (c) => {
  let id: number;
  let keyQuery: string;

  test('admin creates a row (audit entry in the same transaction), reads it and finds it by filter', async () => {
    if (c.create) {
      const before = await auditCount(`${c.entity}.create`);
      const created = await post(c.create.path, c.create.form);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      id = created.body.data.id;
      expect(id).toBeGreaterThan(0);
      expect(await auditCount(`${c.entity}.create`)).toBe(before + 1);
    } else {
      id = Number(c.edit.form[c.key]);
    }
    keyQuery = c.key === 'state_id' ? `model_id=1&state_id=${id}` : `${c.key}=${id}`;
    const info = await get(`${c.info}?${keyQuery}`);
    expect(info.status).toBe(200);
    expect(info.body.data.id).toBe(id);
    const list = await get(`${c.list}?${c.filter}&per_page=50`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(id);
    expect(list.body.total).toBeGreaterThanOrEqual(1);
  });

  test('admin edits it and reads the new values back', async () => {
    const edited = await post(c.edit.path, { ...c.edit.form, [c.key]: id });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const info = await get(`${c.info}?${keyQuery}`);
    expect(info.body.data).toMatchObject(c.edit.expect);
  });

  test('without the list code: reading is refused (or lookup columns only) and writing changes nothing', async () => {
    await grant();
    const list = await get(`${c.list}?per_page=5`, staff);
    if (c.lookup) {
      expect(list.status).toBe(200);
      expect(Object.keys(list.body.data[0]).sort()).toEqual(c.lookup);
    } else {
      expect(list.status).toBe(403);
    }
    expect((await get(`${c.info}?${keyQuery}`, staff)).status).toBe(403);
    const before = await count(c.table);
    if (c.create) expect((await post(c.create.path, c.create.form, staff)).status).toBe(403);
    expect((await post(c.edit.path, { ...c.edit.form, [c.key]: id }, staff)).status).toBe(403);
    if (c.remove) {
      const res = await ctx.app.inject({ method: c.remove.method ?? 'POST', url: `${c.remove.path}?${keyQuery}`, headers: staff });
      expect(res.statusCode).toBe(403);
    }
    expect(await count(c.table)).toBe(before);
  });

  test('with the list code a reader sees every column', async () => {
    await grant(c.read);
    const list = await get(`${c.list}?${c.filter}&per_page=50`, staff);
    expect(list.status).toBe(200);
    expect(Object.keys(list.body.data[0]).length).toBeGreaterThan(c.lookup?.length ?? 2);
  });

  test('a missing row is 404 and a blank required field is 422 with a field error', async () => {
    expect((await get(`${c.info}?${c.key === 'state_id' ? 'model_id=1&' : ''}${c.key}=999999`)).status).toBe(404);
    const form = c.create?.form ?? c.edit.form;
    const [firstRequired] = Object.keys(form).filter((k) => k !== c.key && k !== 'model_id');
    const res = await post(c.create?.path ?? c.edit.path, { ...form, [c.key]: id, [firstRequired!]: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).length).toBeGreaterThan(0);
  });

  test.runIf(Boolean(c.remove))('admin deletes it: gone from the list and from info', async () => {
    const before = await auditCount(`${c.entity}.delete`);
    const res = await ctx.app.inject({ method: c.remove!.method ?? 'POST', url: `${c.remove!.path}?${keyQuery}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`${c.info}?${keyQuery}`)).status).toBe(404);
    const list = await get(`${c.list}?${c.filter}&per_page=50`);
    expect(list.body.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(await auditCount(`${c.entity}.delete`)).toBe(before + 1);
  });
});

describe('[SETTINGS][TARIFFS] plan rules (spec §3 Tariff, §5)', () => {
  const base = { country_id: 2, from_weight: '50', price: '6.00', type: 1, units: 1 };

  test('the infinity toggle: a blank upper bound is unlimited; a band above 1 kg is per unit', async () => {
    const created = await post('/api/admin/tariff/create', { ...base, to_weight: '' });
    expect(created.status).toBe(200);
    const info = await get(`/api/admin/tariff/getinfo?tariff_id=${created.body.data.id}`);
    expect(info.body.data).toMatchObject({ to_weight: null, per_unit: true, units: 1, is_special: false, tariff_category_id: 1, type: '1', currency: 'USD' });
    // wire format (issue 14): exact decimal strings, office-time dates
    expect(info.body.data).toMatchObject({ from_weight: '50.000', price: '6.00', descr: '', tariff_category_name: 'Standart' });
    expect(info.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  test('the old price is not taken on create (shown only on edit): a new band reads its price as the old one', async () => {
    const created = await post('/api/admin/tariff/create', { ...base, from_weight: '0.1', to_weight: '0.2', old_price: '9.99' });
    const info = await get(`/api/admin/tariff/getinfo?tariff_id=${created.body.data.id}`);
    expect(info.body.data).toMatchObject({ old_price: '6.00', per_unit: false });
  });

  test.each([
    [{ to_weight: '40' }, 'to_weight', az.settingsLists.weightToAfterFrom],
    [{ to_weight: '60', is_special: '1' }, 'tariff_category_id', az.settingsLists.categoryRequired],
    [{ to_weight: '60', is_special: '1', tariff_category_id: 1 }, 'tariff_category_id', az.settingsLists.standardNotSpecial],
    [{ to_weight: '60', units: 2 }, 'units', az.settingsLists.unitsFixed],
    [{ to_weight: '60', type: 3 }, 'type', az.errors.invalidInput],
    [{ to_weight: '60', price: '-1' }, 'price', az.settingsLists.positive],
    [{ to_weight: '60', country_id: 99 }, 'country_id', az.settingsLists.invalidReference],
  ])('%o is refused on %s and nothing is saved', async (change, field, message) => {
    const before = await count('tariffs');
    const res = await post('/api/admin/tariff/create', { ...base, ...change });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await count('tariffs')).toBe(before);
  });

  test('a special band keeps its category; a non-special one always gets the standard category', async () => {
    const special = await post('/api/admin/tariff/create', { ...base, to_weight: '60', is_special: '1', tariff_category_id: 2 });
    expect((await get(`/api/admin/tariff/getinfo?tariff_id=${special.body.data.id}`)).body.data).toMatchObject({ tariff_category_id: 2, is_special: true, tariff_category_name: 'Korporativ' });
    const plain = await post('/api/admin/tariff/create', { ...base, to_weight: '60', tariff_category_id: 2 });
    expect((await get(`/api/admin/tariff/getinfo?tariff_id=${plain.body.data.id}`)).body.data).toMatchObject({ tariff_category_id: 1, is_special: false });
  });

  test('the standard category and a category with bands cannot be deleted', async () => {
    const standard = await post('/api/admin/tariff/category_cancel?tariff_category_id=1', {});
    expect(standard.status).toBe(422);
    expect(standard.body.errors.tariff_category_id).toEqual([az.settingsLists.inUse]);
    expect((await post('/api/admin/tariff/category_cancel?tariff_category_id=2', {})).status).toBe(422);
  });

  test('only the tarifs code writes tariffs', async () => {
    await grant('branches');
    expect((await post('/api/admin/tariff/create', { ...base, to_weight: '60' }, staff)).status).toBe(403);
    await grant('tarifs');
    expect((await post('/api/admin/tariff/create', { ...base, to_weight: '60' }, staff)).status).toBe(200);
  });
});

describe('[SETTINGS][TARIFFS][STATS] tariff/stats: parcels per band in a period', () => {
  interface StatsRow { id: number; total_declaration: number; total_weight: number; total_delivery_price: number; tariff: Record<string, string>; tariff_category_name: string }
  let bandId: number;
  let otherBandId: number;

  /** A parcel of the test's category (country 2, liquid), created at an office-time moment. */
  async function addParcel(p: { tariffId: number | null; weight: string; delivery: string; status: number; payed: boolean; at: string; deleted?: boolean; categoryId: number }) {
    await ctx.database.db.execute(sql`
      insert into declarations (track_code, country_id, type, plan_category_id, tariff_id, weight, delivery_price, status_id, payed, created_at, deleted_at)
      values (${`STAT${p.at.replace(/\D/g, '')}${p.weight.replace('.', '')}`}, 2, 1, ${p.categoryId}, ${p.tariffId}, ${p.weight}, ${p.delivery}, ${p.status}, ${p.payed},
              (${p.at}::timestamp at time zone ${ctx.app.config.APP_TIMEZONE}), ${p.deleted ? sql`now()` : null})`);
  }
  async function stats(query = '') {
    const res = await get(`/api/admin/tariff/stats${query ? `?${query}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as StatsRow[];
  }
  const figures = (rows: StatsRow[], id: number) => {
    const row = rows.find((r) => r.id === id);
    return row && [row.total_declaration, row.total_weight, row.total_delivery_price];
  };

  beforeAll(async () => {
    const category = await post('/api/admin/tariff/category_create', { name: 'Statistika kateqoriyası', country_id: 2 });
    const categoryId = category.body.data.id as number;
    const band = { country_id: 2, type: 1, units: 1, is_special: '1', tariff_category_id: categoryId };
    bandId = (await post('/api/admin/tariff/create', { ...band, from_weight: '0', to_weight: '5', price: '4.00' })).body.data.id;
    otherBandId = (await post('/api/admin/tariff/create', { ...band, from_weight: '5', price: '3.00' })).body.data.id;
    // 10 March: two parcels priced by the band; one on the 11th at 02:00 office time (the 10th in UTC)
    await addParcel({ tariffId: bandId, weight: '2.50', delivery: '12.00', status: 9, payed: true, at: '2026-03-10 12:00:00', categoryId });
    await addParcel({ tariffId: bandId, weight: '1.25', delivery: '6.00', status: 10, payed: false, at: '2026-03-10 23:59:00', categoryId });
    await addParcel({ tariffId: bandId, weight: '0.75', delivery: '4.00', status: 9, payed: false, at: '2026-03-11 02:00:00', categoryId });
    // priced before bands were stored: counted for the band its weight falls in (7.2 kq: the open band)
    await addParcel({ tariffId: null, weight: '7.20', delivery: '21.60', status: 9, payed: true, at: '2026-03-12 09:00:00', categoryId });
    // a deleted parcel counts for nothing
    await addParcel({ tariffId: bandId, weight: '9.99', delivery: '99.00', status: 9, payed: true, at: '2026-03-10 13:00:00', deleted: true, categoryId });
  });

  test('each band with its parcels, their weight and delivery price; every live band is listed, an open bound as ""', async () => {
    const rows = await stats('from_date=2026-03-01&to_date=2026-03-31');
    expect(figures(rows, bandId)).toEqual([3, 4.5, 22]);
    expect(figures(rows, otherBandId)).toEqual([1, 7.2, 21.6]);
    const band = rows.find((r) => r.id === otherBandId)!;
    expect(band.tariff).toEqual({ from_weight: '5.000', to_weight: '', price: '3.00', type: '1' });
    expect(band.tariff_category_name).toBe('Statistika kateqoriyası');
    const live = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from tariffs where deleted_at is null`);
    expect(rows.length).toBe(Number(live.rows[0]!.n));
  });

  test('a bare day is the whole day in the office time zone; a moment bounds exactly', async () => {
    expect(figures(await stats('from_date=2026-03-10&to_date=2026-03-10'), bandId)).toEqual([2, 3.75, 18]);
    expect(figures(await stats('from_date=2026-03-11&to_date=2026-03-11'), bandId)).toEqual([1, 0.75, 4]);
    expect(figures(await stats('from_date=2026-03-10 12:00:01&to_date=2026-03-11 02:00:00'), bandId)).toEqual([2, 2, 10]);
    // a period with no parcels: the bands are still listed, with zeros
    const empty = await stats('from_date=2099-01-01&to_date=2099-01-31');
    expect(figures(empty, bandId)).toEqual([0, 0, 0]);
    expect(empty.every((r) => r.total_declaration === 0)).toBe(true);
  });

  test('status and paid narrow it', async () => {
    const period = 'from_date=2026-03-01&to_date=2026-03-31';
    expect(figures(await stats(`${period}&state_id=9`), bandId)).toEqual([2, 3.25, 16]);
    expect(figures(await stats(`${period}&payed=1`), bandId)).toEqual([1, 2.5, 12]);
    expect(figures(await stats(`${period}&payed=0&state_id=10`), bandId)).toEqual([1, 1.25, 6]);
  });

  test('a deleted band is listed only while parcels of the period use it', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/tariff/cancel?tariff_id=${bandId}`, headers: admin })).statusCode).toBe(200);
    expect(figures(await stats('from_date=2026-03-01&to_date=2026-03-31'), bandId)).toEqual([3, 4.5, 22]);
    expect(figures(await stats('from_date=2099-01-01&to_date=2099-01-31'), bandId)).toBeUndefined();
  });

  test('a period ending before it starts or a malformed day is 422; the tarifs code reads it', async () => {
    const backwards = await get('/api/admin/tariff/stats?from_date=2026-05-02&to_date=2026-05-01');
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to_date).toEqual([az.settingsLists.dateOrder]);
    expect((await get('/api/admin/tariff/stats?from_date=2026-02-30')).status).toBe(422);
    await grant();
    expect((await get('/api/admin/tariff/stats', staff)).status).toBe(403);
    await grant('tarifs');
    expect((await get('/api/admin/tariff/stats', staff)).status).toBe(200);
  });
});

describe('[SETTINGS][BRANCHES] branch rules (spec §3 Branch, §5, §6)', () => {
  const base = { name: 'Binəqədi filialı', company_id: 1 };

  test.each([
    ['latitude', '40.38330000000001', 15],
    ['longitude', '49.86670000000001', 15],
    ['sorting_letter', 'ABCDEF', 5],
  ])('%s longer than the limit gets "Maksimum N simvol..." and nothing is saved', async (field, value, limit) => {
    const before = await count('branches');
    const res = await post('/api/admin/branches/create', { ...base, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([fill(az.errors.tooLong, { N: limit })]);
    expect(res.body.errors[field][0]).toBe(`Maksimum ${limit} simvol...`);
    expect(await count('branches')).toBe(before);
  });

  test('exactly 15 characters of latitude are accepted; the state defaults to 85', async () => {
    const res = await post('/api/admin/branches/create', { ...base, latitude: '40.383300000001', sorting_letter: 'ABCDE' });
    expect(res.status).toBe(200);
    const info = await get(`/api/admin/branches/info?branch_id=${res.body.data.id}`);
    expect(info.body.data).toMatchObject({ latitude: '40.383300000001', sorting_letter: 'ABCDE', state_id: 85, state_name: 'Aktiv' });
  });

  test('a branch (is_branch) has no parent; a sub-branch may have one', async () => {
    const refused = await post('/api/admin/branches/create', { ...base, is_branch: '1', parent_id: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.parent_id).toEqual([az.settingsLists.parentOfBranch]);
    const sub = await post('/api/admin/branches/create', { ...base, is_branch: '0', parent_id: 1, open_hour: '9:00' });
    expect(sub.status).toBe(422);
    expect(sub.body.errors.open_hour).toEqual([az.settingsLists.invalidTime]);
    const ok = await post('/api/admin/branches/create', { ...base, is_branch: '0', parent_id: 1, open_hour: '09:00' });
    expect((await get(`/api/admin/branches/info?branch_id=${ok.body.data.id}`)).body.data).toMatchObject({ parent_id: 1, parent_branch_name: 'Gənclik filialı' });
  });

  test('branch_add, branch_edit and branch_delete each gate their own call', async () => {
    await grant('branches');
    expect((await post('/api/admin/branches/create', base, staff)).status).toBe(403);
    await grant('branches', 'branch_add');
    const created = await post('/api/admin/branches/create', base, staff);
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await post('/api/admin/branches/edit', { ...base, branch_id: id, name: 'Yeni ad' }, staff)).status).toBe(403);
    expect((await post(`/api/admin/branches/cancel?branch_id=${id}`, {}, staff)).status).toBe(403);
    await grant('branches', 'branch_edit', 'branch_delete');
    expect((await post('/api/admin/branches/edit', { ...base, branch_id: id, name: 'Yeni ad' }, staff)).status).toBe(200);
    expect((await post(`/api/admin/branches/cancel?branch_id=${id}`, {}, staff)).status).toBe(200);
    // soft delete: the row stays for the parcels and users that name it
    const rows = await ctx.database.db.execute<{ deleted: boolean }>(sql`select deleted_at is not null as deleted from branches where id = ${id}`);
    expect(rows.rows[0]!.deleted).toBe(true);
  });

  test('a branch with sub-branches cannot be deleted', async () => {
    expect((await post('/api/admin/branches/create', { name: 'Gənclik Mall məntəqəsi', is_branch: '0', parent_id: 1 })).status).toBe(200);
    const res = await post('/api/admin/branches/cancel?branch_id=1', {});
    expect(res.status).toBe(422);
    expect(res.body.errors.branch_id).toEqual([az.settingsLists.inUse]);
  });
});

describe('[SETTINGS][COMPANIES] branch partners (company_edit, company_delete)', () => {
  test('a partner with branches cannot be deleted; company_delete is needed to delete', async () => {
    const refused = await get('/api/admin/companies/delete?company_id=2');
    expect(refused.status).toBe(422);
    await grant('companies', 'company_edit');
    const created = await post('/api/admin/companies/create', { name: 'Şəki Kargo', is_owner: '1' }, staff);
    expect(created.status).toBe(200);
    expect((await get(`/api/admin/companies/info?company_id=${created.body.data.id}`, staff)).body.data).toMatchObject({ is_owner: 1, state_id: 85 });
    expect((await get(`/api/admin/companies/delete?company_id=${created.body.data.id}`, staff)).status).toBe(403);
    await grant('companies', 'company_delete');
    expect((await get(`/api/admin/companies/delete?company_id=${created.body.data.id}`, staff)).status).toBe(200);
  });
});

describe('[SETTINGS][COUNTRIES] every flag, custom fields as JSON, unit KG or LBS (country_edit)', () => {
  const base = { country_name: 'Çin', currency: '¥', currency_type: 'CNY' };

  test('KG is the default unit; flags and custom fields are stored', async () => {
    const res = await post('/api/admin/countries/create', { ...base, custom_fields: '{"warehouse":"Guangzhou"}', sms_confirmation: '1', full_declaration: '1' });
    expect(res.status).toBe(200);
    const info = await get(`/api/admin/countries/info?country_id=${res.body.data.id}`);
    expect(info.body.data).toMatchObject({ unit: 'KG', sms_confirmation: 1, full_declaration: 1, zero_send: 0, custom_fields: { warehouse: 'Guangzhou' } });
    expect(info.body.data.id).toBeGreaterThan(2);
  });

  test.each([
    [{ custom_fields: '{not json' }, 'custom_fields', az.settingsLists.invalidJson],
    [{ custom_fields: '[1,2]' }, 'custom_fields', az.settingsLists.invalidJson],
    [{ unit: 'TON' }, 'unit', az.errors.invalidInput],
    [{ currency_type: 'DOLLAR' }, 'currency_type', az.errors.invalidInput],
  ])('%o is refused on %s', async (change, field, message) => {
    const before = await count('countries');
    const res = await post('/api/admin/countries/create', { ...base, ...change });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await count('countries')).toBe(before);
  });

  test('reading countries needs countries; writing needs country_edit; a country in use is not deleted', async () => {
    await grant('countries');
    expect((await get('/api/admin/countries/info?country_id=1', staff)).status).toBe(200);
    expect((await post('/api/admin/countries/edit', { ...base, country_id: 1 }, staff)).status).toBe(403);
    const inUse = await post('/api/admin/countries/cancel?country_id=1', {});
    expect(inUse.status).toBe(422);
    expect(inUse.body.errors.country_id).toEqual([az.settingsLists.inUse]);
  });
});

describe('[SETTINGS][STATUSES][COUPONS][REFUNDS][CASHBACK] other rules', () => {
  test('a status id is unique within its model and cannot be its own parent', async () => {
    const dup = await post('/api/admin/states/create', { state_id: 85, model_id: 40, name: 'Təkrar' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.state_id).toEqual([az.settingsLists.duplicateId]);
    const own = await post('/api/admin/states/edit', { state_id: 85, model_id: 40, name: 'Aktiv', parent_id: 85 });
    expect(own.body.errors.parent_id).toEqual([az.settingsLists.ownParent]);
  });

  test('a status created without an id takes one above every model\'s, so its state_id alone names it; descr is its description', async () => {
    const top = await ctx.database.db.execute<{ n: number }>(sql`select max(id)::int as n from statuses`);
    const created = await post('/api/admin/states/create', { model_id: 8, name: 'Gömrükdə yoxlanılır', name_en: 'Customs check', descr: 'Uçuş gömrükdədir' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.id).toBe(Number(top.rows[0]!.n) + 1);
    const info = await get(`/api/admin/states/getinfobystateid?state_id=${created.body.data.id}`);
    expect(info.body.data).toMatchObject({ model_id: 8, name: 'Gömrükdə yoxlanılır', descr: 'Uçuş gömrükdədir' });
    // the model stays required on create: a status belongs to one
    const noModel = await post('/api/admin/states/create', { name: 'Modelsiz' });
    expect(noModel.status).toBe(422);
    expect(Object.keys(noModel.body.errors)).toEqual(['model_id']);
  });

  test('a status is edited by its state_id alone (as clients send it): the lowest model\'s row changes, the other model\'s same id does not', async () => {
    const names = async () => (await ctx.database.db.execute<{ model_id: number; name: string }>(
      sql`select model_id, name from statuses where id = 9 order by model_id`)).rows.map((r) => [Number(r.model_id), r.name]);
    const before = await names();
    expect(before.map(([m]) => m)).toEqual([1, 2]); // 9 is both an order and a declaration status
    const edited = await post('/api/admin/states/edit', { state_id: 9, name: 'Bakı anbarındadır', sort: 5 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ id: 9, model_id: 1 });
    expect(await names()).toEqual([[1, 'Bakı anbarındadır'], before[1]]);
    // with model_id the given model's row is edited; a model that has no such status is 404
    expect((await post('/api/admin/states/edit', { state_id: 9, model_id: 2, name: 'Yerli anbarda', name_en: 'In local warehouse', sort: 4, freely: '1' })).status).toBe(200);
    expect((await post('/api/admin/states/edit', { state_id: 9, model_id: 40, name: 'Yox' })).status).toBe(404);
    // its parent is checked within its own model
    const parent = await post('/api/admin/states/edit', { state_id: 9, name: 'Bakı anbarındadır', parent_id: 9 });
    expect(parent.body.errors.parent_id).toEqual([az.settingsLists.ownParent]);
    expect((await post('/api/admin/states/edit', { state_id: 9, name: 'Bakı anbarındadır', parent_id: 5 })).status).toBe(200);
    expect((await get('/api/admin/states/getinfobystateid?state_id=9')).body.data).toMatchObject({ model_id: 1, parent_id: 5 });
    expect((await post('/api/admin/states/edit', { state_id: 9, name: 'Anbara çatıb', name_en: 'Arrived at warehouse', sort: 5 })).status).toBe(200);
  });

  test('a coupon code is unique; a percent coupon is at most 100; editstatus turns it off', async () => {
    const first = await post('/api/admin/coupons/create', { code: 'NOVRUZ', type: 1, amount: '15' });
    expect(first.status).toBe(200);
    const dup = await post('/api/admin/coupons/create', { code: 'novruz', type: 2, amount: '5' });
    expect(dup.body.errors.code).toEqual([az.settingsLists.duplicateCode]);
    const big = await post('/api/admin/coupons/create', { code: 'BIG', type: 1, amount: '150' });
    expect(big.body.errors.amount).toEqual([az.settingsLists.percentTooBig]);
    const off = await post('/api/admin/coupons/editstatus', { coupon_id: first.body.data.id, is_active: '0' });
    expect(off.status).toBe(200);
    expect((await get(`/api/admin/coupons/info?coupon_id=${first.body.data.id}`)).body.data.is_active).toBe(false);
  });

  test('a refund is approved once, with status history; then it is no longer edited', async () => {
    const created = await post('/api/admin/returns/create', { user_id: 6, amount: '4.20' });
    const id = created.body.data.id;
    const approved = await post('/api/admin/returns/changestate', { return_id: id, state_id: 141 });
    expect(approved.status).toBe(200);
    const history = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from status_history where model_id = 16 and object_id = ${id} and state_id = 141 and from_state_id = 140`);
    expect(Number(history.rows[0]!.n)).toBe(1);
    const again = await post('/api/admin/returns/changestate', { return_id: id, state_id: 142 });
    expect(again.status).toBe(422);
    const edit = await post('/api/admin/returns/edit', { return_id: id, user_id: 6, amount: '1.00' });
    expect(edit.status).toBe(422);
    expect((await get(`/api/admin/returns/info?return_id=${id}`)).body.data).toMatchObject({ amount: '4.20', state_id: 141, state_name: 'Təsdiqlənib' });
  });

  test('cashback entries are listed and decided by holders of cashback only', async () => {
    const list = await get('/api/admin/cashbacks?per_page=5');
    expect(list.status).toBe(200);
    const pending = list.body.data.find((r: { state_id: number }) => r.state_id === 150);
    expect(pending).toBeDefined();
    await grant('returns');
    expect((await post('/api/admin/cashbacks/changestate', { cashback_id: pending.id, state_id: 151 }, staff)).status).toBe(403);
    await grant('cashback');
    expect((await post('/api/admin/cashbacks/changestate', { cashback_id: pending.id, state_id: 151 }, staff)).status).toBe(200);
    expect((await post('/api/admin/cashbacks/changestate', { cashback_id: pending.id, state_id: 999 }, staff)).status).toBe(422);
  });
});

describe('[SETTINGS][LISTS][WIRE] rows as real clients read them (issue 14)', () => {
  test('a status is read by its state_id alone (the lowest model holding it), or exactly with model_id', async () => {
    const byId = await get('/api/admin/states/getinfobystateid?state_id=141');
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({ id: 141, model_id: 16, model_name: 'İadələr', name: 'Təsdiqlənib', parent_name: '', descr: '', freely: 0 });
    // 9 is both an order (1) and a declaration (2) status
    expect((await get('/api/admin/states/getinfobystateid?state_id=9')).body.data).toMatchObject({ model_id: 1 });
    expect((await get('/api/admin/states/getinfobystateid?state_id=9&model_id=2')).body.data).toMatchObject({ model_id: 2, name: 'Yerli anbarda', freely: 1 });
    expect((await get('/api/admin/states/getinfobystateid?state_id=9999')).status).toBe(404);
  });

  test('names come with the row, text a client reads as a value is "" when there is none', async () => {
    const branches = (await get('/api/admin/branches?per_page=50')).body.data as Record<string, unknown>[];
    const sub = branches.find((b) => b.parent_id !== null);
    const top = branches.find((b) => b.parent_id === null);
    expect(sub?.parent_branch_name).toEqual(branches.find((b) => b.id === sub?.parent_id)?.name);
    expect(top).toMatchObject({ parent_branch_name: '', status_id: 85, state_name: 'Aktiv' });
    for (const b of branches) for (const key of ['descr', 'email', 'map_url', 'map_address', 'company_name']) expect(typeof b[key]).toBe('string');
    const country = (await get('/api/admin/countries/info?country_id=1')).body.data;
    expect(country).toMatchObject({ descr: '', address: expect.any(String), min_size: expect.any(Number), state_name: expect.any(String) });
  });

  test('regions: price as a decimal string and the serving branch as branch[]; product types with a status name', async () => {
    const regions = (await get('/api/admin/regions/getlist')).body.data as Record<string, unknown>[];
    expect(regions[0]).toMatchObject({ price: '3.00', courier_price: '3.00', branch: [{ id: 2, name: expect.any(String) }], state_id: 85, state_name: 'Aktiv', descr: '' });
    const type = (await get('/api/admin/product-types/getinfo?product_type_id=1')).body.data;
    expect(type).toMatchObject({ state_id: 85, state_name: 'Aktiv' });
  });

  test('coupons carry the amount as a number, the code as tag and the limit as count; cashbacks the amount as cashback', async () => {
    const coupon = ((await get('/api/admin/coupons?per_page=50')).body.data as Record<string, unknown>[]).find((c) => c.code === 'XOSGELDIN');
    expect(coupon).toMatchObject({ amount: 10, tag: 'XOSGELDIN', coupon_type: '1', count: 1000, periodFrom: '2026-01-01', periodTo: '2026-12-31' });
    const cashback = (await get('/api/admin/cashbacks?per_page=1')).body.data[0];
    expect(cashback.cashback).toBe(Number(cashback.amount));
    expect(typeof cashback.user_name).toBe('string');
  });
});
