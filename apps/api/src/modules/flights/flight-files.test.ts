import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_STATUS } from '@app/contract/statuses';
import { az } from '@app/contract/texts/az';
import type { ManifestBoxReply, ManifestResult } from '@app/contract/flights';
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { flights, parcels } from '../../db/schema/flights';
import { users } from '../../db/schema/users';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';
import { decodeCode128, pdfText, rasterisePage } from '../../test/pdf-tools';

const t = az.flightFilesUi;
let ctx: TestContext;
let admin: Record<string, string>;
let anbar: Record<string, string>;
let ofis: Record<string, string>;
let dataDir: string;

/** The test flight: bags KS-A (3 parcels), KS-B (2), KS-C (empty), one parcel without a bag; two parcels of partner 1. */
const FLIGHT_NAME = 'Şəki-Göyçay Ğ uçuşu';
const AWB = '235-99887766';
let flightId: number;
let bagIds: Record<'KS-A' | 'KS-B' | 'KS-C', number>;
type Parcel = { id: number; trackCode: string; globalTrackCode: string | null; weight: string | null; price: string | null; deliveryPrice: string | null; quantity: number };
let parcelsOf: Record<'KS-A' | 'KS-B' | 'none', Parcel[]>;
/** A parcel of another flight. */
let stranger: { trackCode: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flight-files-'));
  ctx = await startTestApp({ declarations: 300, env: { DATA_DIR: dataDir } });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);

  const db = ctx.database.db;
  const [flight] = await db.insert(flights).values({ name: FLIGHT_NAME, countryId: 1, statusId: 30, airwaybill: AWB }).returning({ id: flights.id });
  flightId = flight!.id;
  const bags = await db.insert(parcels).values(['KS-A', 'KS-B', 'KS-C'].map((name) => ({ name, flightId }))).returning({ id: parcels.id, name: parcels.name });
  bagIds = Object.fromEntries(bags.map((b) => [b.name, b.id])) as typeof bagIds;
  const picked = await db.select({
    id: declarations.id, trackCode: declarations.trackCode, globalTrackCode: declarations.globalTrackCode, weight: declarations.weight,
    price: declarations.price, deliveryPrice: declarations.deliveryPrice, quantity: declarations.quantity, userId: declarations.userId,
  }).from(declarations).where(and(isNull(declarations.deletedAt), isNotNull(declarations.globalTrackCode), isNotNull(declarations.userId), isNotNull(declarations.weight)))
    .orderBy(asc(declarations.id)).limit(6);
  expect(picked).toHaveLength(6);
  const place = async (p: (typeof picked)[number], parcelId: number | null, partnerId: number | null) =>
    db.update(declarations).set({ flightId, parcelId, partnerId, countryId: 1 }).where(eq(declarations.id, p.id));
  await place(picked[0]!, bagIds['KS-A'], 1);
  await place(picked[1]!, bagIds['KS-A'], null);
  await place(picked[2]!, bagIds['KS-A'], null);
  await place(picked[3]!, bagIds['KS-B'], 1);
  await place(picked[4]!, bagIds['KS-B'], null);
  await place(picked[5]!, null, null);
  parcelsOf = { 'KS-A': picked.slice(0, 3), 'KS-B': picked.slice(3, 5), none: picked.slice(5) };
  // Every Azerbaijani letter in a customer's name: the files must keep them.
  await db.update(users).set({ name: 'Şəhriyar', surname: 'Ğöyçəli', fin: '7ABCDEF' }).where(eq(users.id, picked[0]!.userId!));
  const [other] = await db.select({ trackCode: declarations.trackCode }).from(declarations)
    .where(and(isNull(declarations.deletedAt), isNotNull(declarations.flightId), ne(declarations.flightId, flightId))).limit(1);
  stranger = other!;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function openXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
const sumOf = (values: (string | null)[]) => values.reduce((s, v) => s + Math.round(Number(v ?? 0) * 100), 0) / 100;

async function xlsxOf(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Manifest');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(auth: Record<string, string>, file: Buffer, fields: Record<string, string | number> = { flight_id: flightId }, name = 'manifest.xlsx') {
  const boundary = '----flight' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/flights/manifests',
    payload: Buffer.concat([...parts, head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const manifestDir = () => path.join(dataDir, 'exports', 'manifests');
const zipsOnDisk = () => (fs.existsSync(manifestDir()) ? fs.readdirSync(manifestDir()).sort() : []);
const MANIFEST_HEADERS = [t.no, t.trackCode, t.globalTrackCode, t.customer, t.fin, t.goods, t.quantity, t.weight, t.price, t.currency, t.deliveryPrice];

describe('[FLIGHTS][MANIFESTS] bulk manifest by bags', () => {
  test('found / not found codes, bag counts, and a zip with one manifest per bag holding the right parcels', async () => {
    const [a1, a2, a3] = parcelsOf['KS-A'];
    const [b1] = parcelsOf['KS-B'];
    const file = await xlsxOf([
      ['Kisə', 'İzləmə kodu'],
      ['M-1', a1!.trackCode],
      ['M-1', `FDX${a2!.trackCode}`], // the FDX prefix is ignored
      ['M-2', a3!.globalTrackCode!], // a global track code matches too
      ['', b1!.trackCode], // no bag in the file: the parcel's own bag (KS-B)
      ['M-3', 'AZ0000000001'], // no such parcel
      ['M-4', stranger.trackCode], // a parcel of another flight
      ['M-5', ''], // a bag with no code
    ]);
    const res = await upload(anbar, file);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ManifestResult;
    expect(result.found).toEqual([a1!.trackCode, a2!.trackCode, a3!.globalTrackCode, b1!.trackCode]);
    expect(result.not_found).toEqual(['AZ0000000001', stranger.trackCode]);
    expect(result.bags).toBe(3); // M-1, M-2, KS-B
    expect(result.archived_bags).toBe(3);
    expect(result.empty_bags).toBe(3); // M-3, M-4, M-5
    expect(result.zip_url).toMatch(/^\/api\/admin\/flights\/manifests\/download\?file=flight_manifests_\d+_[0-9a-f]{16}\.zip$/);

    const zipRes = await ctx.app.inject({ method: 'GET', url: result.zip_url!, headers: anbar });
    expect(zipRes.statusCode).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(zipRes.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['KS-B.xlsx', 'M-1.xlsx', 'M-2.xlsx']);

    const m1 = (await openXlsx(await zip.file('M-1.xlsx')!.async('nodebuffer'))).worksheets[0]!;
    expect(m1.name).toBe('M-1');
    expect(rowValues(m1, 1)).toEqual(MANIFEST_HEADERS);
    expect(rowValues(m1, 2).slice(0, 5)).toEqual([1, a1!.trackCode, a1!.globalTrackCode, 'Şəhriyar Ğöyçəli', '7ABCDEF']);
    expect(rowValues(m1, 3).slice(0, 2)).toEqual([2, a2!.trackCode]);
    expect(rowValues(m1, 2)[9]).toBe('TRY'); // country 1 prices are in lira
    const total = rowValues(m1, 4);
    expect(total[0]).toBe(t.total);
    expect(total[7]).toBeCloseTo(sumOf([a1!.weight, a2!.weight]), 2);
    expect(total[10]).toBeCloseTo(sumOf([a1!.deliveryPrice, a2!.deliveryPrice]), 2);
    expect(m1.rowCount).toBe(4);

    const ksb = (await openXlsx(await zip.file('KS-B.xlsx')!.async('nodebuffer'))).worksheets[0]!;
    expect(rowValues(ksb, 2)[1]).toBe(b1!.trackCode);
    expect(ksb.rowCount).toBe(3);
  }, 30_000);

  test('a .csv (semicolon separated, no header) works the same way', async () => {
    const [b1, b2] = parcelsOf['KS-B'];
    const csv = Buffer.from(`\uFEFFKS-B;${b1!.trackCode}\r\n"KS-B";"${b2!.trackCode}"\r\nKS-X;NOPE12345\r\n`, 'utf8');
    const res = await upload(anbar, csv, { flight_id: flightId }, 'manifest.csv');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ManifestResult;
    expect(result.found).toEqual([b1!.trackCode, b2!.trackCode]);
    expect(result.not_found).toEqual(['NOPE12345']);
    expect([result.bags, result.archived_bags, result.empty_bags]).toEqual([1, 1, 1]);
    const zip = await JSZip.loadAsync((await ctx.app.inject({ method: 'GET', url: result.zip_url!, headers: anbar })).rawPayload);
    expect(Object.keys(zip.files)).toEqual(['KS-B.xlsx']);
  }, 30_000);

  test('no code of the file is on the flight: nothing to archive, zip_url null', async () => {
    const before = zipsOnDisk();
    const res = await upload(anbar, await xlsxOf([['M-9', 'AZ0000000002']]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ zip_url: null, bags: 0, archived_bags: 0, empty_bags: 1, found: [], not_found: ['AZ0000000002'] });
    expect(zipsOnDisk()).toEqual(before);
  });

  test.each([
    ['a PDF', Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n', 'latin1'), t.manifestWrongFile],
    ['a binary .xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), t.manifestWrongFile],
    ['a broken .xlsx (zip)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), t.manifestWrongFile],
    ['an empty .csv', Buffer.from('\r\n\r\n'), t.manifestNoCodes],
    ['one column of codes (no bags)', Buffer.from('AZ3000000001\nAZ3000000002\n'), t.manifestNoCodes],
  ])('%s is refused with 422 and a clear message; nothing is written', async (_name, file, message) => {
    const before = zipsOnDisk();
    const res = await upload(anbar, file);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(res.json().errors.document_file).toEqual([message]);
    expect(zipsOnDisk()).toEqual(before);
  });

  test('an invalid code in column B names the code; an upload without a file or for a missing flight is refused', async () => {
    const bad = await upload(anbar, await xlsxOf([['Kisə', 'Kod'], ['M-1', 'AZ 123 456']]));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('"AZ 123 456"');
    const none = await upload(anbar, Buffer.alloc(0));
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(t.manifestFileRequired);
    const missing = await upload(anbar, await xlsxOf([['M-1', 'AZ3000000001']]), { flight_id: 99999999 });
    expect(missing.statusCode).toBe(404);
  });

  test('the download takes only names the server makes (no path traversal)', async () => {
    for (const file of ['../../../etc/passwd', 'flight_manifests_1_0123456789abcdef.zip/../x', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/manifests/download?file=${encodeURIComponent(file)}`, headers: anbar });
      expect(res.statusCode).toBe(422);
    }
    const gone = await ctx.app.inject({ method: 'GET', url: '/api/admin/flights/manifests/download?file=flight_manifests_1_0123456789abcdef.zip', headers: anbar });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(t.manifestFileGone);
  });

  test('manifests_box: every bag of the flight as its manifest in one .zip; counts as numbers, parcels in no bag left out', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/manifests_box?flight_id=${flightId}`, headers: anbar });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as ManifestBoxReply;
    expect(data).toMatchObject({ bags: 3, empty_bags: 1, archived_bags: 2, found: 5, not_found: 1 });
    const zip = await JSZip.loadAsync((await ctx.app.inject({ method: 'GET', url: data.zip_url, headers: anbar })).rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['KS-A.xlsx', 'KS-B.xlsx']);
    const ksa = (await openXlsx(await zip.file('KS-A.xlsx')!.async('nodebuffer'))).worksheets[0]!;
    const codes = Array.from({ length: ksa.rowCount }, (_, i) => rowValues(ksa, i + 1)[1]);
    for (const p of parcelsOf['KS-A']) expect(codes).toContain(p.trackCode);
    expect(codes).not.toContain(parcelsOf.none[0]!.trackCode);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/admin/flights/manifests_box?flight_id=99999999', headers: anbar });
    expect(missing.statusCode).toBe(404);
  }, 30_000);
});

describe('[FLIGHTS][EXPORTS] flight export, per-bag summary, road sheet', () => {
  const ALL = () => [...parcelsOf['KS-A'], ...parcelsOf['KS-B'], ...parcelsOf.none];

  test('export (.xlsx): manifest columns with the bag, parcels grouped by bag, file name flight_export_', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/export?flight_id=${flightId}`, headers: anbar });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="flight_export_${flightId}_\\d{8}-\\d{6}\\.xlsx"`));
    const ws = (await openXlsx(res.rawPayload)).worksheets[0]!;
    expect(rowValues(ws, 1)).toEqual([t.no, t.bag, ...MANIFEST_HEADERS.slice(1)]);
    expect(ws.rowCount).toBe(1 + 6);
    const lines = Array.from({ length: 6 }, (_, i) => rowValues(ws, i + 2));
    expect(lines.map((l) => l[0])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lines.map((l) => l[1])).toEqual(['KS-A', 'KS-A', 'KS-A', 'KS-B', 'KS-B', t.noBag]);
    expect(lines.map((l) => l[2])).toEqual(ALL().map((p) => p.trackCode));
    expect(lines[0]![4]).toBe('Şəhriyar Ğöyçəli');
    expect(lines.map((l) => l[8])).toEqual(ALL().map((p) => Number(p.weight)));
  }, 30_000);

  test('Partner-1 export: partner_id=1 keeps only that partner company\'s parcels', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/export?flight_id=${flightId}&partner_id=1`, headers: anbar });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('flight_export_partner1_');
    const ws = (await openXlsx(res.rawPayload)).worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    expect([rowValues(ws, 2)[2], rowValues(ws, 3)[2]]).toEqual([parcelsOf['KS-A'][0]!.trackCode, parcelsOf['KS-B'][0]!.trackCode]);
  });

  test('as_task=1: an export task the job runs; listed among the flight tasks and downloaded when ready', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/export?flight_id=${flightId}&as_task=1`, headers: anbar });
    expect(res.statusCode, res.body).toBe(202);
    const taskId = res.json().data.task_id as number;
    await ctx.app.jobs.runDue();
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/flights/export/task_list', headers: anbar })).json();
    const task = list.data.find((x: { id: number }) => x.id === taskId);
    expect(task).toMatchObject({ type: 'flight-export', model: 'flights', rows: 6, file_name: `flight_export_${taskId}.xlsx` });
    expect(task.status.id).toBe(IMPORT_STATUS.ready);
    const file = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/export/download/${taskId}`, headers: anbar });
    expect(file.statusCode).toBe(200);
    expect((await openXlsx(file.rawPayload)).worksheets[0]!.rowCount).toBe(7);
    // A full admin may download anyone's task.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/export/download/${taskId}`, headers: admin })).statusCode).toBe(200);
  }, 30_000);

  test('past 10,000 parcels the export becomes a task; the file holds every parcel, numbered, bag by bag', async () => {
    const db = ctx.database.db;
    const [big] = await db.insert(flights).values({ name: 'Böyük uçuş', countryId: 2, statusId: 30 }).returning({ id: flights.id });
    const [b1, b2] = await db.insert(parcels).values([{ name: 'B-2', flightId: big!.id }, { name: 'B-10', flightId: big!.id }]).returning({ id: parcels.id });
    // 10,001 parcels: every third in B-2, every third in B-10 (batches cross the bags' edges), the rest without a bag.
    await db.execute(sql`
      insert into declarations (track_code, country_id, flight_id, parcel_id, weight, price, delivery_price)
      select 'BIG' || lpad(g::text, 6, '0'), 2, ${big!.id}::int,
             case g % 3 when 0 then ${b1!.id}::int when 1 then ${b2!.id}::int end, 1.5, 10, 2
      from generate_series(1, 10001) g`);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/export?flight_id=${big!.id}`, headers: anbar });
    expect(res.statusCode, res.body).toBe(202);
    const taskId = res.json().data.task_id as number;
    await ctx.app.jobs.runDue();
    const file = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/export/download/${taskId}`, headers: anbar });
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    const ws = (await openXlsx(file.rawPayload)).worksheets[0]!;
    expect(ws.rowCount).toBe(1 + 10_001);
    const bagColumn = ws.getColumn(2).values.slice(2) as string[];
    const noColumn = ws.getColumn(1).values.slice(2) as number[];
    expect(noColumn[0]).toBe(1);
    expect(noColumn[10_000]).toBe(10_001);
    // natural order of bag names: B-2 before B-10, parcels without a bag last
    expect(bagColumn.indexOf('B-10')).toBe(3333);
    expect(bagColumn.indexOf(t.noBag)).toBe(3333 + 3334);
    expect(new Set(ws.getColumn(3).values.slice(2)).size).toBe(10_001);
  }, 120_000);

  test('infoexport: the flight header sheet and one row per bag with a totals row', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/infoexport?flight_id=${flightId}`, headers: anbar });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`flight_info_export_${flightId}_`);
    const wb = await openXlsx(res.rawPayload);
    const [head, bags] = [wb.getWorksheet(t.flightSheet)!, wb.getWorksheet(t.bagsSheet)!];
    const fields = Object.fromEntries(Array.from({ length: head.rowCount - 1 }, (_, i) => rowValues(head, i + 2) as [string, unknown]));
    expect(fields[t.flight]).toBe(FLIGHT_NAME);
    expect(fields[t.airwaybill]).toBe(AWB);
    expect(fields[t.country]).toBeTruthy();
    expect(fields[t.status]).toBeTruthy();
    expect(fields[t.parcels]).toBe(6);
    expect(fields[t.bags]).toBe(4);
    expect(rowValues(bags, 1)).toEqual([t.bag, t.parcels, t.weight, t.price, t.deliveryPrice]);
    expect(Array.from({ length: 4 }, (_, i) => rowValues(bags, i + 2).slice(0, 2))).toEqual([['KS-A', 3], ['KS-B', 2], ['KS-C', 0], [t.noBag, 1]]);
    const totals = rowValues(bags, 6);
    expect(totals[0]).toBe(t.total);
    expect(totals[1]).toBe(6);
    expect(totals[2]).toBeCloseTo(sumOf(ALL().map((p) => p.weight)), 2);
    expect(totals[3]).toBeCloseTo(sumOf(ALL().map((p) => p.price)), 2);
    expect(totals[4]).toBeCloseTo(sumOf(ALL().map((p) => p.deliveryPrice)), 2);
    expect(bags.rowCount).toBe(6);
  });

  test('road sheet (A4 PDF): flight name with ə ğ ş, the air waybill barcode, bags, totals and signature lines', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/roadsheet?flight_id=${flightId}`, headers: anbar });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(FLIGHT_NAME);
    expect(text).toContain(t.roadSheet);
    for (const label of [t.handedBy, t.receivedBy, t.airwaybill, 'KS-A', 'KS-B', 'KS-C', t.noBag, t.total]) expect(text).toContain(label);
    const weight = sumOf(ALL().map((p) => p.weight)).toFixed(2);
    expect(text).toMatch(new RegExp(`${t.total}.*\\s6\\s+${weight.replace('.', '\\.')}`));
    expect(decodeCode128(rasterisePage(res.rawPayload))).toBe(AWB);
    const page = rasterisePage(res.rawPayload, 1, 72);
    expect([Math.round(page.width / 72 * 25.4), Math.round(page.height / 72 * 25.4)]).toEqual([210, 297]);
  }, 30_000);

  test('a flight that does not exist is 404; without the flights permission every flight file is 403', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/flights/roadsheet?flight_id=99999999', headers: anbar })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/flights/export?flight_id=99999999', headers: anbar })).statusCode).toBe(404);
    for (const url of [`export?flight_id=${flightId}`, `infoexport?flight_id=${flightId}`, `roadsheet?flight_id=${flightId}`, `manifests_box?flight_id=${flightId}`, 'export/task_list']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/${url}`, headers: ofis })).statusCode, url).toBe(403);
    }
    expect((await upload(ofis, await xlsxOf([['M-1', 'AZ3000000001']]))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/flights/infoexport?flight_id=${flightId}`, headers: admin })).statusCode).toBe(200);
  });

  test('the flight\'s customs XML export is the declarations get_xml call', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/get_xml?flight_id=${flightId}`, headers: anbar });
    expect(res.statusCode).toBe(200);
    expect((res.body.match(/<package>/g) ?? []).length).toBe(6);
    expect(res.body).toContain(`name="${FLIGHT_NAME}"`);
  });
});
