/** spec §9: amounts and weights show 2 decimals; the value stays a string on the wire (exact money). */
export function formatAmount(value: string | number | null | undefined, sign = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  const text = number.toFixed(2);
  return sign ? `${text} ${sign}` : text;
}

/** Counts print as plain digits ('Cəmi: 10000+'): az grouping uses dots, which read like decimals here. */
export function formatCount(value: number): string {
  return String(Math.trunc(value));
}

/** Thousands separator of the statistics screens' numbers: a no-break space, so a figure never wraps. */
export const GROUP_SEPARATOR = '\u00a0';

/**
 * Issue 19 item 5: statistics figures in the Azerbaijani number format, digits grouped by
 * thousands with a space and a decimal comma: '4 835 909,62', '10 000'. Only the statistics
 * screens use it; lists keep formatAmount's '1234.56' (spec §9).
 */
export function formatGroupedNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  const negative = value < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}
