import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, userSessions, users } from '../../db/schema/users';

export function findLoginUser(db: DbOrTx, email: string) {
  return db
    .select({ id: users.id, passwordHash: users.passwordHash, admin: users.admin, blocked: users.blocked })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .then((rows) => rows[0]);
}

export function insertSession(db: DbOrTx, userId: number): Promise<number> {
  return db.insert(userSessions).values({ userId }).returning({ id: userSessions.id }).then((rows) => rows[0]!.id);
}

/** Has this user ever held a session from this address (the account-wide slowdown spares it)? */
export function hasSignedInFrom(db: DbOrTx, userId: number, ip: string): Promise<boolean> {
  return db.select({ id: refreshTokens.id }).from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.ip, ip)))
    .limit(1)
    .then((rows) => rows.length > 0);
}

export function insertRefreshToken(
  db: DbOrTx,
  row: { userId: number; sessionId: number; tokenHash: string; rememberMe: boolean; expiresAt: Date; ip?: string; userAgent?: string },
) {
  return db
    .insert(refreshTokens)
    .values({ ...row, ip: row.ip ?? null, userAgent: row.userAgent?.slice(0, 300) ?? null })
    .returning({ id: refreshTokens.id })
    .then((rows) => rows[0]!);
}

export function findRefreshTokenForUpdate(db: DbOrTx, tokenHash: string) {
  return db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      rememberMe: refreshTokens.rememberMe,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: refreshTokens.revokedAt,
      replacedById: refreshTokens.replacedById,
      sessionId: refreshTokens.sessionId,
      sessionRevokedAt: userSessions.revokedAt,
      blocked: users.blocked,
      deletedAt: users.deletedAt,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .leftJoin(userSessions, eq(userSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens })
    .then((rows) => rows[0]);
}

export function findRefreshTokenById(db: DbOrTx, id: number) {
  return db
    .select({ tokenHash: refreshTokens.tokenHash, expiresAt: refreshTokens.expiresAt, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id))
    .then((rows) => rows[0]);
}

export function revokeRefreshToken(db: DbOrTx, id: number, replacedById: number | null = null) {
  return db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), replacedById })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)));
}

export function findUserProfile(db: DbOrTx, userId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      admin_branch_id: users.adminBranchId,
      admin: users.admin,
      delivery_point_id: users.deliveryPointId,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}
