import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseProductPage, type ParsedProduct } from './parser';

/**
 * Local stand-in for the shops (README.md "Simulator"): one HTTP server that answers for every
 * simulated host by the `Host` header the fetcher sends (the shop's own host), with product pages
 * from fixtures/ and the awkward cases a real shop produces: a slow page, a redirect chain, a
 * redirect to an internal address, a huge page, a 404, a picture instead of a page.
 */
export interface ProductSimulator {
  url: string;
  /** Requests seen: host, path and the headers a shop judges a visitor by (tests check what reached the shop). */
  requests: { host: string; path: string; userAgent: string; acceptLanguage: string }[];
  close(): Promise<void>;
}

export interface SimulatedProduct {
  url: string;
  shop: 'trendyol' | 'amazon' | 'generic';
  name: string;
  brand: string;
  amount: string;
  originalAmount: string;
  currency: string;
  color: string;
  /** Order form: country 1 Turkey (₺) or 2 America ($). */
  countryId: 1 | 2;
}

/** The simulator's product pages as their links (the shop's real host); demo orders carry these. */
export const SIMULATED_PRODUCTS: readonly SimulatedProduct[] = [
  { url: 'https://www.trendyol.com/nike/air-max-270-erkek-spor-ayakkabi-p-100001', shop: 'trendyol', name: 'Nike Air Max 270 Erkek Spor Ayakkabı', brand: 'Nike', amount: '4299.90', originalAmount: '5199.00', currency: 'TRY', color: 'Siyah', countryId: 1 },
  { url: 'https://www.trendyol.com/koton/basic-tisort-p-100002', shop: 'trendyol', name: 'Koton Basic Bisiklet Yaka Tişört', brand: 'Koton', amount: '249.99', originalAmount: '249.99', currency: 'TRY', color: 'Beyaz', countryId: 1 },
  { url: 'https://www.trendyol.com/mavi/marcus-slim-fit-jean-p-100003', shop: 'trendyol', name: 'Marcus Slim Fit Koyu Mavi Jean Pantolon', brand: 'Mavi', amount: '1299.90', originalAmount: '1599.90', currency: 'TRY', color: 'Koyu Mavi', countryId: 1 },
  { url: 'https://www.trendyol.com/lc-waikiki/balikci-yaka-kazak-p-100004', shop: 'trendyol', name: 'Balıkçı Yaka Örgü Kazak', brand: 'LC Waikiki', amount: '1299.90', originalAmount: '1599.00', currency: 'TRY', color: 'Bordo', countryId: 1 },
  { url: 'https://www.amazon.com.tr/Philips-Airfryer-HD9650-90/dp/B0TR000001', shop: 'amazon', name: 'Philips Airfryer XXL HD9650/90 Yağsız Fritöz, 7.3 L', brand: 'Philips', amount: '3499.00', originalAmount: '4299.00', currency: 'TRY', color: 'Siyah', countryId: 1 },
  { url: 'https://www.amazon.com/Apple-2024-MacBook-Laptop-chip/dp/B0CX23V2ZK', shop: 'amazon', name: 'Apple 2024 MacBook Air 13-inch Laptop with M3 chip: 13.6-inch Liquid Retina Display, 16GB Unified Memory, 256GB SSD Storage, Midnight', brand: 'Apple', amount: '1299.90', originalAmount: '1499.00', currency: 'USD', color: 'Midnight', countryId: 2 },
  { url: 'https://www.amazon.com/Apple-AirPods-Pro-2nd-Generation/dp/B0D1XD1ZV3', shop: 'amazon', name: 'Apple AirPods Pro 2 Wireless Earbuds', brand: 'Apple', amount: '219.99', originalAmount: '219.99', currency: 'USD', color: 'White', countryId: 2 },
  { url: 'https://www.butik.example/products/silk-scarf', shop: 'generic', name: 'Hand-rolled Silk Scarf', brand: 'Butik Atelier', amount: '39.50', originalAmount: '39.50', currency: 'USD', color: 'Emerald', countryId: 2 },
  { url: 'https://www.butik.example/products/leather-tote', shop: 'generic', name: 'Leather Tote Bag', brand: 'Butik Atelier', amount: '129.00', originalAmount: '129.00', currency: 'USD', color: 'Cognac', countryId: 2 },
];

/** Links of the simulator's awkward cases (tests and the README). */
export const SIMULATED_CASES = {
  broken: 'https://www.trendyol.com/kirik/sayfa-p-100005',
  slow: 'https://www.trendyol.com/yavas/urun-p-100006',
  redirectChain: 'https://www.trendyol.com/yonlendir/urun-p-100007',
  tooManyRedirects: 'https://www.trendyol.com/yonlendir/sonsuz',
  redirectToPrivate: 'https://www.trendyol.com/yonlendir/daxili',
  redirectToMetadata: 'https://www.trendyol.com/yonlendir/metadata',
  huge: 'https://www.trendyol.com/boyuk/urun-p-100008',
  gzipBomb: 'https://www.trendyol.com/boyuk/sixilmis-p-100009',
  notFound: 'https://www.trendyol.com/sepet/urun-yok-p-404',
  notHtml: 'https://www.trendyol.com/resim/urun.jpg',
  serverError: 'https://www.trendyol.com/xeta/urun-p-500',
} as const;

type Route =
  | { file: string; status?: number }
  | { redirect: string; status: number }
  | { slowMs: number; file: string }
  | { huge: number }
  | { gzipBomb: true }
  | { bytes: Buffer; type: string }
  | { status: number; text: string };

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const pathOf = (url: string) => new URL(url).pathname;
const hostOf = (url: string) => new URL(url).hostname;

function routes(slowMs: number): Map<string, Route> {
  const [nike, koton, mavi, lcw, airfryer, macbook, airpods, scarf, tote] = SIMULATED_PRODUCTS;
  const at = (url: string) => `${hostOf(url)}${pathOf(url)}`;
  const table: [string, Route][] = [
    [at(nike!.url), { file: 'trendyol/nike-air-max-270.html' }],
    [at(koton!.url), { file: 'trendyol/koton-basic-tisort.html' }],
    [at(mavi!.url), { file: 'trendyol/mavi-jean.html' }],
    [at(lcw!.url), { file: 'trendyol/lcw-kazak.html' }],
    [at(airfryer!.url), { file: 'amazon/philips-airfryer-tr.html' }],
    [at(macbook!.url), { file: 'amazon/macbook-air.html' }],
    [at(airpods!.url), { file: 'amazon/airpods-pro.html' }],
    [at(scarf!.url), { file: 'generic/ipek-sal.html' }],
    [at(tote!.url), { file: 'generic/deri-canta.html' }],
    [at(SIMULATED_CASES.broken), { file: 'trendyol/broken.html' }],
    [at(SIMULATED_CASES.slow), { slowMs, file: 'trendyol/koton-basic-tisort.html' }],
    // Three hops (the most the fetcher follows): relative, absolute on the shop, then to the product.
    [at(SIMULATED_CASES.redirectChain), { redirect: '/yonlendir/2', status: 301 }],
    ['www.trendyol.com/yonlendir/2', { redirect: 'https://www.trendyol.com/yonlendir/3', status: 302 }],
    ['www.trendyol.com/yonlendir/3', { redirect: nike!.url, status: 307 }],
    [at(SIMULATED_CASES.tooManyRedirects), { redirect: '/yonlendir/sonsuz?x=1', status: 302 }],
    [at(SIMULATED_CASES.redirectToPrivate), { redirect: 'http://10.0.0.5/admin', status: 302 }],
    [at(SIMULATED_CASES.redirectToMetadata), { redirect: 'http://169.254.169.254/latest/meta-data/', status: 302 }],
    [at(SIMULATED_CASES.huge), { huge: 3 * 1024 * 1024 }],
    [at(SIMULATED_CASES.gzipBomb), { gzipBomb: true }],
    [at(SIMULATED_CASES.notFound), { file: 'trendyol/not-found.html', status: 404 }],
    [at(SIMULATED_CASES.notHtml), { bytes: Buffer.from('ffd8ffe000104a46494600', 'hex'), type: 'image/jpeg' }],
    [at(SIMULATED_CASES.serverError), { status: 503, text: 'Service Unavailable' }],
  ];
  return new Map(table);
}

/**
 * The preview the simulator's page of a product link gives, read from its fixture without a server
 * (demo data stores these on orders: images, breadcrumb, description as a live preview would).
 */
export function readSimulatedPreview(url: string): ParsedProduct | null {
  const route = routes(0).get(`${hostOf(url)}${pathOf(url)}`);
  if (!route || !('file' in route) || 'slowMs' in route || route.status) return null;
  try {
    return parseProductPage(fs.readFileSync(path.join(FIXTURES, route.file), 'utf8'), url);
  } catch {
    return null; // the broken page
  }
}

export async function startProductSimulator(opts: { port?: number; host?: string; slowMs?: number } = {}): Promise<ProductSimulator> {
  const table = routes(opts.slowMs ?? 8000);
  const cache = new Map<string, Buffer>();
  const read = (file: string) => {
    let body = cache.get(file);
    if (!body) { body = fs.readFileSync(path.join(FIXTURES, file)); cache.set(file, body); }
    return body;
  };
  const requests: ProductSimulator['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  // 16 MB of spaces in 16 KB of gzip, made once at start so the answer is immediate.
  const bomb = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20), { level: 9 });

  const server = http.createServer((req, res) => {
    const host = String(req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const urlPath = (req.url ?? '/').split('?')[0]!;
    requests.push({ host, path: req.url ?? '/', userAgent: String(req.headers['user-agent'] ?? ''), acceptLanguage: String(req.headers['accept-language'] ?? '') });
    if (requests.length > 1000) requests.shift();
    const route = table.get(`${host}${urlPath}`) ?? (urlPath === '/' ? { status: 200, text: index() } : undefined);
    const html = (status: number, body: Buffer | string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (!route) return html(404, read('trendyol/not-found.html'));
    if ('redirect' in route) { res.writeHead(route.status, { location: route.redirect }); return res.end(); }
    if ('slowMs' in route) {
      const timer = setTimeout(() => { timers.delete(timer); if (!res.destroyed) html(200, read(route.file)); }, route.slowMs);
      timers.add(timer);
      return undefined;
    }
    if ('huge' in route) {
      // Sent in pieces without a length, as a streaming shop page would come.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const piece = `<div class="filler">${'lorem ipsum '.repeat(5000)}</div>\n`;
      let sent = 0;
      const write = () => {
        while (sent < route.huge && !res.destroyed) {
          sent += piece.length;
          if (!res.write(piece)) return void res.once('drain', write);
        }
        res.end();
      };
      res.write('<!DOCTYPE html><html><head><meta property="og:title" content="Huge"></head><body>');
      return write();
    }
    if ('gzipBomb' in route) {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': bomb.length });
      return res.end(bomb);
    }
    if ('bytes' in route) { res.writeHead(200, { 'content-type': route.type }); return res.end(route.bytes); }
    if ('text' in route) return html(route.status, route.text);
    return html(route.status ?? 200, read(route.file));
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    requests,
    close: () => new Promise((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function index(): string {
  const items = SIMULATED_PRODUCTS.map((p) => `<li>${p.shop}: ${p.url}</li>`).join('');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Product preview simulator</title></head><body><h1>Simulated shops</h1><ul>${items}</ul></body></html>`;
}
