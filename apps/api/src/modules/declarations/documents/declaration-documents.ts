import { canPrintWaybill } from '@app/contract/documents';
import { az } from '@app/contract/texts/az';
import type { Content } from 'pdfmake/interfaces';
import type { Db } from '../../../db/client';
import { badRequest, notFound } from '../../../platform/errors';
import { PAGE, code128Png, fieldTable, renderPdf } from '../../../platform/pdf';
import { findHandoverTaskOf, findPrintableDeclarations, readCurrencyRates, readSetting, type PrintableDeclaration } from './document-queries';

const t = az.documentsUi;
const PROVIDERS: Record<number, string> = az.providers;

/** The shipper printed on every document (settings group 'shipper'; a fixed fallback until it is set). */
export async function readShipper(db: Db): Promise<{ name: string; address: string }> {
  const [name, address] = await Promise.all([readSetting(db, 'shipper', 'name'), readSetting(db, 'shipper', 'address')]);
  return {
    name: typeof name === 'string' && name ? name : az.app.brand,
    address: typeof address === 'string' && address ? address : 'Bakı, Azərbaycan',
  };
}

const fullName = (r: PrintableDeclaration) => (r.user ? `${r.user.name} ${r.user.surname}`.trim() : '');
const money = (v: string | number | null | undefined) => (v === null || v === undefined ? '0.00' : Number(v).toFixed(2));

/** 'YYYY-MM-DD HH:mm:ss' in the office's time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

async function loadDeclarations(db: Db, ids: readonly number[]) {
  const rows = await findPrintableDeclarations(db, { ids });
  if (rows.length !== new Set(ids).size) throw notFound('declaration_id', az.declarationsUi.notFound);
  return rows;
}

function header(title: string, shipper: { name: string; address: string }): Content {
  return {
    columns: [
      { stack: [{ text: shipper.name, bold: true, fontSize: 11 }, { text: shipper.address, fontSize: 8 }] },
      { text: title, alignment: 'right', bold: true, fontSize: 14 },
    ],
    margin: [0, 0, 0, 8],
  };
}

/**
 * Proforma (A4): the customer (name, phone, country, city, address), the items (track code,
 * quantity, weight, price, unit price, country, product type), totals and the date. One page per
 * customer when several declarations are printed together.
 */
export async function renderProforma(db: Db, ids: readonly number[], timeZone: string, now = new Date()): Promise<Buffer> {
  const rows = await loadDeclarations(db, ids);
  const shipper = await readShipper(db);
  const byCustomer = new Map<string, PrintableDeclaration[]>();
  for (const r of rows) {
    const key = String(r.user?.id ?? `none-${r.id}`);
    byCustomer.set(key, [...(byCustomer.get(key) ?? []), r]);
  }
  const pages: Content[] = [];
  let first = true;
  for (const items of byCustomer.values()) {
    const head = items[0]!;
    const barcode = await code128Png(head.trackCode, { heightMm: 10, scale: 2 });
    const totalPrice = items.reduce((s, r) => s + Number(r.price ?? 0), 0);
    const totalQty = items.reduce((s, r) => s + r.quantity, 0);
    const totalWeight = items.reduce((s, r) => s + Number(r.weight ?? 0), 0);
    pages.push({
      pageBreak: first ? undefined : 'before',
      stack: [
        header(`${t.proforma} — ${head.trackCode}`, shipper),
        { image: barcode, width: 180, margin: [0, 0, 0, 8] },
        { text: t.receiver, bold: true, fontSize: 11, margin: [0, 4, 0, 4] },
        fieldTable([
          [t.customer, `${fullName(head)}${head.user?.code ? ` (${head.user.code})` : ''}`],
          [t.phone, head.user?.phone],
          [t.country, 'Azərbaycan'],
          [t.city, cityOf(head.user?.address)],
          [t.address, head.user?.address],
        ]),
        { text: t.shipper, bold: true, fontSize: 11, margin: [0, 10, 0, 4] },
        fieldTable([[t.shipper, shipper.name], [t.address, shipper.address]]),
        {
          margin: [0, 12, 0, 0],
          table: {
            headerRows: 1,
            widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto', '*'],
            body: [
              [t.trackCode, t.quantity, t.weight, t.price, t.unitPrice, t.country, t.productType].map((h) => ({ text: h, bold: true })),
              ...items.map((r) => [
                r.trackCode,
                String(r.quantity),
                money(r.weight),
                `${money(r.price)} ${r.country?.currencyType ?? ''}`,
                `${money(Number(r.price ?? 0) / Math.max(1, r.quantity))} ${r.country?.currencyType ?? ''}`,
                r.country?.name ?? '',
                r.productType ?? '',
              ]),
              [{ text: t.total, bold: true }, { text: String(totalQty), bold: true }, { text: totalWeight.toFixed(2), bold: true },
                { text: totalPrice.toFixed(2), bold: true }, '', '', ''],
            ],
          },
        },
        { text: `${t.date}: ${formatDateTime(now, timeZone)}`, margin: [0, 12, 0, 0] },
      ],
    });
    first = false;
  }
  return renderPdf({ pageSize: PAGE.a4, pageMargins: [36, 36, 36, 36], content: pages, info: { title: `${t.proforma} ${rows.map((r) => r.trackCode).join(', ')}` } });
}

function cityOf(address: string | null | undefined): string {
  return address?.split(',')[0]?.trim() ?? '';
}

/**
 * Waybill label (100 × 150 mm): declaration id, track code, Code128 barcode, provider, the
 * country's carrier (name, address, code, currency), weight, quantity, reg number, shop, product
 * price in TRY and USD, delivery price, total, product type, the customer (name, phone, address,
 * passport), the currency rate and the print date. Refused at statuses 7 and 8 and under 7.
 */
export async function renderWaybills(db: Db, q: { declarationId?: number; flightId?: number; partnerId?: number }, timeZone: string, now = new Date()): Promise<Buffer> {
  let rows: PrintableDeclaration[];
  if (q.declarationId !== undefined) {
    rows = await loadDeclarations(db, [q.declarationId]);
    if (!canPrintWaybill(rows[0]!.statusId)) throw badRequest(t.waybillRefused, { declaration_id: [t.waybillRefused] }, 'waybill_status');
  } else {
    rows = (await findPrintableDeclarations(db, { flightId: q.flightId, partnerId: q.partnerId })).filter((r) => canPrintWaybill(r.statusId));
    if (!rows.length) throw notFound('flight_id', az.errors.notFound);
  }
  const [shipper, rates] = await Promise.all([readShipper(db), readCurrencyRates(db)]);
  const tryRate = Number(rates.get('TRY') ?? 0);
  const usdRate = Number(rates.get('USD') ?? 1.7);
  const content: Content[] = [];
  for (const [i, r] of rows.entries()) {
    const priceTry = r.country?.currencyType === 'TRY' ? Number(r.price ?? 0) : (Number(r.price ?? 0) * usdRate) / (tryRate || 1);
    const priceUsd = r.country?.currencyType === 'USD' ? Number(r.price ?? 0) : (Number(r.price ?? 0) * tryRate) / usdRate;
    const total = priceUsd + Number(r.deliveryPrice ?? 0);
    const barcode = await code128Png(r.trackCode, { heightMm: 14, scale: 3 });
    content.push({
      pageBreak: i === 0 ? undefined : 'before',
      stack: [
        { columns: [{ text: shipper.name, bold: true, fontSize: 9 }, { text: `#${r.id}`, alignment: 'right', bold: true }] },
        { text: shipper.address, fontSize: 6, margin: [0, 0, 0, 4] },
        { image: barcode, width: 240, alignment: 'center', margin: [0, 0, 0, 4] },
        {
          fontSize: 7,
          table: {
            widths: ['38%', '62%'],
            body: ([
              [t.trackCode, r.trackCode],
              [t.provider, PROVIDERS[r.trendyol] ?? ''],
              [t.carrier, `${r.country?.carrierName ?? ''}, ${r.country?.carrierAddress ?? ''}`],
              [t.countryCode, `${r.country?.abbr ?? ''} ${r.country?.code ?? ''}`],
              [t.currency, r.country?.currencyType ?? ''],
              [t.weight, money(r.weight)],
              [t.quantity, String(r.quantity)],
              [t.regNumber, r.globalTrackCode ?? ''],
              [t.shop, r.shopName ?? ''],
              [t.productPriceTry, priceTry.toFixed(2)],
              [t.productPriceUsd, priceUsd.toFixed(2)],
              [t.deliveryPrice, money(r.deliveryPrice)],
              [`${t.totalPrice} ($)`, total.toFixed(2)],
              [t.productType, r.productType ?? ''],
              [t.receiver, `${fullName(r)}${r.user?.code ? ` (${r.user.code})` : ''}`],
              [t.phone, r.user?.phone ?? ''],
              [t.address, r.user?.address ?? ''],
              [t.passport, r.user?.passport ?? ''],
              [t.currencyRate, `1 USD = ${usdRate.toFixed(4)} AZN; 1 TRY = ${tryRate.toFixed(4)} AZN`],
              [t.printDate, formatDateTime(now, timeZone)],
            ] as [string, string][]).map(([a, b]) => [{ text: a, bold: true }, b]),
          },
          layout: 'noBorders',
        },
      ],
    });
  }
  return renderPdf({ pageSize: PAGE.label, pageMargins: [10, 10, 10, 10], content, defaultStyle: { fontSize: 7 }, info: { title: `${t.waybill} ${rows[0]!.trackCode}` } });
}

/**
 * The handover document (spec §2): the parcels of the declaration's handover task, the customer and
 * signature lines. Refused with the reason when the declaration is in no handover task.
 */
export async function renderHandoverDocument(db: Db, declarationId: number, timeZone: string, now = new Date()): Promise<Buffer> {
  await loadDeclarations(db, [declarationId]);
  const task = await findHandoverTaskOf(db, declarationId);
  if (!task) throw badRequest(t.noHandoverTask, { declaration_id: [t.noHandoverTask] }, 'no_handover_task');
  const rows = await loadDeclarations(db, task.declarationIds);
  const shipper = await readShipper(db);
  const head = rows[0]!;
  return renderPdf({
    pageSize: PAGE.a4,
    pageMargins: [36, 36, 36, 36],
    info: { title: `${t.handoverDocument} #${task.id}` },
    content: [
      header(`${t.handoverDocument} #${task.id}`, shipper),
      fieldTable([
        [t.customer, `${fullName(head)}${head.user?.code ? ` (${head.user.code})` : ''}`],
        [t.passport, head.user?.passport],
        [t.phone, head.user?.phone],
        [t.date, formatDateTime(now, timeZone)],
      ]),
      {
        margin: [0, 12, 0, 0],
        table: {
          headerRows: 1,
          widths: ['auto', '*', '*', 'auto', 'auto', 'auto'],
          body: [
            ['#', t.trackCode, t.productType, t.quantity, t.weight, t.deliveryPrice].map((h) => ({ text: h, bold: true })),
            ...rows.map((r, i) => [String(i + 1), r.trackCode, r.productType ?? '', String(r.quantity), money(r.weight), money(r.deliveryPrice)]),
          ],
        },
      },
      { text: t.handoverStatement, margin: [0, 16, 0, 24] },
      { columns: [{ text: `${t.signatureStaff}: ____________________` }, { text: `${t.signatureCustomer}: ____________________`, alignment: 'right' }] },
    ],
  });
}

/** The individual handover document: one parcel handed to its customer, with signature lines. */
export async function renderIndividualHandover(db: Db, id: number, timeZone: string, now = new Date()): Promise<Buffer> {
  const [r] = await loadDeclarations(db, [id]);
  const shipper = await readShipper(db);
  const barcode = await code128Png(r!.trackCode, { heightMm: 10, scale: 2 });
  return renderPdf({
    pageSize: PAGE.a4,
    pageMargins: [36, 36, 36, 36],
    info: { title: `${t.individualHandoverDocument} ${r!.trackCode}` },
    content: [
      header(t.individualHandoverDocument, shipper),
      { image: barcode, width: 180, margin: [0, 0, 0, 8] },
      fieldTable([
        [t.declarationId, r!.id],
        [t.trackCode, r!.trackCode],
        [t.customer, `${fullName(r!)}${r!.user?.code ? ` (${r!.user.code})` : ''}`],
        [t.passport, r!.user?.passport],
        [t.phone, r!.user?.phone],
        [t.status, r!.status],
        [t.shop, r!.shopName],
        [t.productType, r!.productType],
        [t.quantity, r!.quantity],
        [t.weight, money(r!.weight)],
        [t.deliveryPrice, money(r!.deliveryPrice)],
        [t.paid, r!.payed ? t.yes : t.no],
        [t.branch, r!.branch],
        [t.box, r!.container],
        [t.date, formatDateTime(now, timeZone)],
      ]),
      { text: t.handoverStatement, margin: [0, 16, 0, 24] },
      { columns: [{ text: `${t.signatureStaff}: ____________________` }, { text: `${t.signatureCustomer}: ____________________`, alignment: 'right' }] },
    ],
  });
}

/** The 80 mm receipt of a handover (spec §2 handover queues): the customer, the parcels and totals. */
export async function renderReceipt(db: Db, ids: readonly number[], timeZone: string, now = new Date()): Promise<Buffer> {
  const rows = await loadDeclarations(db, ids);
  const shipper = await readShipper(db);
  const head = rows[0]!;
  const total = rows.reduce((s, r) => s + Number(r.deliveryPrice ?? 0), 0);
  const weight = rows.reduce((s, r) => s + Number(r.weight ?? 0), 0);
  const lines: Content[] = rows.map((r) => ({
    columns: [{ text: `${r.trackCode}\n${r.productType ?? ''} · ${money(r.weight)} kq`, width: '*' }, { text: `$${money(r.deliveryPrice)}`, width: 'auto', alignment: 'right' }],
    margin: [0, 2, 0, 2],
  }));
  const heightPt = 230 + rows.length * 26;
  return renderPdf({
    pageSize: PAGE.receipt(heightPt),
    pageMargins: [8, 8, 8, 8],
    defaultStyle: { fontSize: 8 },
    info: { title: t.receiptTitle },
    content: [
      { text: shipper.name, bold: true, alignment: 'center', fontSize: 10 },
      { text: shipper.address, alignment: 'center', fontSize: 7 },
      { text: t.receiptTitle, bold: true, alignment: 'center', margin: [0, 6, 0, 4] },
      { text: `${t.customer}: ${fullName(head)}${head.user?.code ? ` (${head.user.code})` : ''}` },
      { text: `${t.date}: ${formatDateTime(now, timeZone)}`, margin: [0, 0, 0, 4] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 210, y2: 0, dash: { length: 2 } }] },
      ...lines,
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 210, y2: 0, dash: { length: 2 } }] },
      { columns: [{ text: `${t.total}: ${rows.length} · ${weight.toFixed(2)} kq`, bold: true }, { text: `$${total.toFixed(2)}`, alignment: 'right', bold: true }], margin: [0, 4, 0, 0] },
      { text: `₼${(total * 1.7).toFixed(2)}`, alignment: 'right' },
      { text: `${t.signatureCustomer}: __________`, margin: [0, 14, 0, 0] },
    ],
  });
}
