import type { TokenForm, TokenReply } from '@app/contract/auth';
import { isStaffRole } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import type { LoginThrottle } from '../../platform/auth/login-throttle';
import { verifyPassword } from '../../platform/auth/password';
import { createRefreshToken, hashToken, type TokenSigner } from '../../platform/auth/tokens';
import { badRequest, tooManyRequests } from '../../platform/errors';
import {
  findLoginUser, findRefreshTokenForUpdate, insertRefreshToken, revokeAllRefreshTokens, revokeRefreshToken,
} from './queries';

export interface AuthDeps {
  signer: TokenSigner;
  throttle: LoginThrottle;
}
interface ClientMeta {
  ip: string;
  userAgent?: string;
}

/** spec §8: wrong credentials answer 400 with error 'invalid_grant'. */
function invalidGrant(message: string = az.errors.invalidCredentials) {
  return badRequest(message, undefined, 'invalid_grant');
}

function refreshTtlMs(config: Config, rememberMe: boolean): number {
  return rememberMe ? config.REFRESH_TOKEN_TTL_DAYS * 86_400_000 : config.SESSION_REFRESH_TTL_HOURS * 3_600_000;
}

async function issueTokens(
  db: Db, config: Config, deps: AuthDeps, userId: number, rememberMe: boolean, meta: ClientMeta,
): Promise<{ reply: TokenReply; refreshId: number }> {
  const refresh = createRefreshToken();
  const { id } = await insertRefreshToken(db, {
    userId,
    tokenHash: hashToken(refresh),
    rememberMe,
    expiresAt: new Date(Date.now() + refreshTtlMs(config, rememberMe)),
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  const access = await deps.signer.signAccess({ userId });
  return {
    refreshId: id,
    reply: { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: deps.signer.accessTtlSeconds },
  };
}

/** Password login of a staff member; failures are counted per account and per address. */
export async function logIn(db: Db, config: Config, deps: AuthDeps, form: TokenForm, meta: ClientMeta): Promise<TokenReply> {
  const keys = [`email:${form.email}`, `ip:${meta.ip}`];
  if (deps.throttle.isLocked(keys)) throw tooManyRequests();
  const user = await findLoginUser(db, form.email);
  const isValid = await verifyPassword(user?.passwordHash ?? null, form.password);
  if (!user || !isValid || !isStaffRole(user.admin)) {
    deps.throttle.recordFailure(keys);
    await recordAudit(db, { userId: user?.id ?? null, action: 'auth.login_failed', entity: 'user', ip: meta.ip, changes: { email: form.email } });
    throw invalidGrant();
  }
  if (user.blocked) throw invalidGrant(az.errors.blocked);
  deps.throttle.clear(`email:${form.email}`);
  const { reply } = await issueTokens(db, config, deps, user.id, form.rememberMe, meta);
  await recordAudit(db, { userId: user.id, action: 'auth.login', entity: 'user', entityId: user.id, ip: meta.ip });
  return reply;
}

/** Rotates the refresh token: the old one is revoked and points at its successor. */
export async function refreshSession(db: Db, config: Config, deps: AuthDeps, refreshToken: string, meta: ClientMeta): Promise<TokenReply> {
  const outcome = await db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hashToken(refreshToken));
    if (!row) return { refused: az.errors.invalidCredentials } as const;
    if (row.revokedAt) {
      // A rotated token came back: it leaked. End every session of the user (committed, then refused).
      await revokeAllRefreshTokens(tx, row.userId);
      await recordAudit(tx, { userId: row.userId, action: 'auth.refresh_reused', entity: 'user', entityId: row.userId, ip: meta.ip });
      return { refused: az.errors.invalidCredentials } as const;
    }
    if (row.expiresAt.getTime() < Date.now() || row.deletedAt) return { refused: az.errors.invalidCredentials } as const;
    if (row.blocked) return { refused: az.errors.blocked } as const;
    const { reply, refreshId } = await issueTokens(tx as unknown as Db, config, deps, row.userId, row.rememberMe, meta);
    await revokeRefreshToken(tx, row.id, refreshId);
    return { reply } as const;
  });
  if ('refused' in outcome) throw invalidGrant(outcome.refused);
  return outcome.reply;
}

export async function logOut(db: Db, refreshToken: string | undefined, meta: ClientMeta): Promise<void> {
  if (!refreshToken) return;
  await db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hashToken(refreshToken));
    if (!row) return;
    await revokeRefreshToken(tx, row.id);
    await recordAudit(tx, { userId: row.userId, action: 'auth.logout', entity: 'user', entityId: row.userId, ip: meta.ip });
  });
}
