import type { TemplateListQuery, TemplateRow } from '@app/contract/notifications';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationTemplates as nt } from '../../db/schema/notifications';
import { models, statuses, tariffCategories } from '../../db/schema/settings';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';
import { asDateTime } from '../../platform/sql-format';

/* SQL of the notification templates (templates/*). */

const col = (name: string) => sql.raw(`"notification_templates"."${name}"`);

/** A select filter's chosen id, or a name to match (the templates table sends either). */
function idOrName(idColumn: SQL, names: (like: string) => SQL) {
  return (v: string) => {
    if (/^\d{1,9}$/.test(v)) return sql`${idColumn} = ${Number(v)}`;
    return sql`${idColumn} in (${names(`%${escapeLike(v)}%`)})`;
  };
}

function templateListSpec(timeZone: string): ListSpec<TemplateListQuery> {
  return {
    filters: {
      id: filters.equals(nt.id),
      name: filters.contains(nt.name),
      template_type_id: filters.equals(nt.templateTypeId),
      model_id: filters.equals(nt.modelId),
      model_name: idOrName(col('model_id'), (like) => sql`select m.id from ${models} m where m.name ilike ${like}`),
      state_id: filters.equals(nt.stateId),
      state_name: idOrName(col('state_id'), (like) => sql`select s.id from ${statuses} s where s.model_id = ${col('model_id')} and s.name ilike ${like}`),
      active: filters.flag(nt.active),
      lang: filters.equals(nt.lang),
      created_at: (r) => and(r.from ? filters.from(nt.createdAt, timeZone)(r.from) : undefined, r.to ? filters.to(nt.createdAt, timeZone)(r.to) : undefined),
    },
    sorts: {
      id: nt.id, name: nt.name, created_at: nt.createdAt, template_type_id: nt.templateTypeId, model_name: nt.modelId,
      state_name: nt.stateId, active: nt.active, delay: nt.delay,
    },
    defaultSort: { column: 'id', order: 'desc' },
    tieBreaker: nt.id,
    base: [isNull(nt.deletedAt)],
    isBaseNarrow: true,
  };
}

const TYPE_NAME = sql<string>`case ${nt.templateTypeId} when 1 then 'SMS' when 2 then 'E-poçt' when 3 then 'Mobil bildiriş' when 4 then 'WhatsApp' else '' end`;

function templateColumns(timeZone: string) {
  return {
    id: nt.id,
    name: nt.name,
    title: nt.title,
    body: nt.body,
    html_template_id: sql<number>`coalesce(${nt.htmlTemplateId}, 0)`.mapWith(Number),
    model_id: nt.modelId,
    model_name: sql<string>`coalesce(${models.name}, '')`,
    state_id: sql<number>`coalesce(${nt.stateId}, 0)`.mapWith(Number),
    state_name: sql<string>`coalesce(${statuses.name}, '')`,
    tariff_category_id: sql<number>`coalesce(${nt.tariffCategoryId}, 0)`.mapWith(Number),
    tariff_category_name: sql<string>`coalesce(${tariffCategories.name}, '')`,
    template_type_id: nt.templateTypeId,
    template_type_name: TYPE_NAME,
    lang: nt.lang,
    active: sql<0 | 1>`${nt.active}::int`.mapWith(Number),
    delay: nt.delay,
    created_at: asDateTime(nt.createdAt, timeZone),
  };
}

function selectTemplates(db: DbOrTx, timeZone: string) {
  return db.select(templateColumns(timeZone)).from(nt)
    .leftJoin(models, eq(models.id, nt.modelId))
    .leftJoin(statuses, and(eq(statuses.modelId, nt.modelId), eq(statuses.id, nt.stateId)))
    .leftJoin(tariffCategories, eq(tariffCategories.id, nt.tariffCategoryId))
    .$dynamic();
}

export async function findTemplatePage(db: DbOrTx, query: TemplateListQuery, timeZone: string) {
  const built = buildListQuery(templateListSpec(timeZone), query);
  const rows = await selectTemplates(db, timeZone).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, nt, built);
  return { data: rows as TemplateRow[], total: total.total, total_kind: total.kind };
}

export async function findTemplateRow(db: DbOrTx, id: number, timeZone: string): Promise<TemplateRow | undefined> {
  const [row] = await selectTemplates(db, timeZone).where(and(eq(nt.id, id), isNull(nt.deletedAt))).limit(1);
  return row as TemplateRow | undefined;
}

export type StoredTemplate = typeof nt.$inferSelect;

export async function findTemplateForUpdate(db: DbOrTx, id: number): Promise<StoredTemplate | undefined> {
  const [row] = await db.select().from(nt).where(and(eq(nt.id, id), isNull(nt.deletedAt))).limit(1).for('update');
  return row;
}

export async function findTemplate(db: DbOrTx, id: number): Promise<StoredTemplate | undefined> {
  const [row] = await db.select().from(nt).where(and(eq(nt.id, id), isNull(nt.deletedAt))).limit(1);
  return row;
}

export type TemplateValues = Omit<typeof nt.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

export async function insertTemplate(db: DbOrTx, values: TemplateValues): Promise<number> {
  const [row] = await db.insert(nt).values(values).returning({ id: nt.id });
  return row!.id;
}

export async function updateTemplate(db: DbOrTx, id: number, values: Partial<TemplateValues>): Promise<void> {
  await db.update(nt).set({ ...values, updatedAt: sql`now()` }).where(eq(nt.id, id));
}

export async function softDeleteTemplate(db: DbOrTx, id: number): Promise<void> {
  await db.update(nt).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(nt.id, id));
}

/** Sets the active flag of the given (not deleted) templates; returns the ids found. */
export async function setTemplatesActive(db: DbOrTx, ids: number[], active: boolean): Promise<number[]> {
  const rows = await db.update(nt).set({ active, updatedAt: sql`now()` })
    .where(and(inArray(nt.id, ids), isNull(nt.deletedAt))).returning({ id: nt.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function statusExists(db: DbOrTx, modelId: number, stateId: number): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(statuses).where(and(eq(statuses.modelId, modelId), eq(statuses.id, stateId))).limit(1);
  return Boolean(row);
}

export async function modelExists(db: DbOrTx, modelId: number): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(models).where(eq(models.id, modelId)).limit(1);
  return Boolean(row);
}

export async function tariffCategoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(tariffCategories).where(and(eq(tariffCategories.id, id), isNull(tariffCategories.deletedAt))).limit(1);
  return Boolean(row);
}

/**
 * The active templates of one event (model + status), best first per channel: one of the parcel's
 * tariff category before a general one (no category), the language asked before another.
 */
export async function findEventTemplates(db: DbOrTx, modelId: number, stateId: number, tariffCategoryId: number | null, lang = 'az'): Promise<StoredTemplate[]> {
  const rows = await db.select().from(nt).where(and(
    eq(nt.modelId, modelId), eq(nt.stateId, stateId), eq(nt.active, true), isNull(nt.deletedAt),
    tariffCategoryId === null ? isNull(nt.tariffCategoryId) : sql`(${nt.tariffCategoryId} is null or ${nt.tariffCategoryId} = ${tariffCategoryId})`,
  )).orderBy(
    nt.templateTypeId,
    sql`(${nt.tariffCategoryId} is null)`,
    sql`(${nt.lang} <> ${lang})`,
    nt.id,
  );
  const best = new Map<number, StoredTemplate>();
  for (const row of rows) if (!best.has(row.templateTypeId)) best.set(row.templateTypeId, row);
  return [...best.values()];
}

export async function findStatusName(db: DbOrTx, modelId: number, stateId: number): Promise<string | null> {
  const [row] = await db.select({ name: statuses.name }).from(statuses).where(and(eq(statuses.modelId, modelId), eq(statuses.id, stateId))).limit(1);
  return row?.name ?? null;
}
