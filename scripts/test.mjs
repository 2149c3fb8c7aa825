// `npm test`: installs what it needs, then typecheck, lint, unit tests, API tests on PGlite and
// (when a server answers) PostgreSQL, then E2E tests in Debian's Chromium against the built app.
// Ends with one line: `N passed, N failed`.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, ensureInstalled, ensureWebBuilt, run, start } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS = path.join(ROOT, '.test-results');
const tally = { passed: 0, failed: 0, skipped: 0 };
const report = [];

/** Debian's poppler-utils: the document tests rasterise PDFs (pdftoppm) and read their text (pdftotext). */
function ensurePoppler() {
  if (fs.existsSync('/usr/bin/pdftoppm') && fs.existsSync('/usr/bin/pdftotext')) return;
  if (process.getuid?.() !== 0) {
    console.error('poppler-utils is missing. Install Debian\'s package as root:\n  sudo apt-get update && sudo apt-get install -y poppler-utils\nthen run npm test again.');
    process.exit(1);
  }
  console.log('› Installing Debian\'s poppler-utils (apt-get)…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update'], { env }) !== 0 || run('apt-get', ['install', '-y', '--no-install-recommends', 'poppler-utils'], { env }) !== 0) {
    console.error('apt-get could not install poppler-utils.');
    process.exit(1);
  }
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install Debian's package as root:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to an installed Chromium), then run npm test again.`);
    process.exit(1);
  }
  console.log('› Installing Debian\'s chromium (apt-get)…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update'], { env }) !== 0 || run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env }) !== 0) {
    console.error('apt-get could not install chromium.');
    process.exit(1);
  }
}

/** A step that is one check (typecheck, lint): one pass or one fail. */
async function check(name, cmd, args, opts) {
  const started = Date.now();
  const status = await runLogged(name, cmd, args, opts);
  const ok = status === 0;
  if (ok) tally.passed++;
  else tally.failed++;
  report.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

/**
 * Runs a step; when others run beside it (`together`), its output is kept in .test-results/<step>.log
 * and printed whole when it ends, so parallel steps do not interleave their lines.
 */
function runLogged(name, cmd, args, opts = {}) {
  if (!opts.together) {
    console.log(`\n› ${name}`);
    return Promise.resolve(run(cmd, args, opts));
  }
  console.log(`\n› ${name} (in parallel; its output follows when it ends)`);
  const log = path.join(RESULTS, `${name.replace(/\W+/g, '-')}.log`);
  const out = fs.openSync(log, 'w');
  const child = start(cmd, args, { ...opts, stdio: ['ignore', out, out] });
  return new Promise((resolve) => child.on('exit', (code) => {
    fs.closeSync(out);
    console.log(`\n› ${name}: output\n${fs.readFileSync(log, 'utf8')}`);
    resolve(code ?? 1);
  }));
}

/** A vitest run: its test counts join the tally. */
async function vitest(name, root, env = {}, together = false) {
  const started = Date.now();
  const out = path.join(RESULTS, `${name.replace(/\W+/g, '-')}.json`);
  fs.rmSync(out, { force: true });
  const status = await runLogged(name, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--root', root, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env, together });
  let passed = 0, failed = 0, skipped = 0;
  try {
    const json = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (json.numFailedTestSuites && !json.numFailedTests ? json.numFailedTestSuites : 0);
    skipped = json.numPendingTests + json.numTodoTests;
  } catch {
    failed = 1;
  }
  if (status !== 0 && failed === 0) failed = 1;
  tally.passed += passed;
  tally.failed += failed;
  tally.skipped += skipped;
  report.push(`${failed ? 'FAIL' : 'ok  '} ${name}: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

async function isPostgresReachable(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) return false;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function e2e() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const url = `http://127.0.0.1:${port}`;
  console.log(`\n› Starting the built app for E2E at ${url} (PGlite in ${dataDir})`);
  const server = start(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    if (!(await waitForHealth(url, server))) {
      tally.failed++;
      report.push('FAIL E2E: the app did not start');
      return;
    }
    await vitest('E2E (Chromium)', 'e2e', { BASE_URL: url, CHROMIUM_PATH: CHROMIUM });
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureInstalled();
ensureChromium();
ensurePoppler();
fs.mkdirSync(RESULTS, { recursive: true });
delete process.env.DATABASE_URL;

const began = Date.now();
// Two cores: the typecheck and lint run side by side; the E2E run (mostly a browser waiting on
// pages) runs beside the API tests on PostgreSQL (mostly the database server working).
await Promise.all([
  check('Typecheck', process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'packages/contract', 'apps/api', 'apps/web', 'e2e', 'bench'], { together: true }),
  check('Lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'], { together: true }),
]);
await vitest('Unit tests (web)', 'apps/web');
await vitest('API tests on PGlite', 'apps/api', { TEST_DB: 'pglite' });
ensureWebBuilt();
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const postgres = (await isPostgresReachable(pgUrl))
  ? vitest('API tests on PostgreSQL', 'apps/api', { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl }, true)
  : Promise.resolve(void report.push(`skip API tests on PostgreSQL: no server answers at ${pgUrl.replace(/\/\/[^@]*@/, '//')}`));
await Promise.all([postgres, e2e()]);
report.push(`total ${((Date.now() - began) / 1000).toFixed(0)} s (after the install)`);

console.log('\nSummary');
for (const line of report) console.log(`  ${line}`);
console.log(`${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed ? 1 : 0);
