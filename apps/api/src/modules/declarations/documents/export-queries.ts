import type { DeclarationListFilters } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { DECLARATION_STATUS } from '@app/contract/statuses';
import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { declarations as d } from '../../../db/schema/declarations';
import { flights, parcels } from '../../../db/schema/flights';
import { branches, countries, productTypes, statuses, tariffCategories } from '../../../db/schema/settings';
import { users } from '../../../db/schema/users';
import { containers } from '../../../db/schema/warehouse';
import { buildListQuery } from '../../../platform/list-query';
import { declarationListSpec } from '../lists/queries';

/** Rows are read this many at a time (keyset pages): memory holds one batch, whatever the total. */
export const EXPORT_BATCH = 500;

const nameOf = (table: 'flights' | 'parcels' | 'containers' | 'branches' | 'product_types' | 'tariff_categories', id: AnyColumn) => {
  const t = { flights, parcels, containers, branches, product_types: productTypes, tariff_categories: tariffCategories }[table];
  const name = 'nameAz' in t ? t.nameAz : t.name;
  return sql<string | null>`(select ${name} from ${t} where ${t.id} = ${id})`;
};

/** One exported declaration: everything the full, mini and handover exports show. */
export function exportRowSelection(timeZone: string) {
  const fmt = (col: AnyColumn) => sql<string | null>`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  return {
    id: d.id,
    /** The keyset cursor, at full (microsecond) precision. */
    created: sql<string>`${d.createdAt}::text`,
    track_code: d.trackCode,
    global_track_code: d.globalTrackCode,
    customer_code: sql<string | null>`(select ${users.code} from ${users} where ${users.id} = ${d.userId})`,
    customer: sql<string | null>`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${d.userId})`,
    phone: sql<string | null>`(select ${users.phone} from ${users} where ${users.id} = ${d.userId})`,
    country: sql<string | null>`(select ${countries.countryName} from ${countries} where ${countries.id} = ${d.countryId})`,
    country_id: d.countryId,
    status: sql<string>`coalesce((select ${statuses.name} from ${statuses} where ${statuses.modelId} = ${MODEL.declarations} and ${statuses.id} = ${d.statusId}), ${d.statusId}::text)`,
    payed: d.payed,
    customs: d.customs,
    returned: d.returned,
    flight: nameOf('flights', d.flightId),
    weight: d.weight,
    price: d.price,
    delivery_price: d.deliveryPrice,
    quantity: d.quantity,
    type: d.type,
    tariff: nameOf('tariff_categories', d.planCategoryId),
    shop_name: d.shopName,
    product_type: nameOf('product_types', d.productTypeId),
    parcel: nameOf('parcels', d.parcelId),
    container: nameOf('containers', d.containerId),
    branch: nameOf('branches', d.branchId),
    wardrobe_number: d.wardrobeNumber,
    causer: sql<string | null>`(select c.name || ' ' || c.surname from ${users} c where c.id = ${d.causerId})`,
    created_at: fmt(d.createdAt),
    delivered_at: fmt(d.deliveredAt),
  };
}
export type ExportRow = Awaited<ReturnType<typeof readBatch>>[number];

function readBatch(db: Db, where: SQL | undefined, timeZone: string, after: { created: string; id: number } | null) {
  const cursor = after ? sql`(${d.createdAt}, ${d.id}) < (${after.created}::timestamptz, ${after.id})` : undefined;
  // A batch is cheap to run but the planner prices the name look-ups high enough to JIT-compile
  // them, which costs more than the batch itself: off for this statement's transaction.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.select(exportRowSelection(timeZone)).from(d).where(and(where, cursor))
      .orderBy(sql`${d.createdAt} desc`, sql`${d.id} desc`).limit(EXPORT_BATCH);
  });
}

/**
 * The declarations matching the list's filters, newest first (the list's default order), in
 * keyset batches over (created_at, id): every batch is an index range scan, however deep.
 */
export async function* readDeclarationBatches(db: Db, filters: DeclarationListFilters, timeZone: string): AsyncGenerator<ExportRow[]> {
  const built = buildListQuery(declarationListSpec(timeZone), { ...filters, page: 1, per_page: 1 });
  yield* batchesWhere(db, built.where, timeZone);
}

/** Handed-over declarations (status 10) of a branch/country, handed over between two times. */
export async function* readHandoverBatches(db: Db, q: { branch_id?: number[]; country_id?: number[]; start_date?: string; end_date: string }, timeZone: string) {
  const where = and(
    isNull(d.deletedAt),
    eq(d.statusId, DECLARATION_STATUS.handedOver),
    q.branch_id?.length ? inArray(d.branchId, q.branch_id) : undefined,
    q.country_id?.length ? inArray(d.countryId, q.country_id) : undefined,
    q.start_date === undefined ? undefined : sql`${d.deliveredAt} >= (${q.start_date}::timestamp at time zone ${timeZone})`,
    sql`${d.deliveredAt} <= (${q.end_date}::timestamp at time zone ${timeZone})`,
  );
  yield* batchesWhere(db, where, timeZone);
}

/** Declarations with these ids (an import's matches), newest first. */
export async function* readIdBatches(db: DbOrTx, ids: readonly number[], timeZone: string) {
  for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
    const chunk = ids.slice(i, i + EXPORT_BATCH);
    yield await db.select(exportRowSelection(timeZone)).from(d)
      .where(sql`${d.id} = any(${sql.param(`{${chunk.join(',')}}`)}::int[])`).orderBy(sql`${d.id} desc`);
  }
}

async function* batchesWhere(db: Db, where: SQL | undefined, timeZone: string) {
  let after: { created: string; id: number } | null = null;
  for (;;) {
    const rows = await readBatch(db, where, timeZone, after);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { created: last.created, id: last.id };
  }
}

/** How many declarations an export would hold, counted only up to `cap + 1`. */
export async function countUpTo(db: DbOrTx, filters: DeclarationListFilters, timeZone: string, cap: number): Promise<number> {
  const built = buildListQuery(declarationListSpec(timeZone), { ...filters, page: 1, per_page: 1 });
  const inner = db.select({ one: sql`1` }).from(d).where(built.where).limit(cap + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

/** Declarations whose track code or global track code is one of `codes` (an imported list). */
export function findByCodes(db: DbOrTx, codes: readonly string[]) {
  const param = sql.param(`{${codes.map((c) => `"${c.replace(/["\\]/g, '')}"`).join(',')}}`);
  return db.select({
    id: d.id,
    track_code: d.trackCode,
    global_track_code: d.globalTrackCode,
    user: sql<{ id: number; code: string | null; name: string } | null>`(select json_build_object('id', ${users.id}, 'code', ${users.code}, 'name', ${users.name} || ' ' || ${users.surname}) from ${users} where ${users.id} = ${d.userId})`,
    status: sql<{ id: number; name: string }>`json_build_object('id', ${d.statusId}, 'name', coalesce((select ${statuses.name} from ${statuses} where ${statuses.modelId} = ${MODEL.declarations} and ${statuses.id} = ${d.statusId}), ''))`,
    weight: d.weight,
  }).from(d).where(and(isNull(d.deletedAt), sql`(${d.trackCode} = any(${param}::text[]) or ${d.globalTrackCode} = any(${param}::text[]))`)).orderBy(sql`${d.id} desc`);
}
