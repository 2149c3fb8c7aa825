import type { DeclarationListQuery, DeclarationListRow, PartnerDeclarationRow } from '@app/contract/declarations';
import type { ListResponse } from '@app/contract/common';
import { az } from '@app/contract/texts/az';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { partnerScopeOf } from '../../platform/partner-scope';
import { readDeclarationDetail } from './declaration-form';
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

/** The marketplace status update (single or bulk), for other domains (flights: trendyol/updateStates). */
export { updateMarketplaceState } from './declaration-marketplace';
