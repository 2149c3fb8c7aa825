import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: number;
}

/** Short-lived HS256 access tokens; the user and permissions are still read on every request. */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string, readonly accessTtlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  /** Returns null for any invalid or expired token. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      return Number.isInteger(userId) && userId > 0 ? { userId } : null;
    } catch {
      return null;
    }
  }
}

export function createRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
