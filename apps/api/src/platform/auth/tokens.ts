import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

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
  private readonly key: Uint8Array;
  private readonly rotationKey: Buffer;

  constructor(secret: string, readonly accessTtlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
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

  /** Returns null for any invalid or expired token, and for one without exp, sub or sid. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      const isId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
      return isId(userId) && isId(sessionId) ? { userId, sessionId } : null;
    } catch {
      return null;
    }
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
