import { az } from '@app/contract/texts/az';
import { describe, expect, test } from 'vitest';
import { describeFilterValue } from '../../../shared/data-table/describe-filter';
import { buildDefaultFilters, buildListParams, readTableState } from '../../../shared/data-table/table-state';
import { buildUserColumns } from '../../users/components/user-columns';
import { customersListLink, customersOfBranchLink } from '../model/users-links';
import { handedOverTodayLink } from './queue-links';

/*
 * Issue 19 item 1/3: the new-customers numbers (landing KPI, per-day bars, per-branch rows; the
 * users statistics' months) open the users list with the same rows; "handed over today" opens the
 * status archive of queue entries reaching 43 today. Checked as the list itself reads the link.
 */

const columns = buildUserColumns({
  userTypes: [{ value: '0', label: az.users.roles[0]! }, { value: '3', label: az.users.roles[3]! }],
  parcelStatuses: [], branches: [{ value: '2', label: 'Gənclik' }], isLoading: false, hasFixedRole: false, renderActions: () => null,
});
const defaults = { pageSize: 25, sort: { column: 'id', order: 'desc' as const }, filters: buildDefaultFilters(columns) };
/** What the users list sends to client/list when opened at the link. */
function usersListCall(link: string) {
  const url = new URL(link, 'http://x');
  expect(url.pathname).toBe('/@next/users');
  const state = readTableState(url.searchParams, columns, defaults);
  return { state, params: buildListParams(state, columns) };
}

describe('[STATISTICS][LANDING] new customers open the users list with the same filters', () => {
  test('the range\'s customers: role 0, registered from the first day\'s start to the last day\'s end, newest first', () => {
    const { params, state } = usersListCall(customersListLink({ from: '2026-11-01', to: '2026-11-27' }));
    expect(params).toEqual({
      page: 1, per_page: 25, sort_column: 'created_at', sort_order: 'desc',
      admin: ['0'], date_from: '2026-11-01 00:00:00', date_to: '2026-11-27 23:59:59',
    });
    // the filters are shown (and clearable) in the list's toolbar in Azerbaijani
    const userType = columns.find((c) => c.key === 'user_type')!;
    expect(describeFilterValue(userType.filter!, state.filters.user_type!)).toBe('Müştəri');
    const created = columns.find((c) => c.key === 'created_at')!;
    expect(created.title).toBe('Qeydiyyat tarixi');
    expect(describeFilterValue(created.filter!, state.filters.created_at!)).toBe('2026-11-01 — 2026-11-27');
  });

  test('a day\'s bar is that one office day; a branch row adds its branch; a gender (users statistics) its gender', () => {
    expect(usersListCall(customersListLink({ from: '2026-11-05', to: '2026-11-05' })).params).toMatchObject({ date_from: '2026-11-05 00:00:00', date_to: '2026-11-05 23:59:59' });
    expect(usersListCall(customersOfBranchLink({ from: '2026-11-01', to: '2026-11-27' }, '2')!).params).toMatchObject({ admin: ['0'], branch_id: ['2'] });
    expect(usersListCall(customersListLink({ from: '2026-01-01', to: '2026-01-31' }, { gender: 'female' })).params).toMatchObject({ gender: ['female'] });
    // customers without a branch (0): the list has no such filter, the number is not a link
    expect(customersOfBranchLink({ from: '2026-11-01', to: '2026-11-27' }, 0)).toBeUndefined();
  });
});

describe('[STATISTICS][LANDING] "handed over today" opens the queue entries that reached 43 today', () => {
  test('the status archive of the handover model (7), status 43, on the office\'s today', () => {
    const link = new URL(handedOverTodayLink('2026-11-27'), 'http://x');
    expect(link.pathname).toBe('/@next/archive/state');
    expect(Object.fromEntries(link.searchParams)).toEqual({ model_id: '7', state_id: '43', created: '2026-11-27~2026-11-27' });
  });
});
