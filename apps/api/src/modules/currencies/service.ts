import type { CbarRateReply, CurrencyEditForm, CurrencyForm, CurrencyRow } from '@app/contract/settings';
import { az } from '@app/contract/texts/az';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import {
  findCurrencies, findCurrency, findCurrencyByCode, findLatestRate, insertCurrency, isCurrencyCodeTaken, lockCurrency, updateCurrency,
} from './queries';

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

/** GET /api/admin/currencies/info?currency_id: one currency for its edit form. */
export async function readCurrency(db: Db, id: number, timeZone: string): Promise<{ data: CurrencyRow }> {
  const row = await findCurrency(db, id, timeZone);
  if (!row) throw notFound('currency_id');
  return { data: row };
}

/** POST /api/admin/currencies/create: a new currency; its code is unique (the rates job fetches it from then on). */
export async function createCurrency(db: Db, viewer: RequestUser, form: CurrencyForm): Promise<{ data: { id: number } }> {
  return db.transaction(async (tx) => {
    if (await isCurrencyCodeTaken(tx, form.currency_code)) throw invalid({ currency_code: [az.settingsLists.duplicateCode] });
    const id = await insertCurrency(tx, { name: form.currency_name, code: form.currency_code, rate: form.currency_rate });
    await recordAudit(tx, { userId: viewer.id, action: 'currency.create', entity: 'currency', entityId: id, changes: form });
    return { data: { id } };
  });
}

/**
 * POST /api/admin/currencies/edit: the name and the rate. The code stays: cash registers, balances
 * and the central bank's rates name the currency by it.
 */
export async function editCurrency(db: Db, viewer: RequestUser, form: CurrencyEditForm): Promise<{ data: { id: number } }> {
  return db.transaction(async (tx) => {
    const current = await lockCurrency(tx, form.currency_id);
    if (!current) throw notFound('currency_id');
    if (current.code !== form.currency_code) throw invalid({ currency_code: [az.settingsLists.codeFixed] });
    await updateCurrency(tx, form.currency_id, { name: form.currency_name, rate: form.currency_rate });
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (current.name !== form.currency_name) changes.currency_name = { from: current.name, to: form.currency_name };
    if (Number(current.rate) !== Number(form.currency_rate)) changes.currency_rate = { from: current.rate, to: form.currency_rate };
    await recordAudit(tx, { userId: viewer.id, action: 'currency.update', entity: 'currency', entityId: form.currency_id, changes });
    return { data: { id: form.currency_id } };
  });
}
