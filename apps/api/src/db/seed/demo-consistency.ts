import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * The last word of the demo seed on what the steps before may have left out of line (issue 16:
 * demo data a user believes), set-based and idempotent:
 * - a parcel's "declared" flag (declarations.customs) says what customs says of it: declared when
 *   customs holds the citizen's declaration (post status 1, 3 or 4, not withdrawn), not declared
 *   when customs has it only added or the declaration was withdrawn; parcels customs never heard of
 *   keep the generator's flag (never declared while awaiting the declaration, 5);
 * - a parcel's customs state history (0 added, 1 declared ...) ends where that flag says: an
 *   undeclared parcel at the foreign warehouse has only its "added" state (a declaration customs
 *   cancelled keeps its 100).
 * demo-seed.test.ts checks these and the other rules on the seeded data.
 */
export async function reconcileDemoFlags(db: Db): Promise<void> {
  await db.execute(sql`
    update declarations d set customs = x.declared
    from (select cp.track_code, cp.post_status in (1, 3, 4) and cp.declaration_deleted_at is null as declared from customs_parcels cp) x
    where x.track_code = d.track_code and d.deleted_at is null and d.status_id in (5, 7) and d.customs <> x.declared`);
  await db.execute(sql`
    delete from declaration_customs_states s using declarations d
    where d.id = s.declaration_id and d.deleted_at is null and d.status_id in (5, 7) and not d.customs and s.code in (1, 2, 3)`);
}
