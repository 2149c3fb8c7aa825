import type { BarcodeType, ScanLookup } from '@app/contract/warehouse';

/*
 * The box acceptance screen's state (spec §2 "Box acceptance screen", §4 "Box acceptance state is
 * persisted locally", §5 "Box acceptance"). Pure functions, unit-tested; the page keeps the state
 * in localStorage after every change, so a reload or a dropped connection loses no scan.
 */

export type AcceptanceMode = 'acceptance' | 'transfer';
/**
 * What the screen does with a parcel it lets through: `list` keeps it for the box close (box
 * acceptance), `accept` accepts it at once, one call per parcel (standard acceptance).
 */
export type AcceptanceKind = 'list' | 'accept';
/**
 * A row's life: `pending` (looked up on the server), `waiting` (looked up, waits its turn behind an
 * open prompt), `asking` (the prompt is about it), `ok` (listed for the close), `sending` / `accepted`
 * (standard acceptance), `error` (red: refused, with its reason; never sent).
 */
export type RowState = 'pending' | 'waiting' | 'asking' | 'ok' | 'sending' | 'accepted' | 'error';

export interface ScanRow {
  key: string;
  code: string;
  state: RowState;
  lookup?: ScanLookup;
  /** Why the row is red: already listed, needs a declaration, not found, failed, refused on close. */
  error?: string;
  /** The question of an `asking` row (another branch, already in the local warehouse). */
  question?: string;
  /** The code's parcel is listed already under another code (or the same code again). */
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

/**
 * A new scan goes on top at once (acknowledged before the server answers). A code already listed
 * stays on screen as a red row with `alreadyListed` as its reason (spec §2, §5), never looked up.
 */
export function addScan(state: AcceptanceState, code: string, alreadyListed = ''): AcceptanceState {
  const seq = state.seq + 1;
  const row: ScanRow = isListed(state, code)
    ? { key: `s${seq}`, code, state: 'error', error: alreadyListed, isDuplicate: true }
    : { key: `s${seq}`, code, state: 'pending' };
  return { ...state, seq, rows: [row, ...state.rows] };
}

export function removeRow(state: AcceptanceState, key: string): AcceptanceState {
  return { ...state, rows: state.rows.filter((r) => r.key !== key) };
}

export function resolveRow(state: AcceptanceState, key: string, patch: Partial<ScanRow>): AcceptanceState {
  return { ...state, rows: state.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) };
}

/** The server found the code: the row waits for its turn (`settle` judges it). */
export function receiveLookup(state: AcceptanceState, key: string, lookup: ScanLookup): AcceptanceState {
  return state.rows.some((r) => r.key === key && r.state === 'pending') ? resolveRow(state, key, { state: 'waiting', lookup }) : state;
}

/** The code could not be used (not found, refused, failed): a red row with its reason. */
export function refuseRow(state: AcceptanceState, key: string, error: string): AcceptanceState {
  return resolveRow(state, key, { state: 'error', error, question: undefined });
}

export function countDuplicates(state: AcceptanceState): number {
  return state.rows.filter((r) => r.isDuplicate && r.state === 'error').length;
}

export function isRed(row: ScanRow): boolean {
  return row.state === 'error';
}

/** The row the open prompt asks about (at most one at a time). */
export function findPrompt(state: AcceptanceState): ScanRow | undefined {
  return state.rows.find((r) => r.state === 'asking');
}

/** Scans held behind the open prompt (looked up or still being looked up). */
export function countQueued(state: AcceptanceState): number {
  return state.rows.filter((r) => r.state === 'waiting' || r.state === 'pending').length;
}

export interface ScanVerdict {
  /** What the screen does with the scanned parcel. */
  action: 'add' | 'refuse' | 'confirm';
  message?: string;
  sound?: SoundCue;
}
export type SoundCue = 'already_accepted' | 'different_branch_id' | 'open_box_error' | 'null_list' | 'alert';

export interface VerdictTexts {
  needsDeclaration: string;
  temuWithoutDeclaration: string;
  alreadyListed: string;
  otherBranch: (branch: string) => string;
  alreadyInWarehouse: (box: string) => string;
}

/** spec §5, in order: Temu without declaration, needs a declaration, another branch, already in the local warehouse. */
export function judgeScan(state: AcceptanceState, lookup: ScanLookup, texts: VerdictTexts): ScanVerdict {
  if (lookup.requires_declaration && lookup.provider === 2) return { action: 'refuse', message: texts.temuWithoutDeclaration, sound: 'alert' };
  if (lookup.requires_declaration) return { action: 'refuse', message: texts.needsDeclaration, sound: 'alert' };
  if (state.mode === 'acceptance' && state.branchId !== null && lookup.branch_id !== null && lookup.branch_id !== state.branchId) {
    return { action: 'confirm', message: texts.otherBranch(lookup.branch_name ?? String(lookup.branch_id)), sound: 'different_branch_id' };
  }
  if (state.mode === 'acceptance' && lookup.state_id === 9) {
    return { action: 'confirm', message: texts.alreadyInWarehouse(lookup.container_name ?? '-'), sound: 'already_accepted' };
  }
  return { action: 'add' };
}

const passedState = (kind: AcceptanceKind): RowState => (kind === 'accept' ? 'sending' : 'ok');
/** Rows holding their parcel: a second code of the same parcel is a duplicate. */
const holdsParcel = (r: ScanRow) => r.state === 'ok' || r.state === 'sending' || r.state === 'accepted' || r.state === 'asking';

export interface Settled {
  state: AcceptanceState;
  /** Sounds to play, in order. */
  cues: SoundCue[];
  /** Rows this call turned red (their reasons are also said in a short message). */
  refused: ScanRow[];
}

/**
 * Judges the looked-up rows, oldest scan first, one at a time: a refused one turns red with its
 * reason, a question stops everything behind it until it is answered (`answerPrompt`), the rest
 * pass. While a prompt is open nothing is judged: later scans are kept and wait their turn.
 */
export function settle(state: AcceptanceState, texts: VerdictTexts, kind: AcceptanceKind): Settled {
  const cues: SoundCue[] = [];
  const refused: ScanRow[] = [];
  if (findPrompt(state)) return { state, cues, refused };
  const rows = [...state.rows];
  const held = new Set<number>();
  for (const r of rows) if (r.lookup && holdsParcel(r)) held.add(r.lookup.id);
  let changed = false;
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    const row = rows[i]!;
    if (row.state !== 'waiting' || !row.lookup) continue;
    changed = true;
    if (held.has(row.lookup.id)) {
      rows[i] = { ...row, state: 'error', error: texts.alreadyListed, isDuplicate: true };
      cues.push('already_accepted');
      refused.push(rows[i]!);
      continue;
    }
    const verdict = judgeScan(state, row.lookup, texts);
    if (verdict.sound) cues.push(verdict.sound);
    if (verdict.action === 'refuse') {
      rows[i] = { ...row, state: 'error', error: verdict.message };
      refused.push(rows[i]!);
      continue;
    }
    held.add(row.lookup.id);
    if (verdict.action === 'confirm') {
      rows[i] = { ...row, state: 'asking', question: verdict.message };
      break;
    }
    rows[i] = { ...row, state: passedState(kind) };
  }
  return { state: changed ? { ...state, rows } : state, cues, refused };
}

/** The worker's answer to the open prompt: yes lets the parcel pass, no takes the row off the list. */
export function answerPrompt(state: AcceptanceState, yes: boolean, kind: AcceptanceKind): AcceptanceState {
  const prompt = findPrompt(state);
  if (!prompt) return state;
  if (!yes) return removeRow(state, prompt.key);
  return resolveRow(state, prompt.key, { state: passedState(kind), question: undefined });
}

/** Standard acceptance: the server accepted the parcel; it is in the local warehouse (9) now. */
export function markAccepted(state: AcceptanceState, key: string): AcceptanceState {
  const row = state.rows.find((r) => r.key === key && r.state === 'sending');
  if (!row) return state;
  return resolveRow(state, key, { state: 'accepted', lookup: row.lookup && { ...row.lookup, state_id: 9 } });
}

/** The rows a close sends, oldest scan first (the server's `track_code.{i}` indexes refer to this order). Red rows are never sent. */
export function rowsToSend(state: AcceptanceState): ScanRow[] {
  return [...state.rows].reverse().filter((r) => r.state === 'ok');
}

/** Rows not settled yet: a close waits for them (looked up, or a question to answer). */
export function rowsUnsettled(state: AcceptanceState): ScanRow[] {
  return state.rows.filter((r) => r.state === 'pending' || r.state === 'waiting' || r.state === 'asking');
}

export interface CloseSummary {
  send: ScanRow[];
  refused: ScanRow[];
  unsettled: ScanRow[];
  duplicates: number;
}

/** What 'Yeşiyi bağla' will do: the rows it sends, the red rows it leaves out, the rows it waits for. */
export function summarizeClose(state: AcceptanceState): CloseSummary {
  return { send: rowsToSend(state), refused: [...state.rows].reverse().filter(isRed), unsettled: rowsUnsettled(state), duplicates: countDuplicates(state) };
}

/** After a close: the sent rows leave the list, the red ones stay (they were not sent). */
export function removeSent(state: AcceptanceState, sent: readonly ScanRow[]): AcceptanceState {
  const keys = new Set(sent.map((r) => r.key));
  return { ...state, rows: state.rows.filter((r) => !keys.has(r.key)) };
}

/**
 * A 422 of close (spec §8): `track_code.{i}` messages land on the sent rows (red, with the reason),
 * the chosen box is cleared; returns the messages of the refused codes, in list order.
 */
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

/** A close's 422 as lines: the message, then each refused code's reason by its index in the sent list. */
export function listCloseErrors(sent: readonly ScanRow[], errors: Record<string, string[]>): string[] {
  return Object.entries(errors)
    .map(([field, messages]) => {
      const m = /^track_code\.(\d+)$/.exec(field);
      return { index: m ? Number(m[1]) : -1, text: messages.join('. '), code: m ? sent[Number(m[1])]?.code : undefined };
    })
    .sort((a, b) => a.index - b.index)
    .map((e) => (e.code && !e.text.includes(e.code) ? `${e.code}: ${e.text}` : e.text));
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
