import { az } from '@app/contract/texts/az';
import { ZContainerForm, ZContainerListQuery, ZContainerRow, type ContainerForm, type ContainerListQuery } from '@app/contract/warehouse';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { declarations } from '../../db/schema/declarations';
import { branches } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { containers as c } from '../../db/schema/warehouse';
import { filters, type ListSpec } from '../../platform/list-query';
import { inCompany, partnerScopeOf } from '../../platform/partner-scope';
import type { ResourceContext, ResourceDef } from '../../platform/resource';
import { asDateTime, fullName } from '../../platform/sql-format';

/*
 * Boxes and partner boxes (spec §2 "Settings-type lists", §3 Box / Partner box, §7 Containers and
 * Partner boxes) declared through the settings lists' resource pattern: list, info, create, edit,
 * cancel with 422 field errors and audit entries. Partner boxes are rows with is_partner.
 */

const boxBranch = alias(branches, 'box_branch');
const boxUser = alias(users, 'box_user');
// Inside a sub-select a bare column name would bind to the inner table: name the outer row explicitly.
const outer = (column: string) => sql.raw(`"containers"."${column}"`);
/** The box row (contract ZContainerRow): names from the joins; a box created by no one has user 0 and name ''. */
const columns = {
  id: c.id,
  container_name: c.name,
  branch_id: c.branchId,
  branch_name: boxBranch.name,
  user_id: sql<number>`coalesce(${c.userId}, 0)`,
  user_name: sql<string>`coalesce(${fullName(boxUser.name, boxUser.surname)}, '')`,
  declaration_count: sql<number>`(select count(*)::int from ${declarations} d where d.container_id = ${outer('id')} and d.deleted_at is null and d.status_id = 9)`,
  // A resource's columns are fixed at start-up (no time zone parameter): the office zone, as APP_TIMEZONE's default.
  created_at: asDateTime(c.createdAt, 'Asia/Baku'),
};
const joins = [
  { table: boxBranch, on: eq(boxBranch.id, c.branchId) },
  { table: boxUser, on: eq(boxUser.id, c.userId) },
];

function listSpec(isPartner: boolean) {
  return (): ListSpec<ContainerListQuery> => ({
    filters: {
      id: filters.equals(c.id),
      container_name: filters.contains(c.name),
      name: filters.contains(c.name),
      branch_id: filters.equals(c.branchId),
      user_id: filters.equals(c.userId),
    },
    sorts: { id: c.id, container_name: c.name, name: c.name, created_at: c.createdAt, createdAt: c.createdAt, branch_id: c.branchId, user_id: c.userId },
    defaultSort: { column: 'id', order: 'desc' },
    tieBreaker: c.id,
    base: [eq(c.isPartner, isPartner)],
    isBaseNarrow: true,
  });
}

/** The box's branch, among those the viewer may use: a partner only its own company's (else "not found"). */
function findUsableBranch(form: ContainerForm, ctx: ResourceContext) {
  return ctx.tx.select({ id: branches.id, companyId: branches.companyId }).from(branches)
    .where(and(eq(branches.id, form.branch_id), inCompany(partnerScopeOf(ctx.viewer), branches.companyId))).limit(1).then((r) => r[0]);
}

async function checkBranch(form: ContainerForm, ctx: ResourceContext) {
  return (await findUsableBranch(form, ctx)) ? undefined : { branch_id: [az.warehouse.branchNotFound] };
}

function boxDef(isPartner: boolean): ResourceDef<ContainerListQuery, ContainerForm> {
  const base = isPartner ? '/api/branchpartner/containers' : '/api/admin/containers';
  const write = isPartner ? 'branch_manager' as const : 'containers' as const;
  return {
    entity: isPartner ? 'partner_container' : 'container',
    tags: ['warehouse'],
    table: c,
    keys: [{ param: 'container_id', column: c.id }],
    deletedAt: c.deletedAt,
    columns,
    joins,
    row: ZContainerRow,
    // spec §2/§6: partner boxes are a branch section (admins and partners hold branch_manager by default).
    read: isPartner ? 'branch_manager' : 'containers',
    list: { path: base, query: ZContainerListQuery, spec: listSpec(isPartner) },
    info: { path: `${base}/info` },
    create: { path: `${base}/create`, form: ZContainerForm, access: write },
    edit: { path: `${base}/edit`, form: ZContainerForm, access: write },
    remove: { path: `${base}/cancel`, access: write },
    check: checkBranch,
    // A partner box belongs to the company of its branch, whoever creates or moves it.
    toValues: async (form, ctx) => ({
      name: form.container_name, branchId: form.branch_id,
      ...(isPartner ? { companyId: (await findUsableBranch(form, ctx))?.companyId ?? null } : {}),
    }),
    beforeInsert: (values, ctx) => ({ ...values, userId: ctx.viewer.id, isPartner }),
    ...(isPartner ? { isPartnerSection: true, partnerScope: (scope) => inCompany(scope, c.companyId) } : {}),
  };
}

export const boxResource = boxDef(false);
export const partnerBoxResource = boxDef(true);
