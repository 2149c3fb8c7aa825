import { z } from 'zod';
import { isCalendarDateTime, zFile, zFlag, zId, zIdList, zInt } from './common';
import { ZDeclarationListFilters } from './declarations';
import { zDateTimeOut } from './common';

/**
 * Documents, exports and imports of declarations (spec §3 Proforma, Waybill, Export task,
 * Partner-import request; §7 export calls; §9 file names). Flights add their exports here too.
 */

// The plain constants live in the zod-free `documents-constants` (issue 15); re-exported here.
export * from './documents-constants';

const dateTime = z.string().trim().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'YYYY-MM-DD HH:mm:ss').refine(isCalendarDateTime, 'YYYY-MM-DD HH:mm:ss');

/** GET declaration/export and export/mini: the list's filters, sorted as the list is. */
export const ZDeclarationExportQuery = ZDeclarationListFilters.extend({
  sort_column: z.string().max(64).optional(),
  sort_order: z.enum(['asc', 'desc']).optional(),
  /** 1: always as an export task (the web's "Other → export" for big lists). */
  as_task: zFlag.optional(),
});
export type DeclarationExportQuery = z.infer<typeof ZDeclarationExportQuery>;

/** 'DD.MM.YYYY HH:mm[:ss]' (what the other office front end sends) → 'YYYY-MM-DD HH:mm:ss'; anything else as it is. */
export function fromDottedDateTime(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const m = /^\s*(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(v);
  if (!m) return v;
  const [, dd, mm, yyyy, hh = '00', mi = '00', ss = '00'] = m;
  return `${yyyy}-${mm}-${dd} ${hh}:${mi}:${ss}`;
}
const handoverDateTime = z.preprocess(fromDottedDateTime, dateTime);

/**
 * GET declaration/handing_export (spec §7): branch_id and country_id (one or several: `a,b`),
 * start_date and end_date as 'YYYY-MM-DD HH:mm:ss' or 'DD.MM.YYYY HH:mm'; an empty start_date
 * means from the beginning.
 */
export const ZHandoverExportQuery = z.object({
  branch_id: zIdList,
  country_id: zIdList,
  start_date: z.preprocess((v) => (v === '' ? undefined : v), handoverDateTime.optional()),
  end_date: handoverDateTime,
  as_task: zFlag.optional(),
}).refine((q) => q.start_date === undefined || q.start_date <= q.end_date, { path: ['end_date'], message: 'end_date' });
export type HandoverExportQuery = z.infer<typeof ZHandoverExportQuery>;

/** GET declaration/proforma: one declaration or several (one page per customer). */
export const ZProformaQuery = z.object({ declaration_id: zIdList.pipe(z.array(z.number().int().positive()).min(1).max(500)) });
/** GET declaration/manifesto (the waybill label): one declaration (flight_id, partner_id narrow a flight's labels). */
export const ZWaybillQuery = z.object({ declaration_id: zId.optional(), flight_id: zId.optional(), partner_id: zId.optional() })
  .refine((q) => q.declaration_id !== undefined || q.flight_id !== undefined, { path: ['declaration_id'], message: 'declaration_id' });
/** GET handover/delivery_receipt: the 80 mm receipt of the parcels handed to one customer. */
export const ZReceiptQuery = z.object({ declaration_id: zIdList.pipe(z.array(z.number().int().positive()).min(1).max(200)), handover_task_id: zId.optional() });
/** GET declaration/get_xml (spec §7): flight_id, liquid, partner_id. */
export const ZCustomsXmlQuery = z.object({ flight_id: zId, liquid: zFlag.optional(), partner_id: zId.optional() });

export const ZExportTaskIdParams = z.object({ id: zId });

/** GET export/declaration/task_list: a page of tasks, optionally one kind (type=import: the import requests). */
export const ZExportTaskListQuery = z.object({
  page: zInt.min(1).max(100_000).default(1),
  per_page: zInt.min(1).max(100).default(25),
  type: z.enum(['full', 'mini', 'handover', 'import']).optional(),
});

/** spec §3 "Export task": id, type, file_path, created_at, updated_at, user, status, model. */
export const ZExportTask = z.object({
  id: z.number().int(),
  type: z.string(),                      // an ExportKind
  file_path: z.string().nullable(),      // null until the file is written
  file_name: z.string().nullable(),
  created_at: zDateTimeOut,
  updated_at: zDateTimeOut,
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.object({ id: z.number().int(), name: z.string() }),
  model: z.string(),
  rows: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type ExportTask = z.infer<typeof ZExportTask>;
/** GET export/declaration/task_list. */
export const ZExportTaskListReply = z.object({ data: z.array(ZExportTask), total: z.number().int() });
export type ExportTaskListReply = z.infer<typeof ZExportTaskListReply>;

/** Excel import by track code: what matched and what did not. */
export interface TrackCodeImportRow {
  id: number;
  track_code: string;
  global_track_code: string | null;
  user: { id: number; code: string | null; name: string } | null;
  status: { id: number; name: string };
  weight: string | null;
}
export interface TrackCodeImportResult {
  found: TrackCodeImportRow[];
  not_found: string[];
}

/** POST declaration/import/match and export/declaration/import: a multipart .xlsx in `document_file`. */
export const ZImportForm = z.object({ document_file: zFile });

/** A track code or global track code as written in an imported file (FDX prefix stripped). */
export const TRACK_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,79}$/;
export function normalizeImportedCode(raw: string): string {
  return raw.trim().replace(/^FDX/i, '');
}
