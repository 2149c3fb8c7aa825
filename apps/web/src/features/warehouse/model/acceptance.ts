import type { BarcodeType, ScanLookup } from '@app/contract/warehouse';

/*
 * The box acceptance screen's state (spec §2 "Box acceptance screen", §4 "Box acceptance state is
 * persisted locally", §5 "Box acceptance"). Pure functions, unit-tested; the page keeps the state
 * in localStorage after every change, so a reload or a dropped connection loses no scan.
 */

export type AcceptanceMode = 'acceptance' | 'transfer';
export type RowState = 'pending' | 'ok' | 'error';

export interface ScanRow {
  key: string;
  code: string;
  state: RowState;
  lookup?: ScanLookup;
  /** Why the row is red: not found, a failed close, needs a declaration. */
  error?: string;
  /** Another scanned code resolved to the same parcel. */
  isDuplicate?: boolean;
}

export interface AcceptanceState {
  mode: AcceptanceMode;
  barcodeType: BarcodeType;
  branchId: number | null;
  containerId: number | null;
  rows: ScanRow[];
  seq: number;
}

export function initialState(branchId: number | null): AcceptanceState {
  return { mode: 'acceptance', barcodeType: 'findex', branchId, containerId: null, rows: [], seq: 0 };
}

/** spec §5: Findex (non-barcode) codes keep only digits; Trendyol codes are taken as typed. */
export function normalizeCode(raw: string, barcodeType: BarcodeType): string {
  return barcodeType === 'findex' ? raw.replace(/\D/g, '') : raw.trim();
}

export function isListed(state: AcceptanceState, code: string): boolean {
  return state.rows.some((r) => r.code === code);
}

/** A new scan goes on top at once (acknowledged before the server answers). */
export function addScan(state: AcceptanceState, code: string): AcceptanceState {
  const seq = state.seq + 1;
  return { ...state, seq, rows: [{ key: `s${seq}`, code, state: 'pending' }, ...state.rows] };
}

export function removeRow(state: AcceptanceState, key: string): AcceptanceState {
  return markDuplicates({ ...state, rows: state.rows.filter((r) => r.key !== key) });
}

export function resolveRow(state: AcceptanceState, key: string, patch: Partial<ScanRow>): AcceptanceState {
  return markDuplicates({ ...state, rows: state.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
}

/** Rows whose codes resolve to a parcel already in the list are duplicates (red). */
export function markDuplicates(state: AcceptanceState): AcceptanceState {
  const seen = new Map<number, number>();
  for (const r of state.rows) if (r.lookup) seen.set(r.lookup.id, (seen.get(r.lookup.id) ?? 0) + 1);
  let changed = false;
  const rows = state.rows.map((r) => {
    const isDuplicate = r.lookup ? (seen.get(r.lookup.id) ?? 0) > 1 : false;
    if (Boolean(r.isDuplicate) === isDuplicate) return r;
    changed = true;
    return { ...r, isDuplicate };
  });
  return changed ? { ...state, rows } : state;
}

export function countDuplicates(state: AcceptanceState): number {
  const ids = state.rows.filter((r) => r.lookup).map((r) => r.lookup!.id);
  return ids.length - new Set(ids).size;
}

export function isRed(row: ScanRow): boolean {
  return row.state === 'error' || Boolean(row.isDuplicate) || Boolean(row.lookup?.requires_declaration);
}

/** The rows a close sends, oldest scan first (the server's `track_code.{i}` indexes refer to this order). */
export function rowsToSend(state: AcceptanceState): ScanRow[] {
  return [...state.rows].reverse().filter((r) => r.state !== 'error' || r.lookup);
}

/** A 422 of close: `track_code.{i}` messages land on the sent rows; the chosen box is cleared (spec §8). */
export function applyCloseErrors(state: AcceptanceState, sent: readonly ScanRow[], errors: Record<string, string[]>): AcceptanceState {
  const byKey = new Map<string, string>();
  for (const [field, messages] of Object.entries(errors)) {
    const m = /^track_code\.(\d+)$/.exec(field);
    const row = m ? sent[Number(m[1])] : undefined;
    if (row) byKey.set(row.key, messages.join('. '));
  }
  return {
    ...state,
    containerId: null,
    rows: state.rows.map((r) => (byKey.has(r.key) ? { ...r, state: 'error', error: byKey.get(r.key) } : r)),
  };
}

export interface ScanVerdict {
  /** What the screen does with the scanned parcel. */
  action: 'add' | 'refuse' | 'confirm';
  message?: string;
  sound?: SoundCue;
  /** Refusal messages that close by themselves after 1 s (spec §5). */
  isShort?: boolean;
}
export type SoundCue = 'already_accepted' | 'different_branch_id' | 'open_box_error' | 'null_list' | 'alert';

export interface VerdictTexts {
  needsDeclaration: string;
  temuWithoutDeclaration: string;
  otherBranch: (branch: string) => string;
  alreadyInWarehouse: (box: string) => string;
}

/** spec §5, in order: Temu without declaration, needs a declaration, another branch, already in the local warehouse. */
export function judgeScan(state: AcceptanceState, lookup: ScanLookup, texts: VerdictTexts): ScanVerdict {
  if (lookup.requires_declaration && lookup.provider === 2) return { action: 'refuse', message: texts.temuWithoutDeclaration, sound: 'alert', isShort: true };
  if (lookup.requires_declaration) return { action: 'refuse', message: texts.needsDeclaration, sound: 'alert', isShort: true };
  if (state.mode === 'acceptance' && state.branchId !== null && lookup.branch_id !== null && lookup.branch_id !== state.branchId) {
    return { action: 'confirm', message: texts.otherBranch(lookup.branch_name ?? String(lookup.branch_id)), sound: 'different_branch_id' };
  }
  if (state.mode === 'acceptance' && lookup.state_id === 9) {
    return { action: 'confirm', message: texts.alreadyInWarehouse(lookup.container_name ?? '-'), sound: 'already_accepted' };
  }
  return { action: 'add' };
}

const STORAGE_PREFIX = 'warehouse.acceptance.v1.';

export function loadState(scope: string, fallbackBranch: number | null, storage: Pick<Storage, 'getItem'> = localStorage): AcceptanceState {
  try {
    const raw = storage.getItem(STORAGE_PREFIX + scope);
    if (!raw) return initialState(fallbackBranch);
    const parsed = JSON.parse(raw) as AcceptanceState;
    if (!Array.isArray(parsed.rows)) return initialState(fallbackBranch);
    return { ...initialState(fallbackBranch), ...parsed };
  } catch {
    return initialState(fallbackBranch);
  }
}

export function saveState(scope: string, state: AcceptanceState, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(STORAGE_PREFIX + scope, JSON.stringify(state));
  } catch {
    // storage full or disabled: the list stays on screen
  }
}

export interface StateSaver {
  /** Keeps `state` to be written: at once when nothing was written in the last `intervalMs`, else at the end of it. */
  schedule(state: AcceptanceState): void;
  /** Writes the kept state now (page hidden or closed, screen left). */
  flush(): void;
}

/**
 * localStorage writes, throttled: serialising a list of 2,000 rows on every scan and every lookup
 * answer costs milliseconds each, so at most one write per `intervalMs` (the newest state) and one
 * at once when the page is hidden or left. A scan is never more than `intervalMs` from storage.
 */
export function createStateSaver(scope: string, intervalMs = 250, storage: Pick<Storage, 'setItem'> = localStorage): StateSaver {
  let latest: AcceptanceState | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (latest) saveState(scope, latest, storage);
    latest = null;
  };
  return {
    schedule(state) {
      latest = state;
      timer ??= setTimeout(flush, intervalMs);
    },
    flush,
  };
}
