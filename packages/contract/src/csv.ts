/**
 * The one CSV writer of the product (RFC 4180), used by the api's exports (platform/csv.ts) and by
 * the web app's CSV of a filtered list, so both write the same file.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/**
 * One CSV field: quoted when it holds a separator, quote or line break, quotes doubled. A text
 * starting with = + - @ (or a tab/CR) gets a leading apostrophe so a spreadsheet never runs it as a
 * formula (CSV injection); numbers and phone numbers are left as they are.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  // Digits with + - ( ) . and spaces (phone numbers, amounts) cannot call anything: left as they are.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^[-+]?[\d\s().+-]*$/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a UTF-8 byte-order mark (Excel reads Azerbaijani letters right), a header line, CRLF lines. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
