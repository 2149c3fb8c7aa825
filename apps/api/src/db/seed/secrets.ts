import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { settings } from '../schema/settings';

const SECRET_FILE = 'jwt-secret';

/**
 * The access-token signing secret. JWT_SECRET when set (required in production, config.ts);
 * otherwise a random one generated once into DATA_DIR/jwt-secret (mode 0600), never the database:
 * a secret in a table travels with every dump and backup. The old `system.jwt_secret` settings row
 * of earlier versions is removed.
 */
export async function readOrCreateJwtSecret(db: Db, dataDir: string, configured?: string): Promise<string> {
  await db.delete(settings).where(and(eq(settings.groupId, 'system'), eq(settings.key, 'jwt_secret')));
  if (configured) return configured;
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, SECRET_FILE);
  const existing = await readSecretFile(file);
  if (existing) return existing;
  // Written whole to a private temporary file, then linked into place: link() never replaces an
  // existing file, so two processes starting at once agree on one secret and nobody reads half of it.
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temp, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(temp, { force: true });
  }
  const secret = await readSecretFile(file);
  if (!secret) throw new Error(`${file} is empty: delete it to generate a new signing secret`);
  return secret;
}

async function readSecretFile(file: string): Promise<string | null> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
    // Someone loosened the file's mode: take it back to owner-only.
    if ((stat.mode & 0o077) !== 0) await fs.chmod(file, 0o600);
    return text.trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
