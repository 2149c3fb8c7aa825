import type { SortingListItem, SortingListQuery } from '@app/contract/declaration-workflow';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { declarations as d } from '../../db/schema/declarations';
import { flights } from '../../db/schema/flights';
import { branches } from '../../db/schema/settings';
import { parcelSortings as ps } from '../../db/schema/sorting';
import { users } from '../../db/schema/users';
import { buildListQuery, countList, escapeLike, type ListSpec } from '../../platform/list-query';
import { asDateTimeOrNull as asDateTime } from '../../platform/sql-format';

/* SQL of the branch sorting of a flight's parcels (parcel_sortings). */

/** Written table-qualified: inside the sub-select a bare "id" would be parcel_sortings' own. */
const declarationId = sql.raw('"declarations"."id"');

function sortingListSpec(flightIds: readonly number[] | undefined, onlyNonSorted: boolean): ListSpec<SortingListQuery> {
  return {
    filters: {
      user_id: (v) => eq(d.userId, v),
      branch_id: (v) => eq(d.branchId, v),
      track_code: (v) => (v ? or(sql`${d.trackCode} ilike ${`%${escapeLike(v)}%`}`, sql`${d.globalTrackCode} ilike ${`%${escapeLike(v)}%`}`) : undefined),
    },
    sorts: { id: d.id, track_code: d.trackCode, sorted_at: ps.sortedAt, code: branches.sortingLetter },
    defaultSort: { column: 'id', order: 'desc' },
    tieBreaker: d.id,
    base: [
      isNull(d.deletedAt),
      flightIds?.length ? inArray(d.flightId, [...flightIds]) : isNotNull(d.flightId),
      ...(onlyNonSorted ? [sql`not exists (select 1 from ${ps} where ${ps.declarationId} = ${declarationId})`] : []),
    ],
    isBaseNarrow: true, // counted (capped): the table estimate is not this list's size
  };
}

/** Sorting list items: a parcel with its branch's sorting letter and name, and when it was sorted. */
function selectSortingItems(db: DbOrTx, timeZone: string) {
  return db.select({
    id: d.id,
    declaration_id: d.id,
    track_code: d.trackCode,
    user_id: d.userId,
    user_name: sql<string | null>`trim(${users.name} || ' ' || coalesce(${users.surname}, ''))`,
    branch_id: d.branchId,
    branch_name: branches.name,
    code: branches.sortingLetter,
    code_text: branches.name,
    sorted_at: asDateTime(ps.sortedAt, timeZone),
  }).from(d)
    .leftJoin(branches, eq(branches.id, d.branchId))
    .leftJoin(users, eq(users.id, d.userId))
    .leftJoin(ps, eq(ps.declarationId, d.id))
    .$dynamic();
}

/** A page of the flight's parcels with their branch's sorting code and when they were sorted. */
export async function findSortingPage(db: DbOrTx, query: SortingListQuery, timeZone: string, onlyNonSorted: boolean) {
  const built = buildListQuery(sortingListSpec(query.flight_id, onlyNonSorted), query);
  const rows: SortingListItem[] = await selectSortingItems(db, timeZone)
    .where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, d, built);
  return { rows, total };
}

export async function countFlights(db: DbOrTx, ids: readonly number[]): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(flights).where(inArray(flights.id, [...ids]));
  return row?.n ?? 0;
}

export async function findFlightName(db: DbOrTx, flightId: number): Promise<string | null> {
  const [row] = await db.select({ name: flights.name }).from(flights).where(eq(flights.id, flightId));
  return row?.name ?? null;
}

/** The parcel with this track code (or, failing that, this global track code), not deleted. */
export async function findParcelByCode(db: DbOrTx, code: string) {
  const [row] = await db.select({
    id: d.id,
    trackCode: d.trackCode,
    flightId: d.flightId,
    branchId: d.branchId,
    flightName: flights.name,
  }).from(d).leftJoin(flights, eq(flights.id, d.flightId))
    .where(and(isNull(d.deletedAt), or(eq(d.trackCode, code), eq(d.globalTrackCode, code))))
    .orderBy(sql`${d.trackCode} = ${code} desc`, desc(d.id)).limit(1);
  return row ?? null;
}

/** Marks the parcel sorted; null when it had been sorted already (the first sorting stays). */
export async function insertSorting(db: DbOrTx, row: { declarationId: number; flightId: number; branchId: number | null; sortedBy: number }) {
  const [inserted] = await db.insert(ps).values(row).onConflictDoNothing({ target: ps.declarationId }).returning({ id: ps.id });
  return inserted ?? null;
}

/** The parcel's sorting code (its branch's letter and name) and when it was sorted. */
export async function findSortingOf(db: DbOrTx, declarationId: number, timeZone: string) {
  const [row] = await selectSortingItems(db, timeZone).where(eq(d.id, declarationId));
  return row ?? null;
}
