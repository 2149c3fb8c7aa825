/** spec §5: a comma becomes a dot; everything but digits and the first dot is removed. */
export function normalizeDecimal(text: string): string {
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned;
  return cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

/** spec §5: integer inputs keep only digits. */
export function normalizeInteger(text: string): string {
  return text.replace(/\D/g, '');
}
