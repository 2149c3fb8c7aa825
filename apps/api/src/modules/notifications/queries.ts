import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { declarations } from '../../db/schema/declarations';

/** Unread declarations, capped so the badge stays cheap at a million rows (partial index). */
export function countUnreadDeclarations(db: DbOrTx, cap = 9999) {
  const inner = db.select({ one: sql`1` }).from(declarations)
    .where(and(eq(declarations.isNew, true), isNull(declarations.deletedAt))).limit(cap).as('unread');
  return db.select({ n: sql<number>`count(*)::int` }).from(inner).then((r) => r[0]?.n ?? 0);
}
