import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Excel files (.xlsx; decision 0007): a streaming writer whose memory stays flat whatever the row
 * count (each row is committed and leaves memory). Imported files are read by platform/import-reader.ts.
 */
export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | Date | null | undefined;
}

export interface XlsxSheet<T> {
  name: string;
  columns: readonly XlsxColumn<T>[];
  /** Rows arrive in batches (keyset pages or a cursor); each batch is written and dropped. */
  rows: AsyncIterable<readonly T[]>;
}

/** Deflate level of the .xlsx zip: moderate (fast enough to keep up with the rows, files ~15% bigger than level 9). */
const ZIP_LEVEL = 5;

/**
 * Writes one workbook into `out`, returns the number of data rows written. Memory stays flat: rows
 * arrive in batches, each row is committed (serialised and dropped), no shared strings or styles
 * table is kept, and the writer waits for the zip's deflate stream and for `out` before the next
 * batch, so nothing piles up between the database and the file or the client.
 */
export async function writeXlsx<T>(out: Writable, sheets: readonly XlsxSheet<T>[], onBatch?: (rowsSoFar: number) => Promise<void> | void): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false, zip: { zlib: { level: ZIP_LEVEL } } });
  let count = 0;
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c, i) => ({ key: String(i), width: c.width ?? Math.min(40, Math.max(10, c.header.length + 2)) }));
    ws.addRow(sheet.columns.map((c) => c.header)).commit();
    for await (const batch of sheet.rows) {
      for (let i = 0; i < batch.length; i++) {
        ws.addRow(sheet.columns.map((c) => cellValue(c.value(batch[i]!)))).commit();
        if (i % DRAIN_EVERY === DRAIN_EVERY - 1) await drained(ws, out);
      }
      const before = count;
      count += batch.length;
      await onBatch?.(count);
      await drained(ws, out);
      if (Math.floor(count / COLLECT_EVERY) > Math.floor(before / COLLECT_EVERY)) collectGarbage();
    }
    ws.commit();
  }
  await workbook.commit();
  return count;
}

/** Rows written between two waits for the zip and `out` to catch up (~100 KB of sheet XML). */
const DRAIN_EVERY = 250;

/**
 * A large export makes garbage fast and V8 lets it grow to about four times the live heap before a
 * full collection (a 100,000-row task: live ~30 MB, heap up to ~190 MB). With `--expose-gc` (as
 * `npm start` runs the api) an export asks for a full collection every 10,000 rows (~20 ms each),
 * which keeps the process flat without slowing every request as a global heap policy would.
 */
const COLLECT_EVERY = 10_000;
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** A Node writable, or exceljs's readable-stream v3 PassThrough (no writableNeedDrain getter). */
type Drainable = Writable & { _writableState?: { needDrain?: boolean } };
const needsDrain = (s: Drainable) => s.writableNeedDrain ?? s._writableState?.needDrain ?? false;

/**
 * exceljs pushes a sheet's XML into the zip's deflate stream without looking at its answer (and the
 * zip into `out` only as fast as `out` drains): wait for both to drain, or a fast database and a
 * slow deflate or client make the file's bytes pile up in memory.
 */
async function drained(ws: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const sheetStream = (ws as unknown as { stream?: { pipes?: Drainable[] } }).stream;
  for (const pipe of sheetStream?.pipes ?? []) {
    if (needsDrain(pipe)) await once(pipe, 'drain');
  }
  if (needsDrain(out)) await once(out, 'drain');
}

function cellValue(v: string | number | boolean | Date | null | undefined) {
  if (v === null || v === undefined) return null;
  // A text that looks like a formula stays text (never run by the spreadsheet).
  if (typeof v === 'string' && v.startsWith('=')) return `'${v}`;
  return v;
}

/** `<prefix><YYYYMMDD-HHmmss>.xlsx` (spec §9 prefixes; a timestamp as the spec allows). */
export function xlsxFileName(prefix: string, now = new Date()): string {
  return `${prefix}${now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}.xlsx`;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
