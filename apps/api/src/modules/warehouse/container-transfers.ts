import type { BoxTransfer, BoxTransfersReply } from '@app/contract/declaration-workflow';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { declarations } from '../../db/schema/declarations';
import { branches } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { containerTransfers as t, containers } from '../../db/schema/warehouse';

/**
 * Box transfers of one declaration (spec §3 "Box transfer", §7 containers-transfers/by-declaration),
 * oldest first. The warehouse issue adds the by-branch and by-container lists and the transfer call.
 */
export async function listTransfersByDeclaration(db: Db, declarationId: number, timeZone: string): Promise<BoxTransfersReply> {
  const res = await db.execute<BoxTransfer & Record<string, unknown>>(sql`
    select ${t.id} as id,
      json_build_object('id', dd.id, 'trackCode', dd.track_code) as declaration,
      (select json_build_object('id', c.id, 'name', c.name) from ${containers} c where c.id = ${t.fromContainerId}) as "fromContainer",
      (select json_build_object('id', c.id, 'name', c.name) from ${containers} c where c.id = ${t.toContainerId}) as "toContainer",
      (select json_build_object('id', u.id, 'name', u.name || ' ' || u.surname) from ${users} u where u.id = ${t.userId}) as "user",
      (select json_build_object('id', b.id, 'name', b.name) from ${branches} b where b.id = ${t.branchId}) as branch,
      ${t.note} as note,
      to_char(${t.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as "createdAt"
    from ${t} join ${declarations} dd on dd.id = ${t.declarationId}
    where ${t.declarationId} = ${declarationId}
    order by ${t.createdAt}, ${t.id}`);
  return { data: res.rows, meta: { total: res.rows.length } };
}
