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
