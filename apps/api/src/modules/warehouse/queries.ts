import { asc, desc, eq, isNull, and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { parcels } from '../../db/schema/flights';
import { containers } from '../../db/schema/warehouse';

export function findContainerOptions(db: DbOrTx, branchId?: number) {
  // `name` stays beside `container_name` for our own pickers (lookups read `name`).
  return db.select({ id: containers.id, container_name: containers.name, name: containers.name, branch_id: containers.branchId })
    .from(containers)
    .where(and(isNull(containers.deletedAt), eq(containers.isPartner, false), branchId === undefined ? undefined : eq(containers.branchId, branchId)))
    .orderBy(asc(containers.name));
}

/** Parcels (koli) as options for GET boxes/options: newest first, one page; `box` is the label. */
export async function findBoxOptions(db: DbOrTx, limit: number, offset: number) {
  const rows = await db.select({ id: parcels.id, box: parcels.name, flight_id: parcels.flightId })
    .from(parcels).orderBy(desc(parcels.id)).limit(limit).offset(offset);
  const total = (await db.select({ n: sql<number>`count(*)::int` }).from(parcels))[0]!.n;
  return { rows, total };
}
