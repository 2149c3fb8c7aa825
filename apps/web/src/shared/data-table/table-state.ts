import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortOrder } from '@app/contract/common-constants';
import type { Dayjs } from 'dayjs';
import type { QueryParams } from '../http/http-client';
import type { ColumnFilter, DataTableColumn, FilterValue } from './column-types';
import { DEFAULT_DATE_PRESET, officeNow, parseDateRange, serializeDateRange, toWireDateRange, type DateRangeValue } from './date-range';

export interface TableSort {
  column: string;
  order: SortOrder;
}

/** spec §3 "Table state": what the URL keeps of it (page index from 0, size, sort, filters by column key). */
export interface TableState {
  pageIndex: number;
  pageSize: number;
  sort: TableSort | null;
  filters: Record<string, FilterValue>;
}

export interface TableDefaults {
  pageSize: number;
  sort: TableSort | null;
  filters: Record<string, FilterValue>;
}

/** URL keys of the table itself; filters use their wire names beside them. */
const URL_KEY = { page: 'page', size: 'size', sort: 'sort', order: 'order' } as const;
/** Sizes a bookmarked URL may ask for: the offered ones, and a stored size up to 100 (spec §9). */
const MAX_URL_PAGE_SIZE = 100;
const PAGE_SIZE_KEY = 'tablePageSize';

type FilteredColumn<Row> = DataTableColumn<Row> & { filter: ColumnFilter };

function filteredColumns<Row>(columns: readonly DataTableColumn<Row>[]): FilteredColumn<Row>[] {
  return columns.filter((column): column is FilteredColumn<Row> => column.filter !== undefined);
}

/** spec §9: a list defaulting to 50 reads the stored `tablePageSize` when it is at most 100. */
export function resolveDefaultPageSize(listDefault: number = DEFAULT_PAGE_SIZE): number {
  if (listDefault !== 50) return listDefault;
  const stored = Number(window.localStorage.getItem(PAGE_SIZE_KEY));
  return Number.isInteger(stored) && stored > 0 && stored <= MAX_URL_PAGE_SIZE ? stored : listDefault;
}

export function listPageSizes(current: number): number[] {
  const sizes: number[] = [...PAGE_SIZES];
  if (!sizes.includes(current)) sizes.push(current);
  return sizes.sort((a, b) => a - b);
}

/** The filters a table starts with: a date range starts at its preset (last 31 days unless told). */
export function buildDefaultFilters<Row>(columns: readonly DataTableColumn<Row>[]): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  for (const column of filteredColumns(columns)) {
    if (column.filter.kind === 'date-range') {
      const preset = column.filter.defaultPreset ?? DEFAULT_DATE_PRESET;
      filters[column.key] = { preset } as DateRangeValue;
    }
  }
  return filters;
}

export function isFilterEmpty(value: FilterValue | undefined): boolean {
  if (value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function serializeFilter(filter: ColumnFilter, value: FilterValue): string {
  if (filter.kind === 'date-range') return serializeDateRange(value as DateRangeValue);
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

function parseFilter(filter: ColumnFilter, text: string): FilterValue | undefined {
  switch (filter.kind) {
    case 'date-range':
      return parseDateRange(text) ?? undefined;
    case 'boolean':
      return text === '1' || text === '0' ? text : undefined;
    case 'select': {
      const values = text.split(',').map((v) => v.trim()).filter(Boolean);
      if (values.length === 0) return undefined;
      return filter.isMulti ? values : values.slice(0, 1);
    }
    default:
      return text.trim() === '' ? undefined : text;
  }
}

function isSameFilter(a: FilterValue | undefined, b: FilterValue | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function isSameSort(a: TableSort | null, b: TableSort | null): boolean {
  return a?.column === b?.column && a?.order === b?.order;
}

/** State → search params: only what differs from the defaults is written; other params are kept. */
export function writeTableState<Row>(
  state: TableState,
  columns: readonly DataTableColumn<Row>[],
  defaults: TableDefaults,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  Object.values(URL_KEY).forEach((key) => params.delete(key));
  filteredColumns(columns).forEach((column) => params.delete(column.filter.param));

  if (state.pageIndex > 0) params.set(URL_KEY.page, String(state.pageIndex + 1));
  if (state.pageSize !== defaults.pageSize) params.set(URL_KEY.size, String(state.pageSize));
  if (!isSameSort(state.sort, defaults.sort)) {
    if (state.sort) {
      params.set(URL_KEY.sort, state.sort.column);
      params.set(URL_KEY.order, state.sort.order);
    } else {
      params.set(URL_KEY.sort, '');
    }
  }
  for (const column of filteredColumns(columns)) {
    const value = state.filters[column.key];
    const fallback = defaults.filters[column.key];
    if (isFilterEmpty(value) || isSameFilter(value, fallback)) continue;
    params.set(column.filter.param, serializeFilter(column.filter, value as FilterValue));
  }
  return params;
}

/** Search params → state; anything malformed falls back to the default. */
export function readTableState<Row>(
  params: URLSearchParams,
  columns: readonly DataTableColumn<Row>[],
  defaults: TableDefaults,
): TableState {
  const page = Number(params.get(URL_KEY.page));
  const size = Number(params.get(URL_KEY.size));
  const sortable = new Set(columns.map((c) => c.sortColumn).filter(Boolean));
  const sortText = params.get(URL_KEY.sort);
  const order = params.get(URL_KEY.order);

  let sort = defaults.sort;
  if (sortText === '') sort = null;
  else if (sortText && sortable.has(sortText)) sort = { column: sortText, order: order === 'asc' ? 'asc' : 'desc' };

  const filters: Record<string, FilterValue> = { ...defaults.filters };
  for (const column of filteredColumns(columns)) {
    const text = params.get(column.filter.param);
    if (text === null) continue;
    const value = parseFilter(column.filter, text);
    if (value === undefined) delete filters[column.key];
    else filters[column.key] = value;
  }

  return {
    pageIndex: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: Number.isInteger(size) && size > 0 && size <= MAX_URL_PAGE_SIZE ? size : defaults.pageSize,
    sort,
    filters,
  };
}

/** State → the list call's query: wire page from 1, sort, and each filter under its wire name. */
export function buildListParams<Row>(
  state: TableState,
  columns: readonly DataTableColumn<Row>[],
  now: Dayjs = officeNow(),
): QueryParams {
  const params: QueryParams = { page: state.pageIndex + 1, per_page: state.pageSize };
  if (state.sort) {
    params.sort_column = state.sort.column;
    params.sort_order = state.sort.order;
  }
  for (const column of filteredColumns(columns)) {
    const value = state.filters[column.key];
    if (isFilterEmpty(value)) continue;
    const { filter } = column;
    if (filter.kind === 'date-range') {
      Object.assign(params, toWireDateRange(value as DateRangeValue, now, {
        from: filter.fromParam ?? 'date_from',
        to: filter.toParam ?? 'date_to',
      }));
    } else if (Array.isArray(value)) {
      params[filter.param] = value;
    } else {
      params[filter.param] = String(value).trim();
    }
  }
  return params;
}
