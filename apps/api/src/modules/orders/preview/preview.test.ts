import { ZProductPreviewReply } from '@app/contract/product-preview';
import { az, fill } from '@app/contract/texts/az';
import { azProductPreview as t } from '@app/contract/texts/az-product-preview';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCbarClient } from '../../../integrations/currency-rates/client';
import { simulatedRates, startCbarSimulator } from '../../../integrations/currency-rates/simulator';
import { convertAmount } from '../../../integrations/product-preview/price';
import { SIMULATED_CASES, SIMULATED_PRODUCTS, startProductSimulator, type ProductSimulator } from '../../../integrations/product-preview/simulator';
import { bearer, logInAs, startTestApp, type TestContext } from '../../../test/harness';
import { refreshCurrencyRates, todayIn } from '../../currencies/service';
import { readProductPreview } from './service';

let sim: ProductSimulator;
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  sim = await startProductSimulator({ slowMs: 3000 });
  ctx = await startTestApp({ customers: 2, declarations: 0, env: { PRODUCT_PREVIEW_SIMULATOR_URL: sim.url, PRODUCT_PREVIEW_TIMEOUT_MS: '1000' } });
  token = (await logInAs(ctx.app, 'ofis@example.az')).access_token;
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

async function preview(link: string, path = '/api/admin/bonaz/parser', auth = token) {
  const res = await ctx.app.inject({ url: `${path}?url=${encodeURIComponent(link)}`, headers: bearer(auth) });
  return { status: res.statusCode, body: res.json() };
}
/** The day's rate (AZN per unit) as the office serves it. */
async function rate(code: string): Promise<string> {
  const res = await ctx.app.inject({ url: `/api/client/cbar?currency=${code}`, headers: bearer(token) });
  return res.json().data;
}

describe('[ORDERS][PREVIEW][API] GET bonaz/parser and product', () => {
  test('a Trendyol product: its fields, the price exactly, and TRY/AZN/USD/EUR at the day\'s rates', async () => {
    const nike = SIMULATED_PRODUCTS[0]!;
    const { status, body } = await preview(nike.url);
    expect(status).toBe(200);
    expect(ZProductPreviewReply.parse(body)).toBeTruthy();
    expect(body.data).toMatchObject({
      name: nike.name, brand: 'Nike', color: 'Siyah', url: nike.url, shop: 'trendyol', shopName: 'Trendyol',
      breadcrumb: ['Erkek', 'Ayakkabı', 'Spor Ayakkabı'],
      mainImage: 'https://cdn.dsmcdn.com/ty1001/product/media/images/nike-270-1.jpg',
      price: { amount: '4299.90', originalAmount: '5199.00', currency: 'TRY', symbol: '₺' },
    });
    const [tryRate, usdRate, eurRate] = [await rate('TRY'), await rate('USD'), await rate('EUR')];
    expect(eurRate).toBe('1.9650'); // EUR is an office currency: its seeded rate until the rates job fetches the day's
    expect(body.data.price.converted).toEqual({
      try: '4299.90',
      azn: convertAmount('4299.90', tryRate, '1'),
      usd: convertAmount('4299.90', tryRate, usdRate),
      eur: convertAmount('4299.90', tryRate, eurRate),
    });
    expect(body.data.price.ratesDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test('an Amazon product in dollars through the other path (product?url): USD → AZN = × USD rate', async () => {
    const mac = SIMULATED_PRODUCTS[5]!;
    const { status, body } = await preview(mac.url, '/api/admin/product');
    expect(status).toBe(200);
    const usdRate = await rate('USD');
    expect(body.data.price).toMatchObject({ amount: '1299.90', currency: 'USD', symbol: '$' });
    expect(body.data.price.converted.azn).toBe(convertAmount('1299.90', usdRate, '1'));
    expect(body.data.price.converted.usd).toBe('1299.90');
  });

  test.each([
    ['http://127.0.0.1/', t.addressRefused],
    ['http://10.0.0.8/admin', t.addressRefused],
    ['http://169.254.169.254/latest/meta-data/', t.addressRefused],
    ['http://[::1]/', t.addressRefused],
    [SIMULATED_CASES.redirectToPrivate, t.addressRefused],
    ['file:///etc/passwd', t.urlScheme],
    ['ftp://www.trendyol.com/x', t.urlScheme],
    ['https://admin:secret@www.trendyol.com/x', t.urlCredentials],
    ['http://www.trendyol.com:8080/x', t.urlPort],
    ['salam', t.urlInvalid],
    [SIMULATED_CASES.slow, 'Sayt 1 saniyə ərzində cavab vermədi'],
    [SIMULATED_CASES.huge, 'Səhifə çox böyükdür (2 MB-dan artıq)'],
    [SIMULATED_CASES.notHtml, t.notHtml],
    [SIMULATED_CASES.notFound, t.notFound],
    [SIMULATED_CASES.serverError, 'Sayt səhifəni vermədi (HTTP 503)'],
    [SIMULATED_CASES.tooManyRedirects, t.tooManyRedirects],
    [SIMULATED_CASES.broken, t.notParsed],
  ])('%s → 422 on url: %s', async (link, message) => {
    const { status, body } = await preview(link);
    expect(status).toBe(422);
    expect(body.errors).toEqual({ url: [message] });
    expect(body.message).toBe(message);
  });

  test('no link, an empty one or one too long is 422 on url; no orders permission is 403', async () => {
    const missing = await ctx.app.inject({ url: '/api/admin/bonaz/parser', headers: bearer(token) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.url).toEqual([az.errors.required]);
    expect((await preview('   ')).body.errors.url).toEqual([az.errors.required]);
    expect((await preview(`https://www.trendyol.com/${'a'.repeat(2100)}`)).body.errors.url).toEqual([fill(az.errors.tooLong, { N: '2048' })]);
    const warehouse = (await logInAs(ctx.app, 'anbar@example.az')).access_token;
    expect((await preview(SIMULATED_PRODUCTS[0]!.url, '/api/admin/bonaz/parser', warehouse)).status).toBe(403);
    expect((await ctx.app.inject({ url: `/api/admin/product?url=${encodeURIComponent(SIMULATED_PRODUCTS[0]!.url)}` })).statusCode).toBe(401);
  });

  test('readProductPreview for the order form: the preview, or null (never an error) when asked', async () => {
    const deps = { db: ctx.database.db, config: ctx.config };
    expect((await readProductPreview(deps, SIMULATED_PRODUCTS[2]!.url, { orNull: true }))?.name).toBe(SIMULATED_PRODUCTS[2]!.name);
    expect(await readProductPreview(deps, 'http://127.0.0.1/', { orNull: true })).toBeNull();
    expect(await readProductPreview(deps, SIMULATED_CASES.broken, { orNull: true })).toBeNull();
    await expect(readProductPreview(deps, SIMULATED_CASES.broken)).rejects.toMatchObject({ statusCode: 422, errors: { url: [t.notParsed] } });
  });

  test('after the rates job ran, EUR is converted at the bank\'s rate of that day', async () => {
    const bank = await startCbarSimulator();
    try {
      const client = createCbarClient({ baseUrl: bank.url, timeoutMs: 2000 });
      const { date } = await refreshCurrencyRates(ctx.database.db, client, todayIn(ctx.config.APP_TIMEZONE), () => {});
      const published = new Map(simulatedRates(date).map((r) => [r.code, r.value]));
      const { body } = await preview(SIMULATED_PRODUCTS[0]!.url);
      // the bank publishes TRY and EUR per one unit: AZN per unit = the file's value
      expect(body.data.price.converted.eur).toBe(convertAmount('4299.90', published.get('TRY')!, published.get('EUR')!));
      const eur = await ctx.app.inject({ url: '/api/client/cbar?currency=EUR', headers: bearer(token) });
      expect(eur.json().detail).toMatchObject({ date, value: published.get('EUR') }); // the stored day's rate, not the seeded one
      expect(body.data.price.ratesDate).toBe(date);
    } finally {
      await bank.close();
    }
  });
});
