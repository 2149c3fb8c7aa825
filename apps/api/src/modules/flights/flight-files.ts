import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { DIRECT_EXPORT_MAX_ROWS } from '@app/contract/documents';
import { FLIGHT_FILE_PREFIX, type FlightFileExportQuery } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';
import type { FastifyInstance } from 'fastify';
import type { Content } from 'pdfmake/interfaces';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { registerExporter, startExportTask } from '../../platform/export-tasks';
import { PAGE, code128Png, fieldTable, renderPdf } from '../../platform/pdf';
import { writeXlsx, type XlsxColumn, type XlsxSheet } from '../../platform/xlsx';
import {
  countFlightDeclarations, findBagNames, findFlightBagTotals, findFlightHeader, readFlightDeclarationBatches,
  type BagTotalsRow, type FlightFilter, type FlightHeader, type ManifestRow,
} from './flight-files-queries';

/*
 * Flight files (issue 7; spec §2 Flights row menu, §7 flights/export, infoexport, manifests_box):
 * the flight's parcel export (.xlsx, an export task past 10,000 rows), the per-bag summary, the road
 * sheet (A4 PDF). The manifest upload lives in flight-manifests.ts; the customs XML of a flight is
 * GET declaration/get_xml?flight_id (modules/declarations/documents/customs-xml.ts).
 */

const t = az.flightFilesUi;
export const FLIGHT_EXPORT_KIND = 'flight-export';
export const FLIGHT_EXPORT_MODEL = 'flights';

// ---------------------------------------------------------------- numbers

const cents = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);
const fromCents = (c: number) => (c / 100).toFixed(2);
const num = (v: string | null) => (v === null ? null : Number(v));

/** Bags in natural order of their names ("KS-1-2" before "KS-1-10"); parcels without a bag last. */
const byBagName = (a: { name: string | null }, b: { name: string | null }) =>
  a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name, 'az', { numeric: true });

// ---------------------------------------------------------------- manifest rows (.xlsx)

/** A parcel line of a manifest (numbered), or the bag's totals line. */
export type ManifestLine =
  | { kind: 'row'; no: number; bag: string; row: ManifestRow }
  | { kind: 'total'; count: number; quantity: number; weight: string; price: string; currency: string | null; deliveryPrice: string };

const rowOf = <K extends keyof ManifestRow>(key: K) => (l: ManifestLine) => (l.kind === 'row' ? l.row[key] : null);

/** The manifest columns (spec: No, track code, global track code, customer, FIN, goods, quantity, weight, price + currency, delivery price $). */
export function manifestColumns(withBag: boolean): XlsxColumn<ManifestLine>[] {
  return [
    { header: t.no, value: (l) => (l.kind === 'row' ? l.no : t.total), width: 7 },
    ...(withBag ? [{ header: t.bag, value: (l: ManifestLine) => (l.kind === 'row' ? l.bag : null), width: 16 }] : []),
    { header: t.trackCode, value: rowOf('trackCode'), width: 18 },
    { header: t.globalTrackCode, value: rowOf('globalTrackCode'), width: 22 },
    { header: t.customer, value: rowOf('customer'), width: 26 },
    { header: t.fin, value: rowOf('fin'), width: 10 },
    { header: t.goods, value: rowOf('goods'), width: 22 },
    { header: t.quantity, value: (l) => (l.kind === 'row' ? l.row.quantity : l.quantity), width: 7 },
    { header: t.weight, value: (l) => (l.kind === 'row' ? num(l.row.weight) : Number(l.weight)), width: 10 },
    { header: t.price, value: (l) => (l.kind === 'row' ? num(l.row.price) : Number(l.price)), width: 10 },
    { header: t.currency, value: (l) => (l.kind === 'row' ? l.row.currency : l.currency), width: 9 },
    { header: t.deliveryPrice, value: (l) => (l.kind === 'row' ? num(l.row.deliveryPrice) : Number(l.deliveryPrice)), width: 14 },
  ];
}

/** Numbers the rows as they stream by; `bagOf` names each row's bag. */
function numbered(batches: AsyncIterable<ManifestRow[]>, bagOf: (r: ManifestRow) => string): AsyncIterable<ManifestLine[]> {
  return (async function* () {
    let no = 0;
    for await (const batch of batches) yield batch.map((row) => ({ kind: 'row' as const, no: ++no, bag: bagOf(row), row }));
  })();
}

/** One bag's manifest lines: its parcels numbered from 1, then the totals line. */
export function bagManifestLines(bag: string, rows: readonly ManifestRow[]): ManifestLine[] {
  const lines: ManifestLine[] = rows.map((row, i) => ({ kind: 'row', no: i + 1, bag, row }));
  lines.push({
    kind: 'total',
    count: rows.length,
    quantity: rows.reduce((s, r) => s + r.quantity, 0),
    weight: fromCents(rows.reduce((s, r) => s + cents(r.weight), 0)),
    price: fromCents(rows.reduce((s, r) => s + cents(r.price), 0)),
    currency: rows[0]?.currency ?? null,
    deliveryPrice: fromCents(rows.reduce((s, r) => s + cents(r.deliveryPrice), 0)),
  });
  return lines;
}

/** An Excel sheet name: at most 31 characters, none of []:*?/\ . */
export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || t.bag;
}

/** A typed sheet for a workbook of sheets with different row types. */
export const sheet = <T,>(s: XlsxSheet<T>) => s as unknown as XlsxSheet<unknown>;

/** A small workbook written into memory (manifests of one bag, the per-bag summary). */
export async function xlsxBuffer(sheets: readonly XlsxSheet<unknown>[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = once(out, 'end');
  await writeXlsx(out, sheets);
  await ended;
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------- flight export (flight_export_)

export interface FlightExportParams { flightId: number; partnerId?: number }

/** The flight's parcels (optionally one partner's), bag by bag, as one manifest sheet. */
export function writeFlightExport(db: Db, params: FlightExportParams, out: Writable, progress?: (n: number) => Promise<void>): Promise<number> {
  const filter: FlightFilter = { flightId: params.flightId, partnerId: params.partnerId };
  const order = async (ids: number[]) => (await findBagNames(db, ids)).sort(byBagName).map((b) => b.id);
  const rows = numbered(readFlightDeclarationBatches(db, filter, order), (r) => r.bag ?? t.noBag);
  return writeXlsx(out, [sheet({ name: t.parcelsSheet, columns: manifestColumns(true), rows })], progress);
}

export function registerFlightExporters(app: FastifyInstance): void {
  registerExporter(app, FLIGHT_EXPORT_KIND, {
    prefix: FLIGHT_FILE_PREFIX.export,
    model: FLIGHT_EXPORT_MODEL,
    write: (db, params, out, progress) => writeFlightExport(db, params as FlightExportParams, out, progress),
  });
}

async function requireFlight(db: DbOrTx, flightId: number, timeZone: string): Promise<FlightHeader> {
  const flight = await findFlightHeader(db, flightId, timeZone);
  if (!flight) throw notFound('flight_id');
  return flight;
}

/**
 * GET flights/export?flight_id[&partner_id]: up to DIRECT_EXPORT_MAX_ROWS parcels stream straight
 * into the reply; more (or as_task=1) become an export task (kind flight-export).
 */
export async function exportFlight(app: FastifyInstance, user: RequestUser, q: FlightFileExportQuery, timeZone: string): Promise<{ taskId: number } | { params: FlightExportParams }> {
  await requireFlight(app.db, q.flight_id, timeZone);
  const params: FlightExportParams = { flightId: q.flight_id, ...(q.partner_id === undefined ? {} : { partnerId: q.partner_id }) };
  if (q.as_task || (await countFlightDeclarations(app.db, params, DIRECT_EXPORT_MAX_ROWS)) > DIRECT_EXPORT_MAX_ROWS) {
    return { taskId: await startExportTask(app, user.id, FLIGHT_EXPORT_KIND, params) };
  }
  return { params };
}

/** Starts streaming the flight export into `out`; a failure mid-way ends the stream with the error. */
export function streamFlightExport(db: Db, params: FlightExportParams, out: PassThrough): void {
  writeFlightExport(db, params, out).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
}

// ---------------------------------------------------------------- bags (infoexport, road sheet)

interface NamedBag extends Omit<BagTotalsRow, 'name'> { name: string }

async function readBags(db: DbOrTx, flightId: number): Promise<NamedBag[]> {
  return (await findFlightBagTotals(db, flightId)).sort(byBagName).map((b) => ({ ...b, name: b.name ?? t.noBag }));
}

function totalsOf(bags: readonly NamedBag[]) {
  return {
    count: bags.reduce((s, b) => s + b.count, 0),
    weight: fromCents(bags.reduce((s, b) => s + cents(b.weight), 0)),
    price: fromCents(bags.reduce((s, b) => s + cents(b.price), 0)),
    deliveryPrice: fromCents(bags.reduce((s, b) => s + cents(b.deliveryPrice), 0)),
  };
}

type InfoLine = { kind: 'bag'; bag: NamedBag } | { kind: 'total'; count: number; weight: string; price: string; deliveryPrice: string };
const INFO_COLUMNS: XlsxColumn<InfoLine>[] = [
  { header: t.bag, value: (l) => (l.kind === 'bag' ? l.bag.name : t.total), width: 20 },
  { header: t.parcels, value: (l) => (l.kind === 'bag' ? l.bag.count : l.count), width: 14 },
  { header: t.weight, value: (l) => Number(l.kind === 'bag' ? l.bag.weight : l.weight), width: 12 },
  { header: t.price, value: (l) => Number(l.kind === 'bag' ? l.bag.price : l.price), width: 12 },
  { header: t.deliveryPrice, value: (l) => Number(l.kind === 'bag' ? l.bag.deliveryPrice : l.deliveryPrice), width: 14 },
];
const FIELD_COLUMNS: XlsxColumn<[string, string | number | null]>[] = [
  { header: t.field, value: (r) => r[0], width: 22 },
  { header: t.value, value: (r) => r[1], width: 30 },
];

/** The flight's header fields; the info export ends them with the creation time, the road sheet with the printing time. */
function flightFields(flight: FlightHeader, last: [string, string | number | null] = [t.createdAt, flight.createdAt]): [string, string | number | null][] {
  return [
    [t.flight, flight.name],
    [t.airwaybill, flight.airwaybill],
    [t.country, flight.country],
    [t.status, flight.status],
    [t.startedAt, flight.startedAt],
    [t.endedAt, flight.endedAt],
    last,
  ];
}

/**
 * GET flights/infoexport?flight_id (flight_info_export_): sheet "Uçuş" the flight's header and totals,
 * sheet "Kisələr" one row per bag (parcels, weight, price, delivery price) and a totals row.
 */
export async function renderFlightInfoExport(db: Db, flightId: number, timeZone: string): Promise<Buffer> {
  const flight = await requireFlight(db, flightId, timeZone);
  const bags = await readBags(db, flightId);
  const totals = totalsOf(bags);
  const fields: [string, string | number | null][] = [
    ...flightFields(flight),
    [t.bags, bags.length],
    [t.parcels, totals.count],
    [t.weight, Number(totals.weight)],
    [`${t.price}${flight.currency ? ` (${flight.currency})` : ''}`, Number(totals.price)],
    [t.deliveryPrice, Number(totals.deliveryPrice)],
  ];
  const lines: InfoLine[] = [...bags.map((bag) => ({ kind: 'bag' as const, bag })), { kind: 'total', ...totals }];
  return xlsxBuffer([
    sheet({ name: t.flightSheet, columns: FIELD_COLUMNS, rows: (async function* () { yield fields; })() }),
    sheet({ name: t.bagsSheet, columns: INFO_COLUMNS, rows: (async function* () { yield lines; })() }),
  ]);
}

// ---------------------------------------------------------------- road sheet (yol vərəqəsi, A4 PDF)

function formatDateTime(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** Code128 carries printable ASCII only: the air waybill, else the flight name, else its id. */
function barcodeTextOf(flight: FlightHeader): string {
  const ascii = (s: string | null) => (s && /^[\x20-\x7e]{1,60}$/.test(s) ? s : null);
  return ascii(flight.airwaybill) ?? ascii(flight.name) ?? `FLIGHT-${flight.id}`;
}

/**
 * GET flights/roadsheet?flight_id: the road sheet handed over with the flight's bags: the flight
 * (name, air waybill, country, dates), a Code128 barcode of the air waybill, the bags with parcel
 * count and weight, totals, and the signature lines of who hands over and who receives.
 */
export async function renderRoadSheet(db: Db, flightId: number, timeZone: string, now = new Date()): Promise<Buffer> {
  const flight = await requireFlight(db, flightId, timeZone);
  const bags = await readBags(db, flightId);
  const totals = totalsOf(bags);
  const barcode = await code128Png(barcodeTextOf(flight), { heightMm: 12, scale: 3 });
  const cell = (text: string | number, bold = false): Content => ({ text: String(text), bold });
  const content: Content[] = [
    {
      columns: [
        { stack: [{ text: az.app.brand, bold: true, fontSize: 11 }, { text: `${t.flight}: ${flight.name}`, fontSize: 10 }] },
        { text: t.roadSheet, alignment: 'right', bold: true, fontSize: 16 },
      ],
      margin: [0, 0, 0, 8],
    },
    { image: barcode, width: 220, alignment: 'center', margin: [0, 0, 0, 8] },
    fieldTable(flightFields(flight, [t.date, formatDateTime(now, timeZone)])),
    {
      margin: [0, 12, 0, 0],
      table: {
        headerRows: 1,
        widths: [30, '*', 90, 90],
        body: [
          [cell(t.no, true), cell(t.bag, true), cell(t.parcels, true), cell(t.weight, true)],
          ...bags.map((b, i) => [cell(i + 1), cell(b.name), cell(b.count), cell(b.weight)]),
          [cell(''), cell(`${t.total} (${t.bags.toLowerCase()}: ${bags.length})`, true), cell(totals.count, true), cell(totals.weight, true)],
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      margin: [0, 36, 0, 0],
      columns: [
        { stack: [{ text: `${t.handedBy}:`, bold: true }, { text: '______________________________', margin: [0, 18, 0, 0] }, { text: `(${t.signatureHint})`, fontSize: 7 }] },
        { stack: [{ text: `${t.receivedBy}:`, bold: true }, { text: '______________________________', margin: [0, 18, 0, 0] }, { text: `(${t.signatureHint})`, fontSize: 7 }], alignment: 'right' },
      ],
    },
  ];
  return renderPdf({ pageSize: PAGE.a4, pageMargins: [36, 36, 36, 36], content, info: { title: `${t.roadSheet} ${flight.name}` } });
}

/** File names of the flight files: `<prefix><flight id>_<YYYYMMDD-HHmmss>.<ext>`. */
export function flightFileName(prefix: string, flightId: number, ext: 'xlsx' | 'pdf', now = new Date()): string {
  return `${prefix}${flightId}_${now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}.${ext}`;
}
