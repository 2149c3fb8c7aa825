// `npm start`: install, build, then run the api (it migrates, seeds demo data once and serves the
// web app and the API on one port). Configuration: see README.md.
import { ensureInstalled, ensureWebBuilt, start } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
// --optimize-for-size: V8 keeps a small young generation and collects the old one before it grows
// to ~4x its live size; a 100,000-row export task then peaks at ~180 MB instead of ~350 MB
// (bench/declaration-exports.ts, docs/decisions/0007-xlsx-exports.md).
const api = start(process.execPath, ['--optimize-for-size', '--import', 'tsx', 'apps/api/src/main.ts']);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
