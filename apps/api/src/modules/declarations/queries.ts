import type { DeclarationListQuery, DeclarationListRow } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { and, eq, ilike, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { declarations as d } from '../../db/schema/declarations';
import { flights, parcels } from '../../db/schema/flights';
import { branches, companies, productTypes, statuses, tariffCategories } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { baskets, containers } from '../../db/schema/warehouse';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';
import { inCompany, type PartnerScope } from '../../platform/partner-scope';

const likeAny = (column: Parameters<typeof ilike>[0]) => (v: string) => sql`${ilike(column, `%${escapeLike(v)}%`)}`;

const customerNameMatches = (v: string) => sql`(${users.name} || ' ' || ${users.surname}) ilike ${`%${escapeLike(v)}%`}`;

/**
 * A customer-name filter matching at most this many customers is sent as `user_id = any(ids)`:
 * the planner then knows how many declarations match and picks the customer index or the date
 * index accordingly (with a sub-select it guesses, and a mid-sized match can cost 30 ms).
 */
const RESOLVED_IDS_MAX = 5000;

/** Filter values resolved to ids before the list query runs (see RESOLVED_IDS_MAX). */
export interface ResolvedListFilters {
  userNameIds?: number[];
}

const anyOfIds = (column: AnyColumn, ids: number[]) =>
  ids.length ? sql`${column} = any(${sql.param(`{${ids.join(',')}}`)}::int[])` : sql`false`;

/** spec §3 "List filter and sort fields": wire name → condition; sort key → indexed column. */
export function declarationListSpec(timeZone: string, resolved: ResolvedListFilters = {}): ListSpec<DeclarationListQuery> {
  const { userNameIds } = resolved;
  return {
    base: [isNull(d.deletedAt)],
    filters: {
      user_id: filters.equals(d.userId),
      user_name: userNameIds
        ? (v) => (v ? anyOfIds(d.userId, userNameIds) : undefined)
        : filters.idIn(d.userId, (v) => sql`select ${users.id} from ${users} where ${customerNameMatches(v)}`),
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
      has_partner: (v) => (v ? sql`${d.partnerId} is not null` : sql`${d.partnerId} is null`),
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

async function resolveListFilters(db: DbOrTx, query: DeclarationListQuery): Promise<ResolvedListFilters> {
  if (!query.user_name) return {};
  const rows = await db.select({ id: users.id }).from(users).where(customerNameMatches(query.user_name)).limit(RESOLVED_IDS_MAX + 1);
  return rows.length > RESOLVED_IDS_MAX ? {} : { userNameIds: rows.map((r) => r.id) };
}

/** `{id, name}` of the row of `table` whose id is `id`, or null: one primary-key lookup per listed row. */
const refOf = (table: AnyPgTable, idColumn: AnyColumn, nameExpr: SQL | AnyColumn, id: AnyColumn) =>
  sql<{ id: number; name: string } | null>`(select json_build_object('id', ${idColumn}, 'name', ${nameExpr}) from ${table} where ${idColumn} = ${id})`;

/**
 * One page of the declarations list with its total (exact, capped or estimated).
 * The page's ids are chosen first (an index scan over declarations alone, cheap even at a deep
 * offset), then only those rows are read and their names looked up.
 */
export async function findDeclarationPage(db: DbOrTx, query: DeclarationListQuery, timeZone: string) {
  const built = buildListQuery(declarationListSpec(timeZone, await resolveListFilters(db, query)), query);
  const page = db
    .select({ id: d.id })
    .from(d)
    .where(built.where)
    .orderBy(...built.orderBy)
    .limit(built.limit)
    .offset(built.offset)
    .as('page');
  const rows = await db
    .select(declarationRowColumns(timeZone))
    .from(page)
    .innerJoin(d, eq(d.id, page.id))
    .orderBy(...built.orderBy);
  const total = await countList(db, d, built);
  return { rows: rows as DeclarationListRow[], total };
}

/** The columns of one list row (spec §2 "Declarations table columns"), shared by the list screens. */
export function declarationRowColumns(timeZone: string) {
  return {
    id: d.id,
    track_code: d.trackCode,
    global_track_code: d.globalTrackCode,
    user: sql<DeclarationListRow['user']>`(select json_build_object('id', ${users.id}, 'code', ${users.code}, 'name', ${users.name}, 'surname', ${users.surname}) from ${users} where ${users.id} = ${d.userId})`,
    country_id: d.countryId,
    status: sql<DeclarationListRow['status']>`json_build_object('id', ${d.statusId}, 'name', coalesce((select ${statuses.name} from ${statuses} where ${statuses.modelId} = ${MODEL.declarations} and ${statuses.id} = ${d.statusId}), ''))`,
    payed: d.payed,
    customs: d.customs,
    return: d.returned,
    is_new: d.isNew,
    flight: refOf(flights, flights.id, flights.name, d.flightId),
    weight: d.weight,
    price: d.price,
    delivery_price: d.deliveryPrice,
    quantity: d.quantity,
    type: d.type,
    plan_category: refOf(tariffCategories, tariffCategories.id, tariffCategories.name, d.planCategoryId),
    shop_name: d.shopName,
    product_type: refOf(productTypes, productTypes.id, productTypes.nameAz, d.productTypeId),
    parcel: refOf(parcels, parcels.id, parcels.name, d.parcelId),
    container: refOf(containers, containers.id, containers.name, d.containerId),
    basket: refOf(baskets, baskets.id, baskets.name, d.basketId),
    branch: refOf(branches, branches.id, branches.name, d.branchId),
    wardrobe_number: d.wardrobeNumber,
    trendyol: d.trendyol,
    causer: sql<DeclarationListRow['causer']>`(select json_build_object('id', c.id, 'name', c.name || ' ' || c.surname) from ${users} c where c.id = ${d.causerId})`,
    has_document: sql<boolean>`(${d.documentPath} is not null)`,
    created_at: sql<string>`to_char(${d.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
  };
}

/** Quick search by track code; a partner finds only its company's parcels (platform/partner-scope.ts). */
export function findDeclarationByTrackCode(db: DbOrTx, scope: PartnerScope, trackCode: string) {
  return db
    .select({ id: d.id, track_code: d.trackCode })
    .from(d)
    .where(and(
      isNull(d.deletedAt),
      sql`(${d.trackCode} = ${trackCode} or ${d.globalTrackCode} = ${trackCode})`,
      inCompany(scope, d.partnerId),
    ))
    .limit(1)
    .then((r) => r[0]);
}

/** Partner names of these declarations (the partner declarations table's column). */
export function findPartnerNames(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: d.id, partner: sql<{ id: number; name: string } | null>`(select json_build_object('id', p.id, 'name', p.name) from ${companies} p where p.id = ${d.partnerId})` })
    .from(d).where(sql`${d.id} = any(${sql.param(`{${ids.join(',')}}`)}::int[])`);
}
