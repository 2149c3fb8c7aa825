import {
  ARCHIVE_AFTER_DAYS, ARCHIVE_STATUS_IDS, type ArchiveListQuery, type DeletedDeclarationListQuery, type DeletedDeclarationRow,
  type PostDeclarationListQuery, type PostDeclarationRow,
} from '@app/contract/declaration-lists';
import type { DeclarationListQuery, DeclarationListRow } from '@app/contract/declarations';
import { eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { customsParcels as cp } from '../../../db/schema/customs';
import { declarations as d, postDeclarations as p } from '../../../db/schema/declarations';
import { users } from '../../../db/schema/users';
import { buildListQuery, countList, escapeLike, filters, type BuiltListQuery, type ListSpec, type ListTotal } from '../../../platform/list-query';
import { declarationListSpec, declarationRowColumns, declarationRows, inWrittenJoinOrder, joinDeclarationRow, rowKey } from './queries';
import { asDateTime } from '../../../platform/sql-format';

const postUser = alias(users, 'post_user');

/* SQL of the declaration list screens beside the main list: deleted, archive, post declarations. */

type PickedSpec<Q> = ListSpec<Q>['filters'];

/** The main list's filters for the keys a screen's query shares with it. */
function sharedFilters<Q extends object>(timeZone: string, keys: readonly (keyof Q & keyof DeclarationListQuery)[]): PickedSpec<Q> {
  const all = declarationListSpec(timeZone).filters as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, all[k as string]])) as PickedSpec<Q>;
}


// ---------------------------------------------------------------- deleted

/*
 * Deleted customs declarations: the declarations customs lists as withdrawn (customs_parcels with
 * declaration_deleted_at, filled by the customs sync of deleteddeclarations, and by our own delete
 * of a declared parcel), joined with our declaration of that track code (unique, deleted or not).
 * A withdrawn declaration of a parcel we have no declaration for has no row shape here (it shows
 * on the customs declarations screen as an unknown customer's parcel).
 */
function deletedListSpec(timeZone: string): ListSpec<DeletedDeclarationListQuery> {
  return {
    base: [isNotNull(cp.declarationDeletedAt)],
    isBaseNarrow: true,
    filters: {
      ...sharedFilters<DeletedDeclarationListQuery>(timeZone, [
        'user_id', 'user_name', 'customer_code', 'track_code', 'global_track_code', 'state_id', 'country_id', 'branch_id', 'date_from', 'date_to',
      ]),
      deleted_from: filters.from(cp.declarationDeletedAt, timeZone),
      deleted_to: filters.to(cp.declarationDeletedAt, timeZone),
    },
    sorts: { id: d.id, deleted_at: cp.declarationDeletedAt, created_at: d.createdAt, track_code: d.trackCode },
    defaultSort: { column: 'deleted_at', order: 'desc' },
    tieBreaker: d.id,
  };
}

/**
 * Who deleted it: when we cancelled our declaration (and with it deleted the parcel at customs),
 * the latest 'declaration.cancel' audit entry; a declaration the citizen withdrew has no one of ours.
 */
function deletedBy(column: 'id'): SQL<number | null>;
function deletedBy(column: 'name'): SQL<string | null>;
function deletedBy(column: 'id' | 'name'): SQL<number | string | null> {
  return sql`case when ${d.deletedAt} is null then null else (select ${column === 'id' ? sql`u.id` : sql`u.name || ' ' || u.surname`}
  from audit_log a join ${users} u on u.id = a.user_id
  where a.entity = 'declaration' and a.entity_id = ${d.id}::text and a.action = 'declaration.cancel'
  order by a.created_at desc limit 1) end`;
}

/** The joined list's total, counted up to the cap like countList. */
async function countDeleted(db: DbOrTx, built: BuiltListQuery, cap = 10_000): Promise<ListTotal> {
  const inner = db.select({ one: sql`1` }).from(cp).innerJoin(d, eq(d.trackCode, cp.trackCode)).where(built.where).limit(cap + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, kind: 'capped' } : { total: n, kind: 'exact' };
}

export async function findDeletedDeclarationPage(db: DbOrTx, query: DeletedDeclarationListQuery, timeZone: string): Promise<{ rows: DeletedDeclarationRow[]; total: ListTotal }> {
  const built = buildListQuery(deletedListSpec(timeZone), query);
  const page = db.select({ id: d.id }).from(cp).innerJoin(d, eq(d.trackCode, cp.trackCode))
    .where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset).as('page');
  const rows = await inWrittenJoinOrder(db, (tx) => joinDeclarationRow(tx
    .select({
      ...declarationRowColumns(timeZone),
      deleted_at: asDateTime(cp.declarationDeletedAt, timeZone),
      deleted_by_id: deletedBy('id'),
      deleted_by_name: deletedBy('name'),
    })
    .from(page).innerJoin(d, eq(d.id, page.id)).innerJoin(cp, eq(cp.trackCode, d.trackCode)).$dynamic()).orderBy(...built.orderBy));
  const total = await countDeleted(db, built);
  return { rows, total };
}

// ---------------------------------------------------------------- archive

function archiveListSpec(timeZone: string): ListSpec<ArchiveListQuery> {
  return {
    base: [
      isNull(d.deletedAt),
      sql`${d.statusId} in (${sql.join(ARCHIVE_STATUS_IDS.map((id) => sql`${id}`), sql`, `)})`,
      sql`${d.createdAt} < now() - make_interval(days => ${ARCHIVE_AFTER_DAYS})`,
    ],
    isBaseNarrow: true,
    filters: sharedFilters<ArchiveListQuery>(timeZone, [
      'user_id', 'user_name', 'customer_code', 'track_code', 'global_track_code', 'state_id', 'country_id', 'branch_id', 'flight_name',
      'payed', 'return', 'date_from', 'date_to',
    ]),
    sorts: { id: d.id, created_at: d.createdAt, track_code: d.trackCode, weight: d.weight, delivery_price: d.deliveryPrice },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: d.id,
  };
}

export async function findArchivePage(db: DbOrTx, query: ArchiveListQuery, timeZone: string) {
  const built = buildListQuery(archiveListSpec(timeZone), query);
  const page = await db.select({ id: d.id }).from(d).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const rows = await declarationRows.rows<DeclarationListRow>(db, rowKey(timeZone, null), page.map((r) => r.id));
  const total = await countList(db, d, built);
  return { rows, total };
}

/** The whole filtered archive (its filters and sort, no paging) up to `max` rows: declaration/archive_export. */
export async function findArchiveForExport(db: DbOrTx, query: ArchiveListQuery, timeZone: string, max: number) {
  const built = buildListQuery(archiveListSpec(timeZone), { ...query, page: 1, per_page: max });
  const ids = await db.select({ id: d.id }).from(d).where(built.where).orderBy(...built.orderBy).limit(built.limit);
  return declarationRows.rows<DeclarationListRow>(db, rowKey(timeZone, null), ids.map((r) => r.id));
}

// ---------------------------------------------------------------- post declarations

function postListSpec(timeZone: string): ListSpec<PostDeclarationListQuery> {
  return {
    filters: {
      user_id: filters.equals(p.userId),
      user: filters.idIn(p.userId, (v) => sql`select u.id from ${users} u where u.code = ${v} or (u.name || ' ' || u.surname) ilike ${`%${escapeLike(v)}%`}`),
      track_code: filters.contains(p.trackCode),
      is_new: filters.flag(p.isNew),
      price: filters.equals(p.price),
      declaration_id: filters.equals(p.declarationId),
      dgk_price: filters.equals(p.dgkPrice),
      customs_id: filters.equals(p.customsId),
      date_from: filters.from(p.createdAt, timeZone),
      date_to: filters.to(p.createdAt, timeZone),
    },
    sorts: { id: p.id, created_at: p.createdAt, price: p.price, dgk_price: p.dgkPrice, track_code: p.trackCode },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: p.id,
  };
}

export async function findPostDeclarationPage(db: DbOrTx, query: PostDeclarationListQuery, timeZone: string): Promise<{ rows: PostDeclarationRow[]; total: ListTotal }> {
  const built = buildListQuery(postListSpec(timeZone), query);
  const rows = await db.select({
    id: p.id,
    track_code: p.trackCode,
    price: sql<string | null>`${p.price}::text`,
    dgk_price: sql<string | null>`${p.dgkPrice}::text`,
    user_id: p.userId,
    user_name: sql<string>`trim(coalesce(${postUser.name}, '') || ' ' || coalesce(${postUser.surname}, ''))`, // '' when none: clients read a text
    user_code: postUser.code,
    is_new: sql<0 | 1>`(case when ${p.isNew} then 1 else 0 end)`,
    created_at: asDateTime(p.createdAt, timeZone),
    // customs' registration number, digits only: a number where clients read one (exact below 2^53)
    customs_id: sql<number | null>`case when ${p.customsId} ~ '^[0-9]{1,15}$' then ${p.customsId}::float8 end`,
    declaration_id: p.declarationId,
  }).from(p).leftJoin(postUser, eq(postUser.id, p.userId)).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, p, built);
  return { rows, total };
}
