import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operations, userPermissions, users } from '../../db/schema/users';

export interface ActiveUserRow {
  id: number;
  name: string;
  surname: string;
  email: string | null;
  admin: number;
  blocked: boolean;
  adminBranchId: number | null;
  deliveryPointId: number | null;
  companyId: number | null;
  cashboxId: number | null;
  permissions: string[];
}

/** The user and permission codes, read on every request so a block or a change applies at once. */
export function findUserWithPermissions(db: DbOrTx, userId: number): Promise<ActiveUserRow | undefined> {
  return db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      admin: users.admin,
      blocked: users.blocked,
      adminBranchId: users.adminBranchId,
      deliveryPointId: users.deliveryPointId,
      companyId: users.companyId,
      cashboxId: users.cashboxId,
      permissions: sql<string[]>`coalesce(
        (select array_agg(${operations.codeName}) from ${userPermissions}
         join ${operations} on ${operations.id} = ${userPermissions.operationId}
         where ${userPermissions.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .then((rows) => rows[0]);
}
