import type { ConflictedDeclarationDetail, ConflictedListQuery, ConflictedListRow } from '@app/contract/conflicted-declarations';
import { MODEL } from '@app/contract/models';
import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conflictedDeclarations as c } from '../../db/schema/declarations';
import { baskets } from '../../db/schema/warehouse';
import { buildListQuery, countList, filters, type ListSpec } from '../../platform/list-query';
import { branches, productTypes, statuses } from '../../db/schema/settings';
import { users } from '../../db/schema/users';

/* SQL of unknown (conflicted) declarations. */

export type ConflictedRow = typeof c.$inferSelect;
export type ConflictedInsert = typeof c.$inferInsert;

const ref = (table: SQL, nameExpr: SQL, idExpr: SQL | AnyColumn) =>
  sql<{ id: number; name: string } | null>`(select json_build_object('id', r.id, 'name', ${nameExpr}) from ${table} r where r.id = ${idExpr})`;
const userRef = sql<ConflictedListRow['user']>`(select json_build_object('id', u.id, 'code', u.code, 'name', u.name, 'surname', u.surname) from ${users} u where u.id = ${c.userId})`;
const statusRef = sql<{ id: number; name: string }>`json_build_object('id', ${c.statusId}, 'name', coalesce((select s.name from ${statuses} s where s.model_id = ${MODEL.conflictedDeclarations} and s.id = ${c.statusId}), ''))`;
const causerRef = sql<{ id: number; name: string } | null>`(select json_build_object('id', u.id, 'name', u.name || ' ' || u.surname) from ${users} u where u.id = ${c.causerId})`;
const asDateTime = (column: AnyColumn, timeZone: string) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

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

export async function findConflictedDetail(db: DbOrTx, id: number, timeZone: string) {
  const rows = await db.select({
    id: c.id,
    conflicted_declaration_id: c.id,
    trackCode: c.trackCode,
    globalTrackCode: c.globalTrackCode,
    countryId: c.countryId,
    user: userRef,
    branch: ref(sql`${branches}`, sql`r.name`, c.branchId),
    basket: ref(sql`${baskets}`, sql`r.name`, c.basketId),
    productType: ref(sql`${productTypes}`, sql`r.name_az`, c.productTypeId),
    shop: c.shopName,
    weight: c.weight,
    price: c.price,
    quantity: c.quantity,
    type: c.type,
    description: c.description,
    file: sql<string | null>`case when ${c.documentPath} is null then null else '/api/admin/conflicted_declaration/document?conflicted_declaration_id=' || ${c.id} end`,
    status: statusRef,
    declarationId: c.declarationId,
    causer: causerRef,
    createdAt: asDateTime(c.createdAt, timeZone),
    deletedAt: sql<string | null>`to_char(${c.deletedAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
  }).from(c).where(eq(c.id, id));
  return rows[0] as ConflictedDeclarationDetail | undefined;
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

export async function findConflictedPage(db: DbOrTx, query: ConflictedListQuery, timeZone: string) {
  const built = buildListQuery(conflictedListSpec(timeZone), query);
  const rows = await db.select({
    id: c.id,
    track_code: c.trackCode,
    global_track_code: c.globalTrackCode,
    user: userRef,
    country_id: c.countryId,
    status: statusRef,
    branch: ref(sql`${branches}`, sql`r.name`, c.branchId),
    basket: ref(sql`${baskets}`, sql`r.name`, c.basketId),
    product_type: ref(sql`${productTypes}`, sql`r.name_az`, c.productTypeId),
    shop_name: c.shopName,
    weight: c.weight,
    price: c.price,
    quantity: c.quantity,
    causer: causerRef,
    created_at: asDateTime(c.createdAt, timeZone),
  }).from(c).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, c, built);
  return { rows: rows as ConflictedListRow[], total };
}

export async function basketExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: baskets.id }).from(baskets).where(eq(baskets.id, id)).limit(1)).length > 0;
}
