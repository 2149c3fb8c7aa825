import { az } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: string;
let office: string;
beforeAll(async () => {
  ctx = await startTestApp({ customers: 5, declarations: 10 });
  admin = (await logInAs(ctx.app, 'admin@example.az')).access_token;
  office = (await logInAs(ctx.app, 'ofis@example.az')).access_token;
});
afterAll(() => ctx.close());

async function read(groupId: string, token = admin, extra = '') {
  const res = await ctx.app.inject({ url: `/api/admin/settings/data?group_id=${groupId}${extra}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

/** email, topup and trendyol carry group_id in the query; the other groups in the form (spec §7). */
async function save(groupId: string, fields: Record<string, string | number>, token = admin) {
  const inQuery = groupId === 'email' || groupId === 'topup' || groupId === 'trendyol';
  const url = inQuery ? `/api/admin/settings/data?group_id=${groupId}` : '/api/admin/settings/data';
  const res = await postForm(ctx.app, url, bearer(token), inQuery ? fields : { group_id: groupId, ...fields });
  return { status: res.statusCode, body: res.json() };
}

async function auditCount() {
  const res = await ctx.database.db.execute(sql`select count(*)::int as n from audit_log where action = 'settings.save'`);
  return (res.rows[0] as { n: number }).n;
}

const MAIL = {
  ticketHtmlTemplateId: 'ticket-v3', footerText: '', headerBannerUrl: 'https://x.az/a', headerBannerPhoto: 'https://x.az/a.png',
  rightBannerUrl: 'https://x.az/b', rightBannerPhoto: 'https://x.az/b.png',
};

/** A valid form per group (the office form's names), and what clients read back in the wire names (issue 14). */
const VALID: [string, Record<string, string | number>, Record<string, unknown>][] = [
  ['email', MAIL, {
    ticket_html_template_id: 'ticket-v3', footer_text: '', header_banner_url: 'https://x.az/a', header_banner_photo: 'https://x.az/a.png',
    right_banner_url: 'https://x.az/b', right_banner_photo: 'https://x.az/b.png',
  }],
  ['trendyol', { less10kg: '5.25', more10kg: '4' }, { less10kg: '5.25', more10kg: '4.00' }],
  ['azerpost', { standardPrice: '2.5', weightPrice: '0,75' }, { standart_price: '2.50', weight_price: '0.75' }],
  ['cashback', { cashbackPercent: '3', cashbackMin: '1', cashbackMax: '40', cashbackBalance: '5', cashbackAvtoMax: '10', expired: '60' },
    { cashback_percent: '3.00', cashback_min: '1.00', cashback_max: '40.00', cashback_balance: '5.00', cashback_avto_max: '10.00', cashback_expired: '60' }],
  ['others', { smallPackage: '0.6', mediumPackage: '1.2', bigPackage: '2.4', bonPercent: '1.5', orderPercent: '5', customs: '1', whatsapp: '+994 50 111 22 33', declarationStatus: 7, orderStatus: 5, courierStatus: '' },
    { package_price: { small_package: 0.6, medium_package: 1.2, big_package: 2.4 }, order_percent: '5.00', customs: '1', declaration_status: '7', order_status: '5', courier_status: '0' }],
  ['cashflow', { cashboxId: 2, terminalCashboxId: 1 }, { cashbox_id: '2', terminal_cashbox_id: '1' }],
  // The balance top-up switches in the wire names clients send ('1'/'0').
  ['topup', { usd_balance_enabled: '0', try_balance_enabled: '1' }, { usd_balance_enabled: '0', try_balance_enabled: '1' }],
];

describe('[SETTINGS][GROUPS] each setting group saves and reads back', () => {
  test.each(VALID)('%s: a valid form is saved with an audit entry and "Dəyişikliklər yadda saxlanıldı"', async (groupId, form, expected) => {
    const before = await auditCount();
    const saved = await save(groupId, form);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(az.settingsUi.saved);
    expect((await read(groupId)).body.data).toMatchObject(expected);
    expect(await auditCount()).toBe(before + 1);
  });

  test('a form in the wire names clients send (standart_price, cashback_expired, small_package…) is saved the same', async () => {
    expect((await save('azerpost', { standart_price: '3.1', weight_price: '0.8' })).status).toBe(200);
    expect((await read('azerpost')).body.data).toEqual({ standart_price: '3.10', weight_price: '0.80' });
    const others = { small_package: '0.7', medium_package: '1.3', big_package: '2.5', bon_percent: '1', order_percent: '4', customs: '0', declaration_status: 9, order_status: 5 };
    expect((await save('others', others)).status).toBe(200);
    expect((await read('others')).body.data).toMatchObject({ package_price: { small_package: 0.7, medium_package: 1.3, big_package: 2.5 }, customs: '0', declaration_status: '9' });
    // Field errors come back under the names the form used.
    const refused = await save('cashback', { cashback_percent: '101', cashback_min: '1', cashback_max: '2', cashback_balance: '1', cashback_avto_max: '1', cashback_expired: '30' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['cashback_percent']);
  });

  test('foreign warehouses: one address per country, read by GET /api/client/settings for the customer card', async () => {
    const form = { country_id: 1, addressHeading: 'İstanbul anbarı', address: 'Yeni Mah. 5 D: {CODE}', district: 'Bağcılar', city: 'İstanbul', province: 'İstanbul', postalCode: '34200', country: 'Türkiye', phone: '+90 212 000 00 00' };
    expect((await save('warehouse', form)).status).toBe(200);
    // Clients read the group as a list of entries with the country's id (issue 14).
    const group = (await read('warehouse')).body.data as Record<string, unknown>[];
    expect(group.find((e) => e.id === '1')).toMatchObject({ address: 'Yeni Mah. 5 D: {CODE}', city: 'İstanbul', postal_code: '34200', address_heading: 'İstanbul anbarı', passport_identity: '' });
    expect(group.find((e) => e.id === '2')).toMatchObject({ city: 'Wilmington' }); // the other country is untouched
    const client = await ctx.app.inject({ url: '/api/client/settings', headers: bearer(office) });
    expect(client.json().data.warehouse['1'].postalCode).toBe('34200');
    // Issue 14: the same addresses as a list with snake_case keys, one row per country.
    expect(client.json().data.warehouses).toContainEqual(expect.objectContaining({ country_id: 1, postal_code: '34200', address_heading: 'İstanbul anbarı', passport_identity: '' }));
  });

  test('GET /api/client/settings: countries (id, abbr, name, unit) and working hours, as real clients read them (issue 14)', async () => {
    const data = (await ctx.app.inject({ url: '/api/client/settings', headers: bearer(office) })).json().data;
    expect(data.countries.length).toBeGreaterThan(0);
    for (const c of data.countries) expect(c).toEqual({ id: expect.any(Number), abbr: expect.any(String), name: expect.any(String), unit: expect.any(String) });
    expect(typeof data.working_hours === 'string' || data.working_hours === null).toBe(true);
    expect(Array.isArray(data.warehouses)).toBe(true);
  });

  test('branch contacts: several numbers and e-mails per branch', async () => {
    const res = await postForm(ctx.app, '/api/admin/settings/data', bearer(admin), { group_id: 'contact', branch_id: 3, name: 'Nərimanov', 'numbers[]': '+994 12 000 00 03', address: 'Bakı, Təbriz küç. 67', emails: 'a@kargo.az,b@kargo.az' });
    expect(res.statusCode).toBe(200);
    const entry = ((await read('contact')).body.data as Record<string, unknown>[]).find((e) => e.id === '3');
    expect(entry).toMatchObject({ name: 'Nərimanov', number: '+994 12 000 00 03', numbers: '+994 12 000 00 03', email: 'a@kargo.az', emails: 'a@kargo.az,b@kargo.az' });
  });

  test('office=1 adds what the form picks from: cash registers, statuses, countries, branches', async () => {
    const live = await ctx.database.db.execute<{ id: number }>(sql`select id from cash_registers where deleted_at is null order by id`);
    expect((await read('cashflow', admin, '&office=1')).body.options.cashboxes.map((c: { id: number }) => c.id)).toEqual(live.rows.map((r) => r.id));
    expect((await read('others', admin, '&office=1')).body.options.declarationStatuses).toContainEqual(expect.objectContaining({ id: 7 }));
    expect((await read('warehouse', admin, '&office=1')).body.options.countries.map((c: { id: number }) => c.id)).toEqual([1, 2]);
    expect((await read('cashflow')).body.options).toBeUndefined();
  });

  test('GET /api/client/settings never carries server secrets', async () => {
    const body = (await ctx.app.inject({ url: '/api/client/settings', headers: bearer(office) })).json();
    expect(body.data.system).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('jwt_secret');
  });
});

/** Each refusal: 422, the Azerbaijani text on the field, nothing changed. */
const REFUSED: [string, string, Record<string, string | number>, string, string][] = [
  ['mail without the header banner', 'email', { ...MAIL, headerBannerUrl: '' }, 'headerBannerUrl', az.settingsUi.fillIn],
  ['mail with a blank template id', 'email', { ...MAIL, ticketHtmlTemplateId: '   ' }, 'ticketHtmlTemplateId', az.settingsUi.fillIn],
  ['mail missing the right banner photo', 'email', { ...MAIL, rightBannerPhoto: '' }, 'rightBannerPhoto', az.settingsUi.fillIn],
  ['Trendyol price with three decimals', 'trendyol', { less10kg: '5.255', more10kg: '4.00' }, 'less10kg', az.settingsUi.positivePrice],
  ['Trendyol price negative', 'trendyol', { less10kg: '5.00', more10kg: '-4.00' }, 'more10kg', az.settingsUi.positivePrice],
  ['Trendyol price zero', 'trendyol', { less10kg: '0', more10kg: '4.00' }, 'less10kg', az.settingsUi.positivePrice],
  ['Trendyol price not a number', 'trendyol', { less10kg: 'abc', more10kg: '4.00' }, 'less10kg', az.settingsUi.positivePrice],
  ['postal price negative', 'azerpost', { standardPrice: '-1', weightPrice: '1' }, 'standardPrice', az.settingsUi.amountInvalid],
  ['cashback percent above 100', 'cashback', { cashbackPercent: '120', cashbackMin: '1', cashbackMax: '40', cashbackBalance: '5', cashbackAvtoMax: '10', expired: '60' }, 'cashbackPercent', az.settingsUi.percentInvalid],
  ['cashback max below min', 'cashback', { cashbackPercent: '2', cashbackMin: '10', cashbackMax: '5', cashbackBalance: '5', cashbackAvtoMax: '10', expired: '60' }, 'cashbackMax', az.settingsUi.maxBelowMin],
  ['others with an unknown default status', 'others', { smallPackage: '1', mediumPackage: '1', bigPackage: '1', bonPercent: '1', orderPercent: '1', declarationStatus: 999, orderStatus: 5 }, 'declarationStatus', az.settingsUi.unknownStatus],
  ['others without the order status', 'others', { smallPackage: '1', mediumPackage: '1', bigPackage: '1', bonPercent: '1', orderPercent: '1', declarationStatus: 7, orderStatus: '' }, 'orderStatus', az.errors.required],
  ['cash flow with a register that does not exist', 'cashflow', { cashboxId: 1, terminalCashboxId: 99 }, 'terminalCashboxId', az.settingsUi.unknownCashbox],
  ['cash flow with a dollar register (handover pays in manat)', 'cashflow', { cashboxId: 1, terminalCashboxId: 3 }, 'terminalCashboxId', az.settingsUi.cashboxNotAzn],
  ['warehouse without a city', 'warehouse', { country_id: 2, addressHeading: 'x', address: 'y', city: '', postalCode: '1', country: 'US', phone: '1' }, 'city', az.errors.required],
  ['warehouse of an unknown country', 'warehouse', { country_id: 9, addressHeading: 'x', address: 'y', city: 'z', postalCode: '1', country: 'US', phone: '1' }, 'country_id', az.settingsUi.unknownCountry],
  ['contact with a wrong e-mail', 'contact', { branch_id: 1, name: 'G', numbers: '1', address: 'a', emails: 'not-an-email' }, 'emails', az.errors.invalidEmail],
];

describe('[SETTINGS][GROUPS] refusals change nothing', () => {
  test.each(REFUSED)('%s → 422 on the field', async (_title, groupId, form, field, message) => {
    const before = JSON.stringify((await read(groupId)).body.data);
    const audits = await auditCount();
    const res = await save(groupId, form);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(JSON.stringify((await read(groupId)).body.data)).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  test('an unknown group is refused', async () => {
    expect((await save('nope', {})).status).toBe(422);
    expect((await read('nope')).status).toBe(422);
  });

  test('without system_settings both reading and saving are refused (403), nothing saved', async () => {
    const before = JSON.stringify((await read('trendyol')).body.data);
    expect((await read('trendyol', office)).status).toBe(403);
    expect((await save('trendyol', { less10kg: '9.99', more10kg: '9.99' }, office)).status).toBe(403);
    expect(JSON.stringify((await read('trendyol')).body.data)).toBe(before);
  });

  test('a holder of system_settings who is not an admin may save', async () => {
    const { grantPermissions } = await import('../../db/seed/demo-seed');
    const row = await ctx.database.db.execute(sql`select id from users where email = 'ofis@example.az'`);
    await grantPermissions(ctx.database.db, (row.rows[0] as { id: number }).id, ['system_settings']);
    expect((await save('trendyol', { less10kg: '6.10', more10kg: '5.10' }, office)).status).toBe(200);
    expect((await read('trendyol', office)).body.data).toEqual({ less10kg: '6.10', more10kg: '5.10' });
  });
});
