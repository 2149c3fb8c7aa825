// `npm start`: install, build, then run the api (it migrates, seeds demo data once and serves the
// web app and the API on one port). Configuration: see README.md.
import { ensureInstalled, ensureWebBuilt, start } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
const api = start(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts']);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
