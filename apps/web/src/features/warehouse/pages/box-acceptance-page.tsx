import { InboxOutlined, SwapOutlined } from '@ant-design/icons';
import { az, fill } from '@app/contract/texts/az';
import type { BarcodeType } from '@app/contract/warehouse';
import { Alert, Button, Card, Flex, Modal, Segmented, Select, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { HttpError, readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useBranches } from '../../declarations/api';
import { closeBox, selectBox, transferToBox, useBoxOptions, type BoxScope } from '../api';
import {
  applyCloseErrors, initialState, isRed, listCloseErrors, removeSent, summarizeClose, type AcceptanceMode,
} from '../model/acceptance';
import { cue } from '../model/sounds';
import { AcceptanceStyles, ScanInput, ScanPrompt, ScanTable, usePrompt, useScanList } from './acceptance-screen';
import { CloseSummaryModal } from './close-summary-modal';

const W = az.warehouse;

/**
 * Box acceptance (spec §2, §5): scanner first. A keyboard-wedge scanner types the code and presses
 * Enter; the row appears at once and is kept in localStorage, the server lookup fills it in. A
 * question about one scan holds the later scans behind it. 'Yeşiyi bağla' shows what it will send
 * and what it leaves out, and needs a box.
 */
export function BoxAcceptancePage({ scope }: { scope: BoxScope }) {
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const list = useScanList({ storageScope: scope, lookupScope: scope, kind: 'list' });
  const { state, stateRef, commit, refocus, openDialog, closeDialog } = list;
  const { prompt, queued } = usePrompt(state);
  const [isSending, setIsSending] = useState(false);
  const [isSummaryOpen, setSummaryOpen] = useState(false);
  const [closeErrors, setCloseErrors] = useState<string[]>([]);
  const branches = useBranches();
  const boxes = useBoxOptions(scope, scope === 'admin' ? state.branchId : null);

  const setBox = (containerId: number | null) => {
    commit((s) => ({ ...s, containerId }));
    if (containerId) void selectBox(scope, containerId).catch(() => undefined);
    refocus(true);
  };

  const openSummary = () => {
    if (!stateRef.current.rows.length) { cue('null_list'); void toast.warning(W.emptyList); return; }
    if (!stateRef.current.containerId) cue('open_box_error');
    openDialog();
    setSummaryOpen(true);
  };
  const closeSummary = () => {
    setSummaryOpen(false);
    closeDialog();
  };

  const finish = async () => {
    const s = stateRef.current;
    const { send, unsettled } = summarizeClose(s);
    if (!s.containerId) { cue('open_box_error'); void toast.error(W.chooseBox); return; }
    if (!send.length || unsettled.length) return;
    setIsSending(true);
    try {
      const trackCodes = send.map((r) => r.code);
      if (s.mode === 'transfer') {
        await transferToBox({ trackCodes, containerId: s.containerId, barcodeType: s.barcodeType });
        void toast.success(W.transferred);
      } else {
        await closeBox(scope, { trackCodes, containerId: s.containerId, branchId: s.branchId, barcodeType: s.barcodeType });
        void toast.success(W.boxClosed);
      }
      setCloseErrors([]);
      commit((cur) => removeSent(cur, send));
    } catch (error) {
      cue('alert');
      // spec §8 box close failure: the message and each refused code's reason; the box is cleared.
      const errors = error instanceof HttpError && (error.status === 422 || error.status === 400) ? error.errors : {};
      if (Object.keys(errors).length) commit((cur) => applyCloseErrors(cur, send, errors));
      const lines = listCloseErrors(send, errors);
      setCloseErrors(lines.length ? lines : [readErrorMessage(error)]);
      void toast.error({ content: readErrorMessage(error), duration: 6 });
    } finally {
      setIsSending(false);
      closeSummary();
    }
  };

  const clearList = () => {
    openDialog();
    void modal.confirm({
      title: W.confirmTitle, content: W.clearList, okText: az.table.yes, cancelText: az.table.no, autoFocusButton: null,
      onOk: () => { commit((s) => ({ ...initialState(s.branchId), mode: s.mode, barcodeType: s.barcodeType, containerId: s.containerId })); setCloseErrors([]); },
      afterClose: closeDialog,
    });
  };

  const onInputBlur = useCallback(() => refocus(), [refocus]);
  const summary = useMemo(() => summarizeClose(state), [state]);
  const redCount = useMemo(() => state.rows.filter(isRed).length, [state.rows]);
  const branchName = branches.data?.find((b) => b.value === state.branchId)?.label ?? '';
  const title = scope === 'partner' ? W.partnerAcceptanceTitle : W.acceptanceTitle;

  return (
    <Card title={title} onClick={() => refocus()} extra={<Typography.Text>{fill(W.scanned, { N: state.rows.length })}</Typography.Text>}>
      {modalHolder}
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center" className="scan-toolbar">
          <Segmented<AcceptanceMode>
            value={state.mode}
            options={[{ value: 'acceptance', label: W.modeAcceptance }, ...(scope === 'admin' ? [{ value: 'transfer' as const, label: W.modeTransfer }] : [])]}
            onChange={(mode) => { commit((s) => ({ ...s, mode })); refocus(true); }}
          />
          <Segmented<BarcodeType>
            value={state.barcodeType}
            options={[{ value: 'findex', label: W.findex }, { value: 'trendyol', label: W.trendyol }]}
            onChange={(barcodeType) => { commit((s) => ({ ...s, barcodeType })); refocus(true); }}
          />
          {scope === 'admin' ? (
            <Select
              aria-label={W.branch} placeholder={W.branch} showSearch optionFilterProp="label"
              value={state.branchId ?? undefined} options={branches.data ?? []} loading={branches.isLoading}
              onChange={(branchId: number) => { commit((s) => ({ ...s, branchId, containerId: null })); refocus(true); }}
            />
          ) : null}
          <Select
            aria-label={W.box} placeholder={W.box} showSearch allowClear optionFilterProp="label"
            value={state.containerId ?? undefined} options={boxes.data ?? []} loading={boxes.isLoading}
            onChange={(v?: number) => setBox(v ?? null)}
          />
        </Flex>
        <Flex gap={12} wrap className="scan-bar">
          <ScanInput inputRef={list.inputRef} onScan={list.onScan} onBlur={onInputBlur} keys={list.keys} isPromptOpen={prompt !== undefined} />
          <Button size="large" type="primary" data-testid="close-box" loading={isSending} icon={state.mode === 'transfer' ? <SwapOutlined /> : <InboxOutlined />} onClick={openSummary}>
            {state.mode === 'transfer' ? W.transferToBox : W.closeBox}
          </Button>
          <Button size="large" danger disabled={!state.rows.length} onClick={clearList}>{W.clearList}</Button>
        </Flex>
        {prompt ? <ScanPrompt row={prompt} queued={queued} onAnswer={list.answer} /> : null}
        {closeErrors.length ? (
          <Alert
            type="error" showIcon closable data-testid="close-errors" message={W.closeFailed} onClose={() => setCloseErrors([])}
            description={<Flex vertical gap={2}>{closeErrors.map((line) => <span key={line}>{line}</span>)}</Flex>}
          />
        ) : null}
        {redCount > 0 ? <Alert type="error" showIcon message={`${W.rowError}: ${redCount}`} /> : null}
        <ScanTable rows={state.rows} onRemove={list.remove} />
      </Flex>
      <CloseSummaryModal
        open={isSummaryOpen} mode={state.mode} summary={summary} boxes={boxes.data ?? []} containerId={state.containerId}
        branchName={branchName} isSending={isSending} onBoxChange={setBox} onConfirm={() => void finish()} onCancel={closeSummary}
      />
      <AcceptanceStyles />
    </Card>
  );
}
