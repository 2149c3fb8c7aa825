import { fromUnits, toUnits } from '@app/contract/declaration-workflow';

/**
 * Prices as shops write them, read exactly (no floats): Turkish '1.299,90 TL' and '₺1.299', US
 * '$1,299.90', machine '1299.9' (JSON-LD, meta tags). Amounts come back as 2-decimal strings.
 */

const CURRENCY_MARKS: [RegExp, string][] = [
  [/₺|\bTL\b|\bTRY\b|\bYTL\b/i, 'TRY'],
  [/US\$|\bUSD\b|\$/i, 'USD'],
  [/€|\bEUR\b|\beuro?\b/i, 'EUR'],
  [/£|\bGBP\b/i, 'GBP'],
  [/₼|\bAZN\b|\bman\b/i, 'AZN'],
];

/** The ISO code a price text names by symbol or code ('1.299,90 TL' → 'TRY'), or null. */
export function currencyOf(text: string): string | null {
  for (const [mark, code] of CURRENCY_MARKS) if (mark.test(text)) return code;
  return null;
}

/** A 3-letter code as given ('try', 'TL' → 'TRY'), or null. */
export function normalizeCurrency(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  if (code === 'TL' || code === 'YTL') return 'TRY';
  if (/^[A-Z]{3}$/.test(code)) return code;
  return currencyOf(code);
}

/**
 * The number in a human price text, as an exact 2-decimal string, or null. With both '.' and ','
 * the later one is the decimal mark; a lone mark followed by exactly three digits groups thousands
 * ('1.299' TL and '$1,299' are both 1299); a mark repeated groups thousands too.
 */
export function parsePriceText(text: string): string | null {
  const match = /\d[\d.,\s\u00a0\u202f']*/.exec(text);
  if (!match) return null;
  const raw = match[0].replace(/[\s\u00a0\u202f']+/g, '').replace(/[.,]+$/, '');
  if (!raw) return null;
  const lastDot = raw.lastIndexOf('.');
  const lastComma = raw.lastIndexOf(',');
  let whole = raw;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const mark = lastDot > lastComma ? '.' : ',';
    const at = Math.max(lastDot, lastComma);
    whole = raw.slice(0, at).replace(/[.,]/g, '');
    fraction = raw.slice(at + 1);
    if (mark === '.' ? raw.slice(at + 1).includes(',') : raw.slice(at + 1).includes('.')) return null;
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const parts = raw.split(mark);
    // '0,005' is a fraction: a thousands group never follows a lone 0
    const isGrouping = parts.length > 2 || (parts[1]!.length === 3 && !/^0+$/.test(parts[0]!));
    if (isGrouping) whole = parts.join('');
    else { whole = parts[0]!; fraction = parts[1]!; }
  }
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  return roundAmount(`${whole}.${fraction || '0'}`);
}

/** A machine amount (number, or a string of digits with an optional '.' fraction), else the human reading. */
export function parseMachineAmount(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? roundAmount(String(value)) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return roundAmount(text);
  return parsePriceText(text);
}

function roundAmount(decimal: string): string | null {
  if (/e/i.test(decimal)) return null;
  const amount = fromUnits(toUnits(decimal));
  return amount === '0.00' ? null : amount;
}

/**
 * An amount converted through AZN at the central bank's rates (AZN per unit, exact decimals): amount
 * × rate(from) ÷ rate(to), half up to cents.
 */
export function convertAmount(amount: string, fromRate: string, toRate: string): string {
  const numerator = toUnits(amount) * toUnits(fromRate, 6);
  const denominator = toUnits(toRate, 6);
  if (denominator === 0n) throw new Error('zero rate');
  return fromUnits((numerator * 2n + denominator) / (denominator * 2n));
}
