import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, DEMO_STAFF, seedDemoData } from './db/seed/demo-seed';
import { seedReferenceData } from './db/seed/reference-data';
import { readOrCreateJwtSecret } from './db/seed/secrets';
import { startCbarSimulator } from './integrations/currency-rates/simulator';
import { startMarketplaceSimulator } from './integrations/marketplace/simulator';
import { startEmbeddedCustoms } from './modules/customs/service';

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
await seedReferenceData(database.db);
const isDemo = config.NODE_ENV !== 'production' && config.SEED_DEMO === 'auto';
if (isDemo) {
  const started = Date.now();
  if (await seedDemoData(database.db, { customers: config.DEMO_CUSTOMERS, declarations: config.DEMO_DECLARATIONS, exportTasks: true })) {
    console.log(`Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
// Without JWT_SECRET (development only, config.ts) the secret is generated into DATA_DIR/jwt-secret.
const jwtSecret = await readOrCreateJwtSecret(database.db, config.DATA_DIR, config.JWT_SECRET);
// A development run on the embedded database takes the central bank's rates from the local simulator.
const cbarSimulator = !config.CBAR_BASE_URL && isDemo && database.kind === 'pglite' ? await startCbarSimulator() : null;
if (cbarSimulator) config.CBAR_BASE_URL = cbarSimulator.url;
// Likewise the marketplace (integrations/marketplace/PROTOCOL.md), so a demo PIN change is applied.
const marketplaceSimulator = !config.MARKETPLACE_BASE_URL && isDemo && database.kind === 'pglite' ? await startMarketplaceSimulator({ host: '127.0.0.1' }) : null;
if (marketplaceSimulator) config.MARKETPLACE_BASE_URL = marketplaceSimulator.url;
const customsSimulator = !config.DATABASE_URL && !config.CUSTOMS_BASE_URL ? await startEmbeddedCustoms(database.db, config) : null; // customs-ecarrier.md, local
const app = await buildApp({ db: database.db, config, jwtSecret, logger: { level: config.LOG_LEVEL } });

const shutdown = async () => {
  await app.close();
  await cbarSimulator?.close();
  await marketplaceSimulator?.close();
  await customsSimulator?.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ host: config.HOST, port: config.PORT });
app.jobs.start();
const url = `http://localhost:${config.PORT}/@next/`;
console.log(`\n  Back office: ${url}  (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`);
console.log(`  API docs:    http://localhost:${config.PORT}/api/docs`);
if (isDemo) {
  console.log(`  Demo logins (password ${DEMO_PASSWORD}): ${DEMO_STAFF.map((s) => s.email).join(', ')}\n`);
}
