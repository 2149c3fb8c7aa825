import type { QueryParams } from '../../../shared/http/http-client';

/** The archives' date filters (fields file: one param 'YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss'). */
export const ARCHIVE_DATE_FIELDS = ['created_at', 'retry_at', 'sended_at'] as const;
export type ArchiveDateField = (typeof ARCHIVE_DATE_FIELDS)[number];

export function dateRangeParams(field: ArchiveDateField): { fromParam: string; toParam: string } {
  return rangeParams(field);
}

/** The two params a table's date-range filter writes for a field; `joinDateRanges` makes them one. */
export function rangeParams(field: string): { fromParam: string; toParam: string } {
  return { fromParam: `${field}__from`, toParam: `${field}__to` };
}

/**
 * Each date range of `fields` becomes the one comma-joined param the wire has
 * (`created_at=2026-11-01 00:00:00,2026-11-27 23:59:59`); a half range is dropped (the table
 * always writes both ends). Paging, sort and the other filters pass as they are.
 */
export function joinDateRanges(params: QueryParams, fields: readonly string[]): QueryParams {
  const query: QueryParams = { ...params };
  for (const field of fields) {
    const { fromParam, toParam } = rangeParams(field);
    const from = query[fromParam];
    const to = query[toParam];
    delete query[fromParam];
    delete query[toParam];
    if (typeof from === 'string' && typeof to === 'string' && from && to) query[field] = `${from},${to}`;
  }
  return query;
}

/** The table's params → the archive call's query (its three date ranges joined). */
export function toArchiveQuery(params: QueryParams): QueryParams {
  return joinDateRanges(params, ARCHIVE_DATE_FIELDS);
}

/** An archive row's `params` (JSON text on the wire) as name → value pairs; anything else gives none. */
export function parseMessageParams(text: string | null | undefined): [string, string][] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
    return Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)]);
  } catch {
    return [];
  }
}

/** Opened from a customer's page (`?user_id=`), the archive shows all of that customer's messages, not the last 31 days. */
export function archiveStartPreset(search: URLSearchParams): 'all' | undefined {
  return search.get('user_id') ? 'all' : undefined;
}
