import { ROLE } from '@app/contract/roles';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { RequestUser } from './access';

/*
 * Partner scoping (issue 13 item 1, spec §6): a branch partner (role 4) works only inside its own
 * company. Every query a partner can reach takes a PartnerScope and puts its condition into its own
 * where clause, so a foreign row is simply not found (404, or the "not found" field error a missing
 * id gets) and never distinguishable from one that does not exist. Office staff and admins get no
 * restriction.
 *
 * What belongs to a partner company:
 * - a parcel: `declarations.partner_id` = the company (spec §1 "Partner companies have their own
 *   declarations"); office parcels have none;
 * - a box: `containers.company_id` (set from the partner's company on create);
 * - a branch: `branches.company_id`.
 */

export type PartnerScope =
  | { readonly kind: 'office' }
  | { readonly kind: 'partner'; readonly companyId: number | null; readonly branchId: number | null };

const OFFICE: PartnerScope = { kind: 'office' };

/** The scope of a signed-in user: a partner's company and branch, or no restriction. */
export function partnerScopeOf(user: RequestUser): PartnerScope {
  if (user.admin !== ROLE.partner) return OFFICE;
  return { kind: 'partner', companyId: user.companyId, branchId: user.adminBranchId };
}

export function isPartnerScope(scope: PartnerScope): scope is Extract<PartnerScope, { kind: 'partner' }> {
  return scope.kind === 'partner';
}

/**
 * The condition on a column holding a company id (`declarations.partner_id`, `containers.company_id`,
 * `branches.company_id`, `companies.id`): always a condition, `true` for office staff, so it also fits
 * raw SQL (`sql.raw('d.partner_id')` for an aliased table). A partner without a company sees nothing.
 */
export function inCompany(scope: PartnerScope, companyColumn: AnyColumn | SQL): SQL {
  if (scope.kind === 'office') return sql`true`;
  if (scope.companyId === null) return sql`false`;
  return sql`${companyColumn} = ${scope.companyId}`;
}

/** Reference data every signed-in user reads alike (statuses, countries, product types…): nothing to filter. */
export function sharedWithPartners(): SQL {
  return sql`true`;
}
