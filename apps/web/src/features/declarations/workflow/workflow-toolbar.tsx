import { BarChartOutlined, DownOutlined, InboxOutlined, SwapOutlined } from '@ant-design/icons';
import { STATUS_NEEDING_REASON } from '@app/contract/declarations-constants';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Dropdown, Input, Modal, Popover, Select, Space, Spin, Table } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useBulkChangeDeclarationState, useDeclarationCount, useManualStatusTargets } from '../api';
import { useStatusCounts } from './workflow-api';

const WT = az.declarationWorkflow;
const COUNTS_PATH = '/@next/statistics/status/declaration-counts';

/** spec §2 toolbar: counts by status (a popover with a link to statistics/status/declaration-counts). */
export function StatusCountsButton() {
  const [isOpen, setOpen] = useState(false);
  const counts = useStatusCounts(isOpen);
  const content = counts.isLoading ? <Spin /> : counts.error ? <Alert type="error" message={readErrorMessage(counts.error)} /> : (
    <Space direction="vertical">
      <Table size="small" pagination={false} rowKey="state_id" dataSource={counts.data?.data ?? []} style={{ minWidth: 280 }}
        columns={[{ dataIndex: 'name', title: az.declarations.status }, { dataIndex: 'count', title: '#', align: 'right' }]} />
      <Link to={COUNTS_PATH}>{WT.countsByStatus} →</Link>
    </Space>
  );
  return (
    <Popover trigger="click" open={isOpen} onOpenChange={setOpen} content={content} title={WT.countsByStatus}>
      <Button icon={<BarChartOutlined />} data-testid="declarations-counts">{WT.countsByStatus}</Button>
    </Popover>
  );
}

/** spec §2 toolbar: Acceptance menu — standard and boxes (screens of the warehouse issue). */
export function AcceptanceMenu() {
  const navigate = useNavigate();
  return (
    <Dropdown trigger={['click']} menu={{ items: [
      { key: 'standard', label: WT.acceptanceStandard, onClick: () => void navigate('/@next/declarations/acceptance') },
      { key: 'box', label: WT.acceptanceBoxes, onClick: () => void navigate('/@next/declarations/acceptance/box') },
    ] }}>
      <Button icon={<InboxOutlined />} data-testid="declarations-acceptance">{WT.acceptance} <DownOutlined /></Button>
    </Dropdown>
  );
}

const PAGING = new Set(['page', 'per_page', 'sort_column', 'sort_order']);

/**
 * spec §2/§5 bulk status change: every declaration matching the filters takes the chosen status,
 * after a confirmation with the count; 'Status dəyişdirilir...' while it runs, then 'Status dəyişdirildi'.
 * Issue 13 item 2: only the statuses a manual change may set are offered (the server's
 * `manual_targets`); parcels whose status does not allow it stay as they are and are reported.
 * Held at customs (88) asks its reason.
 */
export function BulkStatusButton({ params }: { params: QueryParams }) {
  const [isOpen, setOpen] = useState(false);
  const [stateId, setStateId] = useState<number | undefined>();
  const [descr, setDescr] = useState('');
  const statuses = useManualStatusTargets();
  const filters = Object.fromEntries(Object.entries(params).filter(([k]) => !PAGING.has(k)));
  const count = useDeclarationCount(isOpen ? filters : undefined);
  const save = useBulkChangeDeclarationState();
  const toast = useToast();
  const [modal, holder] = Modal.useModal();
  const label = statuses.data?.find((s) => s.value === stateId)?.label ?? '';
  const needsReason = stateId === STATUS_NEEDING_REASON;
  const run = () => {
    if (!stateId || (needsReason && !descr.trim())) return;
    modal.confirm({
      title: 'Diqqət',
      content: fill(az.declarationsUi.confirmBulkStatus, { N: count.data?.total ?? '?', STATUS: label }),
      onOk: async () => {
        toast.open({ key: 'bulk-status', type: 'loading', content: WT.statusChanging, duration: 0 });
        try {
          const reply = await save.mutateAsync({ filters, stateId, descr: descr.trim() || undefined });
          const skipped = reply.data.skipped ? `. ${fill(az.declarationStatusRules.skipped, { N: reply.data.skipped })}` : '';
          toast.open({ key: 'bulk-status', type: reply.data.skipped ? 'warning' : 'success', content: `${fill(az.declarationsUi.statusChangedMany, { N: reply.data.count })}${skipped}` });
          setOpen(false);
        } catch (e) {
          toast.open({ key: 'bulk-status', type: 'error', content: readErrorMessage(e) });
        }
      },
    });
  };
  return (
    <>
      {holder}
      <Button icon={<SwapOutlined />} onClick={() => setOpen(true)} data-testid="declarations-bulk-status">{WT.bulkStatus}</Button>
      {isOpen && (
        <Modal open title={WT.bulkStatus} onCancel={() => setOpen(false)} onOk={run}
          okButtonProps={{ disabled: !stateId || !count.data?.total || (needsReason && !descr.trim()) }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Select style={{ width: '100%' }} placeholder={WT.newStatus} aria-label={WT.newStatus} options={statuses.data ?? []}
              value={stateId} onChange={setStateId} showSearch optionFilterProp="label" />
            {needsReason && (
              <Input.TextArea placeholder={az.declarationsUi.reason} aria-label={az.declarationsUi.reason} value={descr}
                onChange={(e) => setDescr(e.target.value)} autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} data-testid="bulk-status-reason" />
            )}
            {count.isLoading ? <Spin size="small" /> : <span data-testid="bulk-status-count">{fill(WT.bulkStatusCount, { N: count.data?.total ?? 0 })}</span>}
          </Space>
        </Modal>
      )}
    </>
  );
}
