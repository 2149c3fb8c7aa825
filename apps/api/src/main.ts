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
// And the notification channels (integrations/notify): SMS, WhatsApp, FCM and an SMTP sink on loopback,
// each used for the channels that are not configured.
const notifySimulators = isDemo && database.kind === 'pglite' && !(config.SMTP_URL && config.SMS_BASE_URL && config.WHATSAPP_TOKEN && config.FCM_PROJECT_ID)
  ? await (await import('./integrations/notify/simulators')).startNotifySimulators() : null;
if (notifySimulators) {
  const sim = notifySimulators.config;
  if (!config.SMTP_URL) config.SMTP_URL = sim.SMTP_URL;
  if (!config.SMS_BASE_URL) Object.assign(config, { SMS_BASE_URL: sim.SMS_BASE_URL, SMS_API_KEY: sim.SMS_API_KEY });
  if (!config.WHATSAPP_TOKEN) Object.assign(config, { WHATSAPP_BASE_URL: sim.WHATSAPP_BASE_URL, WHATSAPP_TOKEN: sim.WHATSAPP_TOKEN, WHATSAPP_PHONE_ID: sim.WHATSAPP_PHONE_ID });
  if (!config.FCM_PROJECT_ID) Object.assign(config, { FCM_BASE_URL: sim.FCM_BASE_URL, FCM_PROJECT_ID: sim.FCM_PROJECT_ID, FCM_ACCESS_TOKEN: sim.FCM_ACCESS_TOKEN });
}
// And the shops of the product preview (integrations/product-preview), so the demo's product links read.
const productSimulator = isDemo && database.kind === 'pglite' && !config.PRODUCT_PREVIEW_SIMULATOR_URL
  ? await (await import('./integrations/product-preview/simulator')).startProductSimulator() : null;
if (productSimulator) config.PRODUCT_PREVIEW_SIMULATOR_URL = productSimulator.url;
const app = await buildApp({ db: database.db, config, jwtSecret, logger: { level: config.LOG_LEVEL } });

const shutdown = async () => {
  await app.close();
  await cbarSimulator?.close();
  await marketplaceSimulator?.close();
  await customsSimulator?.close();
  await notifySimulators?.close();
  await productSimulator?.close();
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
