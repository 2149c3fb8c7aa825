/**
 * CSV written in the browser (RFC 4180, the same rules as the api's platform/csv.ts): fields with
 * a separator, quote or line break are quoted with quotes doubled; a text starting with = + - @
 * gets a leading apostrophe so a spreadsheet never runs it; a UTF-8 byte-order mark keeps
 * Azerbaijani letters intact when Excel opens the file.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^[-+]?[\d\s().+-]*$/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
