import { PassThrough } from 'node:stream';
import { az, fill } from '@app/contract/texts/az';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, test } from 'vitest';
import { AppError } from './errors';
import { MAX_PART_BYTES, readImportRows, type ImportReadOptions } from './import-reader';

/*
 * The import reader stops where the cap is, not after the file: these tests count what it read
 * (rows parsed, XML inflated), not the time it took.
 */
const CAP = 2_000;

async function xlsxOf(count: number, row: (i: number) => (string | number)[], opts: { sharedStrings?: boolean; header?: string[] } = {}): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: opts.sharedStrings ?? true, useStyles: false });
  const ws = wb.addWorksheet('Sheet1');
  if (opts.header) ws.addRow(opts.header).commit();
  for (let i = 0; i < count; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const code = (i: number) => `AZ${3_200_000_000 + i}`;
const isHeader = (r: readonly string[]) => !/\d/.test(r[0] ?? '');

async function refusal(file: Buffer, o: ImportReadOptions): Promise<AppError> {
  const err = await readImportRows(file, o).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('[IMPORTS][READER] stops at the cap', () => {
  test.each([
    ['shared strings (as Excel writes them)', true],
    ['inline strings', false],
  ])('an .xlsx of cap × 10 rows (%s): 422 with the cap text after reading cap + 1 data rows', async (_name, sharedStrings) => {
    const file = await xlsxOf(CAP * 10, (i) => [code(i), `note ${i}`], { sharedStrings, header: ['İzləmə kodu', 'Qeyd'] });
    const stats = { rowsRead: 0, bytesInflated: 0 };
    const err = await refusal(file, { maxRows: CAP, columns: 2, isHeader, stats });
    expect(err.statusCode).toBe(422);
    const text = fill(az.imports.tooManyRows, { N: CAP });
    expect(err.toReply()).toEqual({ message: text, errors: { document_file: [text] } });
    // the header and cap + 1 data rows, not the 20,001 rows of the file
    expect(stats.rowsRead).toBe(CAP + 2);
    expect(stats.bytesInflated).toBeLessThan(file.length * 4);
  });

  test('a CSV of cap × 10 lines: 422 after cap + 1 data lines', async () => {
    const csv = Buffer.from(['track;bag', ...Array.from({ length: CAP * 10 }, (_, i) => `${code(i)};K${i}`)].join('\r\n'));
    const stats = { rowsRead: 0 };
    const err = await refusal(csv, { maxRows: CAP, columns: 2, isHeader, stats, field: 'file' });
    expect(err.toReply().errors).toEqual({ file: [fill(az.imports.tooManyRows, { N: CAP })] });
    expect(stats.rowsRead).toBe(CAP + 2);
  });

  test('exactly cap rows after a header are read whole, strings resolved, blank rows skipped', async () => {
    const file = await xlsxOf(CAP, (i) => (i === 5 ? [] : [code(i), i]), { header: ['Kod', 'N'] });
    const read = await readImportRows(file, { maxRows: CAP, columns: 2, isHeader });
    expect(read?.format).toBe('xlsx');
    expect(read!.rows).toHaveLength(CAP - 1);
    expect(read!.rows[0]).toEqual([code(0), '0']);
    expect(read!.rows.at(-1)).toEqual([code(CAP - 1), String(CAP - 1)]);
  });

  test('a first row that is data is counted: cap + 1 rows without a header are refused', async () => {
    const file = await xlsxOf(CAP + 1, (i) => [code(i)]);
    const err = await refusal(file, { maxRows: CAP, columns: 1, isHeader });
    expect(err.statusCode).toBe(422);
  });
});

describe('[IMPORTS][READER] hostile and odd files', () => {
  test('a zip bomb (a sheet of empty rows inflating to 100 MB) is unreadable (null) after at most MAX_PART_BYTES (32 MB) inflated', async () => {
    const zip = new JSZip();
    zip.file('xl/worksheets/sheet1.xml', Buffer.concat([
      Buffer.from('<worksheet><sheetData>'),
      Buffer.alloc(100 * 1024 * 1024, '<row r="1"><c r="A1" t="inlineStr"><is><t></t></is></c></row>'),
      Buffer.from('</sheetData></worksheet>'),
    ]));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
    const stats = { rowsRead: 0, bytesInflated: 0 };
    expect(await readImportRows(bomb, { maxRows: CAP, columns: 1, stats })).toBeNull();
    expect(stats.bytesInflated).toBeGreaterThan(MAX_PART_BYTES - 64 * 1024);
    expect(stats.bytesInflated).toBeLessThanOrEqual(MAX_PART_BYTES + 64 * 1024);
  }, 60_000);

  test('broken zips, a zip without a sheet, binary and non-UTF-8 text: null (each import words its own refusal)', async () => {
    const good = await xlsxOf(20, (i) => [code(i)]);
    const o = { maxRows: CAP, columns: 1 };
    expect(await readImportRows(good.subarray(0, good.length - 30), o)).toBeNull();
    expect(await readImportRows(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), o)).toBeNull();
    expect(await readImportRows(await new JSZip().file('a.txt', 'x').generateAsync({ type: 'nodebuffer' }), o)).toBeNull();
    expect(await readImportRows(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), o)).toBeNull();
    // a cell without its address (exceljs throws a TypeError on it)
    const noAddress = await new JSZip().file('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row><c t="inlineStr"><is><t>AZ1</t></is></c></row></sheetData></worksheet>').generateAsync({ type: 'nodebuffer' });
    expect(await readImportRows(noAddress, o)).toBeNull();
    const latin1 = Buffer.from('Kod\nAZ3200000001\n\xe7\n', 'latin1');
    expect(await readImportRows(latin1, o)).toBeNull();
    expect((await readImportRows(latin1, { ...o, lenientText: true }))?.rows).toEqual([['Kod'], ['AZ3200000001'], ['ç']]);
  });

  test('CSV: the delimiter of the first line, quotes doubled, a BOM, extra columns dropped', async () => {
    const csv = Buffer.from('\uFEFFKisə;"İzləmə; kodu"\r\nKS-1;"AZ""1"\r\n\r\n"K;2";AZ2;extra\n');
    const read = await readImportRows(csv, { maxRows: 10, columns: 2 });
    expect(read).toEqual({ format: 'csv', rows: [['Kisə', 'İzləmə; kodu'], ['KS-1', 'AZ"1'], ['K;2', 'AZ2']] });
  });
});
