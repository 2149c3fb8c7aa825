import type { BoxTransfersReply } from '@app/contract/declaration-workflow';
import type { Db } from '../../db/client';
import { findTransfers } from './container-queries';

/** Box transfers of one declaration (spec §3 "Box transfer", §7 containers-transfers/by-declaration), oldest first. */
export async function listTransfersByDeclaration(db: Db, declarationId: number, timeZone: string): Promise<BoxTransfersReply> {
  const { rows, total } = await findTransfers(db, { declarationId }, null, timeZone);
  return { data: rows, meta: { total } };
}
