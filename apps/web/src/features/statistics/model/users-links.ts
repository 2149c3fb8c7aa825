import { ROLE } from '@app/contract/roles';
import { buildListLink } from './stat-query';

/**
 * Links from a new-customers figure (landing, statistics/users/general) to the users list with the
 * same rows (issue 19 item 3): customers (admin 0) registered in the office days from–to (the
 * list's `created_at` filter, 'from~to'), of a branch or gender, newest first (the list's
 * registration-date order, served by its index).
 */
export interface CustomerPick { branch_id?: string | number | null; gender?: string | null }

export function customersListLink(days: { from: string; to: string }, pick: CustomerPick = {}): string {
  return buildListLink('users', {
    admin: ROLE.client, created_at: `${days.from}~${days.to}`, branch_id: pick.branch_id, gender: pick.gender, sort: 'created_at', order: 'desc',
  });
}

/** A branch row of new customers: branch 0 (customers without a branch) has no list filter, so no link. */
export function customersOfBranchLink(days: { from: string; to: string }, branchId: string | number): string | undefined {
  return String(branchId) === '0' ? undefined : customersListLink(days, { branch_id: branchId });
}
