import type { TokenForm, TokenReply } from '@app/contract/auth';
import { isStaffRole } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import type { LoginThrottle } from '../../platform/auth/login-throttle';
import { verifyPassword } from '../../platform/auth/password';
import { revokeAllSessions, revokeSession } from '../../platform/auth/queries';
import { createRefreshToken, hashToken, type TokenSigner } from '../../platform/auth/tokens';
import { badRequest, retryLater } from '../../platform/errors';
import {
  findLoginUser, findRefreshTokenById, findRefreshTokenForUpdate, hasSignedInFrom, insertRefreshToken, insertSession,
  revokeRefreshToken,
} from './queries';

/**
 * Two tabs refreshing the same token at once: within this time after a rotation the old token gets
 * its successor again instead of counting as reuse (a leak), which would end every session.
 */
const REFRESH_GRACE_MS = 30_000;

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
  db: DbOrTx, config: Config, deps: AuthDeps,
  session: { userId: number; sessionId: number; rememberMe: boolean; refresh?: string }, meta: ClientMeta,
): Promise<{ reply: TokenReply; refreshId: number }> {
  const refresh = session.refresh ?? createRefreshToken();
  const { id } = await insertRefreshToken(db, {
    userId: session.userId,
    sessionId: session.sessionId,
    tokenHash: hashToken(refresh),
    rememberMe: session.rememberMe,
    expiresAt: new Date(Date.now() + refreshTtlMs(config, session.rememberMe)),
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return { refreshId: id, reply: await tokenReply(deps, session.userId, session.sessionId, refresh) };
}

async function tokenReply(deps: AuthDeps, userId: number, sessionId: number, refresh: string): Promise<TokenReply> {
  const access = await deps.signer.signAccess({ userId, sessionId });
  return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: deps.signer.accessTtlSeconds };
}

/**
 * Password login of a staff member. Failures slow down further tries from the same address for the
 * same account (and, far above what an office produces, the account from addresses that never held
 * a session of it); nothing locks the account, so the user signs in from elsewhere meanwhile.
 */
export async function logIn(db: Db, config: Config, deps: AuthDeps, form: TokenForm, meta: ClientMeta): Promise<TokenReply> {
  const account = form.email.toLowerCase();
  const wait = deps.throttle.waitFor(account, meta.ip);
  if (wait.localMs > 0) throw retryLater(wait.localMs / 1000);
  const user = await findLoginUser(db, account);
  if (wait.accountMs > 0 && !(user && (await hasSignedInFrom(db, user.id, meta.ip)))) throw retryLater(wait.accountMs / 1000);
  const isValid = await verifyPassword(user?.passwordHash ?? null, form.password);
  if (!user || !isValid || !isStaffRole(user.admin)) {
    deps.throttle.recordFailure(account, meta.ip);
    await recordAudit(db, { userId: user?.id ?? null, action: 'auth.login_failed', entity: 'user', ip: meta.ip, changes: { email: form.email } });
    throw invalidGrant();
  }
  if (user.blocked) throw invalidGrant(az.errors.blocked);
  deps.throttle.recordSuccess(account, meta.ip);
  return db.transaction(async (tx) => {
    const sessionId = await insertSession(tx, user.id);
    const { reply } = await issueTokens(tx, config, deps, { userId: user.id, sessionId, rememberMe: form.rememberMe }, meta);
    await recordAudit(tx, { userId: user.id, action: 'auth.login', entity: 'user', entityId: user.id, ip: meta.ip });
    return reply;
  });
}

/**
 * Rotates the refresh token: the old one is revoked and points at its successor. The successor is
 * derived from the old token (TokenSigner.successorOf), so a second refresh of the old token within
 * the grace window answers the same successor; a rotated token presented later leaked: every session
 * of the user ends.
 */
export async function refreshSession(db: Db, config: Config, deps: AuthDeps, refreshToken: string, meta: ClientMeta): Promise<TokenReply> {
  const outcome = await db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hashToken(refreshToken));
    const refused = { refused: az.errors.invalidCredentials } as const;
    if (!row || !row.sessionId || row.sessionRevokedAt || row.deletedAt) return refused;
    if (row.blocked) return { refused: az.errors.blocked } as const;
    const successor = deps.signer.successorOf(refreshToken);
    if (row.revokedAt) {
      if (row.replacedById && Date.now() - row.revokedAt.getTime() <= REFRESH_GRACE_MS) {
        const next = await findRefreshTokenById(tx, row.replacedById);
        const isLive = next && next.tokenHash === hashToken(successor) && !next.revokedAt && next.expiresAt.getTime() > Date.now();
        return isLive ? { reply: await tokenReply(deps, row.userId, row.sessionId, successor) } as const : refused;
      }
      // A rotated token came back: it leaked. End every session of the user (committed, then refused).
      await revokeAllSessions(tx, row.userId);
      await recordAudit(tx, { userId: row.userId, action: 'auth.refresh_reused', entity: 'user', entityId: row.userId, ip: meta.ip });
      return refused;
    }
    if (row.expiresAt.getTime() < Date.now()) return refused;
    const session = { userId: row.userId, sessionId: row.sessionId, rememberMe: row.rememberMe, refresh: successor };
    const { reply, refreshId } = await issueTokens(tx, config, deps, session, meta);
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
    // The session ends: its access tokens stop at the next request, not when they expire.
    if (row.sessionId) await revokeSession(tx, row.sessionId);
    await revokeRefreshToken(tx, row.id);
    await recordAudit(tx, { userId: row.userId, action: 'auth.logout', entity: 'user', entityId: row.userId, ip: meta.ip });
  });
}
