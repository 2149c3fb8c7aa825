import { MODEL } from '@app/contract/models';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Demo rows of the declaration list screens (deleted twins with who deleted them; the deleted and
 * post declarations screens read the customs link's data, see demo-customs.ts) and of the history
 * screens (operation log, status archive), so each opens on realistic data for every demo role.
 * Set-based; run once with the demo seed, after the declarations exist.
 */
export async function generateDeclarationListData(db: Db, opts: { staffIds: readonly number[] }): Promise<void> {
  const staff = opts.staffIds.length ? opts.staffIds : [null];
  const staffArray = sql.raw(`array[${staff.map((id) => id ?? 'null').join(',')}]::int[]`);
  // Deleted declarations: about one in 60 demo declarations has a deleted twin (its own track code),
  // deleted a few days after it was created by one of the staff, so the listed counts stay as seeded.
  await db.execute(sql`
    with source as (
      select d.*, d.created_at + ((1 + d.id % 5) || ' days')::interval as removed_at, (${staffArray})[1 + d.id % ${staff.length}] as remover
      from declarations d
      where d.deleted_at is null and d.id % 60 = 7 and d.status_id in (5, 7, 9)
        and d.created_at + ((1 + d.id % 5) || ' days')::interval < now()
        and not exists (select 1 from declarations x where x.track_code = 'AZD' || lpad(d.id::text, 9, '0'))
    ), copied as (
      insert into declarations (track_code, global_track_code, user_id, country_id, status_id, branch_id, product_type_id, plan_category_id,
        shop_name, weight, price, delivery_price, quantity, type, payed, is_new, trendyol, causer_id, created_at, updated_at, deleted_at)
      select 'AZD' || lpad(s.id::text, 9, '0'), s.global_track_code, s.user_id, s.country_id, s.status_id, s.branch_id, s.product_type_id,
             s.plan_category_id, s.shop_name, s.weight, s.price, s.delivery_price, s.quantity, s.type, s.payed, false, s.trendyol, s.causer_id,
             s.created_at, s.removed_at, s.removed_at
      from source s
      returning id, track_code, deleted_at
    )
    insert into audit_log (user_id, action, entity, entity_id, method, path, status_code, changes, created_at)
    select s.remover, 'declaration.cancel', 'declaration', c.id::text, 'POST', '/api/admin/declaration/cancel?declaration_id=' || c.id, 200,
           json_build_object('track_code', c.track_code), c.deleted_at
    from copied c join source s on c.track_code = 'AZD' || lpad(s.id::text, 9, '0')`);
  // Status changes by staff (to the status each declaration has now), each with its audit entry at the same moment.
  await db.execute(sql`
    with picked as (
      select d.id, d.status_id, d.created_at + interval '3 days' as at, (${staffArray})[1 + d.id % ${staff.length}] as user_id
      from declarations d
      where d.deleted_at is null and d.id % 9 = 2 and d.status_id in (9, 10, 12, 88) and d.created_at + interval '3 days' < now()
    ), history as (
      insert into status_history (model_id, object_id, from_state_id, state_id, user_id, created_at)
      select ${MODEL.declarations}::int, p.id, 7, p.status_id, p.user_id, p.at from picked p returning object_id
    )
    insert into audit_log (user_id, action, entity, entity_id, method, path, status_code, changes, created_at)
    select p.user_id, 'declaration.state', 'declaration', p.id::text, 'POST',
           '/api/admin/declaration/edit/state?declaration_id=' || p.id || '&state_id=' || p.status_id, 200,
           json_build_object('state_id', json_build_object('from', 7, 'to', p.status_id)), p.at
    from picked p where exists (select 1 from history h where h.object_id = p.id)`);
  // Post declarations come from the customs link (demo-customs.ts: the citizens' declarations of our parcels).
}
