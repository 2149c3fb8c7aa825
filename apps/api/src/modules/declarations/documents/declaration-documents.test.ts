import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXPORT_FILE_PREFIX } from '@app/contract/documents';
import { IMPORT_STATUS } from '@app/contract/statuses';
import { az } from '@app/contract/texts/az';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queueDemoExportTasks } from '../../../db/seed/demo-documents';
import { declarations } from '../../../db/schema/declarations';
import { handoverTaskItems, handoverTasks } from '../../../db/schema/handover';
import { users } from '../../../db/schema/users';
import { bearer, logInAs, startTestApp, type TestContext } from '../../../test/harness';
import { decodeCode128, pdfPageCount, pdfText, rasterisePage } from '../../../test/pdf-tools';

const t = az.documentsUi;
let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>;
let partner: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-'));
  ctx = await startTestApp({ declarations: 400, env: { DATA_DIR: dataDir } });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function declarationAt(statusId: number) {
  const [row] = await ctx.database.db.select({ id: declarations.id, trackCode: declarations.trackCode, userId: declarations.userId })
    .from(declarations).where(and(eq(declarations.statusId, statusId), isNull(declarations.deletedAt))).limit(1);
  if (!row) throw new Error(`no declaration at status ${statusId}`);
  return row;
}

/** A customer with every Azerbaijani letter in the name and address, so each document must print them. */
async function giveAzerbaijaniName(userId: number) {
  await ctx.database.db.update(users).set({ name: 'Şəhriyar Ğöyçə', surname: 'Çıxışlı Ümüdova', address: 'Gəncə, Ş. İsmayılov küç. 7' }).where(eq(users.id, userId));
}

async function openXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

async function xlsxOf(codes: string[], header?: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Kodlar');
  if (header) ws.addRow([header]);
  for (const c of codes) ws.addRow([c]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(auth: Record<string, string>, file: Buffer, name = 'codes.xlsx') {
  const boundary = '----docs' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  return { payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('[DOCUMENTS][PDF] printed documents', () => {
  test('waybill at status 9: a label whose barcode reads back as the track code, Azerbaijani letters intact', async () => {
    const d = await declarationAt(9);
    await giveAzerbaijaniName(d.userId!);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/manifesto?declaration_id=${d.id}`, headers: ofis });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(decodeCode128(rasterisePage(pdf))).toBe(d.trackCode);
    const text = pdfText(pdf);
    expect(text).toContain('Şəhriyar Ğöyçə');
    expect(text).toContain('Çıxışlı Ümüdova');
    expect(text).toContain('Kargo Ofis MMC'); // the shipper from settings
    expect(text).toContain(d.trackCode);
    for (const label of [t.productPriceTry, t.productPriceUsd, t.currencyRate, t.printDate, t.carrier]) expect(text).toContain(label);
  }, 30_000);

  test.each([7, 8, 5])('waybill at status %i is refused with the reason', async (status) => {
    const d = await declarationAt(status);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/manifesto?declaration_id=${d.id}`, headers: ofis });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(t.waybillRefused);
  });

  test('proforma (A4): customer block, item rows, totals, barcode; one page per customer', async () => {
    const d = await declarationAt(10);
    await giveAzerbaijaniName(d.userId!);
    const other = await declarationAt(9);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/proforma?declaration_id=${d.id}`, headers: ofis });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Şəhriyar Ğöyçə');
    for (const label of [t.trackCode, t.quantity, t.unitPrice, t.productType, t.total]) expect(text).toContain(label);
    expect(decodeCode128(rasterisePage(res.rawPayload))).toBe(d.trackCode);
    const two = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/proforma?declaration_id=${d.id},${other.id}`, headers: ofis });
    expect(pdfPageCount(two.rawPayload)).toBe(d.userId === other.userId ? 1 : 2);
  }, 30_000);

  test('80 mm receipt and individual handover document render; the handover document needs a handover task', async () => {
    const d = await declarationAt(10);
    const receipt = await ctx.app.inject({ method: 'GET', url: `/api/admin/handover/delivery_receipt?declaration_id=${d.id}`, headers: ofis });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(pdfText(receipt.rawPayload)).toContain(t.receiptTitle);
    const page = rasterisePage(receipt.rawPayload, 1, 72);
    expect(Math.round(page.width / 72 * 25.4)).toBe(80);
    const individual = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/handover_document/individual?declaration_id=${d.id}`, headers: ofis });
    expect(individual.statusCode).toBe(200);
    expect(pdfText(individual.rawPayload)).toContain(t.signatureCustomer);
    expect(decodeCode128(rasterisePage(individual.rawPayload))).toBe(d.trackCode);
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/handover_document?declaration_id=${d.id}`, headers: ofis });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(t.noHandoverTask);
  }, 30_000);

  test('the handover document lists the parcels of the handover task', async () => {
    const d = await declarationAt(9);
    const [task] = await ctx.database.db.insert(handoverTasks).values({ userId: d.userId!, branchId: 1 }).returning({ id: handoverTasks.id });
    await ctx.database.db.insert(handoverTaskItems).values({ taskId: task!.id, declarationId: d.id });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/handover_document?declaration_id=${d.id}`, headers: ofis });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`${t.handoverDocument} #${task!.id}`);
    expect(text).toContain(d.trackCode);
  }, 30_000);

  test('a partner may not print office documents; a missing declaration is 404', async () => {
    const d = await declarationAt(9);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/proforma?declaration_id=${d.id}`, headers: partner })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/declaration/proforma?declaration_id=99999999', headers: ofis })).statusCode).toBe(404);
  });
});

describe('[DOCUMENTS][XLSX] Excel exports', () => {
  test('full export of a filtered list: headers of the table, one row per declaration, file name prefix', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/declaration/export?state_id=9', headers: ofis });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="${EXPORT_FILE_PREFIX.full}\\d{8}-\\d{6}\\.xlsx"`));
    const ws = (await openXlsx(res.rawPayload)).worksheets[0]!;
    expect(rowValues(ws, 1).slice(0, 7)).toEqual(['ID', t.customerCode, t.customer, t.country, t.trackCode, t.globalTrackCode, t.status]);
    const [{ n } = { n: 0 }] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(declarations).where(and(eq(declarations.statusId, 9), isNull(declarations.deletedAt)));
    expect(ws.actualRowCount - 1).toBe(n);
    const codes = new Set((await ctx.database.db.select({ c: declarations.trackCode }).from(declarations).where(eq(declarations.statusId, 9))).map((r) => r.c));
    for (let i = 2; i <= ws.actualRowCount; i++) expect(codes.has(String(ws.getRow(i).getCell(5).value))).toBe(true);
  });

  test('mini export and handover export (date range YYYY-MM-DD HH:mm:ss)', async () => {
    const mini = await ctx.app.inject({ method: 'GET', url: '/api/admin/declaration/export/mini?country_id=1', headers: ofis });
    expect(mini.statusCode).toBe(200);
    expect(mini.headers['content-disposition']).toContain(EXPORT_FILE_PREFIX.mini);
    expect(rowValues((await openXlsx(mini.rawPayload)).worksheets[0]!, 1)).toEqual([t.trackCode, t.customerCode, t.customer, t.status, t.weight, t.flight, t.branch, t.createdAt]);
    const q = 'start_date=2000-01-01%2000:00:00&end_date=2100-01-01%2000:00:00&branch_id=1';
    const handover = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/handing_export?${q}`, headers: ofis });
    expect(handover.statusCode, handover.body).toBe(200);
    expect(handover.headers['content-disposition']).toContain(EXPORT_FILE_PREFIX.handover);
    const ws = (await openXlsx(handover.rawPayload)).worksheets[0]!;
    expect(rowValues(ws, 1)[0]).toBe(t.trackCode);
    const [{ n } = { n: 0 }] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(declarations)
      .where(and(eq(declarations.statusId, 10), eq(declarations.branchId, 1), isNull(declarations.deletedAt), sql`${declarations.deliveredAt} is not null`));
    expect(ws.actualRowCount - 1).toBe(n);
    // the other office front end: branches and countries as 'a,b', dates as DD.MM.YYYY HH:mm, an empty start
    const dotted = await ctx.app.inject({ method: 'GET', url: '/api/admin/declaration/handing_export?start_date=&end_date=01.01.2100%2000:00&branch_id=1,4&country_id=1,2', headers: ofis });
    expect(dotted.statusCode, dotted.body).toBe(200);
    const [{ m } = { m: 0 }] = await ctx.database.db.select({ m: sql<number>`count(*)::int` }).from(declarations)
      .where(and(eq(declarations.statusId, 10), sql`${declarations.branchId} in (1, 4)`, isNull(declarations.deletedAt), sql`${declarations.deliveredAt} is not null`));
    expect((await openXlsx(dotted.rawPayload)).worksheets[0]!.actualRowCount - 1).toBe(m);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/declaration/handing_export?start_date=2024-01-01&end_date=x', headers: ofis });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['start_date', 'end_date']));
  });

  test('export task: 202 with its id, 131 → 134 after the job runs, listed id-descending, downloaded as .xlsx', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/declaration/export?as_task=1', headers: ofis });
    expect(res.statusCode, res.body).toBe(202);
    const taskId = res.json().data.task_id as number;
    let list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/export/declaration/task_list', headers: ofis })).json();
    expect(list.data[0]).toMatchObject({ id: taskId, status: { id: IMPORT_STATUS.inProgress }, type: 'full' });
    const early = await ctx.app.inject({ method: 'GET', url: `/api/admin/export/declaration/download/${taskId}`, headers: ofis });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(t.taskNotReady);
    await ctx.app.jobs.runDue();
    list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/export/declaration/task_list', headers: ofis })).json();
    expect(list.data[0]).toMatchObject({ id: taskId, status: { id: IMPORT_STATUS.ready } });
    const second = (await ctx.app.inject({ method: 'GET', url: '/api/admin/declaration/export/mini?as_task=1', headers: ofis })).json().data.task_id;
    list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/export/declaration/task_list', headers: ofis })).json();
    expect(list.data.map((r: { id: number }) => r.id).slice(0, 2)).toEqual([second, taskId]);
    const file = await ctx.app.inject({ method: 'GET', url: `/api/admin/export/declaration/download/${taskId}`, headers: ofis });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`${EXPORT_FILE_PREFIX.full}${taskId}.xlsx`);
    const ws = (await openXlsx(file.rawPayload)).worksheets[0]!;
    const [{ n } = { n: 0 }] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(declarations).where(isNull(declarations.deletedAt));
    expect(ws.actualRowCount - 1).toBe(n);
    // another office user neither sees nor downloads it
    const other = bearer((await logInAs(ctx.app, 'aysel.ceferova@example.az')).access_token);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/export/declaration/download/${taskId}`, headers: other })).statusCode).toBe(403);
    // a full admin sees every task
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/admin/export/declaration/task_list', headers: admin })).json();
    expect(all.data.some((r: { id: number }) => r.id === taskId)).toBe(true);
  }, 60_000);

  test('customs XML of a flight', async () => {
    const [row] = await ctx.database.db.select({ flightId: declarations.flightId }).from(declarations).where(sql`${declarations.flightId} is not null`).limit(1);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/declaration/get_xml?flight_id=${row!.flightId}&liquid=0`, headers: ofis });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('<trackingNumber>');
    expect(res.body).not.toContain('<liquid>1</liquid>');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/declaration/get_xml?flight_id=999999', headers: ofis })).statusCode).toBe(404);
  });
});

describe('[DOCUMENTS][IMPORT] Excel import by track code', () => {
  test('export then re-import: every exported track code is found again; FDX prefix stripped; unknown codes listed', async () => {
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/admin/declaration/export/mini?state_id=8', headers: ofis });
    const ws = (await openXlsx(exported.rawPayload)).worksheets[0]!;
    const codes: string[] = [];
    for (let i = 2; i <= ws.actualRowCount; i++) codes.push(String(ws.getRow(i).getCell(1).value));
    expect(codes.length).toBeGreaterThan(0);
    const file = await xlsxOf([...codes.map((c, i) => (i === 0 ? `FDX${c}` : c)), 'ZZ000000000'], 'Track code');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/declaration/import/match', ...multipart(ofis, file) });
    expect(res.statusCode, res.body).toBe(200);
    const { found, not_found: notFound } = res.json().data;
    expect(found.map((r: { track_code: string }) => r.track_code).sort()).toEqual([...codes].sort());
    expect(notFound).toEqual(['ZZ000000000']);
  });

  test('a file of the wrong shape gets a clear message and creates nothing', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/admin/export/declaration/task_list', headers: ofis })).json().total;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['AZ2600000001', 'extra column']);
    const twoColumns = Buffer.from(await wb.xlsx.writeBuffer());
    for (const body of [twoColumns, Buffer.from('not an excel file'), await xlsxOf([])]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/export/declaration/import', ...multipart(ofis, body) });
      expect(res.statusCode).toBe(400);
      expect([t.wrongFile, t.emptyFile]).toContain(res.json().message);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/export/declaration/task_list', headers: ofis })).json().total).toBe(before);
  });

  test('import request: success message, then a task whose file has the found rows and a not-found sheet', async () => {
    const d = await declarationAt(9);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/export/declaration/import', ...multipart(ofis, await xlsxOf([d.trackCode, 'NOPE12345'])) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(t.importSuccess);
    await ctx.app.jobs.runDue();
    const taskId = res.json().data.task_id;
    const file = await ctx.app.inject({ method: 'GET', url: `/api/admin/export/declaration/download/${taskId}`, headers: ofis });
    expect(file.statusCode).toBe(200);
    const wb = await openXlsx(file.rawPayload);
    expect(wb.worksheets[0]!.getRow(2).getCell(5).value).toBe(d.trackCode);
    expect(wb.worksheets[1]!.getRow(2).getCell(1).value).toBe('NOPE12345');
    // the partner import requests: only tasks of type import, newest first
    const imports = (await ctx.app.inject({ method: 'GET', url: '/api/admin/export/declaration/task_list?type=import', headers: ofis })).json();
    expect(imports.data[0]).toMatchObject({ id: taskId, type: 'import', status: { id: IMPORT_STATUS.ready } });
    expect(imports.data.every((r: { type: string }) => r.type === 'import')).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/export/declaration/task_list?type=pdf', headers: ofis })).statusCode).toBe(422);
  });

  test("demo seed: the office user's queued tasks become real, downloadable files once the jobs run", async () => {
    await queueDemoExportTasks(ctx.database.db);
    await ctx.app.jobs.runDue();
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/export/declaration/task_list?per_page=100', headers: ofis })).json();
    const seeded = list.data.slice(0, 3);
    expect(seeded.map((r: { type: string }) => r.type).sort()).toEqual(['handover', 'import', 'mini']);
    for (const task of seeded) {
      expect(task.status.id).toBe(IMPORT_STATUS.ready);
      const file = await ctx.app.inject({ method: 'GET', url: `/api/admin/export/declaration/download/${task.id}`, headers: ofis });
      expect(file.statusCode).toBe(200);
      expect((await openXlsx(file.rawPayload)).worksheets[0]!.actualRowCount).toBeGreaterThan(1);
    }
  });
});
