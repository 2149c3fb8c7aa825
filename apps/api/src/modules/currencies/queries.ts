import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { currencyRates } from '../../db/schema/currencies';
import { currencies } from '../../db/schema/settings';
import { asDateTime } from '../../platform/sql-format';

/** Currencies with the day of their latest fetched rate (null when only the seeded rate exists). */
export function findCurrencies(db: DbOrTx, timeZone: string) {
  return currencyRows(db, timeZone).orderBy(asc(currencies.id));
}

function currencyRows(db: DbOrTx, timeZone: string) {
  const latest = db.select({ code: currencyRates.currencyCode, day: sql<string>`max(${currencyRates.rateDate})::text`.as('day') })
    .from(currencyRates).groupBy(currencyRates.currencyCode).as('latest');
  return db.select({
    id: currencies.id,
    currency_name: currencies.currencyName,
    currency_code: currencies.currencyCode,
    currency_rate: sql<number>`${currencies.currencyRate}::float8`,
    rate_date: latest.day,
    created_at: asDateTime(currencies.createdAt, timeZone),
  }).from(currencies).leftJoin(latest, eq(latest.code, currencies.currencyCode)).$dynamic();
}

/** One currency as the list shows it (info of the edit form). */
export function findCurrency(db: DbOrTx, id: number, timeZone: string) {
  return currencyRows(db, timeZone).where(eq(currencies.id, id)).then((r) => r[0]);
}

export function lockCurrency(db: DbOrTx, id: number) {
  return db.select({ code: currencies.currencyCode, name: currencies.currencyName, rate: currencies.currencyRate })
    .from(currencies).where(eq(currencies.id, id)).for('update').then((r) => r[0]);
}

export function isCurrencyCodeTaken(db: DbOrTx, code: string) {
  return db.select({ id: currencies.id }).from(currencies).where(eq(currencies.currencyCode, code)).limit(1).then((r) => r.length > 0);
}

export function insertCurrency(db: DbOrTx, values: { name: string; code: string; rate: string }) {
  return db.insert(currencies).values({ currencyName: values.name, currencyCode: values.code, currencyRate: values.rate })
    .returning({ id: currencies.id }).then((r) => r[0]!.id);
}

export async function updateCurrency(db: DbOrTx, id: number, values: { name: string; rate: string }): Promise<void> {
  await db.update(currencies).set({ currencyName: values.name, currencyRate: values.rate }).where(eq(currencies.id, id));
}

export function findCurrencyByCode(db: DbOrTx, code: string) {
  return db.select({ code: currencies.currencyCode, rate: currencies.currencyRate }).from(currencies)
    .where(eq(currencies.currencyCode, code)).then((r) => r[0]);
}

export function findLatestRate(db: DbOrTx, code: string) {
  return db.select({ nominal: currencyRates.nominal, value: currencyRates.value, rate: currencyRates.rate, date: currencyRates.rateDate })
    .from(currencyRates).where(eq(currencyRates.currencyCode, code)).orderBy(desc(currencyRates.rateDate)).limit(1).then((r) => r[0]);
}

export function findCurrencyCodes(db: DbOrTx) {
  return db.select({ code: currencies.currencyCode }).from(currencies).then((r) => r.map((x) => x.code));
}

export async function upsertRates(db: DbOrTx, day: string, rates: { code: string; nominal: number; value: string; rate: string }[]): Promise<void> {
  if (!rates.length) return;
  await db.insert(currencyRates)
    .values(rates.map((r) => ({ currencyCode: r.code, rateDate: day, nominal: r.nominal, value: r.value, rate: r.rate })))
    .onConflictDoUpdate({
      target: [currencyRates.currencyCode, currencyRates.rateDate],
      set: { nominal: sql`excluded.nominal`, value: sql`excluded.value`, rate: sql`excluded.rate`, fetchedAt: sql`now()` },
    });
}

/** Copies each currency's latest stored rate (rounded to the column's 4 decimals) onto currencies. */
export async function refreshCurrentRates(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update ${currencies} c set currency_rate = round(r.rate, 4)
    from (select distinct on (currency_code) currency_code, rate from ${currencyRates} order by currency_code, rate_date desc) r
    where r.currency_code = c.currency_code`);
}
