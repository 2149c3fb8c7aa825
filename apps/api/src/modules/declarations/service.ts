import type { DeclarationListQuery, DeclarationListRow } from '@app/contract/declarations';
import type { ListResponse } from '@app/contract/common';
import { ROLE } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { findDeclarationByTrackCode, findDeclarationPage } from './queries';

export async function listDeclarations(db: Db, query: DeclarationListQuery, timeZone: string): Promise<ListResponse<DeclarationListRow>> {
  const { rows, total } = await findDeclarationPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** Quick search: a track code or global track code → the declaration's id (spec §2 "Quick search"). */
export async function findDeclarationIdByTrackCode(db: Db, user: RequestUser, trackCode: string) {
  const partnerId = user.admin === ROLE.partner ? (user.companyId ?? -1) : undefined;
  const row = await findDeclarationByTrackCode(db, trackCode.trim(), partnerId);
  if (!row) throw notFound('track_code', az.declarations.notFoundByTrackCode);
  return { data: row };
}
