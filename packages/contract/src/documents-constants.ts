/*
 * Document/export/import constants, without zod (issue 15 item 2). `documents.ts` re-exports them beside its schemas.
 */
import { DECLARATION_STATUS, IMPORT_STATUS } from './statuses-constants';

/** spec §2/§4: the waybill is disabled under 7 and cannot be printed at 7 or 8. */
export function canPrintWaybill(statusId: number): boolean {
  return statusId > DECLARATION_STATUS.dispatchSent;
}

/** spec §9 file name prefixes; we write real .xlsx files (docs/decisions/0006-xlsx-exports.md). */
export const EXPORT_FILE_PREFIX = {
  full: 'declarations_export_',
  mini: 'declarations_export_mini_',
  handover: 'handover_export_',
  import: 'declarations_import_',
  csvList: 'declarations_list_',
} as const;
export type ExportKind = 'full' | 'mini' | 'handover' | 'import';

/** A direct download streams at most this many rows; a bigger export becomes an export task. */
export const DIRECT_EXPORT_MAX_ROWS = 10_000;
/** spec §9: the web fetches list pages of 500 rows in parallel for its CSV. */
export const CSV_PAGE_SIZE = 500;
/** spec §4: export tasks are polled every 3 s, up to 50 times. */
export const EXPORT_POLL_MS = 3_000;
export const EXPORT_POLL_MAX = 50;
/** spec §9: the import table shows 5 rows a page. */
export const IMPORT_PAGE_SIZE = 5;
/** At most this many track codes in one imported file. */
export const IMPORT_MAX_CODES = 20_000;

export { IMPORT_STATUS };
