import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, keepPrintFramesFromPrinting, launchBrowser, openPage, readAccessToken, signInAndWait, toolbarAction } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function firstDeclaration(token: string, stateId: number) {
  const res = await fetch(`${BASE_URL}/api/admin/v2/declaration/list?state_id=${stateId}&per_page=1&created=all`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { id: number; track_code: string }[] };
  if (!body.data[0]) throw new Error(`no declaration at status ${stateId}`);
  return body.data[0];
}

async function openPrintMenu(page: Page, id: number) {
  await page.goto(`${BASE_URL}/@next/declarations/${id}`);
  await page.getByTestId('declaration-print-menu').click();
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
}

describe('[DOCUMENTS][E2E] print, export tasks, import', () => {
  test('print menu: the waybill is refused below status 9, printable at 9 (the PDF goes to a print frame)', async () => {
    const { context, page } = await openPage(browser);
    await keepPrintFramesFromPrinting(context);
    await signInAndWait(page, DEMO.backOffice);
    const token = await readAccessToken(context);
    const atSeven = await firstDeclaration(token, 7);
    let menu = await openPrintMenu(page, atSeven.id);
    await expect.poll(() => menu.getByRole('menuitem', { name: 'Yol qaiməsi' }).getAttribute('aria-disabled')).toBe('true');
    // the handover document needs a handover task
    expect(await menu.getByRole('menuitem', { name: 'Təhvil sənədi', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    const atNine = await firstDeclaration(token, 9);
    menu = await openPrintMenu(page, atNine.id);
    const pdf = page.waitForResponse((r) => r.url().includes('/api/admin/declaration/manifesto') && r.status() === 200);
    await menu.getByRole('menuitem', { name: 'Yol qaiməsi' }).click();
    expect((await pdf).headers()['content-type']).toBe('application/pdf');
    await page.locator('iframe[data-testid="print-frame"]').waitFor({ state: 'attached' });
    await context.close();
  }, 60_000);

  test('an export task reaches "ready" and downloads as .xlsx', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    await page.goto(`${BASE_URL}/@next/declarations`);
    await (await toolbarAction(page, 'declarations-other')).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'Export', exact: true }).click();
    await page.getByText('Sənəd hazırlanır...').first().waitFor({ timeout: 10_000 });
    await page.getByText('Sənəd hazırdır. Yüklə butonuna klikləyin').waitFor({ timeout: 60_000 });
    const download = page.waitForEvent('download');
    await page.locator('[data-testid^="export-task-download-"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^declarations_export_\d+\.xlsx$/);
    const saved = path.join(os.tmpdir(), `e2e-${Date.now()}.xlsx`);
    await file.saveAs(saved);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(saved);
    expect(wb.worksheets[0]!.getRow(1).getCell(5).value).toBe('İzləmə kodu');
    expect(wb.worksheets[0]!.actualRowCount).toBeGreaterThan(1);
    fs.rmSync(saved, { force: true });
    await context.close();
  }, 90_000);

  test('import of a small .xlsx lists found and not-found track codes', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    const token = await readAccessToken(context);
    const known = await firstDeclaration(token, 9);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Kodlar');
    ws.addRow(['Track code']);
    ws.addRow([`FDX${known.track_code}`]);
    ws.addRow(['QQ0000000001']);
    const file = path.join(os.tmpdir(), `e2e-import-${Date.now()}.xlsx`);
    await wb.xlsx.writeFile(file);
    await page.goto(`${BASE_URL}/@next/declarations/import`);
    await page.locator('.ant-modal input[type="file"]').setInputFiles(file);
    await page.getByTestId('import-check').click();
    await page.getByRole('tab', { name: 'Tapılanlar (1)' }).waitFor();
    await page.getByTestId('import-found').getByText(known.track_code).waitFor();
    await page.getByRole('tab', { name: 'Tapılmayanlar (1)' }).click();
    await page.getByTestId('import-not-found').getByText('QQ0000000001').waitFor();
    fs.rmSync(file, { force: true });
    await context.close();
  }, 60_000);

  test('export tasks drawer: the seeded tasks (id descending, ready), partner import requests, download', async () => {
    const { context, page } = await openPage(browser);
    await signInAndWait(page, DEMO.backOffice);
    await page.goto(`${BASE_URL}/@next/declarations`);
    await (await toolbarAction(page, 'declarations-export-tasks')).click();
    const drawer = page.getByTestId('export-tasks-drawer');
    const table = drawer.getByTestId('export-tasks-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const ids = (await table.locator('tbody tr.ant-table-row td:first-child').allInnerTexts()).map(Number);
    expect(ids.length).toBeGreaterThan(1);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    await expect.poll(() => table.getByText('Yükləməyə hazırdır').count(), { timeout: 30_000 }).toBeGreaterThan(0);

    await drawer.getByRole('tab', { name: 'Partnyor idxal sorğuları' }).click();
    const imports = drawer.getByTestId('import-requests-table');
    const first = imports.locator('tbody tr.ant-table-row').first();
    await first.waitFor();
    const importId = Number(await first.locator('td').first().innerText());
    await expect.poll(() => first.getByText('Yükləməyə hazırdır').count(), { timeout: 30_000 }).toBe(1);
    const download = page.waitForEvent('download');
    await imports.getByTestId(`export-task-row-download-${importId}`).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`declarations_import_${importId}.xlsx`);
    const saved = path.join(os.tmpdir(), `e2e-import-${Date.now()}.xlsx`);
    await file.saveAs(saved);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(saved);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Bağlamalar', 'Tapılmayanlar']);
    fs.rmSync(saved, { force: true });
    await context.close();
  }, 90_000);
});
