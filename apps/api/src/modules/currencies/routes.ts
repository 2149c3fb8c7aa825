import {
  ZCbarQuery, ZCbarRateReply, ZCurrencyEditForm, ZCurrencyForm, ZCurrencyInfoQuery, ZCurrencyInfoReply, ZCurrencyListReply, ZCurrencySavedReply,
} from '@app/contract/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createCbarClient } from '../../integrations/currency-rates/client';
import { requireUser } from '../../platform/auth/guard';
import {
  CURRENCY_RATES_JOB, createCurrency, editCurrency, listCurrencies, readCbarRate, readCurrency, refreshCurrencyRates, todayIn,
} from './service';

/** The central bank's address when CBAR_BASE_URL is not set. */
export const CBAR_DEFAULT_URL = 'https://www.cbar.az/currencies';

const tags = ['currencies'];

/** Currencies and official AZN rates; the rates job fetches them from the central bank. */
export function registerCurrencyRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/client/currencies', {
    schema: { tags, summary: 'Currencies with their current AZN rate', response: { 200: ZCurrencyListReply } },
    config: { access: 'staff' },
  }, () => listCurrencies(app.db, app.config.APP_TIMEZONE));

  // The currencies list's create and edit (spec §2 settings-type lists); the system settings code writes them.
  app.get('/api/admin/currencies/info', {
    schema: { tags, summary: 'One currency (currency_id) for its edit form', querystring: ZCurrencyInfoQuery, response: { 200: ZCurrencyInfoReply } },
    config: { access: { permission: 'system_settings' } },
  }, (req) => readCurrency(app.db, req.query.currency_id, app.config.APP_TIMEZONE));

  app.post('/api/admin/currencies/create', {
    schema: { tags, summary: 'A new currency (currency_name, currency_code, currency_rate: AZN per unit)', body: ZCurrencyForm, response: { 200: ZCurrencySavedReply } },
    config: { access: { permission: 'system_settings' } },
  }, (req) => createCurrency(app.db, requireUser(req), req.body));

  app.post('/api/admin/currencies/edit', {
    schema: { tags, summary: 'A currency\'s name and rate (currency_id; the code stays)', body: ZCurrencyEditForm, response: { 200: ZCurrencySavedReply } },
    config: { access: { permission: 'system_settings' } },
  }, (req) => editCurrency(app.db, requireUser(req), req.body));

  app.get('/api/client/cbar', {
    schema: { tags, summary: 'The official AZN rate of one currency (central bank): data = AZN per unit', querystring: ZCbarQuery, response: { 200: ZCbarRateReply } },
    config: { access: 'staff' },
  }, (req) => readCbarRate(app.db, req.query.currency));

  const client = createCbarClient({ baseUrl: app.config.CBAR_BASE_URL ?? CBAR_DEFAULT_URL, timeoutMs: app.config.CBAR_TIMEOUT_MS });
  app.jobs.define(CURRENCY_RATES_JOB, async (_payload, ctx) => {
    try {
      await refreshCurrencyRates(ctx.db, client, todayIn(app.config.APP_TIMEZONE), ctx.log);
    } catch (error) {
      ctx.log(`attempt ${ctx.attempt} failed, the stored rates stay in use: ${(error as Error).message}`);
      throw error;
    }
  }, { maxAttempts: 5, backoffSeconds: 60 });
  // Tests never call the live bank: under NODE_ENV=test the job is scheduled only when a test points it
  // at the local simulator (CBAR_BASE_URL), so other modules' runDue() calls stay theirs.
  if (app.config.NODE_ENV !== 'test' || app.config.CBAR_BASE_URL) {
    app.jobs.every(CURRENCY_RATES_JOB, app.config.CURRENCY_RATES_INTERVAL_SECONDS);
  }
}
