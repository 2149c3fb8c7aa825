import { DeleteOutlined } from '@ant-design/icons';
import { MODEL } from '@app/contract/models';
import { STATUS_SEEDS } from '@app/contract/statuses-constants';
import { az, fill } from '@app/contract/texts/az';
import { Button, Grid, Input, Space, Table, Tag, Typography, type InputRef, type TableRef } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { HttpError, readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { acceptParcel, lookUpScan, type BoxScope } from '../api';
import {
  addScan, answerPrompt, countQueued, createStateSaver, findPrompt, isRed, loadState, markAccepted, normalizeCode, receiveLookup, refuseRow,
  removeRow, settle, type AcceptanceKind, type AcceptanceState, type ScanRow,
} from '../model/acceptance';
import { createPromptKeys, type PromptKeys } from '../model/prompt-keys';
import { cue } from '../model/sounds';

/*
 * The parts both acceptance screens are made of (spec §2 "Box acceptance screen", §5; issue 16):
 * the scan list kept in localStorage and judged one scan at a time behind any open prompt, the
 * scan input, the prompt and the rows. The box screen lists parcels for a box close; the standard
 * screen accepts each parcel at once.
 */

const W = az.warehouse;
const STATUS_NAMES = new Map(STATUS_SEEDS.filter((s) => s.model === MODEL.declarations).map((s) => [s.id, s.name]));
export const VERDICT_TEXTS = {
  needsDeclaration: W.needsDeclaration,
  temuWithoutDeclaration: W.temuWithoutDeclaration,
  alreadyListed: W.alreadyListed,
  otherBranch: (branch: string) => fill(W.otherBranch, { branch }),
  alreadyInWarehouse: (box: string) => fill(W.alreadyInWarehouse, { box }),
};

export interface ScanListOptions {
  /** localStorage key of the list: one list per screen and scope. */
  storageScope: string;
  /** Whose lookup answers (office staff or a partner). */
  lookupScope: BoxScope;
  kind: AcceptanceKind;
}

/**
 * The scan list of an acceptance screen. Every change goes through `commit`, which judges the
 * looked-up rows (`settle`), plays their cues and keeps the list locally: a scan typed while a
 * prompt is open waits behind it, listed, and is judged once the prompt is answered.
 */
export function useScanList({ storageScope, lookupScope, kind }: ScanListOptions) {
  const { user } = useAuth();
  const toast = useToast();
  const [state, setState] = useState<AcceptanceState>(() => loadState(storageScope, user.adminBranchId));
  const stateRef = useRef(state);
  const inputRef = useRef<InputRef>(null);
  const dialogs = useRef(0);
  const inFlight = useRef(new Set<string>());

  // Kept locally (throttled; written at once when the page is hidden, closed or left).
  const saver = useMemo(() => createStateSaver(storageScope), [storageScope]);
  useEffect(() => {
    const onHidden = () => { if (document.visibilityState === 'hidden') saver.flush(); };
    window.addEventListener('pagehide', saver.flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', saver.flush);
      document.removeEventListener('visibilitychange', onHidden);
      saver.flush();
    };
  }, [saver]);

  const commit = useCallback((fn: (s: AcceptanceState) => AcceptanceState) => {
    const prev = stateRef.current;
    const { state: next, cues, refused } = settle(fn(prev), VERDICT_TEXTS, kind);
    if (next === prev) return;
    stateRef.current = next;
    setState(next);
    saver.schedule(next);
    cues.forEach(cue);
    for (const r of refused) void toast.error({ content: `${r.code}: ${r.error ?? ''}`, duration: 1 });
  }, [kind, saver, toast]);

  /** Focus goes back to the scan input; `force` after a choice was made in a select. */
  const refocus = useCallback((force = false) => {
    window.setTimeout(() => {
      if (dialogs.current > 0) return;
      if (force || document.activeElement?.closest('.ant-select, .ant-modal') == null) inputRef.current?.focus();
    }, 0);
  }, []);

  /** Looks one pending row up: found → judged in turn; not found or failed → red; offline → stays pending. */
  const lookUp = useCallback(async (row: ScanRow) => {
    if (inFlight.current.has(row.key)) return;
    inFlight.current.add(row.key);
    try {
      const { data } = await lookUpScan(lookupScope, row.code, stateRef.current.barcodeType);
      commit((s) => receiveLookup(s, row.key, data));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status === 0) return; // looked up again when back online
      cue(error.status === 404 ? 'null_list' : 'alert');
      commit((s) => refuseRow(s, row.key, error.status === 404 ? W.notFoundCode : readErrorMessage(error)));
    } finally {
      inFlight.current.delete(row.key);
    }
  }, [commit, lookupScope]);

  /** Standard acceptance: one parcel to the local warehouse (9) where the status rules allow it. */
  const accept = useCallback(async (row: ScanRow) => {
    if (!row.lookup || inFlight.current.has(row.key)) return;
    inFlight.current.add(row.key);
    try {
      await acceptParcel(row.lookup.id);
      commit((s) => markAccepted(s, row.key));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status === 0) return; // sent again when back online
      cue('alert');
      commit((s) => refuseRow(s, row.key, readErrorMessage(error)));
    } finally {
      inFlight.current.delete(row.key);
    }
  }, [commit]);

  // Rows left pending by a reload or a dropped connection are looked up (or sent) again on load and when back online.
  const retry = useCallback(() => {
    for (const r of stateRef.current.rows) {
      if (r.state === 'pending') void lookUp(r);
      else if (r.state === 'sending') void accept(r);
    }
  }, [accept, lookUp]);
  useEffect(() => {
    retry();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  // A parcel that passed (at once or by a 'yes') is accepted on the standard screen.
  useEffect(() => {
    if (kind === 'accept') for (const r of state.rows) if (r.state === 'sending') void accept(r);
  }, [accept, kind, state.rows]);

  const onScan = useCallback((raw: string) => {
    const code = normalizeCode(raw, stateRef.current.barcodeType);
    if (!code) return;
    const next = addScan(stateRef.current, code, W.alreadyListed);
    const row = next.rows[0]!;
    commit(() => next);
    if (row.state === 'error') {
      cue('already_accepted');
      void toast.warning({ content: `${code}: ${W.alreadyListed}`, duration: 1.5 });
      return;
    }
    void lookUp(row);
  }, [commit, lookUp, toast]);

  const answer = useCallback((yes: boolean) => {
    commit((s) => answerPrompt(s, yes, kind));
    refocus(true);
  }, [commit, kind, refocus]);
  const answerRef = useRef(answer);
  answerRef.current = answer;
  const keys = useMemo(() => createPromptKeys((yes) => answerRef.current(yes)), []);
  useEffect(() => () => keys.cancel(), [keys]);

  const remove = useCallback((key: string) => {
    commit((s) => removeRow(s, key));
    refocus(true);
  }, [commit, refocus]);

  useEffect(() => { inputRef.current?.focus(); }, []);

  /** A dialog of the screen opened (the summary, a confirmation): focus stays in it until it closes. */
  const openDialog = useCallback(() => { dialogs.current += 1; }, []);
  const closeDialog = useCallback(() => { dialogs.current = Math.max(0, dialogs.current - 1); refocus(true); }, [refocus]);

  return { state, stateRef, commit, refocus, inputRef, openDialog, closeDialog, onScan, answer, keys, remove };
}

/**
 * The scan input keeps what is being typed to itself: a scanner's keystrokes re-render only the
 * input, not the list of (up to thousands of) rows. Enter ends a scan and never answers a prompt.
 */
export const ScanInput = memo(function ScanInput({ inputRef, onScan, onBlur, keys, isPromptOpen }: {
  inputRef: Ref<InputRef>; onScan: (raw: string) => void; onBlur: () => void; keys: PromptKeys; isPromptOpen: boolean;
}) {
  const [value, setValue] = useState('');
  const valueRef = useRef('');
  const set = (v: string) => { valueRef.current = v; setValue(v); };
  return (
    <Input
      ref={inputRef} size="large" autoFocus value={value} placeholder={W.scanPlaceholder} aria-label={W.scanPlaceholder}
      data-testid="scan-input" autoComplete="off" className="scan-input" onChange={(e) => set(e.target.value)} onBlur={onBlur}
      onKeyDown={(e) => {
        const outcome = keys.keyDown(e.key, { isPromptOpen, isEmpty: valueRef.current === '', hasModifier: e.ctrlKey || e.altKey || e.metaKey });
        if (outcome.insert) set(valueRef.current + outcome.insert);
        if (outcome.prevent) { e.preventDefault(); return; }
        if (e.key === 'Enter') {
          e.preventDefault();
          const scanned = valueRef.current;
          set('');
          onScan(scanned);
        }
      }}
    />
  );
});

/**
 * The open question about one scan. It takes no focus (the scan input keeps it, so the next scans
 * are typed and wait behind it) and answers only to Y, N, Escape or a click.
 */
export function ScanPrompt({ row, queued, onAnswer }: { row: ScanRow; queued: number; onAnswer: (yes: boolean) => void }) {
  const keepFocus = (e: React.MouseEvent) => e.preventDefault();
  return (
    <div role="alertdialog" aria-live="assertive" aria-label={W.confirmTitle} aria-describedby="scan-prompt-question" data-testid="scan-prompt" className="scan-prompt">
      <Typography.Text strong>{W.confirmTitle}</Typography.Text>
      <div id="scan-prompt-question" className="scan-prompt-question">{`${row.code}: ${row.question ?? ''}`}</div>
      <Typography.Text type="secondary">{W.promptHint}</Typography.Text>
      {queued > 0 ? <div><Tag color="blue" data-testid="scan-prompt-queued">{fill(W.promptQueued, { N: queued })}</Tag></div> : null}
      <Space wrap>
        <Button type="primary" tabIndex={-1} onMouseDown={keepFocus} onClick={() => onAnswer(true)}>{W.promptYes}</Button>
        <Button tabIndex={-1} onMouseDown={keepFocus} onClick={() => onAnswer(false)}>{W.promptNo}</Button>
      </Space>
    </div>
  );
}

function RowResult({ row }: { row: ScanRow }) {
  switch (row.state) {
    case 'error': return <Typography.Text type="danger">{row.error}</Typography.Text>;
    case 'waiting': return <Tag color="blue">{W.rowQueued}</Tag>;
    case 'asking': return <Tag color="orange">{W.rowAsking}</Tag>;
    case 'sending': return <Tag color="processing">{W.rowSending}</Tag>;
    case 'accepted': return <Tag color="green">{W.rowAccepted}</Tag>;
    default: return null;
  }
}

/** The scanned rows, newest on top; red rows keep their reason and can be removed. On a phone: the code with its result, and the remove button. */
export function ScanTable({ rows, onRemove }: { rows: ScanRow[]; onRemove: (key: string) => void }) {
  const tableRef = useRef<TableRef>(null);
  const count = rows.length;
  const isPhone = Grid.useBreakpoint().md === false;
  const columns = useMemo(() => (isPhone ? [
    { title: '#', key: 'n', width: 44, render: (_: unknown, __: ScanRow, i: number) => count - i },
    {
      title: W.barcode, key: 'code', render: (_: unknown, r: ScanRow) => (
        <Space direction="vertical" size={0}>
          <span>{r.code}</span>
          <RowResult row={r} />
          {r.lookup ? <Typography.Text type="secondary">{[r.lookup.branch_name, STATUS_NAMES.get(r.lookup.state_id)].filter(Boolean).join(' · ')}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: '', key: 'remove', width: 44, render: (_: unknown, r: ScanRow) => (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={W.removeRow} onClick={() => onRemove(r.key)} />
      ),
    },
  ] : [
    { title: '#', key: 'n', width: 56, render: (_: unknown, __: ScanRow, i: number) => count - i },
    { title: W.barcode, dataIndex: 'code', key: 'code', width: 140 },
    { title: W.rowResult, key: 'result', width: 230, render: (_: unknown, r: ScanRow) => <RowResult row={r} /> },
    { title: az.declarations.trackCode, key: 'track', width: 150, render: (_: unknown, r: ScanRow) => r.lookup?.track_code ?? '' },
    { title: W.branch, key: 'branch', width: 130, render: (_: unknown, r: ScanRow) => r.lookup?.branch_name ?? '' },
    { title: W.flight, key: 'flight', width: 120, render: (_: unknown, r: ScanRow) => r.lookup?.flight_name ?? '' },
    { title: W.box, key: 'box', width: 90, render: (_: unknown, r: ScanRow) => r.lookup?.container_name ?? '' },
    { title: W.status, key: 'status', width: 126, render: (_: unknown, r: ScanRow) => (r.lookup ? STATUS_NAMES.get(r.lookup.state_id) ?? r.lookup.state_id : r.state === 'pending' ? '…' : '') },
    {
      title: '', key: 'remove', width: 48, fixed: 'right' as const, render: (_: unknown, r: ScanRow) => (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={W.removeRow} onClick={() => onRemove(r.key)} />
      ),
    },
  ]), [count, isPhone, onRemove]);
  const latest = rows[0]?.key;
  // A new scan goes on top: the list shows the top, whatever was scrolled to before.
  useEffect(() => { if (latest) tableRef.current?.scrollTo({ top: 0 }); }, [latest]);
  return (
    <Table<ScanRow>
      ref={tableRef} size="small" rowKey="key" virtual scroll={{ y: 520, x: isPhone ? undefined : 1090 }} pagination={false}
      dataSource={rows} columns={columns}
      rowClassName={(r) => (isRed(r) ? 'scan-row-red' : r.state === 'accepted' ? 'scan-row-done' : '')}
      onRow={(r) => ({ 'data-red': isRed(r) ? '1' : '0', 'data-code': r.code, 'data-state': r.state } as React.HTMLAttributes<HTMLElement>)}
    />
  );
}

/** The prompt, if one is open, for the list's screen. */
export function usePrompt(state: AcceptanceState) {
  const prompt = findPrompt(state);
  return { prompt, queued: prompt ? countQueued(state) : 0 };
}

/** Styles of both screens: red and done rows, the prompt, a scan input as wide as a phone. */
export function AcceptanceStyles(): ReactNode {
  return (
    <style>{`
.scan-row-red > td, .scan-row-red > .ant-table-cell { background: #fff1f0 !important; color: #a8071a; }
.scan-row-done > td, .scan-row-done > .ant-table-cell { background: #f6ffed !important; }
.scan-prompt { display: flex; flex-direction: column; gap: 8px; padding: 12px 16px; border: 2px solid #faad14; border-radius: 8px; background: #fffbe6; }
.scan-prompt-question { font-size: 18px; font-weight: 600; }
.scan-toolbar > * { flex: 0 1 260px; min-width: 0; max-width: 100%; }
.scan-toolbar > .ant-segmented { flex: 0 0 auto; }
.scan-bar > .scan-input { flex: 1 1 260px; min-width: 0; }
@media (max-width: 600px) { .scan-bar > .ant-btn { flex: 1 1 auto; } .scan-toolbar > * { flex: 1 1 100%; } }
`}</style>
  );
}
