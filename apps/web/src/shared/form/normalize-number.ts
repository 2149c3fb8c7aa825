/** issue 16: a field with a range message keeps a leading minus, so the message tells the user instead of the sign vanishing. */
export interface NormalizeOptions {
  keepSign?: boolean;
}

const signOf = (text: string, options: NormalizeOptions) => (options.keepSign && /^\s*-/.test(text) ? '-' : '');

/** spec §5: a comma becomes a dot; everything but digits and the first dot is removed. */
export function normalizeDecimal(text: string, options: NormalizeOptions = {}): string {
  const sign = signOf(text, options);
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return sign + cleaned;
  return sign + cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

/** spec §5: integer inputs keep only digits. */
export function normalizeInteger(text: string, options: NormalizeOptions = {}): string {
  return signOf(text, options) + text.replace(/\D/g, '');
}
