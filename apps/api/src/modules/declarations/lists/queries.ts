import type { DeclarationListQuery, DeclarationListRow } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { and, eq, ilike, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder, type PgSelect, type PgSelectQueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { declarations as d } from '../../../db/schema/declarations';
import { flights, parcels } from '../../../db/schema/flights';
import { branches, companies, productTypes, statuses, tariffCategories } from '../../../db/schema/settings';
import { parcelSortings } from '../../../db/schema/sorting';
import { users } from '../../../db/schema/users';
import { baskets, containers } from '../../../db/schema/warehouse';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../../platform/list-query';
import { inCompany, type PartnerScope } from '../../../platform/partner-scope';
import { aliasedFields, inWrittenJoinOrder, RowTemplate } from '../../../platform/row-template';
import { fullName } from '../../../platform/sql-format';

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
      tariff_category_id: filters.equals(d.planCategoryId),
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
      // the statistics rollups' "in a box" (stat_declarations_daily.boxed) and "no branch" (branch 0)
      in_box: (v) => (v ? sql`${d.containerId} is not null` : sql`${d.containerId} is null`),
      has_branch: (v) => (v ? sql`${d.branchId} is not null` : sql`${d.branchId} is null`),
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

/**
 * One page of the declarations list with its total (exact, capped or estimated).
 * The page's ids are chosen first (an index scan over declarations alone, cheap even at a deep
 * offset), then only those rows are read and their names looked up.
 */
export async function findDeclarationPage(db: DbOrTx, query: DeclarationListQuery, timeZone: string) {
  const built = buildListQuery(declarationListSpec(timeZone, await resolveListFilters(db, query)), query);
  const page = await db
    .select({ id: d.id })
    .from(d)
    .where(built.where)
    .orderBy(...built.orderBy)
    .limit(built.limit)
    .offset(built.offset);
  const rows = await declarationRows.rows<DeclarationListRow>(db, rowKey(timeZone, null), page.map((r) => r.id));
  const total = await countList(db, d, built);
  return { rows, total };
}

/** Key of the declaration row template: what its inlined values depend on. */
export const rowKey = (timeZone: string, viewerBranchId: number | null) => `${timeZone}|${viewerBranchId ?? ''}`;

/**
 * The declaration row of a page of ids, its SQL rendered once per time zone and viewer branch
 * (platform/row-template.ts): the page's ids are chosen first (an index scan over declarations
 * alone, cheap even at a deep offset), then only those rows are read and their names joined.
 */
export const declarationRows = new RowTemplate((page, key) => {
  const [timeZone = 'UTC', viewer = ''] = key.split('|');
  return joinDeclarationRow(new QueryBuilder()
    .select(aliasedFields(declarationRowColumns(timeZone, viewer ? Number(viewer) : null)))
    .from(page.source)
    .innerJoin(d, eq(d.id, page.id))
    .$dynamic());
});

/** Runs a page query with its joins in the written order (platform/row-template.ts). */
export { inWrittenJoinOrder };

/*
 * The related records of a list row, joined once (a primary-key lookup each, like the scalar
 * sub-selects they replace): callers add joinDeclarationRow() after `from ... join declarations`.
 */
const rowUser = alias(users, 'row_user');
const rowCauser = alias(users, 'row_causer');
const rowState = alias(statuses, 'row_state');
const rowFlight = alias(flights, 'row_flight');
const rowCategory = alias(tariffCategories, 'row_category');
const rowProductType = alias(productTypes, 'row_product_type');
const rowParcel = alias(parcels, 'row_parcel');
const rowContainer = alias(containers, 'row_container');
const rowBasket = alias(baskets, 'row_basket');
const rowBranch = alias(branches, 'row_branch');
const rowPartner = alias(companies, 'row_partner');
const rowSorting = alias(parcelSortings, 'row_sorting');
const rowSortingBranch = alias(branches, 'row_sorting_branch');

/** Adds the joins declarationRowColumns reads (to a query already joining `declarations`). */
export function joinDeclarationRow<T extends PgSelect | PgSelectQueryBuilder>(q: T): T {
  return q
    .leftJoin(rowUser, eq(rowUser.id, d.userId))
    .leftJoin(rowCauser, eq(rowCauser.id, d.causerId))
    .leftJoin(rowState, and(eq(rowState.modelId, MODEL.declarations), eq(rowState.id, d.statusId)))
    .leftJoin(rowFlight, eq(rowFlight.id, d.flightId))
    .leftJoin(rowCategory, eq(rowCategory.id, d.planCategoryId))
    .leftJoin(rowProductType, eq(rowProductType.id, d.productTypeId))
    .leftJoin(rowParcel, eq(rowParcel.id, d.parcelId))
    .leftJoin(rowContainer, eq(rowContainer.id, d.containerId))
    .leftJoin(rowBasket, eq(rowBasket.id, d.basketId))
    .leftJoin(rowBranch, eq(rowBranch.id, d.branchId))
    .leftJoin(rowPartner, eq(rowPartner.id, d.partnerId))
    .leftJoin(rowSorting, eq(rowSorting.declarationId, d.id))
    .leftJoin(rowSortingBranch, eq(rowSortingBranch.id, rowSorting.branchId)) as unknown as T;
}

const flag01 = (expr: SQL | AnyColumn) => sql<0 | 1>`(case when ${expr} then 1 else 0 end)`;
const dateTimeIn = (column: SQL | AnyColumn, timeZone: string) =>
  sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** A text the file reads as a number-as-string (exact decimal) stays the numeric's text. */
const decimalText = (column: AnyColumn) => sql<string | null>`${column}::text`;

/**
 * The columns of one list row (spec §2 "Declarations table columns") in the wire format of issue
 * 14 (contract DeclarationListRow), shared by the list screens and declaration/info. Needs
 * joinDeclarationRow(). `viewerBranchId`: the viewer's admin branch (is_your_branch).
 */
export function declarationRowColumns(timeZone: string, viewerBranchId: number | null = null) {
  return {
    id: d.id,
    awb: sql<string>`coalesce(${d.awb}, '')`,
    track_code: d.trackCode,
    global_track_code: d.globalTrackCode,
    requires_declaration: d.requiresDeclaration,
    can_accommodate: sql<boolean>`not ${d.requiresDeclaration}`,
    editable: flag01(sql`${d.deletedAt} is null and ${d.statusId} <> 10`),
    weight: decimalText(d.weight),
    height: decimalText(d.height),
    width: decimalText(d.width),
    depth: decimalText(d.depth),
    price: decimalText(d.price),
    currency: sql<string>`'USD'`,
    voen: d.voen,
    coupon_id: sql<number>`0`,
    delivery_price: decimalText(d.deliveryPrice),
    box: rowParcel.name,
    parcel_id: d.parcelId,
    parcel_sorting_id: rowSorting.id,
    parcel_sorting_state_name: sql<string | null>`case when ${rowSorting.id} is null then null else coalesce(${rowSortingBranch.sortingLetter} || ' · ', '') || coalesce(${rowSortingBranch.name}, '') end`,
    parcel_sorting_created_at: dateTimeIn(rowSorting.sortedAt, timeZone),
    basket_id: sql<string | null>`${d.basketId}::text`,
    basket_name: rowBasket.name,
    container_id: d.containerId,
    container_name: rowContainer.name,
    container_id_tmp: d.containerId,
    container_name_tmp: rowContainer.name,
    branch_id: d.branchId,
    branch_name: rowBranch.name,
    quantity: d.quantity,
    type: d.type,
    shop_name: sql<string>`coalesce(${d.shopName}, '')`,
    document_file: sql<string | null>`case when ${d.documentPath} is null then null else '/api/admin/declaration/document?declaration_id=' || ${d.id} end`,
    tariff_category_id: d.planCategoryId,
    tariff_category_name: rowCategory.name,
    state_id: d.statusId,
    state_name: sql<string>`coalesce(${rowState.name}, '')`,
    product_type_id: d.productTypeId,
    product_type_name: rowProductType.nameAz,
    user_id: d.userId,
    user_name: fullName(rowUser.name, rowUser.surname),
    user_code: rowUser.code,
    descr: d.description,
    is_new: flag01(d.isNew),
    created_at: sql<string>`to_char(${d.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
    delivered_at: dateTimeIn(d.deliveredAt, timeZone),
    is_commercial: flag01(d.isCommercial),
    payed: flag01(d.payed),
    customs: flag01(d.customs),
    return: flag01(d.returned),
    is_wanted: sql<0 | 1>`0`,
    wanted_description: sql<string | null>`null::text`,
    flight_id: d.flightId,
    flight_name: rowFlight.name,
    country_id: d.countryId,
    wardrobe_number: sql<string>`coalesce(${d.wardrobeNumber}, '')`,
    is_your_branch: sql<boolean>`coalesce(${d.branchId} = ${viewerBranchId}::int, false)`,
    causer_id: d.causerId,
    causer_name: fullName(rowCauser.name, rowCauser.surname),
    customs_data: sql<null>`null::json`,
    delivery_point_id: d.deliveryPointId,
    delivery_point_name: sql<string | null>`null::text`,
    trendyol: d.trendyol,
    trendyol_logs: sql<null>`null::json`,
    who_added_bbs: sql<string | null>`null::text`,
    when_added_bbs: sql<string | null>`null::text`,
    handover_task_id: sql<string | null>`null::text`,
    partner_id: d.partnerId,
    partner_name: rowPartner.name,
  };
}

/** declaration/info: the list row's columns plus what the details screen needs. */
export function declarationDetailColumns(timeZone: string, viewerBranchId: number | null) {
  return {
    ...declarationRowColumns(timeZone, viewerBranchId),
    is_special: d.isSpecial,
    measure_id: sql<number>`1`,
    deleted_at: dateTimeIn(d.deletedAt, timeZone),
    user_first_name: rowUser.name,
    user_surname: rowUser.surname,
    user_phone: rowUser.phone,
    user_fin: rowUser.fin,
    flight_state_id: rowFlight.statusId,
    /** Where the parcel is (the branch partner's scan screen reads it): its branch. */
    location_name: sql<string>`coalesce(${rowBranch.name}, '')`,
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
