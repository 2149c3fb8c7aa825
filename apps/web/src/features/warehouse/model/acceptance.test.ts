import type { ScanLookup } from '@app/contract/warehouse';
import { describe, expect, test, vi } from 'vitest';
import {
  addScan, answerPrompt, applyCloseErrors, countDuplicates, countQueued, createStateSaver, type AcceptanceState, findPrompt, initialState, isListed, isRed,
  judgeScan, listCloseErrors, loadState, markAccepted, normalizeCode, receiveLookup, refuseRow, removeRow, removeSent, rowsToSend, saveState, settle,
  summarizeClose,
} from './acceptance';

const lookup = (over: Partial<ScanLookup> = {}): ScanLookup => ({
  id: 1, barcode: 'x', track_code: 'AZ1', branch_id: 1, branch_name: 'Gənclik', flight_name: null, state_id: 8,
  requires_declaration: false, provider: 0, container_id: null, container_name: null, ...over,
});
const texts = {
  needsDeclaration: 'needs', temuWithoutDeclaration: 'temu', alreadyListed: 'listed', otherBranch: (b: string) => `branch ${b}`, alreadyInWarehouse: (b: string) => `in ${b}`,
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
    expect(judgeScan(s, lookup({ requires_declaration: true, provider: 2 }), texts)).toMatchObject({ action: 'refuse', message: 'temu', sound: 'alert' });
    expect(judgeScan(s, lookup({ requires_declaration: true }), texts)).toMatchObject({ action: 'refuse', message: 'needs', sound: 'alert' });
    expect(judgeScan(s, lookup({ branch_id: 3, branch_name: 'Nərimanov' }), texts)).toMatchObject({ action: 'confirm', message: 'branch Nərimanov', sound: 'different_branch_id' });
    expect(judgeScan(s, lookup({ state_id: 9, container_name: 'Y-1' }), texts)).toMatchObject({ action: 'confirm', message: 'in Y-1', sound: 'already_accepted' });
    expect(judgeScan(s, lookup(), texts)).toEqual({ action: 'add' });
    expect(judgeScan({ ...s, mode: 'transfer' }, lookup({ state_id: 9 }), texts)).toEqual({ action: 'add' });
  });

  test('two codes of one parcel: the later one is a red duplicate, never sent; the same code again is red at once', () => {
    let s = addScan(addScan(initialState(1), '111'), 'AZ111');
    s = receiveLookup(s, s.rows[1]!.key, lookup({ id: 7 }));
    s = settle(s, texts, 'list').state;
    s = receiveLookup(s, s.rows[0]!.key, lookup({ id: 7 }));
    s = settle(s, texts, 'list').state;
    expect(countDuplicates(s)).toBe(1);
    expect(s.rows.map((r) => [r.code, r.state, r.error])).toEqual([['AZ111', 'error', 'listed'], ['111', 'ok', undefined]]);
    s = addScan(s, '111', 'listed');
    expect(s.rows[0]).toMatchObject({ code: '111', state: 'error', error: 'listed' });
    expect(rowsToSend(s).map((r) => r.code)).toEqual(['111']);
  });

  test('a failed close marks the rows by index of the sent list (oldest first), clears the box and lists the reasons', () => {
    let s: AcceptanceState = { ...addScan(addScan(addScan(initialState(1), 'a'), 'b'), 'c'), containerId: 5 };
    for (const [i, r] of s.rows.entries()) s = receiveLookup(s, r.key, lookup({ id: 10 + i }));
    s = settle(s, texts, 'list').state;
    const sent = rowsToSend(s);
    expect(sent.map((r) => r.code)).toEqual(['a', 'b', 'c']);
    const errors = { 'track_code.1': ['b: not found'], 'track_code.2': ['handed over'] };
    s = applyCloseErrors(s, sent, errors);
    expect(s.containerId).toBeNull();
    expect(s.rows.find((r) => r.code === 'b')).toMatchObject({ state: 'error', error: 'b: not found' });
    expect(s.rows.filter(isRed).map((r) => r.code)).toEqual(['c', 'b']);
    expect(listCloseErrors(sent, errors)).toEqual(['b: not found', 'c: handed over']);
    expect(rowsToSend(s).map((r) => r.code)).toEqual(['a']);
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

describe('[WAREHOUSE][ACCEPTANCE] scans queue behind an open prompt (issue 16)', () => {
  /** Scans `codes` (oldest first) and answers their lookups in that order. */
  const scanAll = (s: AcceptanceState, codes: string[], lookups: Record<string, Partial<ScanLookup>>, kind: 'list' | 'accept' = 'list') => {
    for (const code of codes) s = addScan(s, code, 'listed');
    for (const code of codes) {
      const row = s.rows.find((r) => r.code === code && r.state === 'pending');
      if (row) s = settle(receiveLookup(s, row.key, lookup(lookups[code])), texts, kind).state;
    }
    return s;
  };

  test('a scan behind an other-branch prompt waits (not judged, not sent) until the prompt is answered', () => {
    let s = scanAll(initialState(1), ['100', '200'], { 100: { id: 1, branch_id: 3, branch_name: 'Nərimanov' }, 200: { id: 2 } });
    expect(findPrompt(s)).toMatchObject({ code: '100', state: 'asking', question: 'branch Nərimanov' });
    expect(s.rows.find((r) => r.code === '200')).toMatchObject({ state: 'waiting' });
    expect(countQueued(s)).toBe(1);
    expect(rowsToSend(s)).toEqual([]);
    expect(summarizeClose(s).unsettled.map((r) => r.code).sort()).toEqual(['100', '200']);
    // a third scan typed while the prompt is open is listed at once and waits too
    s = addScan(s, '300');
    expect(countQueued(s)).toBe(2);

    s = settle(answerPrompt(s, true, 'list'), texts, 'list').state;
    expect(findPrompt(s)).toBeUndefined();
    expect(s.rows.filter((r) => r.code !== '300').map((r) => [r.code, r.state])).toEqual([['200', 'ok'], ['100', 'ok']]);
    expect(rowsToSend(s).map((r) => r.code)).toEqual(['100', '200']);
  });

  test('no takes the asked row off the list; the next queued question opens only then, one at a time', () => {
    let s = scanAll(initialState(1), ['100', '200', '300'], {
      100: { id: 1, state_id: 9, container_name: 'Y-1' }, 200: { id: 2, branch_id: 4, branch_name: 'Xətai' }, 300: { id: 3 },
    });
    expect(findPrompt(s)?.code).toBe('100');
    expect(s.rows.filter((r) => r.state === 'waiting').map((r) => r.code)).toEqual(['300', '200']);
    const next = settle(answerPrompt(s, false, 'list'), texts, 'list');
    s = next.state;
    expect(s.rows.map((r) => r.code)).not.toContain('100');
    expect(findPrompt(s)?.code).toBe('200');
    expect(next.cues).toEqual(['different_branch_id']);
    expect(s.rows.find((r) => r.code === '300')?.state).toBe('waiting');
    s = settle(answerPrompt(s, true, 'list'), texts, 'list').state;
    expect(s.rows.map((r) => [r.code, r.state])).toEqual([['300', 'ok'], ['200', 'ok']]);
  });

  test('removing the asked row answers nothing but lets the queue move on', () => {
    let s = scanAll(initialState(1), ['100', '200'], { 100: { id: 1, branch_id: 3 }, 200: { id: 2 } });
    s = settle(removeRow(s, findPrompt(s)!.key), texts, 'list').state;
    expect(s.rows.map((r) => [r.code, r.state])).toEqual([['200', 'ok']]);
  });

  test('refused scans stay as red rows with their reason (needs a declaration, Temu, not found) and are never sent', () => {
    let s = scanAll(initialState(1), ['100', '200', '300'], { 100: { id: 1, requires_declaration: true }, 200: { id: 2, requires_declaration: true, provider: 2 }, 300: { id: 3 } });
    s = addScan(s, '404');
    s = refuseRow(s, s.rows[0]!.key, 'not found');
    expect(s.rows.map((r) => [r.code, r.state, r.error])).toEqual([
      ['404', 'error', 'not found'], ['300', 'ok', undefined], ['200', 'error', 'temu'], ['100', 'error', 'needs'],
    ]);
    const summary = summarizeClose(s);
    expect(summary.send.map((r) => r.code)).toEqual(['300']);
    expect(summary.refused.map((r) => r.code)).toEqual(['100', '200', '404']);
    expect(removeSent(s, summary.send).rows.map((r) => r.code)).toEqual(['404', '200', '100']);
  });

  test('standard acceptance: a passed scan is sent at once, one behind a prompt only after yes', () => {
    let s = scanAll(initialState(1), ['100', '200'], { 100: { id: 1, branch_id: 3 }, 200: { id: 2 } }, 'accept');
    expect(s.rows.map((r) => [r.code, r.state])).toEqual([['200', 'waiting'], ['100', 'asking']]);
    s = settle(answerPrompt(s, true, 'accept'), texts, 'accept').state;
    expect(s.rows.map((r) => [r.code, r.state])).toEqual([['200', 'sending'], ['100', 'sending']]);
    s = markAccepted(s, s.rows[1]!.key);
    s = refuseRow(s, s.rows[0]!.key, 'status 10');
    expect(s.rows.map((r) => [r.code, r.state])).toEqual([['200', 'error'], ['100', 'accepted']]);
    expect(s.rows[1]!.lookup?.state_id).toBe(9);
  });

  test('nothing is judged while a prompt is open, even a lookup that arrives late for an older scan', () => {
    let s = addScan(initialState(1), '050');
    s = scanAll(s, ['100', '200'], { 100: { id: 1, branch_id: 3 }, 200: { id: 2 } });
    s = settle(receiveLookup(s, s.rows.find((r) => r.code === '050')!.key, lookup({ id: 5 })), texts, 'list').state;
    expect(s.rows.find((r) => r.code === '050')?.state).toBe('waiting');
    expect(settle(s, texts, 'list').state).toBe(s);
  });
});
