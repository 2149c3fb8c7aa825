import { asc, eq, isNull, and } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containers } from '../../db/schema/warehouse';

export function findContainerOptions(db: DbOrTx, branchId?: number) {
  // `name` stays beside `container_name` for our own pickers (lookups read `name`).
  return db.select({ id: containers.id, container_name: containers.name, name: containers.name, branch_id: containers.branchId })
    .from(containers)
    .where(and(isNull(containers.deletedAt), eq(containers.isPartner, false), branchId === undefined ? undefined : eq(containers.branchId, branchId)))
    .orderBy(asc(containers.name));
}
