import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, userSessions, users } from '../../db/schema/users';

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
  /** The token's session exists, is this user's and is not revoked (logout, password change…). */
  isSessionOpen: boolean;
}

/**
 * The user and permission codes, read on every request so a block or a change applies at once, and
 * whether the token's session is still open (one query: the session row joins by primary key).
 */
export function findUserWithPermissions(db: DbOrTx, userId: number, sessionId: number): Promise<ActiveUserRow | undefined> {
  let prepared = guardLookups.get(db);
  if (!prepared) {
    prepared = buildGuardLookup(db);
    guardLookups.set(db, prepared);
  }
  return prepared.execute({ userId, sessionId }).then((rows) => rows[0]);
}

/**
 * Built once per database (issue 15): the guard's query is the same on every request, so its SQL
 * text is not rebuilt, and on PostgreSQL it runs as a named prepared statement (db/client.ts).
 */
const guardLookups = new WeakMap<DbOrTx, ReturnType<typeof buildGuardLookup>>();

function buildGuardLookup(db: DbOrTx) {
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
      isSessionOpen: sql<boolean>`${userSessions.id} is not null`,
      // Written out with aliases: drizzle leaves columns unqualified in a single-table select, so an
      // interpolated users.id inside this sub-select would bind to the inner tables instead.
      permissions: sql<string[]>`coalesce(
        (select json_agg(o.code_name) from user_permissions up
         join operations o on o.id = up.operation_id
         where up.user_id = "users"."id"), '[]'::json)`,
    })
    .from(users)
    .leftJoin(userSessions, and(eq(userSessions.id, sql.placeholder('sessionId')), eq(userSessions.userId, users.id), isNull(userSessions.revokedAt)))
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare('guard_user');
}

/** Ends one session: its access tokens stop at the next request, its refresh tokens are refused. */
export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  // Its refresh tokens are refused through the session (refreshSession reads it with the token).
  await db.update(userSessions).set({ revokedAt: new Date() }).where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** Ends every session of a user (logout everywhere, password change, block, delete, a leaked refresh token); `exceptSessionId` keeps that one (one's own password change). */
export async function revokeAllSessions(db: DbOrTx, userId: number, exceptSessionId?: number): Promise<void> {
  const now = new Date();
  const isOther = (id: number) => ({
    session: ne(userSessions.id, id),
    token: or(isNull(refreshTokens.sessionId), ne(refreshTokens.sessionId, id)),
  });
  const other = exceptSessionId === undefined ? undefined : isOther(exceptSessionId);
  await db.update(userSessions).set({ revokedAt: now })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), other?.session));
  await db.update(refreshTokens).set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), other?.token));
}
