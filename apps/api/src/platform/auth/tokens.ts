import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  /** The session (user_sessions row) the token belongs to; the guard refuses it once revoked. */
  sessionId: number;
}

/**
 * Short-lived HS256 access tokens; the user, permissions and session are still read on every request.
 * Also derives a rotated refresh token from its predecessor, so a second refresh of the same token
 * within the grace window can answer the same successor without storing it in plaintext.
 */
export class TokenSigner {
  /** Imported once: jose would import a raw key on every sign and verify (~10 % of a list request). */
  private readonly key: KeyObject;
  private readonly rotationKey: Buffer;

  constructor(secret: string, readonly accessTtlSeconds: number) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
    this.rotationKey = createHmac('sha256', secret).update('refresh-token-rotation').digest();
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  /**
   * Returns null for any invalid or expired token, and for one without exp, sub or sid. Checked
   * here with one synchronous HMAC (what jose does through WebCrypto's thread pool, issue 15): the
   * header must say HS256, the signature must match in constant time, exp must lie ahead.
   */
  verifyAccess(token: string): AccessClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header = '', payload = '', signature = ''] = parts;
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const head = readJson(header);
    const claims = readJson(payload);
    if (!head || head.alg !== 'HS256' || (head.crit !== undefined) || !claims) return null;
    const { exp, sub, sid } = claims;
    if (typeof exp !== 'number' || exp <= Date.now() / 1000) return null;
    if (typeof claims.nbf === 'number' && claims.nbf > Date.now() / 1000) return null;
    const userId = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : NaN;
    const isId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
    return isId(userId) && isId(sid) ? { userId, sessionId: sid } : null;
  }

  /** The refresh token that replaces `previous`: always the same one for the same predecessor. */
  successorOf(previous: string): string {
    return createHmac('sha256', this.rotationKey).update(previous).digest('base64url');
  }
}

export function createRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A JWT part (base64url JSON object), or null when it is not one. */
function readJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
