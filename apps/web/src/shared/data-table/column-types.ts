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
}

export function resolveColumnWidth(width: ColumnWidth | undefined): number {
  if (width === undefined) return COLUMN_WIDTHS.normal;
  return typeof width === 'number' ? width : COLUMN_WIDTHS[width];
}
