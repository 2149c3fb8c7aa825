import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { IMPORT_MAX_CODES } from '@app/contract/documents';
import { az, fill } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { flights } from '../db/schema/flights';
import { bearer, logInAs, startTestApp, type TestContext } from '../test/harness';

/*
 * Issue 13 item 7: every import reads its file as a stream that stops at the row cap (422 'Faylda N
 * sətirdən çox ola bilməz'), writes nothing then, and answers a broken or zip-bomb workbook with a
 * 4xx, never a 500. The cap of each import: 20,000 rows (IMPORT_MAX_CODES; customs upload the same).
 */
const CAP = IMPORT_MAX_CODES;
const capText = fill(az.imports.tooManyRows, { N: CAP });

let ctx: TestContext;
let admin: Record<string, string>;
let dataDir: string;
let flightId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-'));
  ctx = await startTestApp({ declarations: 50, env: { DATA_DIR: dataDir } });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  const [flight] = await ctx.database.db.insert(flights).values({ name: 'İdxal testi', countryId: 1, statusId: 30, airwaybill: '235-11112222' }).returning({ id: flights.id });
  flightId = flight!.id;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A workbook written the way Excel lays it out: shared strings, stored after the sheet. */
async function xlsxOfRows(count: number, row: (i: number) => string[], header?: string[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet('Sheet1');
  if (header) ws.addRow(header).commit();
  for (let i = 0; i < count; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

/** A well-formed .xlsx whose sheet inflates to `mb` MB (one cell of 'A's): 100 KB on the wire. */
async function zipBomb(mb: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file('xl/workbook.xml', '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>');
  zip.file('xl/_rels/workbook.xml.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>');
  const filler = Buffer.alloc(mb * 1024 * 1024, 'A');
  zip.file('xl/worksheets/sheet1.xml', Buffer.concat([
    Buffer.from('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>'),
    filler, Buffer.from('</t></is></c></row></sheetData></worksheet>'),
  ]));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}

const code = (i: number) => `AZ${3_100_000_000 + i}`;

interface Endpoint { name: string; url: string; fields: () => Record<string, string | number>; twoColumns: boolean; wrongStatus: number }
const endpoints: Endpoint[] = [
  { name: 'declaration import (match)', url: '/api/admin/declaration/import/match', fields: () => ({}), twoColumns: false, wrongStatus: 400 },
  { name: 'declaration import request', url: '/api/admin/export/declaration/import', fields: () => ({}), twoColumns: false, wrongStatus: 400 },
  { name: 'flight manifests', url: '/api/admin/flights/manifests', fields: () => ({ flight_id: flightId }), twoColumns: true, wrongStatus: 422 },
  { name: 'customs upload', url: '/api/admin/customs/upload', fields: () => ({}), twoColumns: false, wrongStatus: 422 },
];

function upload(e: Endpoint, file: Buffer, name = 'codes.xlsx') {
  const boundary = '----imports' + Math.random().toString(16).slice(2);
  const parts = Object.entries(e.fields()).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return ctx.app.inject({
    method: 'POST', url: e.url,
    payload: Buffer.concat([...parts, head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** What an import could have written: export tasks (import requests) and manifest archives. */
async function written() {
  const tasks = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from export_tasks`);
  const dir = path.join(dataDir, 'exports', 'manifests');
  return { tasks: Number(tasks.rows[0]!.n), manifests: fs.existsSync(dir) ? fs.readdirSync(dir).length : 0 };
}

const rowsOf = (e: Endpoint) => (i: number) => (e.twoColumns ? [`KS-${i % 7}`, code(i)] : [code(i)]);
const headerOf = (e: Endpoint) => (e.twoColumns ? ['Kisə', 'İzləmə kodu'] : ['İzləmə kodu']);

describe('[IMPORTS] row cap', () => {
  test.each(endpoints)('$name: a file of cap + 1 rows is 422 with the cap text, and nothing is written', async (e) => {
    const before = await written();
    const res = await upload(e, await xlsxOfRows(CAP + 1, rowsOf(e), headerOf(e)));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(res.json()).toEqual({ message: capText, errors: { document_file: [capText] } });
    expect(await written()).toEqual(before);
  }, 60_000);

  test.each(endpoints.filter((e) => e.name !== 'declaration import request'))('$name: a file of exactly cap rows (and a header) is taken whole', async (e) => {
    const res = await upload(e, await xlsxOfRows(CAP, rowsOf(e), headerOf(e)));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json();
    if (e.name === 'customs upload') expect(body.declared + body.undeclared + body.unuser + body.not_found).toBe(CAP);
    else if (e.name === 'flight manifests') expect(body.not_found).toHaveLength(CAP);
    else expect(body.data.not_found).toHaveLength(CAP);
  }, 60_000);

  test('a CSV of cap + 1 lines is refused the same way (manifests, customs)', async () => {
    for (const e of endpoints.filter((x) => x.wrongStatus === 422)) {
      const lines = Array.from({ length: CAP + 1 }, (_, i) => rowsOf(e)(i).join(';'));
      const res = await upload(e, Buffer.from(`${lines.join('\r\n')}\r\n`), 'codes.csv');
      expect(res.statusCode, e.name).toBe(422);
      expect(res.json().message).toBe(capText);
    }
  }, 60_000);
});

describe('[IMPORTS] broken and hostile workbooks', () => {
  test('a zip bomb (a sheet inflating to 100 MB), a truncated workbook and a zip without a sheet: 4xx with the file message, never 500', async () => {
    const good = await xlsxOfRows(50, (i) => [code(i)]);
    const noSheet = await new JSZip().file('hello.txt', 'hi').generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const notXml = await new JSZip().file('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row><c t="s"><v>0</v></c></row><<<').generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const files: [string, Buffer][] = [
      ['zip bomb', await zipBomb(100)],
      ['truncated', good.subarray(0, Math.floor(good.length / 2))],
      ['no sheet', noSheet],
      ['sheet not XML', notXml],
    ];
    const before = await written();
    for (const e of endpoints) {
      for (const [what, file] of files) {
        const res = await upload(e, file);
        expect(res.statusCode, `${e.name}, ${what}: ${res.body.slice(0, 200)}`).toBe(e.wrongStatus);
        expect(res.json().errors.document_file, `${e.name}, ${what}`).toHaveLength(1);
      }
    }
    expect(await written()).toEqual(before);
  }, 120_000);
});
