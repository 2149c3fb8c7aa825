import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import type { DataTableColumn } from './column-types';
import { buildDefaultFilters, buildListParams, readTableState, writeTableState, type TableDefaults, type TableState } from './table-state';

interface Row {
  id: number;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'track_code', title: 'İzləmə kodu', render: () => null, sortColumn: 'track_code', filter: { kind: 'text', param: 'track_code' } },
  { key: 'status', title: 'Status', render: () => null, sortColumn: 'state_id',
    filter: { kind: 'select', param: 'state_id', isMulti: true, options: [{ value: 9, label: 'Yerli anbarda' }] } },
  { key: 'paid', title: 'Ödənilib', render: () => null, filter: { kind: 'boolean', param: 'payed' } },
  { key: 'weight', title: 'Çəki', render: () => null, sortColumn: 'weight', filter: { kind: 'number', param: 'weight' } },
  { key: 'created_at', title: 'Yaradılma tarixi', render: () => null, sortColumn: 'created_at', filter: { kind: 'date-range', param: 'created' } },
];

const defaults: TableDefaults = {
  pageSize: 25,
  sort: { column: 'created_at', order: 'desc' },
  filters: buildDefaultFilters(columns),
};

describe('[TABLE][URL] the table view lives in the URL and comes back the same', () => {
  test('a fresh URL gives page 1, 25 rows, newest first, last 31 days', () => {
    const state = readTableState(new URLSearchParams(), columns, defaults);
    expect(state).toEqual({
      pageIndex: 0,
      pageSize: 25,
      sort: { column: 'created_at', order: 'desc' },
      filters: { created_at: { preset: 'last31' } },
    });
    expect(writeTableState(state, columns, defaults).toString()).toBe('');
  });

  test('state → search params → state gives the same view', () => {
    const state: TableState = {
      pageIndex: 2,
      pageSize: 50,
      sort: { column: 'weight', order: 'asc' },
      filters: {
        track_code: 'TR123',
        status: ['9', '10'],
        paid: '0',
        weight: '1.5',
        created_at: { preset: 'custom', from: '2025-01-01', to: '2025-01-31' },
      },
    };
    const params = writeTableState(state, columns, defaults);
    expect(Object.fromEntries(params)).toEqual({
      page: '3',
      size: '50',
      sort: 'weight',
      order: 'asc',
      track_code: 'TR123',
      state_id: '9,10',
      payed: '0',
      weight: '1.5',
      created: '2025-01-01~2025-01-31',
    });
    expect(readTableState(new URLSearchParams(params.toString()), columns, defaults)).toEqual(state);
  });

  test('clearing the date range to all time is remembered as "all"', () => {
    const state: TableState = { pageIndex: 0, pageSize: 25, sort: defaults.sort, filters: { created_at: { preset: 'all' } } };
    const params = writeTableState(state, columns, defaults);
    expect(params.get('created')).toBe('all');
    expect(readTableState(params, columns, defaults)).toEqual(state);
  });

  test('params of other screens are kept, broken values fall back to defaults', () => {
    const params = new URLSearchParams('tab=2&page=-4&size=9999&sort=password&payed=maybe');
    const state = readTableState(params, columns, defaults);
    expect(state.pageIndex).toBe(0);
    expect(state.pageSize).toBe(25);
    expect(state.sort).toEqual(defaults.sort);
    expect(state.filters.paid).toBeUndefined();
    expect(writeTableState(state, columns, defaults, params).get('tab')).toBe('2');
  });

  test('the list call gets the wire page from 1, sort and filters by their wire names', () => {
    const state = readTableState(new URLSearchParams('page=2&size=10&sort=weight&order=asc&state_id=9,10&payed=1&created=last7'), columns, defaults);
    expect(buildListParams(state, columns, dayjs('2025-03-15T12:00:00'))).toEqual({
      page: 2,
      per_page: 10,
      sort_column: 'weight',
      sort_order: 'asc',
      state_id: ['9', '10'],
      payed: '1',
      date_from: '2025-03-09 00:00:00',
      date_to: '2025-03-15 23:59:59',
    });
  });
});

describe('[TABLE][PAGE SIZE] spec §9: lists defaulting to 50 read tablePageSize only up to 100', () => {
  test.each([
    [null, 50],
    ['100', 100],
    ['20', 20],
    ['500', 50],
    ['abc', 50],
  ])('stored %j gives %i rows', async (stored, expected) => {
    const { resolveDefaultPageSize } = await import('./table-state');
    if (stored !== null) window.localStorage.setItem('tablePageSize', stored);
    expect(resolveDefaultPageSize(50)).toBe(expected);
    window.localStorage.clear();
  });

  test('a list defaulting to 25 ignores the stored size', async () => {
    const { resolveDefaultPageSize } = await import('./table-state');
    window.localStorage.setItem('tablePageSize', '100');
    expect(resolveDefaultPageSize(25)).toBe(25);
  });
});
