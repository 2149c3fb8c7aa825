import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { isPublicAddress } from './address-guard';
import { ProductPreviewError } from './errors';
import { parseProductPage } from './parser';
import { convertAmount, currencyOf, parseMachineAmount, parsePriceText } from './price';
import { readSimulatedPreview, SIMULATED_CASES, SIMULATED_PRODUCTS } from './simulator';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (file: string) => fs.readFileSync(path.join(FIXTURES, file), 'utf8');
const FILES: Record<string, string> = {
  'nike/air-max-270-erkek-spor-ayakkabi-p-100001': 'trendyol/nike-air-max-270.html',
  'koton/basic-tisort-p-100002': 'trendyol/koton-basic-tisort.html',
  'mavi/marcus-slim-fit-jean-p-100003': 'trendyol/mavi-jean.html',
  'lc-waikiki/balikci-yaka-kazak-p-100004': 'trendyol/lcw-kazak.html',
  'Philips-Airfryer-HD9650-90/dp/B0TR000001': 'amazon/philips-airfryer-tr.html',
  'Apple-2024-MacBook-Laptop-chip/dp/B0CX23V2ZK': 'amazon/macbook-air.html',
  'Apple-AirPods-Pro-2nd-Generation/dp/B0D1XD1ZV3': 'amazon/airpods-pro.html',
  'products/silk-scarf': 'generic/ipek-sal.html',
  'products/leather-tote': 'generic/deri-canta.html',
};
const fileOf = (url: string) => FILES[new URL(url).pathname.slice(1)]!;

describe('[ORDERS][PREVIEW][PRICE] prices as shops write them, exactly', () => {
  test.each([
    ['1.299,90 TL', '1299.90', 'TRY'],
    ['₺1.299', '1299.00', 'TRY'],
    ['4.299,9 TL', '4299.90', 'TRY'],
    ['12.345.678,05 TL', '12345678.05', 'TRY'],
    ['249,99 TL', '249.99', 'TRY'],
    ['$1,299.90', '1299.90', 'USD'],
    ['US$ 1,299', '1299.00', 'USD'],
    ['$12,345,678.05', '12345678.05', 'USD'],
    ['$19.99', '19.99', 'USD'],
    ['€ 1 299,50', '1299.50', 'EUR'],
    ['0,005 TL', '0.01', 'TRY'],
    ['Fiyat bilgisi yok TL', null, 'TRY'],
  ])('%s → %s %s', (text, amount, currency) => {
    expect(parsePriceText(text)).toBe(amount);
    expect(currencyOf(text)).toBe(currency);
  });

  test('machine amounts (JSON-LD, meta tags) keep their decimals, half up to cents, never through a float sum', () => {
    expect(parseMachineAmount('4299.90')).toBe('4299.90');
    expect(parseMachineAmount(4299.9)).toBe('4299.90');
    expect(parseMachineAmount('0.105')).toBe('0.11');
    expect(parseMachineAmount('39.5')).toBe('39.50');
    expect(parseMachineAmount('1.299,90')).toBe('1299.90');
    expect(parseMachineAmount('abc')).toBeNull();
    expect(parseMachineAmount(-5)).toBeNull();
  });

  test('conversion goes through AZN at the rates (AZN per unit), half up to cents', () => {
    // 1299.90 USD × 1.7 = 2209.83 AZN; ÷ 0.041 (TRY) = 53898.29…
    expect(convertAmount('1299.90', '1.700000', '1')).toBe('2209.83');
    expect(convertAmount('1299.90', '1.700000', '0.041000')).toBe('53898.29');
    expect(convertAmount('4299.90', '0.041000', '1.700000')).toBe('103.70');
    expect(convertAmount('0.01', '1', '3')).toBe('0.00');
    expect(convertAmount('0.02', '1', '4')).toBe('0.01');
  });
});

describe('[ORDERS][PREVIEW][PARSER] every simulator product page reads to its fields', () => {
  test.each(SIMULATED_PRODUCTS.map((p) => [p.url, p] as const))('%s', (url, expected) => {
    const product = parseProductPage(fixture(fileOf(url)), url);
    expect(product).toMatchObject({
      name: expected.name,
      brand: expected.brand,
      color: expected.color,
      shop: expected.shop,
      price: { amount: expected.amount, originalAmount: expected.originalAmount, currency: expected.currency, symbol: expected.currency === 'TRY' ? '₺' : '$' },
    });
    expect(product.images.length).toBeGreaterThan(0);
    expect(product.mainImage).toBe(product.images[0]);
    expect(new Set(product.images).size).toBe(product.images.length);
    for (const image of product.images) expect(image).toMatch(/^https:\/\//);
  });

  test('readSimulatedPreview (demo data) gives each product\'s preview without a server; the awkward cases none', () => {
    for (const product of SIMULATED_PRODUCTS) {
      expect(readSimulatedPreview(product.url)).toMatchObject({ name: product.name, price: { amount: product.amount, currency: product.currency } });
    }
    expect(readSimulatedPreview(SIMULATED_CASES.slow)).toBeNull();
    expect(readSimulatedPreview(SIMULATED_CASES.broken)).toBeNull();
    expect(readSimulatedPreview(SIMULATED_CASES.notFound)).toBeNull();
    expect(readSimulatedPreview('https://www.trendyol.com/unknown')).toBeNull();
  });

  test('JSON-LD beats OpenGraph and the shop markup: name, price and images of the Nike page', () => {
    const url = SIMULATED_PRODUCTS[0]!.url;
    const product = parseProductPage(fixture(fileOf(url)), url);
    // og:title says '(OpenGraph başlığı)' and product:price:amount 4599.90; JSON-LD says 4299.90 with a strikethrough 5199.00
    expect(product.name).toBe('Nike Air Max 270 Erkek Spor Ayakkabı');
    expect(product.price?.amount).toBe('4299.90');
    expect(product.price?.originalAmount).toBe('5199.00');
    expect(product.images.slice(0, 3)).toEqual([1, 2, 3].map((n) => `https://cdn.dsmcdn.com/ty1001/product/media/images/nike-270-${n}.jpg`));
    expect(product.images.at(-1)).toBe('https://cdn.dsmcdn.com/ty1001/product/media/images/og-nike-270.jpg');
    // the BreadcrumbList's positions, not its order in the page
    expect(product.breadcrumb).toEqual(['Erkek', 'Ayakkabı', 'Spor Ayakkabı']);
    expect(product.sources[0]).toBe('json-ld');
  });

  test('JSON-LD in an array with several offers: the lowest price; image as ImageObject; brand as text', () => {
    const url = SIMULATED_PRODUCTS[6]!.url;
    const product = parseProductPage(fixture(fileOf(url)), url);
    expect(product).toMatchObject({ name: 'Apple AirPods Pro 2 Wireless Earbuds', brand: 'Apple', mainImage: 'https://m.media-amazon.com/images/I/61SUj2aKoEL._AC_SL1500_.jpg' });
    expect(product.price?.amount).toBe('219.99');
    // the breadcrumb comes from the Amazon markup when JSON-LD has none
    expect(product.breadcrumb).toEqual(['Electronics', 'Headphones, Earbuds & Accessories', 'Earbud Headphones']);
  });

  test('JSON-LD @graph with an AggregateOffer (lowPrice) and relative ImageObject urls; breadcrumb item names', () => {
    const url = SIMULATED_PRODUCTS[7]!.url;
    const product = parseProductPage(fixture(fileOf(url)), url);
    expect(product.images).toEqual(['https://www.butik.example/media/scarf-1.jpg', 'https://www.butik.example/media/scarf-2.jpg', 'https://www.butik.example/media/scarf-og.jpg']);
    expect(product.breadcrumb).toEqual(['Women', 'Accessories']);
    expect(product.shopName).toBe('Butik Store');
  });

  test('only OpenGraph: the Koton page', () => {
    const url = SIMULATED_PRODUCTS[1]!.url;
    const product = parseProductPage(fixture(fileOf(url)), url);
    expect(product.sources).toEqual(['opengraph']);
    expect(product.description).toBe('%100 pamuk, regular fit, bisiklet yaka basic tişört.');
  });

  test("only the shop's markup: Trendyol state JSON (cdn images, category path) and Trendyol price elements", () => {
    const mavi = parseProductPage(fixture('trendyol/mavi-jean.html'), SIMULATED_PRODUCTS[2]!.url);
    expect(mavi.sources).toEqual(['shop']);
    expect(mavi.images[0]).toBe('https://cdn.dsmcdn.com/ty1003/product/media/images/mavi-jean-1.jpg');
    expect(mavi.breadcrumb).toEqual(['Giyim', 'Alt Giyim', 'Jean']);
    expect(mavi.description).toBe('Slim fit kesim, orta bel. %98 pamuk, %2 elastan; "Marcus" serisi.');
    const lcw = parseProductPage(fixture('trendyol/lcw-kazak.html'), SIMULATED_PRODUCTS[3]!.url);
    expect(lcw.breadcrumb).toEqual(['Kadın', 'Giyim', 'Kazak']);
    expect(lcw.images[0]).toBe('https://cdn.dsmcdn.com/ty1004/product/media/images/lcw-kazak-1.jpg');
  });

  test('Amazon markup: byline brand, hi-res landing image first, list price, US and Turkish formats', () => {
    const mac = parseProductPage(fixture('amazon/macbook-air.html'), SIMULATED_PRODUCTS[5]!.url);
    expect(mac.brand).toBe('Apple');
    expect(mac.mainImage).toBe('https://m.media-amazon.com/images/I/71ItMeqpN3L._AC_SL1500_.jpg');
    expect(mac.breadcrumb).toEqual(['Electronics', 'Computers & Accessories', 'Laptops']);
    expect(mac.description).toContain('M3 MACHINE');
    const fryer = parseProductPage(fixture('amazon/philips-airfryer-tr.html'), SIMULATED_PRODUCTS[4]!.url);
    expect(fryer.price).toMatchObject({ amount: '3499.00', originalAmount: '4299.00', currency: 'TRY' });
  });

  test('a page without a product (captcha, broken JSON-LD, cut short) is refused as not parsed', () => {
    expect(() => parseProductPage(fixture('trendyol/broken.html'), 'https://www.trendyol.com/kirik/sayfa-p-100005'))
      .toThrow(expect.objectContaining({ kind: 'not_parsed' }) as ProductPreviewError);
    expect(() => parseProductPage('', 'https://www.trendyol.com/x')).toThrow(ProductPreviewError);
    expect(() => parseProductPage('<html><body><p>nothing</p></body></html>', 'https://shop.example/x')).toThrow(ProductPreviewError);
  });

  test('a price without any currency on a shop of unknown country gives no price rather than a guess', () => {
    const html = '<html><head><meta property="og:title" content="Cup"><meta property="product:price:amount" content="12.50"></head></html>';
    expect(parseProductPage(html, 'https://cups.example/cup').price).toBeNull();
    expect(parseProductPage(html, 'https://www.trendyol.com/cup').price).toMatchObject({ amount: '12.50', currency: 'TRY' });
  });
});

describe('[ORDERS][PREVIEW][GUARD] only public addresses', () => {
  test.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.1', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '100.127.255.254', '0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.18.0.1',
    '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
    '64:ff9b::a00:1', '2002:a00:1::', '::7f00:1', 'not-an-ip',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each(['8.8.8.8', '1.1.1.1', '185.10.20.30', '172.32.0.1', '100.128.0.1', '2a00:1450:4001::1', '::ffff:8.8.8.8'])('%s is allowed', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
