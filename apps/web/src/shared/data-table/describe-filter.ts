import { az } from '@app/contract/texts/az';
import type { ColumnFilter, FilterValue } from './column-types';
import { describeDateRange, type DateRangeValue } from './date-range';

/** The text of an active filter as the toolbar shows it ('Status: Yerli anbarda, Təhvil verilib'). */
export function describeFilterValue(filter: ColumnFilter, value: FilterValue): string {
  switch (filter.kind) {
    case 'date-range':
      return describeDateRange(value as DateRangeValue);
    case 'boolean':
      return value === '1' ? az.table.yes : az.table.no;
    case 'select': {
      const values = Array.isArray(value) ? value : [String(value)];
      return values.map((v) => filter.options.find((o) => String(o.value) === v)?.label ?? v).join(', ');
    }
    default:
      return String(value);
  }
}
