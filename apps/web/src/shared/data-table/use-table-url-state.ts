import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DataTableColumn } from './column-types';
import { readTableState, writeTableState, type TableDefaults, type TableState } from './table-state';

/** The table's page, size, sort and filters live in the URL, so a view can be bookmarked and reloaded. */
export function useTableUrlState<Row>(columns: readonly DataTableColumn<Row>[], defaults: TableDefaults) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readTableState(searchParams, columns, defaults), [searchParams, columns, defaults]);

  const setState = useCallback(
    (update: (current: TableState) => TableState) => {
      setSearchParams(
        (current) => writeTableState(update(readTableState(current, columns, defaults)), columns, defaults, current),
        { replace: true },
      );
    },
    [setSearchParams, columns, defaults],
  );

  const resetState = useCallback(() => {
    setSearchParams(
      (current) => writeTableState({ pageIndex: 0, ...defaults }, columns, defaults, current),
      { replace: true },
    );
  }, [setSearchParams, columns, defaults]);

  return { state, setState, resetState };
}
