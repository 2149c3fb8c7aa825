/**
 * Benchmark of the product preview (issue 18 item 3 / Performance: "a preview answers within the
 * shop's time-out plus 50 ms of parsing"): the parse time of every simulator page (p50/p95 over
 * `--parses` parses after a warm-up) and the end-to-end time of GET /api/admin/bonaz/parser through
 * the real app over HTTP against the shop simulator (every product page, and the slow page that ends
 * at the time-out).
 *
 *   node --import tsx bench/product-preview.ts [--parses 200] [--requests 200] [--timeout-ms 1000] [--out bench/results/product-preview-<date>.md]
 *
 * The app runs on an in-memory PGlite with the reference data and two demo customers (the preview
 * reads only the currency rates); the simulator runs in this process on loopback.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app';
import { readConfig } from '../apps/api/src/config';
import { openPglite } from '../apps/api/src/db/client';
import { seedDemoData } from '../apps/api/src/db/seed/demo-seed';
import { seedReferenceData } from '../apps/api/src/db/seed/reference-data';
import { fetchProductPage } from '../apps/api/src/integrations/product-preview/fetcher';
import { routeToStandIn } from '../apps/api/src/integrations/product-preview/client';
import { parseProductPage } from '../apps/api/src/integrations/product-preview/parser';
import { SIMULATED_CASES, SIMULATED_PRODUCTS, startProductSimulator } from '../apps/api/src/integrations/product-preview/simulator';
import { logIn } from './bench-db';

const { values: args } = parseArgs({
  options: {
    parses: { type: 'string', default: '200' },
    requests: { type: 'string', default: '200' },
    'timeout-ms': { type: 'string', default: '1000' },
    out: { type: 'string' },
  },
});
const PARSES = Number(args.parses);
const REQUESTS = Number(args.requests);
const TIMEOUT_MS = Number(args['timeout-ms']);
const PARSE_BUDGET_MS = 50;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const ms = (n: number) => n.toFixed(2);

const sim = await startProductSimulator({ slowMs: TIMEOUT_MS * 3 });
const lines: string[] = [];
const say = (line: string) => { lines.push(line); console.log(line); };

// 1. Parse time per page (the HTML fetched once, parsed PARSES times after 20 warm-up parses).
const fetchOptions = { timeoutMs: 5000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3, routeTo: routeToStandIn({ timeoutMs: 0, maxBytes: 0, maxRedirects: 3, simulatorUrl: sim.url }) };
say(`# Product preview benchmark, ${new Date().toISOString().slice(0, 10)}`);
say('');
say(`Node ${process.version}, ${process.platform}; ${PARSES} parses per page after 20 warm-up parses; end-to-end ${REQUESTS} requests over HTTP, the time-out set to ${TIMEOUT_MS} ms.`);
say('');
say('## Parse time per page (cheerio load + JSON-LD + OpenGraph + shop markup)');
say('');
say('| page | bytes | p50 ms | p95 ms | max ms |');
say('| --- | ---: | ---: | ---: | ---: |');
let worstParseP95 = 0;
for (const product of SIMULATED_PRODUCTS) {
  const page = await fetchProductPage(product.url, fetchOptions);
  for (let i = 0; i < 20; i++) parseProductPage(page.html, page.url);
  const times: number[] = [];
  for (let i = 0; i < PARSES; i++) {
    const started = performance.now();
    parseProductPage(page.html, page.url);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  worstParseP95 = Math.max(worstParseP95, quantile(times, 0.95));
  say(`| ${new URL(product.url).hostname}${new URL(product.url).pathname.slice(0, 40)} | ${page.bytes} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} | ${ms(times.at(-1)!)} |`);
}

// 2. End to end through the app.
const database = await openPglite(null);
await database.migrate();
await seedReferenceData(database.db);
await seedDemoData(database.db, { customers: 2, declarations: 0 });
const config = readConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn', PRODUCT_PREVIEW_SIMULATOR_URL: sim.url, PRODUCT_PREVIEW_TIMEOUT_MS: String(TIMEOUT_MS), PRODUCT_PREVIEW_CACHE_SECONDS: '0', DATA_DIR: '/tmp/product-preview-bench' });
const app = await buildApp({ db: database.db, config, jwtSecret: config.JWT_SECRET!, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const token = await logIn(base);
const call = async (link: string) => {
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/bonaz/parser?url=${encodeURIComponent(link)}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return { status: res.status, took: performance.now() - started };
};
for (let i = 0; i < 10; i++) await call(SIMULATED_PRODUCTS[i % SIMULATED_PRODUCTS.length]!.url);
const times: number[] = [];
let failures = 0;
for (let i = 0; i < REQUESTS; i++) {
  const { status, took } = await call(SIMULATED_PRODUCTS[i % SIMULATED_PRODUCTS.length]!.url);
  if (status !== 200) failures++;
  times.push(took);
}
times.sort((a, b) => a - b);
const slow: number[] = [];
for (let i = 0; i < 5; i++) {
  const { status, took } = await call(SIMULATED_CASES.slow);
  if (status !== 422) failures++;
  slow.push(took);
}
slow.sort((a, b) => a - b);
say('');
say('## End to end: GET /api/admin/bonaz/parser through the app (fetch from the simulator, parse, rates, reply)');
say('');
say('| case | requests | p50 ms | p95 ms | max ms |');
say('| --- | ---: | ---: | ---: | ---: |');
say(`| product pages (all ${SIMULATED_PRODUCTS.length} in turn) | ${REQUESTS} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} | ${ms(times.at(-1)!)} |`);
say(`| slow page (answers after ${TIMEOUT_MS * 3} ms) → 422 time-out | ${slow.length} | ${ms(quantile(slow, 0.5))} | ${ms(quantile(slow, 0.95))} | ${ms(slow.at(-1)!)} |`);
say('');
const slowOver = slow.at(-1)! - TIMEOUT_MS;
say(`Unexpected statuses: ${failures}. Worst parse p95 ${ms(worstParseP95)} ms (budget ${PARSE_BUDGET_MS} ms): ${worstParseP95 <= PARSE_BUDGET_MS ? 'met' : 'MISSED'}. ` +
  `The slow page's 422 came at most ${ms(slowOver)} ms after the ${TIMEOUT_MS} ms time-out (budget ${PARSE_BUDGET_MS} ms): ${slowOver <= PARSE_BUDGET_MS ? 'met' : 'MISSED'}.`);

await app.close();
await database.close();
await sim.close();
if (args.out) {
  fs.mkdirSync(path.dirname(args.out), { recursive: true });
  fs.writeFileSync(args.out, `${lines.join('\n')}\n`);
  console.log(`\nwritten to ${args.out}`);
}
