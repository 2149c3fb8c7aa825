import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { declarations } from '../../db/schema/declarations';
import { inCompany, type PartnerScope } from '../../platform/partner-scope';

/** Unread declarations (a partner: its company's), capped so the badge stays cheap at a million rows (partial index). */
export function countUnreadDeclarations(db: DbOrTx, scope: PartnerScope, cap = 9999) {
  const inner = db.select({ one: sql`1` }).from(declarations)
    .where(and(eq(declarations.isNew, true), isNull(declarations.deletedAt), inCompany(scope, declarations.partnerId))).limit(cap).as('unread');
  return db.select({ n: sql<number>`count(*)::int` }).from(inner).then((r) => r[0]?.n ?? 0);
}
