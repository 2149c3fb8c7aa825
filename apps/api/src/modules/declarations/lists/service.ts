import type { DeclarationListQuery, DeclarationListRow, PartnerDeclarationRow } from '@app/contract/declarations';
import type {
  ArchiveListQuery, ArchiveListReply, DeletedDeclarationListQuery, DeletedDeclarationListReply, PostDeclarationListQuery, PostDeclarationListReply,
} from '@app/contract/declaration-lists';
import type { ListResponse } from '@app/contract/common';
import { toCsv, type CsvColumn } from '@app/contract/csv';
import { az } from '@app/contract/texts/az';
import type { Db } from '../../../db/client';
import type { RequestUser } from '../../../platform/access';
import { notFound } from '../../../platform/errors';
import { partnerScopeOf } from '../../../platform/partner-scope';
import { readDeclarationDetail } from '../form/declaration-form';
import { findArchiveForExport, findArchivePage, findDeletedDeclarationPage, findPostDeclarationPage } from './declaration-lists-queries';
import { findDeclarationByTrackCode, findDeclarationPage } from './queries';

export async function listDeclarations(db: Db, query: DeclarationListQuery, timeZone: string): Promise<ListResponse<DeclarationListRow>> {
  const { rows, total } = await findDeclarationPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** Quick search: a track code or global track code → the declaration, as declaration/info answers it (spec §2 "Quick search"). */
export async function findDeclarationIdByTrackCode(db: Db, user: RequestUser, trackCode: string, timeZone: string) {
  const row = await findDeclarationByTrackCode(db, partnerScopeOf(user), trackCode.trim());
  if (!row) throw notFound('track_code', az.declarations.notFoundByTrackCode);
  return { data: await readDeclarationDetail(db, user, row.id, timeZone) };
}

/** 'YYYY-MM-01 00:00:00' of the current month in the office time zone. */
function monthStartIn(timeZone: string, now = new Date()): string {
  const ym = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
  return `${ym}-01 00:00:00`;
}

/** GET /api/admin/declaration/this_month: the list limited to this month (spec §2 current-month table, by user_id). */
export function listThisMonthDeclarations(db: Db, query: DeclarationListQuery, timeZone: string) {
  const start = monthStartIn(timeZone);
  const dateFrom = query.date_from && query.date_from > start ? query.date_from : start;
  return listDeclarations(db, { ...query, date_from: dateFrom }, timeZone);
}

/** GET /api/admin/declaration/partner_declarations: declarations of branch partners, with the partner's name. */
export function listPartnerDeclarations(db: Db, query: DeclarationListQuery, timeZone: string): Promise<ListResponse<PartnerDeclarationRow>> {
  return listDeclarations(db, { ...query, has_partner: true }, timeZone);
}

/* The declaration list screens beside the main list (spec §2): deleted, post declarations, archive. */

/**
 * GET /api/admin/customs/deleteddeclarations: the declarations customs lists as withdrawn (by the
 * citizen, or with the parcel when we cancelled our declaration), newest withdrawal first, with our
 * declaration's row and who of us cancelled it (null when the citizen withdrew it).
 */
export async function listDeletedDeclarations(db: Db, query: DeletedDeclarationListQuery, timeZone: string): Promise<DeletedDeclarationListReply> {
  const { rows, total } = await findDeletedDeclarationPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** GET /api/admin/post_declarations (spec §3 "Post declaration"). */
export async function listPostDeclarations(db: Db, query: PostDeclarationListQuery, timeZone: string): Promise<PostDeclarationListReply> {
  const { rows, total } = await findPostDeclarationPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

export const ARCHIVE_EXPORT_MAX_ROWS = 100_000;
const D = az.declarations;
const ARCHIVE_CSV: CsvColumn<DeclarationListRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: D.trackCode, value: (r) => r.track_code },
  { header: D.customer, value: (r) => r.user_name },
  { header: D.status, value: (r) => r.state_name },
  { header: D.flight, value: (r) => r.flight_name },
  { header: D.weight, value: (r) => r.weight },
  { header: D.productPrice, value: (r) => r.price },
  { header: D.deliveryPrice, value: (r) => r.delivery_price },
  { header: D.branch, value: (r) => r.branch_name },
  { header: D.createdAt, value: (r) => r.created_at },
];

/** GET /api/admin/declaration/archive_export: the archive with its list's filters and sort as CSV (up to ARCHIVE_EXPORT_MAX_ROWS rows). */
export async function exportArchivedDeclarations(db: Db, query: ArchiveListQuery, timeZone: string): Promise<string> {
  return toCsv(ARCHIVE_CSV, await findArchiveForExport(db, query, timeZone, ARCHIVE_EXPORT_MAX_ROWS));
}

/** GET /api/admin/declaration/archive: finished declarations (handed over or returned) older than the working window. */
export async function listArchivedDeclarations(db: Db, query: ArchiveListQuery, timeZone: string): Promise<ArchiveListReply> {
  const { rows, total } = await findArchivePage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}
