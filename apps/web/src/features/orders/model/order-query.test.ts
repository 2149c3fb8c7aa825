import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { buildDefaultFilters, buildListParams, readTableState } from '../../../shared/data-table/table-state';
import { buildOrderColumns } from '../components/order-columns';
import { buildStatusListSearch, toBulkStateQuery, toOrderFilterQuery, toOrderListQuery } from './order-query';
import { readOrderUrlFilters } from './url-filters';

const columns = buildOrderColumns({
  statuses: [{ value: 5, label: 'Gözləmədə' }, { value: 8, label: 'Sifariş verilib' }],
  countries: [{ value: 1, label: 'Türkiyə' }, { value: 2, label: 'ABŞ' }],
  isLoading: false,
  renderActions: () => null,
});
const defaults = { pageSize: 25, sort: { column: 'created_at', order: 'desc' as const }, filters: buildDefaultFilters(columns) };
const NOW = dayjs('2026-11-27T10:00:00');

/** What the getlist call receives for a list URL. */
function wireQuery(search: string) {
  return toOrderListQuery(buildListParams(readTableState(new URLSearchParams(search), columns, defaults), columns, NOW));
}

describe('[ORDERS][LIST] table filters → the getlist query (wire names of api-requests-in-use.tsv)', () => {
  test('the first page: 25 newest orders of the last 31 days; created_at is one "from,to" param', () => {
    expect(wireQuery('')).toEqual({
      page: 1, per_page: 25, sort_column: 'created_at', sort_order: 'desc',
      created_at: '2026-10-28 00:00:00,2026-11-27 23:59:59',
    });
  });

  test('every column filter goes out under its wire name', () => {
    const query = wireQuery('?user_id=AZ1234&user_name=Aysel&country_id=1,2&track_code=TY99&shop_name=trendyol&state_id=5,8&payed=1&executive=Rəşad&created_at=all');
    expect(query).toEqual({
      page: 1, per_page: 25, sort_column: 'created_at', sort_order: 'desc',
      user_id: 'AZ1234', user_name: 'Aysel', country_id: ['1', '2'], track_code: 'TY99', shop_name: 'trendyol',
      state_id: ['5', '8'], payed: '1', executive: 'Rəşad',
    });
  });

  test('links into the list by exact ids: the orders of one executor or one customer', () => {
    expect(wireQuery('?executive_id=3&customer_id=1012&created_at=all')).toEqual({
      page: 1, per_page: 25, sort_column: 'created_at', sort_order: 'desc', executive_id: '3', customer_id: '1012',
    });
  });

  test('the expected date (waiting) is all time unless chosen; a chosen range is one "from,to" param', () => {
    expect(wireQuery('?created_at=all')).not.toHaveProperty('waiting');
    expect(wireQuery('?created_at=all&waiting=2026-11-01~2026-11-30').waiting).toBe('2026-11-01 00:00:00,2026-11-30 23:59:59');
  });

  test('sorts and pages: page 3 of 50 by price ascending', () => {
    expect(wireQuery('?page=3&size=50&sort=price&order=asc&created_at=all')).toEqual({ page: 3, per_page: 50, sort_column: 'price', sort_order: 'asc' });
  });

  test('the bulk call gets the filters without paging or sort, and new_state_id / new_client_descr', () => {
    const filters = toOrderFilterQuery(wireQuery('?page=2&state_id=5&created_at=all'));
    expect(filters).toEqual({ state_id: ['5'] });
    expect(toBulkStateQuery(filters, 32)).toEqual({ state_id: ['5'], new_state_id: 32 });
    expect(toBulkStateQuery(filters, 4, '  Stokda yoxdur ')).toEqual({ state_id: ['5'], new_state_id: 4, new_client_descr: 'Stokda yoxdur' });
  });

  test('a modal route over the table (bulk_reject) reads the same filters, with how the toolbar names them', () => {
    const { params, descriptions } = readOrderUrlFilters(new URLSearchParams('?state_id=5&payed=0&created_at=all&page=4'), columns);
    expect(params).toEqual({ state_id: ['5'], payed: '0' });
    expect(descriptions).toContain('Status: Gözləmədə');
    expect(descriptions.some((text) => text.startsWith('Ödəniş:'))).toBe(true);
  });

  test('a counts row links to the list with the same filters and its own status, from the first page', () => {
    expect(buildStatusListSearch('?state_id=5&payed=1&page=3', 9)).toBe('?state_id=9&payed=1');
    expect(buildStatusListSearch('?state_id=5&payed=1', null)).toBe('?payed=1');
    expect(buildStatusListSearch('', 10)).toBe('?state_id=10');
  });
});
