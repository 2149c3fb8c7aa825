import { MODEL } from '@app/contract/models';
import { CONFLICTED_STATUS } from '@app/contract/statuses';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Declarations workflow demo data (issue 3): every demo declaration's first status history row
 * (so each timeline opens on something), and a few unknown (conflicted) declarations, some
 * resolved, so the unknowns screen opens on realistic rows. Set-based.
 */
export async function generateDeclarationWorkflowData(db: Db, opts: { staffIds: readonly number[] }): Promise<void> {
  const causer = opts.staffIds[1] ?? opts.staffIds[0] ?? null;
  await db.execute(sql`
    insert into status_history (model_id, object_id, from_state_id, state_id, user_id, created_at)
    select ${MODEL.declarations}::int, d.id, null, d.status_id, coalesce(d.causer_id, ${causer}::int), d.created_at
    from declarations d
    where not exists (select 1 from status_history h where h.model_id = ${MODEL.declarations} and h.object_id = d.id)`);
  await db.execute(sql`
    insert into conflicted_declarations (track_code, global_track_code, country_id, status_id, branch_id, basket_id, product_type_id,
      shop_name, weight, price, quantity, type, description, causer_id, created_at, updated_at)
    select 'NB' || lpad((7000000 + g * 7919)::text, 10, '0'),
           case when g % 3 = 0 then 'TY' || lpad((g * 104729)::text, 11, '0') end,
           1 + (g % 2),
           case when g % 4 = 0 then ${CONFLICTED_STATUS.resolved}::int else ${CONFLICTED_STATUS.unknown}::int end,
           1 + (g % 4),
           (select min(id) from baskets) + (g % 20),
           1 + (g % 15),
           (array['Trendyol', 'Hepsiburada', 'Amazon', 'Koton', 'iHerb', null])[1 + (g % 6)],
           round((0.2 + (g % 9) * 0.35)::numeric, 2),
           round((12 + (g % 11) * 17.5)::numeric, 2),
           1 + (g % 3),
           case when g % 7 = 0 then 1 else 2 end,
           (array['Etiket cırılıb', 'Müştəri kodu yoxdur', 'Ad-soyad oxunmur', null])[1 + (g % 4)],
           ${causer}::int,
           now() - (g || ' hours')::interval * 9,
           now() - (g || ' hours')::interval * 9
    from generate_series(1, 14) g`);
  await db.execute(sql`
    insert into status_history (model_id, object_id, from_state_id, state_id, user_id, created_at)
    select ${MODEL.conflictedDeclarations}::int, c.id, null, ${CONFLICTED_STATUS.unknown}::int, c.causer_id, c.created_at
    from conflicted_declarations c
    where not exists (select 1 from status_history h where h.model_id = ${MODEL.conflictedDeclarations} and h.object_id = c.id)`);
}
