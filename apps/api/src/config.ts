import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** A PostgreSQL URL; without it the api runs embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Signs access tokens. Required in production; a per-data-dir secret is generated otherwise. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  SESSION_REFRESH_TTL_HOURS: z.coerce.number().int().min(1).default(12),
  /** Failed logins of one account from one address (in the window) before each further try waits 1, 2, 4 … s. */
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** The longest of those waits. */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Failures of one account from all addresses before addresses it never signed in from are slowed down too. */
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
  /** Failures from one address over all accounts before that address is slowed down (an office shares one). */
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(300),
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): unset trusts nobody; a hop
   * count, or a comma-separated list of addresses/CIDRs (also loopback, linklocal, uniquelocal).
   */
  TRUST_PROXY: z.string().optional()
    .refine((v) => v === undefined || parseTrustProxy(v) !== null, 'a hop count or a comma-separated list of addresses/CIDRs')
    .transform((v) => (v === undefined ? false : parseTrustProxy(v)!)),
  /** Where the built web app is; served under /@next/. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Seed demo data when the database is empty (never with NODE_ENV=production). */
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  DEMO_DECLARATIONS: z.coerce.number().int().min(0).default(10_000),
  DEMO_CUSTOMERS: z.coerce.number().int().min(0).default(1_000),
  /** The office's time zone: date filters and printed dates are in it. */
  APP_TIMEZONE: z.string().default('Asia/Baku'),
  /** The marketplace link (integrations/marketplace/PROTOCOL.md); without a URL PIN changes stay pending. */
  MARKETPLACE_BASE_URL: z.string().url().optional(),
  MARKETPLACE_TOKEN: z.string().optional(),
  MARKETPLACE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  MARKETPLACE_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /**
   * The customs e-carrier service (integrations/customs-ecarrier.md). Unset in a development run on
   * the embedded database, main.ts starts the local customs simulator and points the client at it.
   */
  CUSTOMS_BASE_URL: z.string().url().optional(),
  CUSTOMS_API_KEY: z.string().optional(),
  CUSTOMS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Quick retries of one call (time-outs, 5xx, empty answers) before the job runner takes over. */
  CUSTOMS_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** First pause of the job runner's retries of a failed send (doubled each time). */
  CUSTOMS_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Parcels sent to customs at once. */
  CUSTOMS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** How often carrier posts and declarations are pulled from customs. */
  CUSTOMS_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(30).default(300),
  /** Check every reply against its route's reply schema (default: on under NODE_ENV=test only). */
  REPLY_CHECK: z.enum(['on', 'off']).transform((v) => v === 'on').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The central bank's daily rates (integrations/currency-rates.md): {base}/DD.MM.YYYY.xml. Unset in a
   * development run on the embedded database, main.ts starts the local simulator and uses it.
   */
  CBAR_BASE_URL: z.string().url().optional(),
  CBAR_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How often the rates job runs (the bank publishes once a working day). */
  CURRENCY_RATES_INTERVAL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /**
   * Notifications (integrations/notify, README "Notifications"). Unset in a development run on the
   * embedded database, main.ts starts the local simulators of all four channels and uses them.
   * E-mail: an SMTP URL (smtp://user:pass@host:587, smtps://… for TLS on connect) and the sender.
   */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Back office <noreply@localhost>'),
  /** SMS gateway (JSON API: POST /messages, GET /messages/{id}, GET /balance; X-API-Key). */
  SMS_BASE_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER: z.string().default('BackOffice'),
  /** WhatsApp Business Cloud API: {base}/{version}/{phone_number_id}/messages with a bearer token. */
  WHATSAPP_BASE_URL: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z.string().default('v21.0'),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_ID: z.string().optional(),
  /**
   * Firebase Cloud Messaging HTTP v1: {base}/v1/projects/{project}/messages:send. The bearer token is
   * FCM_ACCESS_TOKEN as given (simulator, or one minted elsewhere) or, with FCM_SERVICE_ACCOUNT_FILE
   * (the service account's JSON key), an OAuth token obtained and renewed by the JWT-bearer flow.
   */
  FCM_BASE_URL: z.string().url().default('https://fcm.googleapis.com'),
  FCM_PROJECT_ID: z.string().optional(),
  FCM_ACCESS_TOKEN: z.string().optional(),
  FCM_SERVICE_ACCOUNT_FILE: z.string().optional(),
  /** The longest wait for one provider call (connect + answer); past it the send is retried later. */
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Messages sent at once by one send job (bulk sends go out in batches of jobs). */
  NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /** First wait before a failed bulk message is tried again (doubled for each further try). */
  NOTIFY_RETRY_SECONDS: z.coerce.number().int().min(0).default(30),
  /**
   * Product preview (integrations/product-preview/README.md): the longest wait for a shop's page
   * (connect, redirects and body), the largest page read, redirects followed. The base URLs send a
   * shop family's links to a stand-in (same path, the shop's host in Host); unset in a development
   * run on the embedded database, main.ts starts the local shop simulator and uses it.
   */
  PRODUCT_PREVIEW_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PRODUCT_PREVIEW_MAX_BYTES: z.coerce.number().int().min(10_000).default(2 * 1024 * 1024),
  PRODUCT_PREVIEW_MAX_REDIRECTS: z.coerce.number().int().min(0).max(10).default(3),
  /** A link read again within this time reuses the page (the form's preview, then the save); 0 reads every time. */
  PRODUCT_PREVIEW_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
  PRODUCT_PREVIEW_SIMULATOR_URL: z.string().url().optional(),
  PRODUCT_PREVIEW_SHOP_BASE_URL_TRENDYOL: z.string().url().optional(),
  PRODUCT_PREVIEW_SHOP_BASE_URL_AMAZON: z.string().url().optional(),
});
export type Config = z.infer<typeof ZConfig>;

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** null when invalid; 0 hops means trust nobody. `true` (trust everyone) is refused on purpose. */
function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const isValid = (entry: string) => {
    if (PROXY_KEYWORDS.has(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  return entries.length && entries.every(isValid) ? entries : null;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZConfig.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.JWT_SECRET) {
    throw new Error('JWT_SECRET (32+ characters) is required when NODE_ENV=production');
  }
  return parsed.data;
}
