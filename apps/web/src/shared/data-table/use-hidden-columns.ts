import { useCallback, useState } from 'react';
import type { DataTableColumn } from './column-types';

function storageKey(tableId: string): string {
  return `table-hidden-columns:${tableId}`;
}

function readHidden<Row>(tableId: string, columns: readonly DataTableColumn<Row>[]): string[] {
  try {
    const raw = window.localStorage.getItem(storageKey(tableId));
    if (raw !== null) {
      const keys = JSON.parse(raw) as unknown;
      if (Array.isArray(keys)) return keys.filter((k): k is string => typeof k === 'string');
    }
  } catch {
    // A broken stored value falls back to the defaults.
  }
  return columns.filter((c) => c.isHiddenByDefault).map((c) => c.key);
}

/** Columns the user hid in this table, kept in local storage per table. */
export function useHiddenColumns<Row>(tableId: string, columns: readonly DataTableColumn<Row>[]) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(tableId, columns));

  const saveHidden = useCallback(
    (keys: string[]) => {
      setHidden(keys);
      window.localStorage.setItem(storageKey(tableId), JSON.stringify(keys));
    },
    [tableId],
  );

  const toggleColumn = useCallback(
    (key: string, isVisible: boolean) => {
      saveHidden(isVisible ? hidden.filter((k) => k !== key) : [...new Set([...hidden, key])]);
    },
    [hidden, saveHidden],
  );

  const showAllColumns = useCallback(() => saveHidden([]), [saveHidden]);

  return { hidden, toggleColumn, showAllColumns };
}
