import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { findOperations, findPermissionIds, findUserCompany } from './queries';

/** spec §3 "Operation", listed grouped by model (the permissions screen). */
export async function listOperations(db: Db) {
  const data = await findOperations(db);
  return { data, total: data.length };
}

/** spec §3 "Permissions response": operation ids plus company id. */
export async function readUserPermissions(db: Db, userId: number) {
  const user = await findUserCompany(db, userId);
  if (!user) throw notFound('user_id');
  const rows = await findPermissionIds(db, userId);
  return { data: { operation_id: rows.map((r) => r.id), company_id: user.companyId } };
}
