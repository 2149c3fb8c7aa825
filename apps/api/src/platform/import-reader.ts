import { Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import zlib from 'node:zlib';
import { az, fill } from '@app/contract/texts/az';
import ExcelJS from 'exceljs';
import { invalid } from './errors';

/*
 * The one reader of imported files (issue 13 item 7): an .xlsx (first sheet) or a CSV/text file as
 * rows of trimmed cell texts, read as a stream that stops at the import's row cap.
 *
 * The upload itself arrives whole (multipart, at most 20 MB); the parse is what must not load the
 * file: a 4.6 MB workbook of 600,000 rows used to become ~1 GB of cells and block the server for
 * seconds before its cap was looked at. Here:
 * - .xlsx: the zip's central directory is read from the buffer, each part is inflated by zlib as a
 *   stream (capped in bytes: a zip bomb is refused, not inflated) and parsed by exceljs's streaming
 *   reader (its WorkbookReader/WorksheetReader SAX parsers). The sheet is read first, with shared
 *   strings left as indexes, and stops at the cap; then the shared strings table is read only up to
 *   the highest index those rows use. So memory follows the cap, not the file, and exceljs never
 *   spills a sheet that precedes its strings (as Excel writes them) into a temp file.
 * - CSV: RFC 4180 (quotes doubled), the delimiter (`,` `;` or tab) the first line uses most.
 * - After every 8 ms of work the reader yields to the event loop, so other requests are served
 *   between its slices (bench/import-event-loop.ts; a worker thread was not needed for that).
 * A file that is neither is `null` (each import says in its own words what it expects); rows past
 * the cap are a 422 on the file field: 'Faylda N sətirdən çox ola bilməz'.
 */

export interface ImportReadOptions {
  /** The most data rows the import takes; the row after them stops the read with a 422. */
  maxRows: number;
  /** Cells kept per row, from column A (one more than the import reads lets it notice extra columns). */
  columns: number;
  /** Whether the first non-empty row is a header (then it is dropped and not counted). */
  isHeader?: (row: readonly string[]) => boolean;
  /** The form field the 422 names. */
  field?: string;
  /** Text that is not UTF-8 is read as Latin-1 instead of refused (files of codes in ASCII). */
  lenientText?: boolean;
  /** Filled as the read goes — rows parsed (empty ones included), XML inflated: the read stopped early. */
  stats?: { rowsRead: number; bytesInflated?: number };
}

export interface ImportRows {
  format: 'xlsx' | 'csv';
  /** Non-empty rows (header dropped), each `columns` trimmed texts ('' for a blank cell). */
  rows: string[][];
}

/**
 * The reader yields to the event loop once it has worked this long (checked per row, and per 64 KB
 * of CSV text): rows vary from one cell to hundreds, so time, not a row count, bounds a slice.
 */
const SLICE_MS = 8;
const CSV_CHECK_EVERY_CHARS = 64 * 1024;

/** Yields to the event loop when the current slice has run SLICE_MS. */
function createSlicer() {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < SLICE_MS) return;
    await nextTurn();
    started = performance.now();
  };
}

/**
 * XML inflated from one part of an .xlsx before the file is refused as unreadable (a zip bomb): at
 * least 32 MB, more for a part that is big on the wire (XML of real data inflates 4–10 times, a
 * zip bomb hundreds of times). Only what precedes the cap is inflated.
 */
export const MAX_PART_BYTES = 32 * 1024 * 1024;
const MAX_INFLATE_RATIO = 20;
/** Entries of a zip worth looking at: a workbook has tens. */
const MAX_ZIP_ENTRIES = 10_000;

export function tooManyRows(maxRows: number, field = 'document_file') {
  return invalid({ [field]: [fill(az.imports.tooManyRows, { N: maxRows })] });
}

/** The rows of an uploaded .xlsx or CSV file, stopped at the cap; null when the file is neither. */
export async function readImportRows(file: Buffer, options: ImportReadOptions): Promise<ImportRows | null> {
  if (isZip(file)) {
    const rows = await readXlsx(file, options);
    return rows && { format: 'xlsx', rows };
  }
  const text = decodeText(file, options.lenientText ?? false);
  if (text === null) return null;
  return { format: 'csv', rows: await readCsv(text, options) };
}

export const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Keeps rows until the cap: the header (if any) first, then at most maxRows data rows. */
class RowCollector {
  readonly rows: string[][] = [];
  private sawFirst = false;
  constructor(private readonly o: ImportReadOptions) {}

  /** Adds a row of cell texts; throws the cap's 422 at data row maxRows + 1. */
  add(cells: readonly string[]): void {
    if (this.o.stats) this.o.stats.rowsRead++;
    const row = normalise(cells, this.o.columns);
    if (!row.some((c) => c !== '')) return;
    if (!this.sawFirst) {
      this.sawFirst = true;
      if (this.o.isHeader?.(row)) return;
    }
    if (this.rows.length >= this.o.maxRows) throw tooManyRows(this.o.maxRows, this.o.field);
    this.rows.push(row);
  }
}

function normalise(cells: readonly string[], columns: number): string[] {
  const row: string[] = [];
  for (let i = 0; i < columns; i++) row.push((cells[i] ?? '').trim());
  return row;
}

// ---------------------------------------------------------------- CSV

function decodeText(b: Buffer, lenient: boolean): string | null {
  if (b.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b).replace(/^\uFEFF/, '');
  } catch {
    return lenient ? b.toString('latin1') : null;
  }
}

async function readCsv(text: string, o: ImportReadOptions): Promise<string[][]> {
  const firstLine = text.slice(0, 64 * 1024).split(/\r?\n/, 1)[0] ?? '';
  const outside = firstLine.replace(/"[^"]*"/g, '');
  const delimiter = [';', '\t', ','].reduce((best, c) => (outside.split(c).length > outside.split(best).length ? c : best), ',');
  const out = new RowCollector(o);
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const slice = createSlicer();
  let rowEnded = false;
  const endRow = () => {
    row.push(field);
    out.add(row);
    field = '';
    row = [];
    rowEnded = true;
  };
  for (let i = 0; i < text.length; i++) {
    if (rowEnded || i % CSV_CHECK_EVERY_CHARS === 0) {
      rowEnded = false;
      await slice();
    }
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"' && field.trim() === '') { field = ''; quoted = true; } else if (c === delimiter) {
      // Cells past the ones kept are dropped as they are read.
      if (row.length < o.columns) row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length) endRow();
  return out.rows;
}

// ---------------------------------------------------------------- .xlsx

interface ZipEntry { name: string; method: number; flags: number; compressedSize: number; dataStart: number }

/** The zip's central directory (no ZIP64: a 20 MB workbook does not need it); null when broken. */
function readZipDirectory(b: Buffer): Map<string, ZipEntry> | null {
  const from = Math.max(0, b.length - 65_557);
  let eocd = -1;
  for (let i = b.length - 22; i >= from; i--) {
    if (b.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) return null;
  const count = b.readUInt16LE(eocd + 10);
  const dirOffset = b.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff || count > MAX_ZIP_ENTRIES) return null;
  const entries = new Map<string, ZipEntry>();
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) return null;
    const flags = b.readUInt16LE(p + 8);
    const method = b.readUInt16LE(p + 10);
    const compressedSize = b.readUInt32LE(p + 20);
    const nameLength = b.readUInt16LE(p + 28);
    const skip = nameLength + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
    const local = b.readUInt32LE(p + 42);
    const name = b.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + skip;
    if (local + 30 > b.length || b.readUInt32LE(local) !== 0x04034b50) return null;
    const dataStart = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    if (dataStart + compressedSize > b.length) return null;
    entries.set(name, { name, method, flags, compressedSize, dataStart });
  }
  return entries;
}

class UnreadableFile extends Error {}

/** One part of the zip inflated as a stream of text, refused past its limit (a zip bomb). */
function openPart(b: Buffer, e: ZipEntry, stats?: ImportReadOptions['stats']): Readable {
  if (e.flags & 1) throw new UnreadableFile('encrypted');
  if (e.method !== 0 && e.method !== 8) throw new UnreadableFile(`compression method ${e.method}`);
  const data = Readable.from([b.subarray(e.dataStart, e.dataStart + e.compressedSize)]);
  const decoder = new StringDecoder('utf8');
  const limit = Math.max(MAX_PART_BYTES, e.compressedSize * MAX_INFLATE_RATIO);
  let bytes = 0;
  const text = new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (stats) stats.bytesInflated = (stats.bytesInflated ?? 0) + chunk.length;
      if (bytes > limit) return done(new UnreadableFile(`${e.name} inflates past ${limit} bytes`));
      const s = decoder.write(chunk);
      done(null, s === '' ? undefined : s);
    },
    flush(done) {
      const s = decoder.end();
      done(null, s === '' ? undefined : s);
    },
  });
  const inflated = e.method === 8 ? data.pipe(zlib.createInflateRaw()) : data;
  inflated.on('error', (err) => text.destroy(new UnreadableFile(String(err))));
  return inflated.pipe(text);
}

/** exceljs's streaming reader, driven part by part (its own entry loop reads the zip in file order). */
interface ExcelReaderParts {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: unknown }>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

/** The path of the workbook's first sheet (its order in workbook.xml), else the lowest sheetN.xml. */
async function firstSheetPath(b: Buffer, zip: Map<string, ZipEntry>, reader: ExcelReaderParts): Promise<string | undefined> {
  const rels = zip.get('xl/_rels/workbook.xml.rels');
  const book = zip.get('xl/workbook.xml');
  if (rels && book) {
    await reader._parseRels(openPart(b, rels));
    await reader._parseWorkbook(openPart(b, book));
    const rId = reader.model?.sheets?.[0]?.rId;
    const target = reader.workbookRels?.find((r) => r.Id === rId)?.Target;
    if (target) {
      const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      if (zip.has(name)) return name;
    }
  }
  const sheetNumber = (name: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? NaN);
  return [...zip.keys()].filter((n) => !Number.isNaN(sheetNumber(n))).sort((x, y) => sheetNumber(x) - sheetNumber(y))[0];
}

type RawCell = string | { sharedString: number };

async function readXlsx(b: Buffer, o: ImportReadOptions): Promise<string[][] | null> {
  const zip = readZipDirectory(b);
  if (!zip) return null;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit', sharedStrings: 'emit', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore',
  }) as unknown as ExcelReaderParts;
  // Rows as read: shared strings stay indexes until the table is read (only as far as these rows need).
  const raw: RawCell[][] = [];
  let header: string[] | undefined;
  let sheetStream: Readable | undefined;
  try {
    const sheetPath = await firstSheetPath(b, zip, reader);
    if (!sheetPath) return null;
    sheetStream = openPart(b, zip.get(sheetPath)!, o.stats);
    const sheetNo = /sheet(\d+)\.xml$/.exec(sheetPath)?.[1] ?? '1';
    const worksheet = reader._parseWorksheet(sheetStream, sheetNo).next().value?.value;
    if (!worksheet) return null;
    const slice = createSlicer();
    for await (const row of worksheet) {
      if (o.stats) o.stats.rowsRead++;
      await slice();
      const cells = rowCells(row, o.columns);
      if (!cells.some((c) => c !== '')) continue;
      if (o.isHeader && !header && !raw.length) {
        // The header is judged at once (its strings are the first few of the table), so the read
        // stops exactly at data row cap + 1.
        const strings = await readSharedStrings(b, zip, reader, [cells], o.stats);
        if (strings === null) return null;
        const texts = cells.map((c) => textOf(c, strings));
        if (o.isHeader(texts)) { header = texts; continue; }
      }
      raw.push(cells);
      if (raw.length > o.maxRows) break;
    }
  } catch {
    // a broken zip part, XML that is not well formed, or a shape exceljs cannot take (a cell
    // without its `r` address throws a TypeError inside it): the file is unreadable, never a 500
    return null;
  } finally {
    sheetStream?.destroy();
  }
  if (raw.length > o.maxRows) throw tooManyRows(o.maxRows, o.field);
  const strings = await readSharedStrings(b, zip, reader, raw, o.stats);
  if (strings === null) return null;
  // (a shared string may turn out blank: such a row is dropped like any empty one)
  return raw.map((cells) => cells.map((c) => textOf(c, strings))).filter((r) => r.some((c) => c !== ''));
}

const textOf = (c: RawCell, strings: Map<number, string>) => (typeof c === 'string' ? c : (strings.get(c.sharedString) ?? '')).trim();

function rowCells(row: ExcelJS.Row, columns: number): RawCell[] {
  const cells: RawCell[] = [];
  for (let i = 1; i <= columns; i++) {
    const v = row.getCell(i).value as unknown;
    cells.push(v !== null && typeof v === 'object' && 'sharedString' in v ? { sharedString: Number((v as { sharedString: unknown }).sharedString) } : cellText(v));
  }
  return cells;
}

/** The shared strings the rows use, read from the table only up to the highest index needed. */
async function readSharedStrings(b: Buffer, zip: Map<string, ZipEntry>, reader: ExcelReaderParts, rows: RawCell[][], stats: ImportReadOptions['stats']): Promise<Map<number, string> | null> {
  const needed = new Set<number>();
  for (const r of rows) for (const c of r) if (typeof c !== 'string') needed.add(c.sharedString);
  const found = new Map<number, string>();
  const entry = zip.get('xl/sharedStrings.xml');
  if (!needed.size || !entry) return found;
  const last = Math.max(...needed);
  const stream = openPart(b, entry, stats);
  try {
    const slice = createSlicer();
    for await (const { index, text } of reader._parseSharedStrings(stream)) {
      if (needed.has(index)) found.set(index, cellText(text));
      if (index >= last) break;
      await slice();
    }
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
  return found;
}

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text?: unknown }[] };
    if (Array.isArray(o.richText)) return o.richText.map((r) => String(r.text ?? '')).join('').trim();
    if (o.text !== undefined) return String(o.text).trim();
    if (o.result !== undefined) return String(o.result).trim();
    if (v instanceof Date) return v.toISOString();
    return '';
  }
  return String(v).trim();
}
