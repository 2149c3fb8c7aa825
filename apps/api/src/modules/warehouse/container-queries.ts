import type { BoxTransfer } from '@app/contract/declaration-workflow';
import type { ContainerRow } from '@app/contract/warehouse';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { declarations } from '../../db/schema/declarations';
import { flights } from '../../db/schema/flights';
import { containerSelections } from '../../db/schema/handover';
import { auditLog, statusHistory } from '../../db/schema/platform';
import { branches } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { containerTransfers, containers } from '../../db/schema/warehouse';
import { inCompany, type PartnerScope } from '../../platform/partner-scope';

/** A scanned code resolved to one declaration (or none). */
export interface ScannedRow {
  id: number;
  trackCode: string;
  globalTrackCode: string | null;
  statusId: number;
  branchId: number | null;
  branchName: string | null;
  flightName: string | null;
  requiresDeclaration: boolean;
  provider: number;
  containerId: number | null;
  containerName: string | null;
  deleted: boolean;
}

/** Codes a scanned value may stand for: Findex codes are the track code or its digits; Trendyol codes the global track code. */
export function codeCandidates(code: string, type: 'findex' | 'trendyol'): string[] {
  const trimmed = code.trim();
  if (type === 'trendyol') return [trimmed];
  const digits = trimmed.replace(/\D/g, '');
  return [...new Set([trimmed, digits ? `AZ${digits}` : trimmed])];
}

/**
 * One round trip for any number of codes; served by the track-code unique index and the global code
 * index. A partner finds only its company's parcels: another's, or an office parcel, is not found.
 */
export async function findScannedDeclarations(db: DbOrTx, scope: PartnerScope, codes: readonly string[], type: 'findex' | 'trendyol'): Promise<ScannedRow[]> {
  if (!codes.length) return [];
  const byGlobal = type === 'trendyol' ? codes : [];
  const res = await db.execute<ScannedRow & Record<string, unknown>>(sql`
    select d.id, d.track_code as "trackCode", d.global_track_code as "globalTrackCode", d.status_id as "statusId",
      d.branch_id as "branchId", b.name as "branchName", f.name as "flightName",
      d.requires_declaration as "requiresDeclaration", d.trendyol as provider,
      d.container_id as "containerId", c.name as "containerName", (d.deleted_at is not null) as deleted
    from ${declarations} d
      left join ${branches} b on b.id = d.branch_id
      left join ${flights} f on f.id = d.flight_id
      left join ${containers} c on c.id = d.container_id
    where (d.track_code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})
      ${byGlobal.length ? sql`or d.global_track_code in (${sql.join(byGlobal.map((c) => sql`${c}`), sql`, `)})` : sql``})
      and ${inCompany(scope, sql.raw('d.partner_id'))}`);
  return res.rows;
}

/** A live box the caller may use: a partner only its company's. */
function usableBox(scope: PartnerScope, id: number) {
  return and(eq(containers.id, id), isNull(containers.deletedAt), inCompany(scope, containers.companyId));
}

export function findContainer(db: DbOrTx, scope: PartnerScope, id: number) {
  return db.select().from(containers).where(usableBox(scope, id)).limit(1).then((r) => r[0]);
}

export function findContainerForUpdate(db: DbOrTx, scope: PartnerScope, id: number) {
  return db.select().from(containers).where(usableBox(scope, id)).limit(1).for('update').then((r) => r[0]);
}

export function findMyContainers(db: DbOrTx, userId: number) {
  return db.select({ id: containers.id, container_name: containers.name, branch_id: containers.branchId })
    .from(containers).where(and(eq(containers.userId, userId), isNull(containers.deletedAt))).orderBy(containers.name);
}

/** The box chosen on the acceptance screen, as a flat box row (same names as the boxes list). */
export async function findSelectedContainer(db: DbOrTx, scope: PartnerScope, userId: number, timeZone: string) {
  const res = await db.execute<ContainerRow & Record<string, unknown>>(sql`
    select c.id, c.name as container_name, c.branch_id, b.name as branch_name,
      coalesce(c.user_id, 0) as user_id, trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')) as user_name,
      (select count(*)::int from ${declarations} d where d.container_id = c.id and d.deleted_at is null and d.status_id = 9) as declaration_count,
      to_char(c.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as created_at
    from ${containerSelections} s join ${containers} c on c.id = s.container_id and c.deleted_at is null
      left join ${branches} b on b.id = c.branch_id
      left join ${users} u on u.id = c.user_id
    where s.user_id = ${userId} and ${inCompany(scope, sql.raw('c.company_id'))}`);
  return res.rows[0] ?? null;
}

export async function saveSelectedContainer(db: DbOrTx, userId: number, containerId: number) {
  await db.insert(containerSelections).values({ userId, containerId })
    .onConflictDoUpdate({ target: containerSelections.userId, set: { containerId, updatedAt: sql`now()` } });
}

/**
 * Puts the declarations into a box (or only into the local warehouse when no box), takes them to
 * status 9 and writes status history, box transfer and audit rows, set-based: 500 parcels are a
 * handful of statements, not 2,000.
 */
export async function acceptIntoWarehouse(tx: DbOrTx, scope: PartnerScope, input: {
  ids: readonly number[]; containerId: number | null; branchId: number | null; userId: number; toStatus: number; note: string;
}): Promise<{ statusChanged: number }> {
  const ids = sql`(${sql.join(input.ids.map((id) => sql`${id}`), sql`, `)})`;
  const res = await tx.execute<{ id: number; from_state: number; from_container: number | null; from_branch: number | null } & Record<string, unknown>>(sql`
    with before as (
      select id, status_id as from_state, container_id as from_container, branch_id as from_branch
      from ${declarations} where id in ${ids} and ${inCompany(scope, sql.raw('partner_id'))} for update
    ), changed as (
      update ${declarations} d set status_id = ${input.toStatus},
        container_id = coalesce(${input.containerId}::int, d.container_id),
        branch_id = coalesce(${input.branchId}::int, d.branch_id),
        causer_id = ${input.userId}, updated_at = now()
      from before where d.id = before.id
      returning d.id
    )
    select before.* from before join changed on changed.id = before.id`);
  const rows = res.rows;
  const moved = rows.filter((r) => r.from_state !== input.toStatus);
  if (moved.length) {
    await tx.insert(statusHistory).values(moved.map((r) => ({
      modelId: 2, objectId: r.id, fromStateId: r.from_state, stateId: input.toStatus, userId: input.userId, note: input.note,
    })));
  }
  if (input.containerId !== null) {
    const transfers = rows.filter((r) => r.from_container !== input.containerId);
    if (transfers.length) {
      await tx.insert(containerTransfers).values(transfers.map((r) => ({
        declarationId: r.id, fromContainerId: r.from_container, toContainerId: input.containerId, userId: input.userId,
        branchId: input.branchId, note: input.note,
      })));
    }
  }
  await tx.insert(auditLog).values(rows.map((r) => ({
    userId: input.userId, action: 'declaration.box_accept', entity: 'declaration', entityId: String(r.id),
    changes: {
      state_id: { from: r.from_state, to: input.toStatus },
      container_id: { from: r.from_container, to: input.containerId ?? r.from_container },
      branch_id: { from: r.from_branch, to: input.branchId ?? r.from_branch },
    },
  })));
  return { statusChanged: moved.length };
}

/** Moves declarations into another box without changing their status; every move is logged. */
export async function transferIntoContainer(tx: DbOrTx, input: {
  ids: readonly number[]; containerId: number; branchId: number | null; userId: number; note: string | null;
}): Promise<number> {
  const ids = sql`(${sql.join(input.ids.map((id) => sql`${id}`), sql`, `)})`;
  const res = await tx.execute<{ id: number; from_container: number | null } & Record<string, unknown>>(sql`
    with before as (select id, container_id as from_container from ${declarations} where id in ${ids} for update),
    changed as (
      update ${declarations} d set container_id = ${input.containerId}, causer_id = ${input.userId}, updated_at = now()
      from before where d.id = before.id and d.container_id is distinct from ${input.containerId}
      returning d.id
    )
    select before.* from before join changed on changed.id = before.id`);
  if (!res.rows.length) return 0;
  await tx.insert(containerTransfers).values(res.rows.map((r) => ({
    declarationId: r.id, fromContainerId: r.from_container, toContainerId: input.containerId, userId: input.userId,
    branchId: input.branchId, note: input.note,
  })));
  await tx.insert(auditLog).values(res.rows.map((r) => ({
    userId: input.userId, action: 'declaration.box_transfer', entity: 'declaration', entityId: String(r.id),
    changes: { container_id: { from: r.from_container, to: input.containerId } },
  })));
  return res.rows.length;
}

/**
 * Transfer log rows (spec §3 "Box transfer") by declaration, by box or by branch, newest first and
 * paged; a declaration's own history (the detail page's accordion) is read whole, oldest first.
 */
export async function findTransfers(db: DbOrTx, where: { declarationId?: number; branchId?: number; containerId?: number }, page: { limit: number; offset: number } | null, timeZone: string) {
  const t = containerTransfers;
  const cond = where.declarationId !== undefined ? sql`${t.declarationId} = ${where.declarationId}`
    : where.containerId !== undefined ? sql`(${t.toContainerId} = ${where.containerId} or ${t.fromContainerId} = ${where.containerId})`
    : where.branchId !== undefined ? sql`${t.branchId} = ${where.branchId}` : sql`true`;
  const order = page ? sql`${t.createdAt} desc, ${t.id} desc` : sql`${t.createdAt}, ${t.id}`;
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = await db.execute<BoxTransfer & Record<string, unknown>>(sql`
    select ${t.id} as id,
      json_build_object('id', dd.id, 'trackCode', dd.track_code) as declaration,
      (select json_build_object('id', c.id, 'name', c.name) from ${containers} c where c.id = ${t.fromContainerId}) as "fromContainer",
      (select json_build_object('id', c.id, 'name', c.name) from ${containers} c where c.id = ${t.toContainerId}) as "toContainer",
      (select json_build_object('id', u.id, 'name', u.name || ' ' || u.surname) from ${users} u where u.id = ${t.userId}) as "user",
      (select json_build_object('id', b.id, 'name', b.name) from ${branches} b where b.id = ${t.branchId}) as branch,
      ${t.note} as note,
      to_char(${t.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as "createdAt"
    from ${t} join ${declarations} dd on dd.id = ${t.declarationId}
    where ${cond}
    order by ${order}
    ${limit}`);
  if (!page) return { rows: rows.rows, total: rows.rows.length };
  const total = await db.execute<{ n: number } & Record<string, unknown>>(sql`select count(*)::int as n from ${t} where ${cond}`);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
