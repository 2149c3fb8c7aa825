import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { models } from '../../db/schema/settings';
import { operations, userPermissions, users } from '../../db/schema/users';

export function findOperations(db: DbOrTx) {
  return db
    .select({ id: operations.id, name: operations.name, code_name: operations.codeName, model_id: operations.modelId, model_name: models.name })
    .from(operations)
    .leftJoin(models, eq(models.id, operations.modelId))
    .orderBy(asc(operations.modelId), asc(operations.id));
}

export function findPermissionIds(db: DbOrTx, userId: number) {
  return db.select({ id: userPermissions.operationId }).from(userPermissions).where(eq(userPermissions.userId, userId));
}

export function findUserCompany(db: DbOrTx, userId: number) {
  return db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId)).then((r) => r[0]);
}
