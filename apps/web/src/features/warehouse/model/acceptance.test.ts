import type { ScanLookup } from '@app/contract/warehouse';
import { describe, expect, test, vi } from 'vitest';
import {
  addScan, applyCloseErrors, countDuplicates, createStateSaver, type AcceptanceState, initialState, isListed, isRed, judgeScan, loadState, normalizeCode, resolveRow, rowsToSend, saveState,
} from './acceptance';

const lookup = (over: Partial<ScanLookup> = {}): ScanLookup => ({
  id: 1, barcode: 'x', track_code: 'AZ1', branch_id: 1, branch_name: 'Gənclik', flight_name: null, state_id: 8,
  requires_declaration: false, provider: 0, container_id: null, container_name: null, ...over,
});
const texts = {
  needsDeclaration: 'needs', temuWithoutDeclaration: 'temu', otherBranch: (b: string) => `branch ${b}`, alreadyInWarehouse: (b: string) => `in ${b}`,
};

describe('[WAREHOUSE][ACCEPTANCE] scan rules (spec §5)', () => {
  test('Findex strips non-digits; Trendyol keeps the code as typed', () => {
    expect(normalizeCode(' AZ-2600 0012 ', 'findex')).toBe('26000012');
    expect(normalizeCode(' TY0001 ', 'trendyol')).toBe('TY0001');
  });

  test('a new scan is listed at once, on top, pending; the same code is "already listed"', () => {
    let s = addScan(initialState(1), '111');
    s = addScan(s, '222');
    expect(s.rows.map((r) => [r.code, r.state])).toEqual([['222', 'pending'], ['111', 'pending']]);
    expect(isListed(s, '111')).toBe(true);
    expect(isListed(s, '333')).toBe(false);
  });

  test('verdicts: Temu and undeclared refused (alert, short), other branch and already at 9 ask, else add', () => {
    const s = initialState(1);
    expect(judgeScan(s, lookup({ requires_declaration: true, provider: 2 }), texts)).toMatchObject({ action: 'refuse', message: 'temu', sound: 'alert', isShort: true });
    expect(judgeScan(s, lookup({ requires_declaration: true }), texts)).toMatchObject({ action: 'refuse', message: 'needs', sound: 'alert' });
    expect(judgeScan(s, lookup({ branch_id: 3, branch_name: 'Nərimanov' }), texts)).toMatchObject({ action: 'confirm', message: 'branch Nərimanov', sound: 'different_branch_id' });
    expect(judgeScan(s, lookup({ state_id: 9, container_name: 'Y-1' }), texts)).toMatchObject({ action: 'confirm', message: 'in Y-1', sound: 'already_accepted' });
    expect(judgeScan(s, lookup(), texts)).toEqual({ action: 'add' });
    expect(judgeScan({ ...s, mode: 'transfer' }, lookup({ state_id: 9 }), texts)).toEqual({ action: 'add' });
  });

  test('two codes of one parcel are duplicates: both rows red, counted once', () => {
    let s = addScan(addScan(initialState(1), '111'), 'AZ111');
    s = resolveRow(s, s.rows[0]!.key, { state: 'ok', lookup: lookup({ id: 7 }) });
    s = resolveRow(s, s.rows[1]!.key, { state: 'ok', lookup: lookup({ id: 7 }) });
    expect(countDuplicates(s)).toBe(1);
    expect(s.rows.every(isRed)).toBe(true);
  });

  test('a failed close marks the rows by index of the sent list (oldest first) and clears the box', () => {
    let s: AcceptanceState = { ...addScan(addScan(addScan(initialState(1), 'a'), 'b'), 'c'), containerId: 5 };
    const sent = rowsToSend(s);
    expect(sent.map((r) => r.code)).toEqual(['a', 'b', 'c']);
    s = applyCloseErrors(s, sent, { 'track_code.1': ['b: not found'] });
    expect(s.containerId).toBeNull();
    expect(s.rows.find((r) => r.code === 'b')).toMatchObject({ state: 'error', error: 'b: not found' });
    expect(s.rows.filter(isRed).map((r) => r.code)).toEqual(['b']);
  });

  test('the state survives a reload through storage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const s = { ...addScan(initialState(2), '999'), containerId: 4 };
    saveState('admin', s, storage);
    expect(loadState('admin', 1, storage)).toMatchObject({ branchId: 2, containerId: 4, rows: [{ code: '999' }] });
    expect(loadState('partner', 1, storage)).toMatchObject({ branchId: 1, rows: [] });
  });

  test('local writes are throttled: the newest state within 250 ms, at once on flush, nothing lost', () => {
    vi.useFakeTimers();
    try {
      const store = new Map<string, string>();
      const storage = { setItem: (k: string, v: string) => void store.set(k, v), getItem: (k: string) => store.get(k) ?? null };
      const saver = createStateSaver('admin', 250, storage);
      let s = initialState(1);
      for (const code of ['1', '2', '3']) { s = addScan(s, code); saver.schedule(s); }
      expect(store.size).toBe(0);
      vi.advanceTimersByTime(250);
      expect(loadState('admin', 1, storage).rows.map((r) => r.code)).toEqual(['3', '2', '1']);
      s = addScan(s, '4');
      saver.schedule(s);
      saver.flush(); // page hidden or closed
      expect(loadState('admin', 1, storage).rows).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
