import type { Db } from '../../db/client';
import type { CbarClient } from '../../integrations/currency-rates/client';
import { findCurrencyCodes, refreshCurrentRates, upsertRates } from './queries';

export const CURRENCY_RATES_JOB = 'currency-rates.refresh';

/** Today in the office's time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The rates job: fetches the latest published day (today, or the last working day before it),
 * stores the rates of the currencies the office uses, and makes them current. Any failure
 * (unreachable bank, timeout, malformed XML, nothing published for a week) throws: the job
 * runner logs it and retries with back-off, and the stored (or seeded) rates stay in use.
 */
export async function refreshCurrencyRates(db: Db, client: CbarClient, today: string, log: (message: string) => void): Promise<{ date: string; count: number }> {
  const day = await client.fetchLatest(today, 7);
  if (!day) throw new Error(`no rates published in the 7 days before ${today}`);
  const codes = new Set(await findCurrencyCodes(db));
  const rates = day.rates.filter((r) => codes.has(r.code));
  await db.transaction(async (tx) => {
    await upsertRates(tx, day.date, rates);
    await refreshCurrentRates(tx);
  });
  log(`stored ${rates.length} rates of ${day.date} (${rates.map((r) => `${r.code} ${r.rate}`).join(', ')})`);
  return { date: day.date, count: rates.length };
}
