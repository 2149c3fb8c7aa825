import { az } from '@app/contract/texts/az';
import { lazy, Suspense, type ComponentProps } from 'react';

const FilterEditor = lazy(() => import('./filter-editor').then((m) => ({ default: m.FilterEditor })));

/**
 * A column's filter editor, loaded when a filter is first opened: its date pickers, select,
 * segmented and radio controls are not needed for a table's first render (issue 15).
 */
export function LazyFilterEditor(props: ComponentProps<typeof FilterEditor>) {
  return (
    <Suspense fallback={<div style={{ padding: 12, minWidth: 120, color: 'rgba(0, 0, 0, 0.45)' }}>{az.app.loading}</div>}>
      <FilterEditor {...props} />
    </Suspense>
  );
}
