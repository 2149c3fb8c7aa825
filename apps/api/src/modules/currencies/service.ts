import type { CbarRateReply, CurrencyRow } from '@app/contract/settings';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { findCurrencies, findCurrencyByCode, findLatestRate } from './queries';

export { CURRENCY_RATES_JOB, refreshCurrencyRates, todayIn } from './rates-job';

/** GET /api/client/currencies: every currency with its current AZN rate (spec §3 "Currency"). */
export async function listCurrencies(db: Db, timeZone: string): Promise<{ data: CurrencyRow[]; total: number }> {
  const data = await findCurrencies(db, timeZone);
  return { data, total: data.length };
}

/** GET /api/client/cbar?currency: the official rate (AZN per unit) and the day it is from. */
export async function readCbarRate(db: Db, currency: string): Promise<CbarRateReply> {
  const row = await findCurrencyByCode(db, currency);
  if (!row) throw notFound('currency');
  const latest = await findLatestRate(db, currency);
  if (!latest) return { data: row.rate, detail: { currency, rate: row.rate, nominal: 1, value: row.rate, date: null } };
  return { data: latest.rate, detail: { currency, rate: latest.rate, nominal: latest.nominal, value: latest.value, date: latest.date } };
}
