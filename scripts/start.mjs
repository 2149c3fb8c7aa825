// `npm start`: install, build, then run the api (it migrates, seeds demo data once and serves the
// web app and the API on one port). Configuration: see README.md.
import { ensureInstalled, ensureWebBuilt, start } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
// --expose-gc: a large export asks for a full collection every 10,000 rows (platform/xlsx.ts), so a
// 100,000-row export task stays flat instead of letting garbage grow to ~4x the live heap
// (bench/declaration-exports.ts, docs/decisions/0007-xlsx-exports.md).
const api = start(process.execPath, ['--expose-gc', '--import', 'tsx', 'apps/api/src/main.ts']);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
