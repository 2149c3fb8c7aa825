import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DateRangeValue } from '../../../shared/data-table/date-range';
import { readDrill, readStatRange, STAT_DEFAULT_RANGE, writeDrill, writeStatRange, type DrillSelection } from '../model/stat-query';

/**
 * The state of a statistics page, all in its URL (a view can be bookmarked, and the back button
 * closes a drill-down): the range, the page's own filters by their wire names, and the drill-down.
 */
export function useStatPage(filterKeys: readonly string[] = [], defaultRange: DateRangeValue = STAT_DEFAULT_RANGE) {
  const [search, setSearch] = useSearchParams();
  const range = readStatRange(search, defaultRange);
  const drill = readDrill(search);
  const filtersText = filterKeys.map((key) => `${key}=${search.get(key) ?? ''}`).join('&');
  const filters = useMemo(() => {
    const out: Record<string, string | undefined> = {};
    for (const key of filterKeys) out[key] = search.get(key) || undefined;
    return out;
  }, [filtersText]); // eslint-disable-line react-hooks/exhaustive-deps

  const setRange = useCallback((next: DateRangeValue) => setSearch((prev) => writeDrill(writeStatRange(prev, next, defaultRange), null), { replace: true }), [setSearch, defaultRange]);
  const setFilter = useCallback((key: string, value: string | number | null | undefined) => setSearch((prev) => {
    const next = writeDrill(prev, null);
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
    return next;
  }, { replace: true }), [setSearch]);
  const openDrill = useCallback((selection: DrillSelection) => setSearch((prev) => writeDrill(prev, selection)), [setSearch]);
  const closeDrill = useCallback(() => setSearch((prev) => writeDrill(prev, null), { replace: true }), [setSearch]);

  return { range, filters, drill, setRange, setFilter, openDrill, closeDrill };
}
