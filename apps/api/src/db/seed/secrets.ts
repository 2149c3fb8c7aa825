import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { settings } from '../schema/settings';

/**
 * Without JWT_SECRET, a random signing secret is made once and kept in the database, so tokens
 * survive a restart and every instance on the same database agrees.
 */
export async function readOrCreateJwtSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  const where = and(eq(settings.groupId, 'system'), eq(settings.key, 'jwt_secret'));
  await db.insert(settings).values({ groupId: 'system', key: 'jwt_secret', value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(where);
  return String(row?.value);
}
