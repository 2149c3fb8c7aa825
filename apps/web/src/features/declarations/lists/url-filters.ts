import type { DeclarationListRow } from '@app/contract/declarations';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { describeFilterValue } from '../../../shared/data-table/describe-filter';
import { buildDefaultFilters, buildListParams, isFilterEmpty, readTableState } from '../../../shared/data-table/table-state';
import type { QueryParams } from '../../../shared/http/http-client';
import type { FilterValue } from '../../../shared/data-table/column-types';

/** Paging and order are the table's, not a choice of parcels. */
const VIEW_KEYS = ['page', 'per_page', 'sort_column', 'sort_order'];

export interface UrlFilters {
  /** The list call's filters (wire names), as the table would send them. */
  params: QueryParams;
  /** Each active filter as the toolbar shows it ('Status: Yerli anbarda'). */
  descriptions: string[];
}

/**
 * The declarations table's filters as its URL holds them (issue 16: declarations/stuck-at-customs
 * "with filters"): a modal route over the table reads the same parcels the table shows, defaults
 * included (the created date starts at the last 31 days), without paging or order.
 */
export function readUrlFilters(search: URLSearchParams, columns: readonly DataTableColumn<DeclarationListRow>[]): UrlFilters {
  const defaults = { pageSize: 25, sort: null, filters: buildDefaultFilters(columns) };
  const state = readTableState(search, columns, defaults);
  const params = buildListParams(state, columns);
  for (const key of VIEW_KEYS) delete params[key];
  const descriptions: string[] = [];
  for (const column of columns) {
    const value = state.filters[column.key];
    if (!column.filter || isFilterEmpty(value)) continue;
    descriptions.push(`${column.title}: ${describeFilterValue(column.filter, value as FilterValue)}`);
  }
  return { params, descriptions };
}
