import { MODEL } from '@app/contract/models';
import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { declarations as d } from '../../db/schema/declarations';
import { flights, parcels } from '../../db/schema/flights';
import { countries, productTypes, statuses } from '../../db/schema/settings';
import { users } from '../../db/schema/users';

/* SQL of the flight files (issue 7): manifests, exports, road sheet. */

/** Rows are read this many at a time: memory holds one batch, whatever the flight's size. */
export const FLIGHT_FILE_BATCH = 500;

/** The flight's header fields (files print them), or null when there is no such flight. */
export async function findFlightHeader(db: DbOrTx, flightId: number, timeZone: string) {
  const fmt = (col: AnyColumn) => sql<string | null>`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  const [row] = await db.select({
    id: flights.id,
    name: flights.name,
    airwaybill: flights.airwaybill,
    country: countries.countryName,
    currency: countries.currencyType,
    status: sql<string>`coalesce((select ${statuses.name} from ${statuses} where ${statuses.modelId} = ${MODEL.flights} and ${statuses.id} = ${flights.statusId}), ${flights.statusId}::text)`,
    startedAt: fmt(flights.startedAt),
    endedAt: fmt(flights.endedAt),
    createdAt: fmt(flights.createdAt),
  }).from(flights).leftJoin(countries, eq(countries.id, flights.countryId)).where(eq(flights.id, flightId));
  return row ?? null;
}
export type FlightHeader = NonNullable<Awaited<ReturnType<typeof findFlightHeader>>>;

/** One parcel as a manifest prints it (spec: manifest columns). */
const manifestRowSelection = {
  id: d.id,
  trackCode: d.trackCode,
  globalTrackCode: d.globalTrackCode,
  parcelId: d.parcelId,
  bag: sql<string | null>`(select ${parcels.name} from ${parcels} where ${parcels.id} = ${d.parcelId})`,
  customer: sql<string | null>`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${d.userId})`,
  fin: sql<string | null>`(select ${users.fin} from ${users} where ${users.id} = ${d.userId})`,
  goods: sql<string | null>`(select ${productTypes.nameAz} from ${productTypes} where ${productTypes.id} = ${d.productTypeId})`,
  quantity: d.quantity,
  weight: d.weight,
  price: d.price,
  currency: sql<string | null>`(select ${countries.currencyType} from ${countries} where ${countries.id} = ${d.countryId})`,
  deliveryPrice: d.deliveryPrice,
};
export type ManifestRow = Awaited<ReturnType<typeof findFlightDeclarationsByCodes>>[number];

/** The flight's parcels whose track code or global track code is one of `codes`. */
export function findFlightDeclarationsByCodes(db: DbOrTx, flightId: number, codes: readonly string[]) {
  const param = sql.param(`{${codes.map((c) => `"${c.replace(/["\\]/g, '')}"`).join(',')}}`);
  return db.select(manifestRowSelection).from(d).where(and(
    isNull(d.deletedAt),
    eq(d.flightId, flightId),
    sql`(${d.trackCode} = any(${param}::text[]) or ${d.globalTrackCode} = any(${param}::text[]))`,
  )).orderBy(d.id);
}

export interface FlightFilter { flightId: number; partnerId?: number }

const flightWhere = (f: FlightFilter): SQL => and(
  isNull(d.deletedAt),
  eq(d.flightId, f.flightId),
  f.partnerId === undefined ? undefined : eq(d.partnerId, f.partnerId),
)!;

/** How many parcels the flight's export would hold, counted only up to `cap + 1`. */
export async function countFlightDeclarations(db: DbOrTx, f: FlightFilter, cap: number): Promise<number> {
  const inner = db.select({ one: sql`1` }).from(d).where(flightWhere(f)).limit(cap + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

/** The bags holding the flight's parcels (by their parcel_id), with the parcel count. */
function findBagIdsOfFlight(db: DbOrTx, f: FlightFilter) {
  return db.select({ parcelId: d.parcelId, n: sql<number>`count(*)::int` }).from(d).where(flightWhere(f)).groupBy(d.parcelId);
}

/**
 * The flight's parcels bag by bag (`order` gives the bags' order, parcels without a bag last),
 * each bag read in id batches through the bag's index: the file comes out grouped by bag.
 */
export async function* readFlightDeclarationBatches(db: DbOrTx, f: FlightFilter, order: (ids: number[]) => Promise<number[]>): AsyncGenerator<ManifestRow[]> {
  const bags = await findBagIdsOfFlight(db, f);
  const ids = await order(bags.map((b) => b.parcelId).filter((id): id is number => id !== null));
  const withoutBag = bags.some((b) => b.parcelId === null);
  for (const parcelId of [...ids, ...(withoutBag ? [null] : [])]) {
    let after = 0;
    for (;;) {
      const rows = await db.select(manifestRowSelection).from(d)
        .where(and(flightWhere(f), parcelId === null ? isNull(d.parcelId) : eq(d.parcelId, parcelId), sql`${d.id} > ${after}`))
        .orderBy(d.id).limit(FLIGHT_FILE_BATCH);
      if (rows.length) yield rows;
      if (rows.length < FLIGHT_FILE_BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  }
}

export interface BagTotalsRow { id: number; name: string | null; count: number; weight: string; price: string; deliveryPrice: string }

/**
 * The bags of the flight (its own bags, and any bag holding one of its parcels) with the totals of
 * the flight's parcels in each; parcels without a bag make one row with id 0 and no name.
 */
export async function findFlightBagTotals(db: DbOrTx, flightId: number): Promise<BagTotalsRow[]> {
  const res = await db.execute<{ id: number; name: string | null; count: number; weight: string; price: string; delivery_price: string } & Record<string, unknown>>(sql`
    with fd as (
      select parcel_id, weight, price, delivery_price from declarations where flight_id = ${flightId} and deleted_at is null
    )
    select p.id, p.name, count(fd.parcel_id)::int as count,
           coalesce(sum(fd.weight), 0)::numeric(14, 2)::text as weight,
           coalesce(sum(fd.price), 0)::numeric(14, 2)::text as price,
           coalesce(sum(fd.delivery_price), 0)::numeric(14, 2)::text as delivery_price
    from parcels p left join fd on fd.parcel_id = p.id
    where p.flight_id = ${flightId} or p.id in (select parcel_id from fd where parcel_id is not null)
    group by p.id, p.name
    union all
    select 0, null, count(*)::int,
           coalesce(sum(weight), 0)::numeric(14, 2)::text, coalesce(sum(price), 0)::numeric(14, 2)::text,
           coalesce(sum(delivery_price), 0)::numeric(14, 2)::text
    from fd where parcel_id is null
    having count(*) > 0`);
  return res.rows.map((r) => ({ id: Number(r.id), name: r.name, count: Number(r.count), weight: r.weight, price: r.price, deliveryPrice: r.delivery_price }));
}

/** Bag names by id (the export's bag order). */
export function findBagNames(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([] as { id: number; name: string }[]);
  return db.select({ id: parcels.id, name: parcels.name }).from(parcels)
    .where(sql`${parcels.id} = any(${sql.param(`{${ids.join(',')}}`)}::int[])`);
}
