import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

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
      // Written out with aliases: drizzle leaves columns unqualified in a single-table select, so an
      // interpolated users.id inside this sub-select would bind to the inner tables instead.
      permissions: sql<string[]>`coalesce(
        (select json_agg(o.code_name) from user_permissions up
         join operations o on o.id = up.operation_id
         where up.user_id = "users"."id"), '[]'::json)`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .then((rows) => rows[0]);
}
