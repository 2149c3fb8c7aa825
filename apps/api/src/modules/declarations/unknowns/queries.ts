import type { ConflictedDeclarationDetail, ConflictedListQuery, ConflictedListRow } from '@app/contract/conflicted-declarations';
import { MODEL } from '@app/contract/models';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { conflictedDeclarations as c } from '../../../db/schema/declarations';
import { baskets } from '../../../db/schema/warehouse';
import { buildListQuery, countList, filters, type ListSpec, type ListTotal } from '../../../platform/list-query';
import { branches, productTypes, statuses } from '../../../db/schema/settings';
import { users } from '../../../db/schema/users';
import { asDateTime, fullName } from '../../../platform/sql-format';

/* SQL of unknown (conflicted) declarations. */

export type ConflictedRow = typeof c.$inferSelect;
export type ConflictedInsert = typeof c.$inferInsert;

/* The related records of a row, joined (primary-key lookups). */
const cUser = alias(users, 'c_user');
const cCauser = alias(users, 'c_causer');
const cState = alias(statuses, 'c_state');
const cBranch = alias(branches, 'c_branch');
const cBasket = alias(baskets, 'c_basket');
const cProductType = alias(productTypes, 'c_product_type');
function joinConflictedRow<T extends PgSelect>(q: T): T {
  return q
    .leftJoin(cUser, eq(cUser.id, c.userId))
    .leftJoin(cCauser, eq(cCauser.id, c.causerId))
    .leftJoin(cState, and(eq(cState.modelId, MODEL.conflictedDeclarations), eq(cState.id, c.statusId)))
    .leftJoin(cBranch, eq(cBranch.id, c.branchId))
    .leftJoin(cBasket, eq(cBasket.id, c.basketId))
    .leftJoin(cProductType, eq(cProductType.id, c.productTypeId)) as unknown as T;
}

export function findConflictedForUpdate(tx: DbOrTx, id: number) {
  return tx.select().from(c).where(and(eq(c.id, id), isNull(c.deletedAt))).for('update').then((r) => r[0]);
}

export async function insertConflicted(tx: DbOrTx, row: ConflictedInsert): Promise<number> {
  const [created] = await tx.insert(c).values(row).returning({ id: c.id });
  return created!.id;
}

export async function updateConflicted(tx: DbOrTx, id: number, fields: Partial<ConflictedInsert>): Promise<void> {
  await tx.update(c).set({ ...fields, updatedAt: sql`now()` }).where(eq(c.id, id));
}

/** The columns of one row (contract ConflictedListRow); needs joinConflictedRow(). */
function conflictedRowColumns(timeZone: string) {
  return {
    id: c.id,
    track_code: c.trackCode,
    global_track_code: sql<string>`coalesce(${c.globalTrackCode}, '')`,
    state_id: c.statusId,
    state_name: sql<string>`coalesce(${cState.name}, '')`,
    user_id: c.userId,
    user_name: fullName(cUser.name, cUser.surname),
    user_code: cUser.code,
    country_id: c.countryId,
    branch_id: c.branchId,
    branch_name: cBranch.name,
    basket_id: sql<string | null>`${c.basketId}::text`,
    basket_name: cBasket.name,
    product_type_id: c.productTypeId,
    product_type_name: cProductType.nameAz,
    shop_name: c.shopName,
    weight: sql<string | null>`${c.weight}::text`,
    price: sql<string | null>`${c.price}::text`,
    currency: sql<string>`'USD'`,
    quantity: c.quantity,
    type: c.type,
    descr: c.description,
    document_file: sql<string | null>`case when ${c.documentPath} is null then null else '/api/admin/conflicted_declaration/document?conflicted_declaration_id=' || ${c.id} end`,
    causer_id: c.causerId,
    causer_name: fullName(cCauser.name, cCauser.surname),
    created_at: asDateTime(c.createdAt, timeZone),
  };
}

export async function findConflictedDetail(db: DbOrTx, id: number, timeZone: string): Promise<ConflictedDeclarationDetail | undefined> {
  const rows = await joinConflictedRow(db.select({
    ...conflictedRowColumns(timeZone),
    conflicted_declaration_id: c.id,
    declaration_id: c.declarationId,
    deleted_at: sql<string | null>`to_char(${c.deletedAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
  }).from(c).$dynamic()).where(eq(c.id, id));
  return rows[0];
}

export function findConflictedDocumentPath(db: DbOrTx, id: number) {
  return db.select({ path: c.documentPath }).from(c).where(eq(c.id, id)).then((r) => r[0]?.path ?? null);
}

function conflictedListSpec(timeZone: string): ListSpec<ConflictedListQuery> {
  return {
    base: [isNull(c.deletedAt), isNull(c.declarationId)],
    isBaseNarrow: true,
    filters: {
      track_code: filters.contains(c.trackCode),
      global_track_code: filters.contains(c.globalTrackCode),
      user_id: filters.equals(c.userId),
      state_id: filters.equals(c.statusId),
      branch_id: filters.equals(c.branchId),
      basket_id: filters.equals(c.basketId),
      country_id: filters.equals(c.countryId),
      is_resolved: (v) => (v ? sql`${c.statusId} = 91` : sql`${c.statusId} <> 91`),
      date_from: filters.from(c.createdAt, timeZone),
      date_to: filters.to(c.createdAt, timeZone),
    },
    sorts: { id: c.id, created_at: c.createdAt, track_code: c.trackCode, weight: c.weight },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: c.id,
  };
}

export async function findConflictedPage(db: DbOrTx, query: ConflictedListQuery, timeZone: string): Promise<{ rows: ConflictedListRow[]; total: ListTotal }> {
  const built = buildListQuery(conflictedListSpec(timeZone), query);
  const rows = await joinConflictedRow(db.select(conflictedRowColumns(timeZone)).from(c).$dynamic())
    .where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, c, built);
  return { rows, total };
}

/**
 * Open unknown declarations: the list's own rows (not deleted, not accepted) that are not resolved,
 * the same condition as the list with `is_resolved=0`. The sidebar badge (`conflicted_declaration`).
 */
export async function countOpenConflicted(db: DbOrTx): Promise<number> {
  const built = buildListQuery(conflictedListSpec('UTC'), { is_resolved: false } as ConflictedListQuery);
  return (await countList(db, c, built)).total;
}

export async function basketExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: baskets.id }).from(baskets).where(eq(baskets.id, id)).limit(1)).length > 0;
}
