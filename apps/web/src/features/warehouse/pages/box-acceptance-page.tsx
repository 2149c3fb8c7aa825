import { DeleteOutlined, InboxOutlined, SwapOutlined } from '@ant-design/icons';
import { MODEL } from '@app/contract/models';
import { STATUS_SEEDS } from '@app/contract/statuses-constants';
import { az, fill } from '@app/contract/texts/az';
import type { BarcodeType } from '@app/contract/warehouse';
import { Alert, Button, Card, Flex, Input, Modal, Segmented, Select, Space, Table, Tag, Typography, type InputRef, type TableRef } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { HttpError } from '../../../shared/http/http-error';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useBranches } from '../../declarations/api';
import { closeBox, lookUpScan, selectBox, transferToBox, useBoxOptions, type BoxScope } from '../api';
import {
  addScan, applyCloseErrors, countDuplicates, createStateSaver, initialState, isListed, isRed, judgeScan, loadState, normalizeCode, removeRow,
  resolveRow, rowsToSend, type AcceptanceMode, type AcceptanceState, type ScanRow,
} from '../model/acceptance';
import { cue } from '../model/sounds';

const W = az.warehouse;
const STATUS_NAMES = new Map(STATUS_SEEDS.filter((s) => s.model === MODEL.declarations).map((s) => [s.id, s.name]));
const TEXTS = {
  needsDeclaration: W.needsDeclaration,
  temuWithoutDeclaration: W.temuWithoutDeclaration,
  otherBranch: (branch: string) => fill(W.otherBranch, { branch }),
  alreadyInWarehouse: (box: string) => fill(W.alreadyInWarehouse, { box }),
};

/**
 * The scan input keeps what is being typed to itself: a scanner's keystrokes re-render only the
 * input, not the list of (up to thousands of) rows.
 */
const ScanInput = memo(function ScanInput({ inputRef, onScan, onBlur }: { inputRef: Ref<InputRef>; onScan: (raw: string) => void; onBlur: () => void }) {
  const [value, setValue] = useState('');
  return (
    <Input
      ref={inputRef} size="large" autoFocus value={value} placeholder={W.scanPlaceholder} aria-label={W.scanPlaceholder}
      data-testid="scan-input" autoComplete="off" onChange={(e) => setValue(e.target.value)}
      onPressEnter={() => { setValue(''); onScan(value); }} onBlur={onBlur}
    />
  );
});

/**
 * Box acceptance (spec §2, §5): scanner first. A keyboard-wedge scanner types the code and presses
 * Enter; the row appears at once and is kept in localStorage, the server lookup fills it in.
 * Focus always returns to the scan input.
 */
export function BoxAcceptancePage({ scope }: { scope: BoxScope }) {
  const { user } = useAuth();
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const [state, setState] = useState<AcceptanceState>(() => loadState(scope, user.adminBranchId));
  const stateRef = useRef(state);
  stateRef.current = state;
  const [isSending, setIsSending] = useState(false);
  const inputRef = useRef<InputRef>(null);
  const tableRef = useRef<TableRef>(null);
  const dialogs = useRef(0);
  const branches = useBranches();
  const boxes = useBoxOptions(scope, scope === 'admin' ? state.branchId : null);

  // Kept locally (throttled; written at once when the page is hidden, closed or left).
  const saver = useMemo(() => createStateSaver(scope), [scope]);
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

  const update = useCallback((fn: (s: AcceptanceState) => AcceptanceState) => {
    setState((s) => {
      const next = fn(s);
      if (next !== s) saver.schedule(next);
      return next;
    });
  }, [saver]);

  /** Focus goes back to the scan input; `force` after a choice was made in a select. */
  const refocus = useCallback((force = false) => {
    window.setTimeout(() => {
      if (dialogs.current > 0) return;
      if (force || document.activeElement?.closest('.ant-select, .ant-modal') == null) inputRef.current?.focus();
    }, 0);
  }, []);

  const ask = useCallback((content: string, onYes: () => void, onNo: () => void) => {
    dialogs.current += 1;
    void modal.confirm({
      title: W.confirmTitle, content, okText: az.table.yes, cancelText: az.table.no, autoFocusButton: 'ok',
      onOk: () => { onYes(); },
      onCancel: () => { onNo(); },
      afterClose: () => { dialogs.current -= 1; refocus(true); },
    });
  }, [modal, refocus]);

  /** Looks one pending row up and applies spec §5's rules to it. */
  const resolve = useCallback(async (row: ScanRow) => {
    try {
      const { data } = await lookUpScan(scope, row.code, stateRef.current.barcodeType);
      const verdict = judgeScan(stateRef.current, data, TEXTS);
      if (verdict.action === 'refuse') {
        update((s) => removeRow(s, row.key));
        if (verdict.sound) cue(verdict.sound);
        void toast.error({ content: `${row.code}: ${verdict.message}`, duration: 1 });
        return;
      }
      update((s) => resolveRow(s, row.key, { state: 'ok', lookup: data }));
      if (verdict.action === 'confirm') {
        if (verdict.sound) cue(verdict.sound);
        ask(`${row.code}: ${verdict.message}`, () => undefined, () => update((s) => removeRow(s, row.key)));
      }
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        update((s) => resolveRow(s, row.key, { state: 'error', error: W.notFoundCode }));
        cue('null_list');
      }
      // a network failure keeps the row pending: it is looked up again when the connection returns
    }
  }, [ask, scope, toast, update]);

  // Rows left pending by a reload or a dropped connection are looked up again (on load and when back online).
  useEffect(() => {
    const retry = () => stateRef.current.rows.filter((r) => r.state === 'pending').forEach((r) => void resolve(r));
    retry();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [resolve]);

  useEffect(() => { inputRef.current?.focus(); }, []);
  // A new scan goes on top: the list shows the top, whatever was scrolled to before.
  useEffect(() => { if (state.seq > 0) tableRef.current?.scrollTo({ top: 0 }); }, [state.seq]);

  const onScan = useCallback((raw: string) => {
    const code = normalizeCode(raw, stateRef.current.barcodeType);
    if (!code) return;
    if (isListed(stateRef.current, code)) {
      cue('already_accepted');
      void toast.warning({ content: `${code}: ${W.alreadyListed}`, duration: 1.5 });
      return;
    }
    const next = addScan(stateRef.current, code);
    const row = next.rows[0]!;
    update(() => next);
    void resolve(row);
  }, [resolve, toast, update]);
  const onInputBlur = useCallback(() => refocus(), [refocus]);

  const setBox = (containerId: number | null) => {
    update((s) => ({ ...s, containerId }));
    if (containerId) void selectBox(scope, containerId).catch(() => undefined);
    refocus(true);
  };

  const finish = async () => {
    const s = stateRef.current;
    if (!s.rows.length) { cue('null_list'); void toast.warning(W.emptyList); return; }
    const sent = rowsToSend(s);
    if (s.mode === 'transfer' || scope === 'partner') {
      if (!s.containerId) { cue('open_box_error'); void toast.error(W.chooseBox); return; }
    } else if (!s.containerId && sent.some((r) => r.lookup?.requires_declaration)) {
      cue('open_box_error'); void toast.error(W.chooseBox); return;
    }
    setIsSending(true);
    try {
      const trackCodes = sent.map((r) => r.code);
      if (s.mode === 'transfer') {
        await transferToBox({ trackCodes, containerId: s.containerId!, barcodeType: s.barcodeType });
        void toast.success(W.transferred);
      } else {
        await closeBox(scope, { trackCodes, containerId: s.containerId, branchId: s.branchId, barcodeType: s.barcodeType });
        void toast.success(W.boxClosed);
      }
      update((cur) => ({ ...cur, rows: [] }));
    } catch (error) {
      cue('alert');
      if (error instanceof HttpError && error.status === 422) update((cur) => applyCloseErrors(cur, sent, error.errors ?? {}));
      void toast.error({ content: readErrorMessage(error), duration: 6 });
    } finally {
      setIsSending(false);
      refocus(true);
    }
  };

  const onFinish = () => {
    const duplicates = countDuplicates(stateRef.current);
    if (duplicates > 0) {
      cue('alert');
      ask(`${fill(W.duplicates, { N: duplicates })}. ${W.duplicatesConfirm}`, () => void finish(), () => undefined);
      return;
    }
    void finish();
  };

  const columns = useMemo(() => [
    { title: '#', key: 'n', width: 64, render: (_: unknown, __: ScanRow, i: number) => stateRef.current.rows.length - i },
    { title: W.barcode, dataIndex: 'code', key: 'code', width: 180 },
    { title: az.declarations.trackCode, key: 'track', width: 160, render: (_: unknown, r: ScanRow) => r.lookup?.track_code ?? '' },
    { title: W.branch, key: 'branch', width: 140, render: (_: unknown, r: ScanRow) => r.lookup?.branch_name ?? '' },
    { title: W.flight, key: 'flight', width: 140, render: (_: unknown, r: ScanRow) => r.lookup?.flight_name ?? '' },
    { title: W.box, key: 'box', width: 110, render: (_: unknown, r: ScanRow) => r.lookup?.container_name ?? '' },
    { title: W.status, key: 'status', width: 140, render: (_: unknown, r: ScanRow) => (r.lookup ? STATUS_NAMES.get(r.lookup.state_id) ?? r.lookup.state_id : r.state === 'pending' ? '…' : '') },
    {
      title: W.rowError, key: 'error', render: (_: unknown, r: ScanRow) => (
        <Space size={4} wrap>
          {r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : null}
          {r.isDuplicate ? <Tag color="red">{fill(W.duplicates, { N: 1 })}</Tag> : null}
          {r.lookup?.requires_declaration ? <Tag color="red">{W.requiresDeclaration}</Tag> : null}
        </Space>
      ),
    },
    {
      title: '', key: 'remove', width: 48, render: (_: unknown, r: ScanRow) => (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={W.removeRow} onClick={() => { update((s) => removeRow(s, r.key)); refocus(true); }} />
      ),
    },
  ], [refocus, update]);

  const title = scope === 'partner' ? W.partnerAcceptanceTitle : W.acceptanceTitle;
  const redCount = useMemo(() => state.rows.filter(isRed).length, [state.rows]);
  // The table renders again only when the rows change (virtual: only the visible rows are drawn).
  const table = useMemo(() => (
    <Table<ScanRow>
      ref={tableRef} size="small" rowKey="key" virtual scroll={{ y: 520, x: 1100 }} pagination={false}
      dataSource={state.rows} columns={columns}
      rowClassName={(r) => (isRed(r) ? 'scan-row-red' : '')}
      onRow={(r) => ({ 'data-red': isRed(r) ? '1' : '0', 'data-code': r.code } as React.HTMLAttributes<HTMLElement>)}
    />
  ), [columns, state.rows]);

  return (
    <Card title={title} onClick={() => refocus()} extra={<Typography.Text>{fill(W.scanned, { N: state.rows.length })}</Typography.Text>}>
      {modalHolder}
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center">
          <Segmented<AcceptanceMode>
            value={state.mode}
            options={[{ value: 'acceptance', label: W.modeAcceptance }, ...(scope === 'admin' ? [{ value: 'transfer' as const, label: W.modeTransfer }] : [])]}
            onChange={(mode) => { update((s) => ({ ...s, mode })); refocus(true); }}
          />
          <Segmented<BarcodeType>
            value={state.barcodeType}
            options={[{ value: 'findex', label: W.findex }, { value: 'trendyol', label: W.trendyol }]}
            onChange={(barcodeType) => { update((s) => ({ ...s, barcodeType })); refocus(true); }}
          />
          {scope === 'admin' ? (
            <Select
              aria-label={W.branch} placeholder={W.branch} style={{ width: 200 }} showSearch optionFilterProp="label"
              value={state.branchId ?? undefined} options={branches.data ?? []} loading={branches.isLoading}
              onChange={(branchId: number) => { update((s) => ({ ...s, branchId, containerId: null })); refocus(true); }}
            />
          ) : null}
          <Select
            aria-label={W.box} placeholder={W.box} style={{ width: 200 }} showSearch allowClear optionFilterProp="label"
            value={state.containerId ?? undefined} options={boxes.data ?? []} loading={boxes.isLoading}
            onChange={(v?: number) => setBox(v ?? null)}
          />
        </Flex>
        <Flex gap={12}>
          <ScanInput inputRef={inputRef} onScan={onScan} onBlur={onInputBlur} />
          <Button size="large" type="primary" loading={isSending} icon={state.mode === 'transfer' ? <SwapOutlined /> : <InboxOutlined />} onClick={onFinish}>
            {state.mode === 'transfer' ? W.transferToBox : W.closeBox}
          </Button>
          <Button size="large" danger disabled={!state.rows.length} onClick={() => ask(W.clearList, () => update((s) => ({ ...initialState(s.branchId), mode: s.mode, barcodeType: s.barcodeType, containerId: s.containerId })), () => undefined)}>
            {W.clearList}
          </Button>
        </Flex>
        {redCount > 0 ? <Alert type="error" showIcon message={`${W.rowError}: ${redCount}`} /> : null}
        {table}
      </Flex>
      <style>{'.scan-row-red > td { background: #fff1f0 !important; color: #a8071a; }'}</style>
    </Card>
  );
}
