import { DATE_FORMAT, DATE_TIME_FORMAT } from '@app/contract/common-constants';
import dayjs, { type Dayjs } from 'dayjs';
import { officeNow, parseDateRange, resolveDateRange, serializeDateRange, type DateRangeValue } from '../../../shared/data-table/date-range';
import type { QueryParams, QueryValue } from '../../../shared/http/http-client';

/** URL keys of a statistics page (beside the drill-down table's own page/size/sort keys). */
export const STAT_URL = { range: 'range', drill: 'drill' } as const;

/** Statistics pages start at the data table's default (last 31 days); 'all' has no meaning for a per-day chart. */
export const STAT_DEFAULT_RANGE: DateRangeValue = { preset: 'last31' };

/** The page's range from its URL ('last7' … 'last12m' or 'YYYY-MM-DD~YYYY-MM-DD'); anything else is the default. */
export function readStatRange(search: URLSearchParams, fallback: DateRangeValue = STAT_DEFAULT_RANGE): DateRangeValue {
  const value = parseDateRange(search.get(STAT_URL.range) ?? '');
  return !value || value.preset === 'all' ? fallback : value;
}

/** A page whose figures are per month (users) starts at 12 months; the default is not written into the URL. */
export function writeStatRange(search: URLSearchParams, range: DateRangeValue, fallback: DateRangeValue = STAT_DEFAULT_RANGE): URLSearchParams {
  const next = new URLSearchParams(search);
  const isDefault = serializeDateRange(range) === serializeDateRange(fallback);
  if (isDefault) next.delete(STAT_URL.range);
  else next.set(STAT_URL.range, serializeDateRange(range));
  // a new range is a new set of rows: the drill-down starts again on its first page
  next.delete('page');
  return next;
}

/** Now on the office's wall clock (shared with every list's date presets). */
export { officeNow };

/** The first and the last day of the range ('YYYY-MM-DD', office days). */
export function resolveStatDays(range: DateRangeValue, now: Dayjs = officeNow()): [string, string] {
  const resolved = resolveDateRange(range, now) ?? resolveDateRange(STAT_DEFAULT_RANGE, now)!;
  return [resolved[0].format(DATE_FORMAT), resolved[1].format(DATE_FORMAT)];
}

/**
 * start_date/end_date as the endpoint takes them: whole days ('YYYY-MM-DD', most endpoints) or the
 * day's first and last second ('YYYY-MM-DD HH:mm:ss', by_declarations_count as clients send it).
 */
export function toStatDates(range: DateRangeValue, format: 'day' | 'datetime' = 'day', now: Dayjs = officeNow()): { start_date: string; end_date: string } {
  const [from, to] = resolveStatDays(range, now);
  if (format === 'day') return { start_date: from, end_date: to };
  return {
    start_date: dayjs(from).startOf('day').format(DATE_TIME_FORMAT),
    end_date: dayjs(to).endOf('day').format(DATE_TIME_FORMAT),
  };
}

/** A list's date filter in its URL as the data table reads it: 'from~to' (a custom range of whole days). */
export function toListRange(range: DateRangeValue, now: Dayjs = officeNow()): string {
  const [from, to] = resolveStatDays(range, now);
  return serializeDateRange({ preset: 'custom', from, to });
}

/** Narrows a range to one day of it (a click on a day's bar or row). */
export function dayRange(day: string): DateRangeValue {
  const text = day.slice(0, 10);
  return { preset: 'custom', from: text, to: text };
}

/** Drops empty values: a filter left blank is not sent (and not written into a link). */
export function compactParams(params: QueryParams): QueryParams {
  const out: QueryParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

function toText(value: QueryValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** A link into an existing list (/@next/<path>?<its filters>), filters written the way that list reads its URL. */
export function buildListLink(path: string, filters: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(compactParams(filters))) search.set(key, toText(value));
  const text = search.toString();
  return `/@next/${path.replace(/^\/+/, '')}${text ? `?${text}` : ''}`;
}

/** The drill-down call: the aggregate's own query (range and filters) plus getlist=true and the table's paging. */
export function buildDrillParams(base: QueryParams, table: QueryParams): QueryParams {
  return { ...compactParams(base), ...table, getlist: 'true' };
}

/** A drill-down held in the page URL: what was clicked, as the extra query of the drill-down call. */
export type DrillSelection = Record<string, string>;
/** A page total's drill-down: nothing narrowed, the page's own query. */
const DRILL_ALL = 'all';

export function readDrill(search: URLSearchParams): DrillSelection | null {
  const text = search.get(STAT_URL.drill);
  if (!text) return null;
  const out: DrillSelection = {};
  if (text === DRILL_ALL) return out;
  for (const [key, value] of new URLSearchParams(text)) out[key] = value;
  return out;
}

export function writeDrill(search: URLSearchParams, drill: DrillSelection | null): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('page');
  if (!drill) next.delete(STAT_URL.drill);
  else next.set(STAT_URL.drill, new URLSearchParams(drill).toString() || DRILL_ALL);
  return next;
}

/** Sum of a numeric column of the table view ('12.50' strings from the wire count as numbers). */
export function sumColumn<Row>(rows: readonly Row[], read: (row: Row) => number | string | null | undefined): number {
  let total = 0;
  for (const row of rows) {
    const value = Number(read(row) ?? 0);
    if (Number.isFinite(value)) total += value;
  }
  return Math.round(total * 100) / 100;
}

/** Export file names: statistics_<page>_<from>_<to>.<ext> (the range the file holds, readable in a folder). */
export function buildStatExportName(slug: string, range: DateRangeValue, extension: 'csv' | 'xlsx', now: Dayjs = officeNow()): string {
  const [from, to] = resolveStatDays(range, now);
  return `statistics_${slug}_${from}_${to}.${extension}`;
}
