import type { PassThrough, Writable } from 'node:stream';
import type { DeclarationListFilters } from '@app/contract/declarations';
import {
  DIRECT_EXPORT_MAX_ROWS, EXPORT_FILE_PREFIX, IMPORT_MAX_CODES, TRACK_CODE_PATTERN, normalizeImportedCode,
  type DeclarationExportQuery, type HandoverExportQuery, type TrackCodeImportResult,
} from '@app/contract/documents';
import { az } from '@app/contract/texts/az';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { RequestUser } from '../../../platform/access';
import { badRequest } from '../../../platform/errors';
import { registerExporter, startExportTask } from '../../../platform/export-tasks';
import { isZip, readImportRows } from '../../../platform/import-reader';
import { writeXlsx, type XlsxColumn, type XlsxSheet } from '../../../platform/xlsx';
import { countUpTo, findByCodes, readDeclarationBatches, readHandoverBatches, readIdBatches, type ExportRow } from './export-queries';

const t = az.documentsUi;
const yesNo = (v: boolean) => (v ? t.yes : t.no);
const num = (v: string | null) => (v === null ? null : Number(v));

/** spec §2 declarations table columns, in the table's order. */
export const FULL_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: 'ID', value: (r) => r.id, width: 10 },
  { header: t.customerCode, value: (r) => r.customer_code },
  { header: t.customer, value: (r) => r.customer, width: 24 },
  { header: t.country, value: (r) => r.country },
  { header: t.trackCode, value: (r) => r.track_code, width: 18 },
  { header: t.globalTrackCode, value: (r) => r.global_track_code, width: 22 },
  { header: t.status, value: (r) => r.status, width: 20 },
  { header: t.paid, value: (r) => yesNo(r.payed) },
  { header: t.declared, value: (r) => yesNo(r.customs) },
  { header: t.returned, value: (r) => yesNo(r.returned) },
  { header: t.flight, value: (r) => r.flight },
  { header: t.weight, value: (r) => num(r.weight) },
  { header: t.price, value: (r) => num(r.price) },
  { header: t.deliveryPrice, value: (r) => num(r.delivery_price) },
  { header: t.quantity, value: (r) => r.quantity },
  { header: t.liquid, value: (r) => yesNo(r.type === 1) },
  { header: t.tariff, value: (r) => r.tariff },
  { header: t.shop, value: (r) => r.shop_name },
  { header: t.productType, value: (r) => r.product_type },
  { header: t.parcel, value: (r) => r.parcel },
  { header: t.box, value: (r) => r.container },
  { header: t.branch, value: (r) => r.branch },
  { header: t.wardrobe, value: (r) => r.wardrobe_number },
  { header: t.createdAt, value: (r) => r.created_at, width: 20 },
];

export const MINI_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: t.trackCode, value: (r) => r.track_code, width: 18 },
  { header: t.customerCode, value: (r) => r.customer_code },
  { header: t.customer, value: (r) => r.customer, width: 24 },
  { header: t.status, value: (r) => r.status, width: 20 },
  { header: t.weight, value: (r) => num(r.weight) },
  { header: t.flight, value: (r) => r.flight },
  { header: t.branch, value: (r) => r.branch },
  { header: t.createdAt, value: (r) => r.created_at, width: 20 },
];

export const HANDOVER_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: t.trackCode, value: (r) => r.track_code, width: 18 },
  { header: t.globalTrackCode, value: (r) => r.global_track_code, width: 22 },
  { header: t.customerCode, value: (r) => r.customer_code },
  { header: t.customer, value: (r) => r.customer, width: 24 },
  { header: t.phone, value: (r) => r.phone, width: 18 },
  { header: t.country, value: (r) => r.country },
  { header: t.weight, value: (r) => num(r.weight) },
  { header: t.quantity, value: (r) => r.quantity },
  { header: t.deliveryPrice, value: (r) => num(r.delivery_price) },
  { header: t.paid, value: (r) => yesNo(r.payed) },
  { header: t.branch, value: (r) => r.branch },
  { header: t.box, value: (r) => r.container },
  { header: t.handedOverBy, value: (r) => r.causer, width: 20 },
  { header: t.deliveredAt, value: (r) => r.delivered_at, width: 20 },
];

const NOT_FOUND_COLUMNS: XlsxColumn<string>[] = [{ header: t.trackCode, value: (code) => code, width: 24 }];

const sheet = <T,>(s: XlsxSheet<T>) => s as unknown as XlsxSheet<unknown>;

export type ExportParams =
  | { kind: 'full' | 'mini'; filters: DeclarationListFilters; timeZone: string }
  | { kind: 'handover'; query: Omit<HandoverExportQuery, 'as_task'>; timeZone: string }
  | { kind: 'import'; codes: string[]; timeZone: string };

/** Writes one export's workbook into `out`. */
export async function writeDeclarationExport(db: Db, params: ExportParams, out: Writable, progress?: (n: number) => Promise<void>): Promise<number> {
  switch (params.kind) {
    case 'full':
    case 'mini':
      return writeXlsx(out, [sheet({ name: 'Bağlamalar', columns: params.kind === 'full' ? FULL_COLUMNS : MINI_COLUMNS, rows: readDeclarationBatches(db, params.filters, params.timeZone) })], progress);
    case 'handover':
      return writeXlsx(out, [sheet({ name: 'Təhvil', columns: HANDOVER_COLUMNS, rows: readHandoverBatches(db, params.query, params.timeZone) })], progress);
    case 'import': {
      const found = await findByCodes(db, params.codes);
      const matched = new Set(found.flatMap((r) => [r.track_code, r.global_track_code ?? '']));
      const missing = params.codes.filter((c) => !matched.has(c));
      return writeXlsx(out, [
        sheet({ name: 'Bağlamalar', columns: FULL_COLUMNS, rows: readIdBatches(db, found.map((r) => r.id), params.timeZone) }),
        sheet({ name: t.notFoundSheet, columns: NOT_FOUND_COLUMNS, rows: (async function* () { if (missing.length) yield missing; })() }),
      ], progress);
    }
  }
}

/** The declaration exporters of the export-task machinery (platform/export-tasks.ts). */
export function registerDeclarationExporters(app: FastifyInstance): void {
  for (const kind of ['full', 'mini', 'handover', 'import'] as const) {
    registerExporter(app, kind, {
      prefix: EXPORT_FILE_PREFIX[kind],
      model: 'declarations',
      write: (db, params, out, progress) => writeDeclarationExport(db, params as ExportParams, out, progress),
    });
  }
}

const filtersOf = (q: DeclarationExportQuery): DeclarationListFilters => {
  const { as_task: _task, sort_column: _sc, sort_order: _so, ...filters } = q;
  return filters;
};

/**
 * GET declaration/export and export/mini: up to DIRECT_EXPORT_MAX_ROWS rows stream straight into
 * the reply; more (or as_task=1) become an export task. Returns the task id, or null when `out`
 * received the file.
 */
export async function exportDeclarations(app: FastifyInstance, user: RequestUser, kind: 'full' | 'mini', q: DeclarationExportQuery, timeZone: string): Promise<{ taskId: number } | { params: ExportParams }> {
  const filters = filtersOf(q);
  const params: ExportParams = { kind, filters, timeZone };
  if (q.as_task || (await countUpTo(app.db, filters, timeZone, DIRECT_EXPORT_MAX_ROWS)) > DIRECT_EXPORT_MAX_ROWS) {
    return { taskId: await startExportTask(app, user.id, kind, params) };
  }
  return { params };
}

export async function exportHandedOver(app: FastifyInstance, user: RequestUser, q: HandoverExportQuery, timeZone: string): Promise<{ taskId: number } | { params: ExportParams }> {
  const { as_task: asTask, ...query } = q;
  const params: ExportParams = { kind: 'handover', query, timeZone };
  if (asTask) return { taskId: await startExportTask(app, user.id, 'handover', params) };
  return { params };
}

/** Starts streaming an export into `out`; a failure mid-way ends the stream with the error. */
export function streamDeclarationExport(db: Db, params: ExportParams, out: PassThrough): void {
  writeDeclarationExport(db, params, out).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
}

/**
 * The track codes of an imported .xlsx: one column (a header row is allowed), FDX prefix stripped,
 * duplicates dropped. A file of another shape is refused (400) and nothing changes; more than
 * IMPORT_MAX_CODES rows is a 422 as soon as the reader meets the next row (platform/import-reader.ts).
 */
export async function readImportedCodes(file: unknown): Promise<string[]> {
  const wrong = () => badRequest(t.wrongFile, { document_file: [t.wrongFile] });
  if (!Buffer.isBuffer(file) || !isZip(file)) throw wrong();
  const firstCode = (r: readonly string[]) => normalizeImportedCode(r.find((c) => c !== '') ?? '');
  const read = await readImportRows(file, {
    maxRows: IMPORT_MAX_CODES,
    // a few columns, so that a second filled one is noticed (the file must have one)
    columns: 8,
    isHeader: (r) => !TRACK_CODE_PATTERN.test(firstCode(r)) || /track|code|kod|izl/i.test(firstCode(r)),
  });
  if (read === null) throw wrong();
  if (read.rows.some((r) => r.filter((c) => c !== '').length > 1)) throw wrong();
  const values = read.rows.map(firstCode).filter((v) => v !== '');
  if (!values.length) throw badRequest(t.emptyFile, { document_file: [t.emptyFile] });
  if (values.some((v) => !TRACK_CODE_PATTERN.test(v))) throw wrong();
  return [...new Set(values)];
}

/** Excel import by track code: the matching declarations and the codes that matched none. */
export async function matchImportedCodes(db: Db, file: unknown): Promise<TrackCodeImportResult> {
  const codes = await readImportedCodes(file);
  const found = await findByCodes(db, codes);
  const matched = new Set(found.flatMap((r) => [r.track_code, r.global_track_code ?? '']));
  return { found, not_found: codes.filter((c) => !matched.has(c)) };
}

/** POST export/declaration/import: the file's declarations as an export task (an import request). */
export async function startImportTask(app: FastifyInstance, user: RequestUser, file: unknown, timeZone: string): Promise<number> {
  const codes = await readImportedCodes(file);
  return startExportTask(app, user.id, 'import', { kind: 'import', codes, timeZone } satisfies ExportParams);
}
