import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { TokenSigner } from './tokens';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const signer = new TokenSigner(SECRET, 900);
const key = new TextEncoder().encode(SECRET);
const sign = (claims: Record<string, unknown>, alg = 'HS256', secret = key) =>
  new SignJWT(claims).setProtectedHeader({ alg }).sign(secret);

describe('[PLATFORM][AUTH] access tokens are verified with one synchronous HMAC (issue 15)', () => {
  test('a token it signed is accepted with its user and session', async () => {
    const token = await signer.signAccess({ userId: 7, sessionId: 42 });
    expect(signer.verifyAccess(token)).toEqual({ userId: 7, sessionId: 42 });
  });

  test('a changed payload, another key, alg none and an expired token are refused', async () => {
    const token = await signer.signAccess({ userId: 7, sessionId: 42 });
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', sid: 42, exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    expect(signer.verifyAccess(`${header}.${forged}.${signature}`)).toBeNull();
    const exp = Math.floor(Date.now() / 1000) + 600;
    expect(signer.verifyAccess(await sign({ sub: '7', sid: 42, exp }, 'HS256', new TextEncoder().encode('another-secret-another-secret-0123456')))).toBeNull();
    expect(signer.verifyAccess(new UnsecuredJWT({ sub: '7', sid: 42, exp }).encode())).toBeNull();
    expect(signer.verifyAccess(await sign({ sub: '7', sid: 42, exp: Math.floor(Date.now() / 1000) - 1 }))).toBeNull();
    // the right key but another algorithm name in the header (HS512 signature of the same key)
    const h512 = Buffer.from(JSON.stringify({ alg: 'HS512' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: '7', sid: 42, exp })).toString('base64url');
    const sig512 = createHmac('sha512', SECRET).update(`${h512}.${body}`).digest('base64url');
    expect(signer.verifyAccess(`${h512}.${body}.${sig512}`)).toBeNull();
  });

  test('a token without exp, sub or sid, or with ids that are not positive integers, is refused', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    expect(signer.verifyAccess(await sign({ sub: '7', sid: 42 }))).toBeNull();
    expect(signer.verifyAccess(await sign({ sid: 42, exp }))).toBeNull();
    expect(signer.verifyAccess(await sign({ sub: '7', exp }))).toBeNull();
    expect(signer.verifyAccess(await sign({ sub: '0', sid: 42, exp }))).toBeNull();
    expect(signer.verifyAccess(await sign({ sub: '7', sid: '42', exp }))).toBeNull();
    expect(signer.verifyAccess(await sign({ sub: '7', sid: 42, exp, nbf: exp }))).toBeNull();
    expect(signer.verifyAccess(await sign({ sub: '7', sid: 42, exp }))).toEqual({ userId: 7, sessionId: 42 });
    for (const junk of ['', 'a.b', 'a.b.c', '...', `${'x'.repeat(50)}.e30.`]) expect(signer.verifyAccess(junk)).toBeNull();
  });
});
