// Shared by start.mjs and test.mjs. Plain Node (no dependencies): it runs before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  return res.status ?? 1;
}

export function start(cmd, args, opts = {}) {
  return spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newestIn(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Build outputs and the typecheck's incremental state (tsconfig.tsbuildinfo) are not sources.
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.endsWith('.tsbuildinfo')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(p) : mtime(p));
  }
  return newest;
}

/**
 * Installs dependencies on a fresh clone, and again when package-lock.json changed. `npm install`
 * (which follows the lock) rather than `npm ci`: npm 11's ci refuses this lock over the optional
 * platform binaries of unrs-resolver (a lint dependency), even when the lock is freshly made.
 */
export function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && mtime(marker) >= mtime(lock)) return;
  console.log('› Installing dependencies (npm install)…');
  const status = run('npm', ['install', '--include=dev', '--no-audit', '--no-fund']);
  if (status !== 0) {
    console.error('npm install failed; see the messages above.');
    process.exit(status);
  }
}

/** Builds the web app when its sources (or the contract) are newer than the last build. */
export function ensureWebBuilt({ force = false } = {}) {
  const built = mtime(path.join(ROOT, 'apps/web/dist/index.html'));
  const sources = Math.max(newestIn(path.join(ROOT, 'apps/web')), newestIn(path.join(ROOT, 'packages/contract/src')));
  if (!force && built && built >= sources) return;
  console.log('› Building the web app…');
  const status = run('npm', ['run', 'build', '-w', '@app/web']);
  if (status !== 0) {
    console.error('The web build failed; see the messages above.');
    process.exit(status);
  }
}
