import { az, fill } from '@app/contract/texts/az';
import type { BarcodeType } from '@app/contract/warehouse';
import { Alert, Button, Card, Flex, Modal, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useBranches } from '../../declarations/api';
import { initialState, isRed } from '../model/acceptance';
import { AcceptanceStyles, ScanInput, ScanPrompt, ScanTable, usePrompt, useScanList } from './acceptance-screen';

const W = az.warehouse;

/**
 * Standard acceptance (spec §2 declarations/acceptance; issue 16): parcels arriving at the branch
 * are scanned one by one, and each one the rules let through is accepted at once (POST
 * declaration/update with change_state: status 9, the local warehouse, where the status rules
 * allow). The same scan list, rules, prompts and red rows as the box acceptance, without a box.
 */
export function StandardAcceptancePage() {
  const [modal, modalHolder] = Modal.useModal();
  const list = useScanList({ storageScope: 'standard', lookupScope: 'admin', kind: 'accept' });
  const { state, commit, refocus, openDialog, closeDialog } = list;
  const { prompt, queued } = usePrompt(state);
  const branches = useBranches();

  const clearList = () => {
    openDialog();
    void modal.confirm({
      title: W.confirmTitle, content: W.clearList, okText: az.table.yes, cancelText: az.table.no, autoFocusButton: null,
      onOk: () => commit((s) => ({ ...initialState(s.branchId), barcodeType: s.barcodeType })),
      afterClose: closeDialog,
    });
  };

  const onInputBlur = useCallback(() => refocus(), [refocus]);
  const counts = useMemo(() => ({
    accepted: state.rows.filter((r) => r.state === 'accepted').length,
    refused: state.rows.filter(isRed).length,
  }), [state.rows]);

  return (
    <Card
      title={W.standardAcceptanceTitle} onClick={() => refocus()}
      extra={(
        <Space wrap size={4}>
          <Typography.Text>{fill(W.scanned, { N: state.rows.length })}</Typography.Text>
          <Tag color="green" data-testid="accepted-count">{fill(W.acceptedCount, { N: counts.accepted })}</Tag>
        </Space>
      )}
    >
      {modalHolder}
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{W.standardAcceptanceHint}</Typography.Text>
        <Flex gap={12} wrap align="center" className="scan-toolbar">
          <Segmented<BarcodeType>
            value={state.barcodeType}
            options={[{ value: 'findex', label: W.findex }, { value: 'trendyol', label: W.trendyol }]}
            onChange={(barcodeType) => { commit((s) => ({ ...s, barcodeType })); refocus(true); }}
          />
          <Select
            aria-label={W.branch} placeholder={W.branch} showSearch optionFilterProp="label"
            value={state.branchId ?? undefined} options={branches.data ?? []} loading={branches.isLoading}
            onChange={(branchId: number) => { commit((s) => ({ ...s, branchId })); refocus(true); }}
          />
        </Flex>
        <Flex gap={12} wrap className="scan-bar">
          <ScanInput inputRef={list.inputRef} onScan={list.onScan} onBlur={onInputBlur} keys={list.keys} isPromptOpen={prompt !== undefined} />
          <Button size="large" danger disabled={!state.rows.length} onClick={clearList}>{W.clearList}</Button>
        </Flex>
        {prompt ? <ScanPrompt row={prompt} queued={queued} onAnswer={list.answer} /> : null}
        {counts.refused > 0 ? <Alert type="error" showIcon message={fill(W.refusedCount, { N: counts.refused })} /> : null}
        <ScanTable rows={state.rows} onRemove={list.remove} />
      </Flex>
      <AcceptanceStyles />
    </Card>
  );
}
