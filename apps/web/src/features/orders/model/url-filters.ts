import type { OrderRow } from '@app/contract/orders';
import type { DataTableColumn, FilterValue } from '../../../shared/data-table/column-types';
import { describeFilterValue } from '../../../shared/data-table/describe-filter';
import { buildDefaultFilters, buildListParams, isFilterEmpty, readTableState } from '../../../shared/data-table/table-state';
import type { QueryParams } from '../../../shared/http/http-client';
import { toOrderFilterQuery } from './order-query';

export interface OrderUrlFilters {
  /** The list call's filters (wire names, date ranges joined), as the table sends them, without paging. */
  params: QueryParams;
  /** Each active filter as the toolbar shows it ('Status: Gözləmədə'). */
  descriptions: string[];
}

/**
 * The orders table's filters as its URL holds them: a modal route over the table (bulk_reject) and
 * the counts-by-status page read the same orders the table shows, defaults included (the created
 * date starts at the last 31 days).
 */
export function readOrderUrlFilters(search: URLSearchParams, columns: readonly DataTableColumn<OrderRow>[]): OrderUrlFilters {
  const defaults = { pageSize: 25, sort: null, filters: buildDefaultFilters(columns) };
  const state = readTableState(search, columns, defaults);
  const params = toOrderFilterQuery(buildListParams(state, columns));
  const descriptions: string[] = [];
  for (const column of columns) {
    const value = state.filters[column.key];
    if (!column.filter || isFilterEmpty(value)) continue;
    descriptions.push(`${column.title}: ${describeFilterValue(column.filter, value as FilterValue)}`);
  }
  return { params, descriptions };
}
