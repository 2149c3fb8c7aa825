import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One currency of a published day: AZN for `nominal` units, and AZN per one unit. */
export interface CbarRate {
  code: string;
  name: string;
  nominal: number;
  value: string;
  /** AZN per one unit = value ÷ nominal, 6 decimals. */
  rate: string;
}

export interface CbarDay {
  /** The day the bank published the rates for, YYYY-MM-DD (from ValCurs@Date). */
  date: string;
  rates: CbarRate[];
}

/** The bank's answer was not the ValCurs document (integrations/currency-rates.md). */
export class CbarFormatError extends Error {
  override name = 'CbarFormatError';
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, parseAttributeValue: false, trimValues: true });

/** ISO 4217 codes of the bank metals (gold, silver, platinum, palladium). */
const METALS: ReadonlySet<string> = new Set(['XAU', 'XAG', 'XPT', 'XPD']);

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** DD.MM.YYYY → YYYY-MM-DD. */
function toIsoDate(text: string): string {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) throw new CbarFormatError(`ValCurs Date is not DD.MM.YYYY: ${text}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** Exact value ÷ nominal to 6 decimals (half up), without floats. */
export function divideRate(value: string, nominal: number): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const scaled = BigInt(`${whole}${fraction.padEnd(10, '0').slice(0, 10)}`); // 10 decimals
  const per = (scaled * 10n / BigInt(nominal) + 5n * 10000n) / (10n * 10000n); // → 6 decimals, half up
  const text = per.toString().padStart(7, '0');
  return `${text.slice(0, -6)}.${text.slice(-6)}`;
}

/**
 * Parses the central bank's daily XML: ValCurs@Date → ValType (metals, foreign currencies) →
 * Valute@Code with Nominal, Name, Value. Throws CbarFormatError on anything else.
 */
export function parseCbarXml(xml: string): CbarDay {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new CbarFormatError(`malformed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = parser.parse(xml) as { ValCurs?: { '@Date'?: string; ValType?: unknown } };
  const root = doc.ValCurs;
  if (!root || typeof root !== 'object' || !root['@Date']) throw new CbarFormatError('no ValCurs element with a Date');
  const date = toIsoDate(root['@Date']);
  const rates: CbarRate[] = [];
  for (const type of asList(root.ValType as Record<string, unknown> | Record<string, unknown>[])) {
    for (const valute of asList(type.Valute as Record<string, unknown> | Record<string, unknown>[])) {
      const code = String(valute['@Code'] ?? '').trim().toUpperCase();
      const nominal = Number(String(valute.Nominal ?? '').trim());
      const value = String(valute.Value ?? '').trim().replace(',', '.');
      if (!/^[A-Z]{3}$/.test(code) || METALS.has(code)) continue; // the metals' ValType (nominal "1 t.u.") is not a currency
      if (!Number.isInteger(nominal) || nominal <= 0 || !/^\d+(\.\d+)?$/.test(value)) {
        throw new CbarFormatError(`bad Nominal or Value for ${code}`);
      }
      rates.push({ code, name: String(valute.Name ?? '').trim(), nominal, value, rate: divideRate(value, nominal) });
    }
  }
  return { date, rates };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Writes a day in the bank's format (the simulator serves this). */
export function buildCbarXml(day: { date: string; rates: Omit<CbarRate, 'rate'>[] }): string {
  const [y, m, d] = day.date.split('-');
  const valutes = day.rates.map((r) => [
    `   <Valute Code="${escapeXml(r.code)}">`,
    `    <Nominal>${r.nominal}</Nominal>`,
    `    <Name>${escapeXml(r.name)}</Name>`,
    `    <Value>${r.value}</Value>`,
    '   </Valute>',
  ].join('\n')).join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ValCurs Date="${d}.${m}.${y}" Name="AZN məzənnələri" Description="Azərbaycan Respublikası Mərkəzi Bankı">`,
    ' <ValType Type="Bank metalları">',
    '   <Valute Code="XAU">',
    '    <Nominal>1 t.u.</Nominal>',
    '    <Name>Qızıl</Name>',
    '    <Value>6950.2470</Value>',
    '   </Valute>',
    ' </ValType>',
    ' <ValType Type="Xarici valyutalar">',
    valutes,
    ' </ValType>',
    '</ValCurs>',
    '',
  ].join('\n');
}
