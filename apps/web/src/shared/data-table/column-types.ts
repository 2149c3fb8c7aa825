import type { ReactNode } from 'react';
import type { SelectOption } from '../form/search-select';
import type { DatePreset, DateRangeValue } from './date-range';

/** spec §9: column widths. */
export const COLUMN_WIDTHS = { smaller: 75, small: 100, normal: 150, large: 200, actions: 39, date: 200 } as const;
export type ColumnWidth = keyof typeof COLUMN_WIDTHS | number;

export type ColumnFilter =
  | { kind: 'text'; param: string }
  | { kind: 'number'; param: string; isInteger?: boolean }
  | { kind: 'select'; param: string; options: readonly SelectOption[]; isMulti?: boolean; isLoading?: boolean }
  | { kind: 'boolean'; param: string }
  | { kind: 'date-range'; param: string; fromParam?: string; toParam?: string; defaultPreset?: DatePreset | 'all' };

export type FilterKind = ColumnFilter['kind'];

/** What a filter holds: text and numbers as typed, select values as strings, '1'/'0', or a range. */
export type FilterValue = string | string[] | DateRangeValue;

export interface DataTableColumn<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  width?: ColumnWidth;
  /** The wire `sort_column` this column sorts by; absent when it cannot be sorted. */
  sortColumn?: string;
  filter?: ColumnFilter;
  align?: 'left' | 'right' | 'center';
  /** Columns the user may not hide (the row's identity). */
  isAlwaysVisible?: boolean;
  isHiddenByDefault?: boolean;
  /** A filter with no column of its own (users' parcel status): its editor sits in the toolbar. */
  isFilterOnly?: boolean;
  /**
   * Stays in view while the table scrolls sideways (the row's identity: its code or track code).
   * Unset on every column, the first column after the row menu is kept when it cannot be hidden.
   */
  isFixed?: boolean;
}

/** The row menu column (key 'actions' or width 'actions'): first in every table, 39 px, always in view. */
export function isActionColumn(column: Pick<DataTableColumn<unknown>, 'key' | 'width'>): boolean {
  return column.key === 'actions' || column.width === 'actions';
}

/**
 * The columns in the order shown, with the ones kept in view while scrolling sideways: the row
 * menu first (settings lists added it last, main lists first: issue 16), then the identifying
 * column(s). Columns marked isFixed must follow the row menu; without marks, the first column
 * when it is always visible. On a narrow screen only the row menu stays (isCompact).
 */
export function arrangeColumns<Row>(columns: readonly DataTableColumn<Row>[], isCompact = false): { column: DataTableColumn<Row>; isFixed: boolean }[] {
  const actions = columns.filter((column) => isActionColumn(column));
  const rest = columns.filter((column) => !isActionColumn(column));
  const hasMarks = rest.some((column) => column.isFixed);
  let leading = 0;
  if (!isCompact) {
    if (hasMarks) while (leading < rest.length && rest[leading]?.isFixed) leading += 1;
    else if (rest[0]?.isAlwaysVisible) leading = 1;
  }
  return [
    ...actions.map((column) => ({ column, isFixed: true })),
    ...rest.map((column, index) => ({ column, isFixed: index < leading })),
  ];
}

/** spec §9 widths by name; a number as given; 'normal' unless told. The row menu is always 39 px. */
export function resolveColumnWidth(width: ColumnWidth | undefined, isActions = false): number {
  if (isActions) return COLUMN_WIDTHS.actions;
  if (width === undefined) return COLUMN_WIDTHS.normal;
  return typeof width === 'number' ? width : COLUMN_WIDTHS[width];
}
