import type { DataTableColumn } from '../../../shared/data-table/column-types';
import type { DatePreset } from '../../../shared/data-table/date-range';

/**
 * The declaration list screens share the main list's columns; each list call accepts only some of
 * its filters and sorts. These keep a column's filter or sort only when the screen's call takes it,
 * so no filter is shown that the server would ignore.
 */
export function restrictColumns<Row>(
  columns: readonly DataTableColumn<Row>[],
  allowed: { filters: readonly string[]; sorts: readonly string[]; hidden?: readonly string[] },
): DataTableColumn<Row>[] {
  return columns
    .filter((column) => !allowed.hidden?.includes(column.key))
    .map((column) => {
      const next = { ...column };
      if (next.filter && !allowed.filters.includes(next.filter.param)) delete next.filter;
      if (next.sortColumn && !allowed.sorts.includes(next.sortColumn)) delete next.sortColumn;
      return next;
    });
}

/** Sets the starting preset of a column's date-range filter (archives start at "all time"). */
export function withDatePreset<Row>(columns: readonly DataTableColumn<Row>[], key: string, preset: DatePreset | 'all'): DataTableColumn<Row>[] {
  return columns.map((column) =>
    column.key === key && column.filter?.kind === 'date-range' ? { ...column, filter: { ...column.filter, defaultPreset: preset } } : column,
  );
}
