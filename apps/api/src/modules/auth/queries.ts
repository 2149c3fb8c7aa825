import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, users } from '../../db/schema/users';

export function findLoginUser(db: DbOrTx, email: string) {
  return db
    .select({ id: users.id, passwordHash: users.passwordHash, admin: users.admin, blocked: users.blocked })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .then((rows) => rows[0]);
}

export function insertRefreshToken(
  db: DbOrTx,
  row: { userId: number; tokenHash: string; rememberMe: boolean; expiresAt: Date; ip?: string; userAgent?: string },
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
      blocked: users.blocked,
      deletedAt: users.deletedAt,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens })
    .then((rows) => rows[0]);
}

export function revokeRefreshToken(db: DbOrTx, id: number, replacedById: number | null = null) {
  return db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), replacedById })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)));
}

/** A reused (already rotated) refresh token means it leaked: end every session of that user. */
export function revokeAllRefreshTokens(db: DbOrTx, userId: number) {
  return db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
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
