import type { ListQuery } from '@app/contract/common';
import type { PermissionCode } from '@app/contract/permissions';
import { az } from '@app/contract/texts/az';
import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_KINDS, zInt } from '@app/contract/common';
import type { Db, DbOrTx } from '../db/client';
import { admitsPartners, isAllowed, type RequestUser, type RouteAccess } from './access';
import { recordAudit } from './audit';
import { requireUser } from './auth/guard';
import { AppError, invalid, notFound } from './errors';
import { buildListQuery, countList, type ListSpec } from './list-query';
import { partnerScopeOf, type PartnerScope } from './partner-scope';

/*
 * The one pattern of spec §2 "Settings-type lists" on the server: a list declares its table, row
 * columns, paths, forms and rules; this file gives it list, info, create, edit and delete routes
 * with the same permission checks, 422 field errors and audit entries (in the write's transaction).
 * It is a helper, not a framework: a list with calls of its own registers them next to it.
 */

type Expr = AnyColumn | SQL;
type Values = Record<string, unknown>;
type Codes = PermissionCode | readonly PermissionCode[];

/** A table (or an alias of one) left-joined to the resource's table for the names of its row (`country_name`). */
export interface ResourceJoin {
  table: PgTable;
  on: SQL;
}

/** A key of the row as the wire names it (`branch_id`) and the column it is stored in. */
export interface ResourceKey {
  param: string;
  column: PgColumn;
  /**
   * Info and edit may leave it out (clients send a status's state_id alone): the first match by the
   * keys is read, and an edit changes that row only (the key is read from it).
   */
  isOptional?: boolean;
}

export interface ResourceContext {
  tx: DbOrTx;
  viewer: RequestUser;
  /** The stored row (column property names) on edit; undefined on create. */
  current?: Values;
}

export interface ResourceDef<Q extends ListQuery, C extends Values, E extends Values = C> {
  /** Audit entity and action prefix: `branch` → branch.create, branch.update, branch.delete. */
  entity: string;
  tags: string[];
  table: PgTable;
  /** One key, or two for composite keys (statuses: model_id + state_id). */
  keys: readonly ResourceKey[];
  /** Soft delete: rows keep their history; lists and info skip deleted rows. */
  deletedAt?: PgColumn;
  /** The row as the screens read it (wire name → column or SQL; names from `joins`, never per-row sub-selects). */
  columns: Record<string, Expr>;
  /** Left joins the row's columns read from (each at most one row per resource row, so counts stay the table's). */
  joins?: readonly ResourceJoin[];
  /**
   * The row's zod schema (the contract's): the reply schema of the list (`{ data: row[], total }`; a lookup
   * reply's rows are its `lookupColumns` picked from it) and of the info (`{ data: row }`).
   */
  row?: z.ZodObject;
  /** Read code (the sidebar code of spec §2); writes default to it. */
  read: Codes;
  list: {
    path: string;
    /** Extra paths answering the same list (older clients). */
    aliases?: readonly string[];
    query: z.ZodType<Q>;
    spec: (tz: string) => ListSpec<Q>;
    /**
     * The list doubles as a lookup for forms (branches, shop names…): a signed-in staff member
     * without the read code gets these columns only.
     */
    lookupColumns?: Record<string, Expr>;
  };
  info?: { path: string; aliases?: readonly string[] };
  create?: { path: string; form: z.ZodType<C>; access?: Codes };
  edit?: { path: string; form: z.ZodType<E>; access?: Codes };
  remove?: {
    path: string;
    method?: 'POST' | 'GET';
    access?: Codes;
    /** How many rows still point at this one; more than 0 refuses a hard delete (422). */
    countReferences?: (tx: DbOrTx, id: number) => Promise<number>;
    /** Refuse even a soft delete while referenced (a company with branches). */
    refuseWhenReferenced?: boolean;
  };
  /** Form → column values (property names of the table). */
  toValues: (form: C | E, ctx: ResourceContext) => Values | Promise<Values>;
  /** Rules that need the database (references, uniqueness): field → messages. */
  check?: (form: C | E, ctx: ResourceContext) => Promise<Record<string, string[]> | undefined> | Record<string, string[]> | undefined;
  /** Values a new row needs beyond the form (an explicit id, the creator). */
  beforeInsert?: (values: Values, ctx: ResourceContext) => Values | Promise<Values>;
  /** A branch section (spec §6): a partner holding the codes passes its routes too. */
  isPartnerSection?: boolean;
  /**
   * The rows a branch partner reaches (platform/partner-scope.ts), put into every list, info, edit
   * and delete query: required when any of the resource's routes lets a partner in (checked at start-up).
   */
  partnerScope?: (scope: PartnerScope) => SQL;
}

function accessOf(codes: Codes, isPartnerSection?: boolean): Exclude<RouteAccess, 'public'> {
  return isPartnerSection ? { permission: codes, partner: true } : { permission: codes };
}

function keyQuery(keys: readonly ResourceKey[], isInfo = false) {
  return z.object(Object.fromEntries(keys.map((k) => [k.param, isInfo && k.isOptional ? zInt.positive().optional() : zInt.positive()])));
}

type Scoped = { partnerScope?: (scope: PartnerScope) => SQL };

/** The viewer's partner condition (none for office staff, or for a resource no partner reaches). */
function scopeCondition(def: Scoped, viewer: RequestUser): SQL | undefined {
  return def.partnerScope?.(partnerScopeOf(viewer));
}

function keyCondition(def: { keys: readonly ResourceKey[]; deletedAt?: PgColumn } & Scoped, ids: Record<string, number>, viewer: RequestUser): SQL {
  const parts: SQL[] = def.keys.filter((k) => ids[k.param] !== undefined).map((k) => eq(k.column, ids[k.param] as number));
  if (def.deletedAt) parts.push(isNull(def.deletedAt));
  const scoped = scopeCondition(def, viewer);
  if (scoped) parts.push(scoped);
  return and(...parts) as SQL;
}

function readKeys(keys: readonly ResourceKey[], source: unknown): Record<string, number> {
  const data = (source ?? {}) as Record<string, unknown>;
  const ids: Record<string, number> = {};
  const errors: Record<string, string[]> = {};
  for (const key of keys) {
    const given = data[key.param];
    const id = Number(given);
    if (Number.isInteger(id) && id > 0) ids[key.param] = id;
    else if (!key.isOptional || (given !== undefined && given !== null && given !== '')) errors[key.param] = [az.errors.required];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return ids;
}

function firstKeyValue(keys: readonly ResourceKey[], ids: Record<string, number>): number {
  return ids[keys[keys.length - 1]?.param ?? ''] ?? 0;
}

/** Property name of a column in its table (the key of `values` for insert/update). */
function propertyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table as unknown as Record<string, unknown>).find(([, v]) => v === column);
  if (!entry) throw new Error(`column ${column.name} is not in the table`);
  return entry[0];
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return String(a) === String(b);
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  if ((typeof a === 'string' || typeof b === 'string') && a !== null && b !== null && a !== undefined && b !== undefined) {
    // numeric columns come back as '5.00' while the form says '5'
    const na = Number(a);
    const nb = Number(b);
    if (String(a).trim() !== '' && String(b).trim() !== '' && !Number.isNaN(na) && !Number.isNaN(nb)) return na === nb;
    return String(a) === String(b);
  }
  return (a ?? null) === (b ?? null);
}

// ---------------------------------------------------------------- service functions

interface Joinable { leftJoin(table: PgTable, on: SQL): this }
function withJoins<T extends Joinable>(query: T, joins: readonly ResourceJoin[] | undefined): T {
  let q = query;
  for (const join of joins ?? []) q = q.leftJoin(join.table, join.on);
  return q;
}

export async function listResource<Q extends ListQuery>(
  db: DbOrTx, def: ResourceDef<Q, Values, Values>, viewer: RequestUser, query: Q, tz: string,
) {
  const spec = def.list.spec(tz);
  const scoped = scopeCondition(def, viewer);
  const base = [...(spec.base ?? []), ...(def.deletedAt ? [isNull(def.deletedAt)] : []), ...(scoped ? [scoped] : [])];
  const built = buildListQuery({ ...spec, base }, query);
  const columns = isAllowed(viewer, accessOf(def.read, def.isPartnerSection)) || !def.list.lookupColumns ? def.columns : def.list.lookupColumns;
  const rows = await withJoins(db.select(columns as Record<string, SQL>).from(def.table).$dynamic(), def.joins).where(built.where)
    .orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, def.table, built);
  return { data: rows, total: total.total, total_kind: total.kind };
}

export async function readResource(db: DbOrTx, def: ResourceDef<ListQuery, Values, Values>, viewer: RequestUser, ids: Record<string, number>) {
  const [row] = await withJoins(db.select(def.columns as Record<string, SQL>).from(def.table).$dynamic(), def.joins)
    .where(keyCondition(def, ids, viewer)).orderBy(...def.keys.map((k) => k.column)).limit(1);
  if (!row) throw notFound(def.keys[def.keys.length - 1]?.param);
  return { data: row };
}

async function runCheck(def: ResourceDef<ListQuery, Values, Values>, form: Values, ctx: ResourceContext) {
  const errors = await def.check?.(form, ctx);
  if (errors && Object.keys(errors).length) throw invalid(errors);
}

export async function createResource(db: Db, def: ResourceDef<ListQuery, Values, Values>, viewer: RequestUser, form: Values) {
  return db.transaction(async (tx) => {
    const ctx: ResourceContext = { tx, viewer };
    await runCheck(def, form, ctx);
    let values = await def.toValues(form, ctx);
    if (def.beforeInsert) values = await def.beforeInsert(values, ctx);
    const returning = Object.fromEntries(def.keys.map((k) => [k.param, k.column]));
    const [created] = await tx.insert(def.table).values(values as never).returning(returning as never) as Record<string, number>[];
    const ids = created as Record<string, number>;
    const id = firstKeyValue(def.keys, ids);
    await recordAudit(tx, { userId: viewer.id, action: `${def.entity}.create`, entity: def.entity, entityId: def.keys.map((k) => ids[k.param]).join(':'), changes: values });
    return { data: { id, ...ids } };
  });
}

export async function updateResource(db: Db, def: ResourceDef<ListQuery, Values, Values>, viewer: RequestUser, form: Values) {
  const ids = readKeys(def.keys, form);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(def.table).where(keyCondition(def, ids, viewer))
      .orderBy(...def.keys.map((k) => k.column)).limit(1).for('update') as Values[];
    if (!current) throw notFound(def.keys[def.keys.length - 1]?.param);
    // A key left out is the found row's own: the update below touches that row only.
    for (const key of def.keys) ids[key.param] ??= Number(current[propertyOf(def.table, key.column)]);
    const ctx: ResourceContext = { tx, viewer, current };
    await runCheck(def, form, ctx);
    const values = await def.toValues(form, ctx);
    const changed: Values = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, to] of Object.entries(values)) {
      if (to === undefined || sameValue(current[key], to)) continue;
      changed[key] = to;
      changes[key] = { from: current[key] ?? null, to };
    }
    if (Object.keys(changed).length) await tx.update(def.table).set(changed as never).where(keyCondition(def, ids, viewer));
    await recordAudit(tx, { userId: viewer.id, action: `${def.entity}.update`, entity: def.entity, entityId: def.keys.map((k) => ids[k.param]).join(':'), changes });
    return { data: { id: firstKeyValue(def.keys, ids), ...ids } };
  });
}

export async function deleteResource(db: Db, def: ResourceDef<ListQuery, Values, Values>, viewer: RequestUser, ids: Record<string, number>) {
  const remove = def.remove;
  if (!remove) throw new AppError(405, az.errors.forbidden);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(def.table).where(keyCondition(def, ids, viewer)).limit(1).for('update') as Values[];
    const param = def.keys[def.keys.length - 1]?.param ?? 'id';
    if (!current) throw notFound(param);
    const id = firstKeyValue(def.keys, ids);
    const references = remove.countReferences ? await remove.countReferences(tx, id) : 0;
    const isSoft = Boolean(def.deletedAt);
    if (references > 0 && (!isSoft || remove.refuseWhenReferenced)) throw invalid({ [param]: [az.settingsLists.inUse] });
    if (def.deletedAt) {
      await tx.update(def.table).set({ [propertyOf(def.table, def.deletedAt)]: sql`now()` } as never).where(keyCondition(def, ids, viewer));
    } else {
      await tx.delete(def.table).where(keyCondition(def, ids, viewer));
    }
    await recordAudit(tx, {
      userId: viewer.id, action: `${def.entity}.delete`, entity: def.entity, entityId: def.keys.map((k) => ids[k.param]).join(':'),
      changes: { soft: isSoft, references, row: current },
    });
    return { data: { id } };
  });
}

// ---------------------------------------------------------------- routes

/** The list's and the info's reply schemas from the row schema (none when the resource declares no row). */
function replySchemas(def: ResourceDef<ListQuery, Values, Values>) {
  const row = def.row;
  if (!row) return undefined;
  const lookupKeys = Object.keys(def.list.lookupColumns ?? {});
  const lookupRow = lookupKeys.length ? row.pick(Object.fromEntries(lookupKeys.map((k) => [k, true])) as never) : undefined;
  return {
    list: z.object({ data: z.array(lookupRow ? z.union([row, lookupRow]) : row), total: z.number(), total_kind: z.enum(TOTAL_KINDS).optional() }),
    info: z.object({ data: row }),
  };
}

/** Registers the list's calls: list (and aliases), info, create, edit and delete as declared. */
export function registerResource<Q extends ListQuery, C extends Values, E extends Values>(
  server: FastifyInstance, definition: ResourceDef<Q, C, E>,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const def = definition as unknown as ResourceDef<ListQuery, Values, Values>;
  const tags = def.tags;
  const tz = () => app.config.APP_TIMEZONE;
  const section = def.isPartnerSection;
  const readAccess: RouteAccess = def.list.lookupColumns ? 'staff' : accessOf(def.read, section);
  const accesses = [readAccess, accessOf(def.read, section)];
  if (def.create) accesses.push(accessOf(def.create.access ?? def.read, section));
  if (def.edit) accesses.push(accessOf(def.edit.access ?? def.read, section));
  if (def.remove) accesses.push(accessOf(def.remove.access ?? def.read, section));
  if (accesses.some(admitsPartners) && !def.partnerScope) {
    throw new Error(`Resource ${def.entity}: a partner can reach it, so it must declare partnerScope (platform/partner-scope.ts)`);
  }

  const replies = replySchemas(def);
  for (const path of [def.list.path, ...(def.list.aliases ?? [])]) {
    app.get(path, {
      schema: {
        tags, summary: `${def.entity}: list (filters, page, per_page, sort_column, sort_order)`, querystring: def.list.query,
        ...(replies ? { response: { 200: replies.list } } : {}),
      },
      config: { access: readAccess },
    }, (req) => listResource(app.db, def, requireUser(req), req.query as ListQuery, tz()));
  }
  if (def.info) {
    for (const path of [def.info.path, ...(def.info.aliases ?? [])]) {
      app.get(path, {
        schema: { tags, summary: `${def.entity}: one row`, querystring: keyQuery(def.keys, true), ...(replies ? { response: { 200: replies.info } } : {}) },
        config: { access: accessOf(def.read, section) },
      }, (req) => readResource(app.db, def, requireUser(req), req.query as Record<string, number>));
    }
  }
  if (def.create) {
    app.post(def.create.path, {
      schema: { tags, summary: `${def.entity}: create (form)`, body: def.create.form },
      config: { access: accessOf(def.create.access ?? def.read, section) },
    }, (req) => createResource(app.db, def, requireUser(req), req.body as Values));
  }
  if (def.edit) {
    app.post(def.edit.path, {
      schema: { tags, summary: `${def.entity}: edit (form)`, body: def.edit.form },
      config: { access: accessOf(def.edit.access ?? def.read, section) },
    }, (req) => updateResource(app.db, def, requireUser(req), req.body as Values));
  }
  if (def.remove) {
    const method = def.remove.method ?? 'POST';
    const options = {
      schema: { tags, summary: `${def.entity}: delete (soft where rows keep history)`, querystring: keyQuery(def.keys) },
      config: { access: accessOf(def.remove.access ?? def.read, section) },
    };
    const handler = (req: { query: unknown; user: RequestUser | null }) =>
      deleteResource(app.db, def, requireUser(req as never), req.query as Record<string, number>);
    if (method === 'GET') app.get(def.remove.path, options, handler);
    else app.post(def.remove.path, options, handler);
  }
}
