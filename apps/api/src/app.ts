import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { az, fill } from '@app/contract/texts/az';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform, ResponseSerializationError, validatorCompiler, type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerWriteAudit } from './platform/audit';
import { registerGuard } from './platform/auth/guard';
import { LoginThrottle } from './platform/auth/login-throttle';
import { TokenSigner } from './platform/auth/tokens';
import { AppError } from './platform/errors';
import { localFileStorage, type FileStorage } from './platform/files';
import { registerIdempotency } from './platform/idempotency';
import { createJobs, type Jobs } from './platform/jobs';
import { refuseUnsafeInput } from './platform/input-safety';
import { replySerializer } from './platform/reply-schema';
import { registerWriteEpoch } from './platform/write-epoch';
import { normalizeBracketKeys, toValidationError } from './platform/validation';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerCurrencyRoutes } from './modules/currencies/routes';
import { registerCustomsRoutes } from './modules/customs/routes';
import { registerFlightFileRoutes } from './modules/flights/file-routes';
import { registerFlightRoutes } from './modules/flights/routes';
import { registerSortingRoutes } from './modules/sorting/routes';
import { registerTicketRoutes } from './modules/tickets/routes';
import { createCustomsLink } from './modules/customs/service';
import { createNotifyAdapters } from './integrations/notify/adapters';
import type { NotifyAdapters } from './integrations/notify/types';
import { readMailLayout } from './integrations/notify/mail-layout';
import { registerDeclarationRoutes } from './modules/declarations/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerHistoryRoutes } from './modules/history/routes';
import { registerMoneyRoutes } from './modules/money/routes';
import { registerTransactionRoutes } from './modules/transactions/routes';
import { registerOrderRoutes } from './modules/orders/routes';
import { registerOrderMoneyRoutes } from './modules/orders/money/routes';
import { registerCashRegisterRoutes } from './modules/cash-registers/routes';
import { registerCashflowRoutes } from './modules/cashflow/routes';
import { registerBulkNotificationRoutes } from './modules/bulk-notifications/routes';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerWarehouseRoutes } from './modules/warehouse/routes';
import { registerStatisticsPageRoutes } from './modules/statistics/pages/routes';
import { registerProductPreviewRoutes } from './modules/orders/preview/routes';
import { registerStatisticsRoutes } from './modules/statistics/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    files: FileStorage;
    /** Background jobs (platform/jobs.ts): modules define handlers while registering their routes; main.ts starts the runner. */
    jobs: Jobs;
    /** Notification channels (integrations/notify): sms, whatsapp, mail, push adapters and the SMS balance. */
    notify: NotifyAdapters;
  }
}

export interface AppDeps {
  db: Db;
  config: Config;
  jwtSecret: string;
  /** Uploaded files; local disk under DATA_DIR/uploads unless given. */
  files?: FileStorage;
  logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance;
/** Largest uploaded file (multipart), MB. */
const MAX_UPLOAD_MB = 20;

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Only the proxies named in TRUST_PROXY may set the client address (X-Forwarded-For); unset: nobody.
    trustProxy: trustedProxies(deps.config.TRUST_PROXY),
    bodyLimit: 20 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer(deps.config.REPLY_CHECK ?? deps.config.NODE_ENV === 'test'));
  app.decorate('db', deps.db);
  app.decorate('config', deps.config);
  app.decorate('files', deps.files ?? localFileStorage(path.resolve(deps.config.DATA_DIR, 'uploads')));
  const jobs = createJobs(deps.db, {
    info: (msg) => app.log.info(msg),
    warn: (msg) => app.log.warn(msg),
    error: (msg) => app.log.error(msg),
  });
  app.decorate('jobs', jobs);
  app.decorate('customs', createCustomsLink({ config: deps.config, jobs }));
  app.addHook('onClose', () => jobs.stop());
  const notify = createNotifyAdapters(deps.config, { mailLayout: () => readMailLayout(deps.db) });
  app.decorate('notify', notify);
  app.addHook('onClose', () => notify.close());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: the product preview's images come from the shops' CDNs (issue 18); Referrer-Policy is no-referrer
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
      },
    },
  });
  await registerCompression(app);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: MAX_UPLOAD_MB * 1024 * 1024 } });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Back office API', version: '1.0.0', description: 'Paths of spec §7; errors as spec §8.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerWriteEpoch(app);
  const signer = new TokenSigner(deps.jwtSecret, deps.config.ACCESS_TOKEN_TTL_SECONDS);
  const throttle = new LoginThrottle({
    perAccountAddress: deps.config.LOGIN_MAX_ATTEMPTS,
    perAccount: deps.config.LOGIN_ACCOUNT_MAX_FAILURES,
    perAddress: deps.config.LOGIN_ADDRESS_MAX_FAILURES,
    windowMs: deps.config.LOGIN_WINDOW_SECONDS * 1000,
    maxDelayMs: deps.config.LOGIN_MAX_DELAY_SECONDS * 1000,
  });
  app.addHook('preValidation', async (req) => {
    req.query = normalizeBracketKeys(req.query) as typeof req.query;
    req.body = normalizeBracketKeys(req.body) as typeof req.body;
    // issue 13: no control character, broken character or prototype key reaches a schema, a handler or the database
    refuseUnsafeInput([req.query, req.params, req.body]);
  });
  registerGuard(app, signer);
  registerWriteAudit(app);
  registerIdempotency(app);

  await app.register(async (api) => {
    registerHealthRoutes(api);
    registerAuthRoutes(api, { signer, throttle });
    registerUserRoutes(api);
    registerSettingsRoutes(api);
    registerCurrencyRoutes(api);
    registerNotificationRoutes(api);
    registerBulkNotificationRoutes(api);
    registerMoneyRoutes(api);
    registerTransactionRoutes(api);
    registerOrderRoutes(api);
    registerOrderMoneyRoutes(api);
    registerCashRegisterRoutes(api);
    registerCashflowRoutes(api);
    registerDeclarationRoutes(api);
    registerHistoryRoutes(api);
    registerWarehouseRoutes(api);
    registerCustomsRoutes(api);
    registerFlightRoutes(api);
    registerFlightFileRoutes(api);
    registerSortingRoutes(api);
    registerTicketRoutes(api);
    registerStatisticsPageRoutes(api);
    registerProductPreviewRoutes(api);
    registerStatisticsRoutes(api);
  });

  registerWebApp(app, deps.config.WEB_DIST);
  return app;
}

/** TRUST_PROXY as Fastify takes it; a hop count the way Fastify itself reads a number (its types lack it). */
function trustedProxies(setting: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const known = error instanceof AppError ? error : toValidationError(error);
    if (known) return reply.status(known.statusCode).headers(known.headers ?? {}).send(known.toReply());
    const status = error.statusCode ?? (isMalformedMultipart(error) ? 400 : 500);
    if (status < 500) {
      // 413: a multipart file over the limit (e.g. a huge manifest), said in words rather than "invalid input"
      const message = status === 429 ? az.errors.tooManyAttempts : status === 404 ? az.errors.notFound
        : status === 413 ? fill(az.errors.fileTooLarge, { MB: MAX_UPLOAD_MB }) : az.errors.invalidInput;
      return reply.status(status).send({ message });
    }
    req.log.error({ err: error }, 'unhandled error');
    // Only with REPLY_CHECK on (tests): say which reply broke its contract schema, so the failing test shows it.
    if (error instanceof ResponseSerializationError) {
      return reply.status(500).send({ message: az.errors.internal, error: 'reply_schema', issues: error.cause });
    }
    return reply.status(500).send({ message: az.errors.internal });
  });
}

/** A multipart body the parser cannot read (no boundary, cut short): the client's fault, thrown by busboy without a status. */
function isMalformedMultipart(error: Error): boolean {
  return !!error.stack?.includes('@fastify/busboy');
}

type Precompressed = { identity: Buffer; br?: Buffer; gzip?: Buffer };

function readPrecompressed(file: string): Precompressed {
  const copy = (ext: string) => (fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : undefined);
  return { identity: fs.readFileSync(file), br: copy('.br'), gzip: copy('.gz') };
}

/** br, else gzip, as Accept-Encoding allows (a `;q=0` refuses) and a copy exists; else the file itself. */
function pickEncoding(header: string | undefined, file: Precompressed): 'identity' | 'br' | 'gzip' {
  const accepted = new Set(
    (header ?? '').split(',').map((part) => part.trim().toLowerCase().split(';')).filter(([, q]) => !/^\s*q=0(?:\.0*)?\s*$/.test(q ?? '')).map(([name]) => name),
  );
  if (file.br && accepted.has('br')) return 'br';
  if (file.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return 'identity';
}

/** Replies compressed at least this big (bytes): smaller ones gain less than the compression costs. */
export const COMPRESS_THRESHOLD = 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * issue 15: JSON replies (and text ones: CSV, XML) of COMPRESS_THRESHOLD bytes or more go out as
 * brotli or gzip when the client accepts it. Registered before every route, as @fastify/compress
 * requires. Binary downloads (PDF, xlsx, zip, octet-stream) are not compressible types and pass
 * untouched, streams stay streams; the web app's files come precompressed from the build (below).
 */
async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // JSON of any flavour; other types as mime-db says (text yes; pdf, xlsx, zip, images, octet-stream no)
    customTypes: (type: string) => JSON_TYPE.test(type),
    // quality 4: a 17 KB list page compresses in well under a millisecond
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // requests are not decompressed: no client sends compressed bodies
    globalDecompression: false,
  });
}

/** Hashed build output (apps/web/dist/assets/<name>-<hash>.<ext>): a new build gives new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app under /@next/ (and /login), with the SPA's index.html for its routes. Files
 * are served precompressed (`.br`, `.gz` beside each file, written by the web build) as the client
 * accepts; hashed assets are cached for a year, index.html and anything unhashed are revalidated.
 */
function registerWebApp(app: FastifyInstance, webDist: string): void {
  const indexHtml = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const assetsDir = path.join(path.resolve(webDist), 'assets') + path.sep;
  // index.html for every page path (about 2 KB, with the build's compressed copies), read again after a rebuild
  let indexPage: (Precompressed & { mtimeMs: number }) | undefined;
  const readIndexPage = () => {
    const mtimes = ['', '.br', '.gz'].map((ext) => fs.statSync(indexHtml + ext, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (!mtimes[0]) return undefined;
    const mtimeMs = Math.max(...mtimes); // the compressed copies are written after index.html
    if (indexPage?.mtimeMs !== mtimeMs) indexPage = { ...readPrecompressed(indexHtml), mtimeMs };
    return indexPage;
  };
  if (hasWeb) {
    // index.html answers /@next/ itself (the address npm start prints); deeper page paths get it from the not-found handler.
    app.register(fastifyStatic, {
      root: webDist,
      prefix: '/@next/',
      index: 'index.html',
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      // `file` is the file sent: x.js, or x.js.br / x.js.gz beside it; which one depends on Accept-Encoding
      setHeaders: (res, file) => {
        res.setHeader('cache-control', path.resolve(file).startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.get('/', { config: { access: 'public' } }, (_req, reply) => reply.redirect('/@next/'));
  app.setNotFoundHandler((req, reply) => {
    const isPage = req.method === 'GET' && (req.url.startsWith('/@next') || req.url.startsWith('/login'));
    const page = isPage && hasWeb && !path.extname(req.url.split('?')[0] ?? '') ? readIndexPage() : undefined;
    if (page) {
      const encoding = pickEncoding(req.headers['accept-encoding'], page);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').send(page[encoding]);
    }
    // an address no route answers is not a missing record ('Məlumat tapılmadı'): clients and logs tell them apart
    return reply.status(404).send({ message: az.errors.routeNotFound, error: 'route_not_found' });
  });
}
