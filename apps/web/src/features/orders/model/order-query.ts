import type { QueryParams } from '../../../shared/http/http-client';

/**
 * The orders list's date filters (api-requests-in-use.tsv: `waiting` and `created_at` each one
 * param 'YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss'). The table writes `<field>__from`/`__to`; the
 * wire gets them joined.
 */
export const ORDER_DATE_FIELDS = ['created_at', 'waiting'] as const;
export type OrderDateField = (typeof ORDER_DATE_FIELDS)[number];

/** Paging and order: the table's view, not a choice of orders (bulk change, counts, export). */
const VIEW_KEYS = ['page', 'per_page', 'sort_column', 'sort_order'] as const;

export function rangeParams(field: OrderDateField): { fromParam: string; toParam: string } {
  return { fromParam: `${field}__from`, toParam: `${field}__to` };
}

/** The table's params → the getlist query: each date range joined into its one param, the rest as it is. */
export function toOrderListQuery(params: QueryParams): QueryParams {
  const query: QueryParams = { ...params };
  for (const field of ORDER_DATE_FIELDS) {
    const { fromParam, toParam } = rangeParams(field);
    const from = query[fromParam];
    const to = query[toParam];
    delete query[fromParam];
    delete query[toParam];
    if (typeof from === 'string' && typeof to === 'string' && from && to) query[field] = `${from},${to}`;
  }
  return query;
}

/** The list's filters alone (wire names): bulk status by filters, counts by status, exports. */
export function toOrderFilterQuery(params: QueryParams): QueryParams {
  const query = toOrderListQuery(params);
  for (const key of VIEW_KEYS) delete query[key];
  return query;
}

/** The bulk call (`v2/orders/edit/state`) takes the list's filters beside its own new_state_id / new_client_descr. */
export function toBulkStateQuery(filters: QueryParams, stateId: number, reason?: string): QueryParams {
  const query: QueryParams = { ...filters, new_state_id: stateId };
  if (reason?.trim()) query.new_client_descr = reason.trim();
  return query;
}

/**
 * The list URL a counts-by-status row links to: the same filters as the page came with (the URL's
 * own table keys), the status replaced by the row's one, paging dropped.
 */
export function buildStatusListSearch(search: string, stateId: number | null): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (stateId === null) params.delete('state_id');
  else params.set('state_id', String(stateId));
  const text = params.toString();
  return text ? `?${text}` : '';
}
