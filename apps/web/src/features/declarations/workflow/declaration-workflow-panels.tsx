import { CUSTOMS_REFRESH_MS, CUSTOMS_STEPS, FIN_PATTERN, PROVIDER, customsStepOf } from '@app/contract/declaration-workflow';
import type { DeclarationDetail } from '@app/contract/declarations';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Card, Collapse, Form, Input, List, Modal, Result, Select, Space, Spin, Steps, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { readErrorMessage } from '../../../shared/http/http-error';
import { canChangePartnerStatus, canEditPin } from '../shared/declaration-access';
import { FormModal } from '../../../shared/form/form-modal';
import { useToast } from '../../../shared/toast/toast-provider';
import {
  useBoxTransfers, useChangePin, useCustomsStates, useCustomsStatus, useMarketplaceInfo, useMarketplaceStates, useParcelStates, useUpdateMarketplaceState,
} from './workflow-api';

const WT = az.declarationWorkflow;
const STEP_TITLES = [WT.customsStepAdded, WT.customsStepDeclared, WT.customsStepPacked, WT.customsStepDispatched];

/** spec §2: the collapsible customs status panel (four steps, raw response, loading, retry, click-to-view, ≥ 3 s between refreshes). */
export function CustomsStatusPanel({ declaration }: { declaration: DeclarationDetail }) {
  const [isOpen, setOpen] = useState(false);
  const [showRaw, setShowRaw] = useState(false);
  const lastFetch = useRef(0);
  // loaded with the page (the incomplete-declaration warning needs it); the panel shows it on click
  const status = useCustomsStatus(declaration.track_code, true);
  const refresh = () => {
    if (Date.now() - lastFetch.current < CUSTOMS_REFRESH_MS) return; // spec §9: at least 3 s apart
    lastFetch.current = Date.now();
    void status.refetch();
  };
  const step = customsStepOf(status.data?.code);
  let body;
  if (!isOpen) body = <Typography.Text type="secondary">{WT.customsClickToView}</Typography.Text>;
  else if (status.isLoading) body = <Spin />;
  else if (status.error) body = <Result status="warning" title={WT.customsRetry} subTitle={readErrorMessage(status.error)} extra={<Button onClick={refresh}>{az.app.retry}</Button>} />;
  else body = (
    <Space direction="vertical" style={{ width: '100%' }}>
      {status.data?.code === null && <Tag>{WT.customsNotSent}</Tag>}
      {status.data?.code !== null && status.data?.code !== undefined && status.data.code > 3 && <Tag color="red">{WT.customsLabels[status.data.code]}</Tag>}
      <Steps size="small" current={step} items={CUSTOMS_STEPS.map((s) => ({ title: STEP_TITLES[s], status: step >= s ? 'finish' : 'wait' }))} />
      <Space>
        <Button size="small" onClick={() => setShowRaw(true)} disabled={status.data?.json === null}>{WT.customsRaw}</Button>
        <Button size="small" onClick={refresh}>{WT.customsRefresh}</Button>
      </Space>
    </Space>
  );
  return (
    <>
      {status.data?.incomplete && <Alert type="warning" showIcon message={WT.incompleteWarning} data-testid="customs-incomplete" style={{ marginBottom: 8 }} />}
      <Collapse
        data-testid="customs-panel"
        onChange={(keys) => { setOpen(keys.length > 0); lastFetch.current = Date.now(); }}
        items={[{ key: 'customs', label: WT.customsPanel, children: body }]}
      />
      {!isOpen && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{WT.customsClickToView}</Typography.Text>}
      <Modal open={showRaw} title={WT.customsRaw} footer={null} onCancel={() => setShowRaw(false)} width={768}>
        <pre style={{ maxHeight: 480, overflow: 'auto' }}>{JSON.stringify(status.data?.json, null, 2)}</pre>
      </Modal>
    </>
  );
}

/** spec §2: marketplace data — PIN editing for provider 2, parcel states, partner status change for provider 1. */
export function MarketplacePanel({ declaration }: { declaration: DeclarationDetail }) {
  const { user: viewer } = useAuth();
  const isMarketplace = declaration.trendyol === PROVIDER.trendyol || declaration.trendyol === PROVIDER.united;
  const info = useMarketplaceInfo(declaration.id, isMarketplace);
  const states = useParcelStates(declaration.track_code, isMarketplace);
  const [isEditingPin, setEditingPin] = useState(false);
  const [isChangingState, setChangingState] = useState(false);
  if (!isMarketplace) return null;
  const data = info.data;
  const change = data?.pinChange;
  return (
    <Card size="small" title={WT.marketplaceLogs} data-testid="marketplace-panel"
      extra={<Space>
        {canEditPin({ provider: declaration.trendyol }) && <Button size="small" onClick={() => setEditingPin(true)} data-testid="pin-edit">{WT.pinEdit}</Button>}
        {canChangePartnerStatus(viewer, { provider: declaration.trendyol }) && <Button size="small" onClick={() => setChangingState(true)}>{WT.changePartnerStatus}</Button>}
      </Space>}>
      {info.isLoading && <Spin />}
      {data === null && <Typography.Text type="secondary">{WT.marketplaceNoLog}</Typography.Text>}
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <span>{WT.pin}: <strong data-testid="marketplace-pin">{data.pinCode ?? '—'}</strong></span>
            {data.stateName && <Tag color="geekblue">{data.stateName}</Tag>}
          </Space>
          {change?.status === 'pending' && <Alert type="info" showIcon message={fill(WT.pinPending, { PIN: change.newPin })} data-testid="pin-pending" />}
          {change?.status === 'failed' && change.lastError !== 'superseded' && <Alert type="error" showIcon message={fill(WT.pinFailed, { ERROR: change.lastError ?? '' })} />}
          <Collapse size="small" items={[{
            key: 'logs', label: WT.marketplaceLogs,
            children: <Table size="small" pagination={false} rowKey="k"
              dataSource={Object.entries(data.logs).map(([k, v]) => ({ k, v: typeof v === 'object' ? JSON.stringify(v) : String(v ?? '—') }))}
              columns={[{ dataIndex: 'k', title: '' }, { dataIndex: 'v', title: '' }]} />,
          }]} />
        </Space>
      )}
      <Typography.Title level={5} style={{ marginTop: 12 }}>{WT.marketplaceStates}</Typography.Title>
      <List size="small" loading={states.isLoading} dataSource={states.data ?? []} data-testid="parcel-states"
        locale={{ emptyText: az.errors.notFound }}
        renderItem={(s) => <List.Item>{s.created_at} — <strong>{s.state}</strong>{s.author ? ` (${s.author})` : ''}</List.Item>} />
      {isEditingPin && <PinModal declarationId={declaration.id} current={data?.pinCode ?? ''} onClose={() => setEditingPin(false)} />}
      {isChangingState && <PartnerStateModal ids={[declaration.id]} onClose={() => setChangingState(false)} />}
    </Card>
  );
}

function PinModal({ declarationId, current, onClose }: { declarationId: number; current: string; onClose: () => void }) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const save = useChangePin(declarationId);
  const toast = useToast();
  const submit = async () => {
    const pin = value.trim().toUpperCase();
    if (pin === current) return onClose(); // spec §5: unchanged → just close
    if (!FIN_PATTERN.test(pin)) return setError(WT.pinInvalid);
    try {
      await save.mutateAsync(pin);
      void toast.success(WT.pinSent);
      onClose();
    } catch (e) { setError(readErrorMessage(e)); }
  };
  return (
    // issue 16: a changed PIN is not thrown away without asking; an 8th character is kept and refused by the message, not cut
    <FormModal open isDirty={() => value.trim().toUpperCase() !== current} title={WT.pinEdit} onClose={onClose} onOk={() => void submit()} okButtonProps={{ loading: save.isPending }}>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={WT.pin} validateStatus={error ? 'error' : undefined} help={error}>
          <Input autoFocus value={value} onChange={(e) => { setValue(e.target.value.toUpperCase()); setError(null); }} data-testid="pin-input" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}

/** Partner (marketplace) status change for the given declarations, or every one matching `filters`. */
export function PartnerStateModal({ ids, filters, count, onClose }: { ids?: number[]; filters?: Record<string, string | number | undefined>; count?: number; onClose: () => void }) {
  const states = useMarketplaceStates();
  const save = useUpdateMarketplaceState();
  const toast = useToast();
  const [stateId, setStateId] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const label = states.data?.find((s) => s.value === stateId)?.label ?? '';
  return (
    <Modal open title={WT.changePartnerStatus} onCancel={onClose} okButtonProps={{ disabled: !stateId, loading: save.isPending }}
      onOk={async () => {
        if (!stateId) return;
        try {
          await save.mutateAsync({ ids, stateId, filters });
          void toast.success(WT.partnerStatusChanged);
          onClose();
        } catch (e) { setError(readErrorMessage(e)); }
      }}>
      <Select style={{ width: '100%' }} placeholder={WT.partnerStatus} options={states.data ?? []} value={stateId} onChange={setStateId} aria-label={WT.partnerStatus} />
      {stateId && <p style={{ marginTop: 8 }}>{fill(WT.confirmPartnerStatus, { N: count ?? ids?.length ?? 0, STATUS: label })}</p>}
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
}

/** spec §2: an accordion of customs state history and box transfers. */
export function HistoryAccordion({ declaration }: { declaration: DeclarationDetail }) {
  const [open, setOpen] = useState<string[]>([]);
  const customs = useCustomsStates(declaration.id, open.includes('customs'));
  const transfers = useBoxTransfers(declaration.id, open.includes('transfers'));
  return (
    <Collapse data-testid="history-accordion" activeKey={open} onChange={(k) => setOpen(k as string[])} items={[
      {
        key: 'customs', label: WT.customsHistory,
        children: <Table size="small" loading={customs.isLoading} rowKey="id" pagination={false} dataSource={customs.data ?? []}
          columns={[{ dataIndex: 'code', title: '#', width: 60 }, { dataIndex: 'label', title: WT.customsPanel }, { dataIndex: 'created_at', title: az.declarations.createdAt }]} />,
      },
      {
        key: 'transfers', label: WT.boxTransfers,
        children: <Table size="small" loading={transfers.isLoading} rowKey="id" pagination={false} dataSource={transfers.data ?? []}
          columns={[
            { key: 'from', title: '←', render: (_, r) => r.fromContainer?.name ?? '—' },
            { key: 'to', title: '→', render: (_, r) => r.toContainer?.name ?? '—' },
            { key: 'user', title: az.declarationsUi.changer, render: (_, r) => r.user?.name ?? '—' },
            { key: 'branch', title: az.declarations.branch, render: (_, r) => r.branch?.name ?? '—' },
            { dataIndex: 'note', title: az.declarationsUi.description },
            { dataIndex: 'createdAt', title: '' },
          ]} />,
      },
    ]} />
  );
}
