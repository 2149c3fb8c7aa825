import type { DeclarationListQuery, DeclarationListRow } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { and, eq, ilike, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { declarations as d } from '../../db/schema/declarations';
import { flights, parcels } from '../../db/schema/flights';
import { branches, productTypes, statuses, tariffCategories } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { baskets, containers } from '../../db/schema/warehouse';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';

const causers = alias(users, 'causers');

const likeAny = (column: Parameters<typeof ilike>[0]) => (v: string) => sql`${ilike(column, `%${escapeLike(v)}%`)}`;

/** spec §3 "List filter and sort fields": wire name → condition; sort key → indexed column. */
export function declarationListSpec(timeZone: string): ListSpec<DeclarationListQuery> {
  return {
    base: [isNull(d.deletedAt)],
    filters: {
      user_id: filters.equals(d.userId),
      user_name: filters.idIn(d.userId, (v) =>
        sql`select ${users.id} from ${users} where (${users.name} || ' ' || ${users.surname}) ilike ${`%${escapeLike(v)}%`}`),
      customer_code: filters.idIn(d.userId, (v) => sql`select ${users.id} from ${users} where ${users.code} = ${v}`),
      track_code: filters.contains(d.trackCode),
      global_track_code: filters.contains(d.globalTrackCode),
      is_new: filters.flag(d.isNew),
      state_id: filters.anyOf(d.statusId),
      state_name: filters.idIn(d.statusId, (v) =>
        sql`select ${statuses.id} from ${statuses} where ${statuses.modelId} = ${MODEL.declarations} and ${likeAny(statuses.name)(v)}`),
      payed: filters.flag(d.payed),
      customs: filters.flag(d.customs),
      return: filters.flag(d.returned),
      flight_name: filters.idIn(d.flightId, (v) => sql`select ${flights.id} from ${flights} where ${likeAny(flights.name)(v)}`),
      flight_id: filters.equals(d.flightId),
      weight: filters.equals(d.weight),
      price: filters.equals(d.price),
      delivery_price: filters.equals(d.deliveryPrice),
      quantity: filters.equals(d.quantity),
      type: filters.equals(d.type),
      delivery_point_id: filters.equals(d.deliveryPointId),
      container_name: filters.idIn(d.containerId, (v) => sql`select ${containers.id} from ${containers} where ${likeAny(containers.name)(v)}`),
      branch_id: filters.anyOf(d.branchId),
      plan_category_id: filters.equals(d.planCategoryId),
      shop_name: filters.contains(d.shopName),
      product_type_id: filters.anyOf(d.productTypeId),
      box_id: filters.equals(d.parcelId),
      wardrobe_number: filters.equals(d.wardrobeNumber),
      causer_id: filters.equals(d.causerId),
      causer_name: filters.idIn(d.causerId, (v) =>
        sql`select ${users.id} from ${users} where ${users.admin} > 0 and (${users.name} || ' ' || ${users.surname}) ilike ${`%${escapeLike(v)}%`}`),
      container_id: filters.equals(d.containerId),
      basket_id: filters.equals(d.basketId),
      country_id: filters.equals(d.countryId),
      trendyol: filters.equals(d.trendyol),
      partner_id: filters.equals(d.partnerId),
      date_from: filters.from(d.createdAt, timeZone),
      date_to: filters.to(d.createdAt, timeZone),
    },
    sorts: {
      id: d.id,
      created_at: d.createdAt,
      track_code: d.trackCode,
      global_track_code: d.globalTrackCode,
      weight: d.weight,
      price: d.price,
      delivery_price: d.deliveryPrice,
      quantity: d.quantity,
      state_id: d.statusId,
      user_id: d.userId,
      flight_id: d.flightId,
      country_id: d.countryId,
      branch_id: d.branchId,
      container_id: d.containerId,
      payed: d.payed,
      customs: d.customs,
    },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: d.id,
  };
}

const ref = (id: Parameters<typeof sql>[1], name: Parameters<typeof sql>[1]) =>
  sql<{ id: number; name: string } | null>`case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${name}) end`;

/** One page of the declarations list with its total (exact, capped or estimated). */
export async function findDeclarationPage(db: DbOrTx, query: DeclarationListQuery, timeZone: string) {
  const built = buildListQuery(declarationListSpec(timeZone), query);
  const rows = await db
    .select({
      id: d.id,
      track_code: d.trackCode,
      global_track_code: d.globalTrackCode,
      user: sql<DeclarationListRow['user']>`case when ${users.id} is null then null else json_build_object('id', ${users.id}, 'code', ${users.code}, 'name', ${users.name}, 'surname', ${users.surname}) end`,
      country_id: d.countryId,
      status: sql<DeclarationListRow['status']>`json_build_object('id', ${d.statusId}, 'name', coalesce(${statuses.name}, ''))`,
      payed: d.payed,
      customs: d.customs,
      return: d.returned,
      is_new: d.isNew,
      flight: ref(flights.id, flights.name),
      weight: d.weight,
      price: d.price,
      delivery_price: d.deliveryPrice,
      quantity: d.quantity,
      type: d.type,
      plan_category: ref(tariffCategories.id, tariffCategories.name),
      shop_name: d.shopName,
      product_type: ref(productTypes.id, productTypes.nameAz),
      parcel: ref(parcels.id, parcels.name),
      container: ref(containers.id, containers.name),
      basket: ref(baskets.id, baskets.name),
      branch: ref(branches.id, branches.name),
      wardrobe_number: d.wardrobeNumber,
      trendyol: d.trendyol,
      causer: sql<DeclarationListRow['causer']>`case when ${causers.id} is null then null else json_build_object('id', ${causers.id}, 'name', ${causers.name} || ' ' || ${causers.surname}) end`,
      created_at: sql<string>`to_char(${d.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
    })
    .from(d)
    .leftJoin(users, eq(users.id, d.userId))
    .leftJoin(statuses, and(eq(statuses.modelId, MODEL.declarations), eq(statuses.id, d.statusId)))
    .leftJoin(flights, eq(flights.id, d.flightId))
    .leftJoin(tariffCategories, eq(tariffCategories.id, d.planCategoryId))
    .leftJoin(productTypes, eq(productTypes.id, d.productTypeId))
    .leftJoin(parcels, eq(parcels.id, d.parcelId))
    .leftJoin(containers, eq(containers.id, d.containerId))
    .leftJoin(baskets, eq(baskets.id, d.basketId))
    .leftJoin(branches, eq(branches.id, d.branchId))
    .leftJoin(causers, eq(causers.id, d.causerId))
    .where(built.where)
    .orderBy(...built.orderBy)
    .limit(built.limit)
    .offset(built.offset);
  const total = await countList(db, d, built);
  return { rows: rows as DeclarationListRow[], total };
}

export function findDeclarationByTrackCode(db: DbOrTx, trackCode: string, partnerId?: number) {
  return db
    .select({ id: d.id, track_code: d.trackCode })
    .from(d)
    .where(and(
      isNull(d.deletedAt),
      sql`(${d.trackCode} = ${trackCode} or ${d.globalTrackCode} = ${trackCode})`,
      partnerId === undefined ? undefined : eq(d.partnerId, partnerId),
    ))
    .limit(1)
    .then((r) => r[0]);
}
