import type { PackageCounts } from '@app/contract/declaration-workflow';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Checkbox, Descriptions, Form, Space, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { DecimalInput } from '../../../shared/form/decimal-input';
import { FormModal } from '../../../shared/form/form-modal';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { isCancelledWrite } from '../../../shared/hooks/use-cancellable-mutation';
import {
  describeHandover, handoverBlocker, initialHandoverValues, toHandoverWireForm, withBalance, withCash, withCashFollowing, withPackage, withTerminal,
  type HandoverValues,
} from './handover-form';
import { useHandoverTask, useSendToPreparation } from '../../warehouse/api';
import { useBulkHandOver, useHandOver, useHandoverDetails } from './workflow-api';

const WT = az.declarationWorkflow;
const PACKAGE_LABELS: Record<keyof PackageCounts, string> = { small: WT.smallPackage, medium: WT.mediumPackage, big: WT.bigPackage };

/** spec §2/§5 handover: the debt, packages, cash/terminal/balance, the 0.2 tolerance and the change. */
export function HandoverModal({ declarationIds, handoverTaskId = null, onClose }: { declarationIds: number[]; handoverTaskId?: number | null; onClose: () => void }) {
  const toast = useToast();
  const details = useHandoverDetails(declarationIds);
  const save = useHandOver();
  const queue = useSendToPreparation();
  // design (DOMAIN §5): instead of handing over now, the parcels go to warehouse preparation and the
  // customer into the handover queue (41); money is taken when the queue entry is handed over.
  const [toPreparation, setToPreparation] = useState(false);
  const [edited, setEdited] = useState<HandoverValues | null>(null);
  // A server's refusal; cleared as soon as the user changes an amount.
  const [error, setError] = useState<string | null>(null);
  const [isAttempted, setAttempted] = useState(false);
  const setValues = (next: HandoverValues) => {
    setEdited(next);
    setError(null);
  };
  // Opened from a queue entry: the package counts start from the entry's (GET handover/info).
  const task = useHandoverTask(handoverTaskId ?? 0, { enabled: handoverTaskId !== null, poll: false });
  const taskPackages = task.data
    ? { small: task.data.packages.smallPackage, medium: task.data.packages.mediumPackage, big: task.data.packages.bigPackage }
    : undefined;
  const data = task.isLoading ? undefined : details.data;
  const values = edited ?? (data ? initialHandoverValues(data, taskPackages) : null);

  const math = data && values ? describeHandover(data, values) : null;
  // spec §5 under-payment (with the shortfall), derived from the amounts: it goes as soon as they
  // cover the debt (issue 16). Shown once the user changed an amount or pressed the button.
  const blocker = math && !toPreparation && (isAttempted || edited !== null) ? handoverBlocker(math) : null;

  // A cancel while the handover waits for the connection drops it: it is never sent (issue 16).
  const cancel = () => {
    if (save.cancel()) void toast.info(WT.handoverCancelled);
    onClose();
  };

  const submit = async () => {
    if (!data || !values || !math) return;
    if (toPreparation) {
      try {
        await queue.mutateAsync({ declarationIds, small: values.packages.small, medium: values.packages.medium, big: values.packages.big });
        void toast.success(WT.sentToPreparation);
        onClose();
      } catch (e) {
        setError(readErrorMessage(e));
      }
      return;
    }
    setAttempted(true);
    if (handoverBlocker(math)) return; // spec §5: no call
    setError(null);
    try {
      await save.mutateAsync(toHandoverWireForm(declarationIds, values, handoverTaskId));
      void toast.success(WT.handedOver);
      onClose();
    } catch (e) {
      if (!isCancelledWrite(e)) setError(readErrorMessage(e));
    }
  };

  const title = declarationIds.length > 1 ? fill(WT.handoverTitleMany, { N: declarationIds.length }) : WT.handoverTitle;
  return (
    <FormModal open isDirty={() => edited !== null} title={title} width={768} onClose={cancel} onOk={() => void submit()} okText={toPreparation ? WT.sendToPreparationButton : WT.confirmHandover}
      okButtonProps={{ loading: save.isPending || queue.isPending, disabled: !math, 'data-testid': 'handover-submit' } as never} destroyOnHidden>
      {(details.isLoading || task.isLoading) && <Spin />}
      {details.error && <Alert type="error" showIcon message={readErrorMessage(details.error)} />}
      {data && values && math && (
        // Locked while the call is out or waiting: what is sent is what is on screen.
        <Form layout="vertical" onFinish={() => void submit()} disabled={save.isPending || queue.isPending}>
          <Descriptions size="small" column={2} bordered items={[
            { key: 'c', label: WT.customer, children: `${data.user.code ?? ''} ${data.user.name} ${data.user.surname}` },
            { key: 'b', label: WT.balanceUsd, children: data.balance.usd },
            { key: 'd', label: WT.deliveryDebt, children: `${data.deliveryCredit.usd} $ = ${data.deliveryCredit.azn} ₼` },
            { key: 't', label: WT.balanceTry, children: data.balance.try },
            { key: 'p', label: az.declarations.title, span: 2, children: data.declarations.map((d) => `${d.trackCode} (${d.deliveryPrice ?? '0.00'} $${d.paid ? `, ${WT.alreadyPaid}` : ''})`).join(', ') },
          ]} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>{WT.packages}</Typography.Title>
          <Space wrap size="large">
            {(Object.keys(PACKAGE_LABELS) as (keyof PackageCounts)[]).map((kind) => (
              <Space key={kind} aria-label={PACKAGE_LABELS[kind]}>
                <span>{PACKAGE_LABELS[kind]} ({data.packagePrices[kind]} ₼)</span>
                <Button size="small" aria-label={`${PACKAGE_LABELS[kind]} −`} onClick={() => setValues(withPackage(data, values, kind, -1))}>−</Button>
                <strong data-testid={`package-${kind}`}>{values.packages[kind]}</strong>
                <Button size="small" aria-label={`${PACKAGE_LABELS[kind]} +`} onClick={() => setValues(withPackage(data, values, kind, 1))}>+</Button>
              </Space>
            ))}
          </Space>
          {!handoverTaskId && (
            <div style={{ marginTop: 16 }}>
              <Space>
                <Switch checked={toPreparation} onChange={setToPreparation} aria-label={WT.sendToPreparation} data-testid="handover-to-preparation" />
                <span>{WT.sendToPreparation}</span>
              </Space>
              {toPreparation && <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{WT.sendToPreparationHint}</Typography.Paragraph>}
            </div>
          )}
          <Descriptions size="small" column={2} style={{ marginTop: 16 }} items={[
            { key: 'pa', label: WT.packageAmount, children: `${math.packageAzn} ₼` },
            { key: 'td', label: WT.totalDue, children: <strong data-testid="handover-total">{math.totalAzn} ₼</strong> },
          ]} />
          {!toPreparation && <>
          <Space wrap align="start">
            <Form.Item label={WT.cash}>
              <Space.Compact>
                <DecimalInput name="cash" value={values.cash} onChange={(cash) => setValues(withCash(values, cash))} />
                {values.cashTyped && (
                  <Button title={WT.recomputeCashHint} data-testid="handover-recompute-cash" onClick={() => setValues(withCashFollowing(data, values))}>{WT.recomputeCash}</Button>
                )}
              </Space.Compact>
            </Form.Item>
            <Form.Item label={WT.terminal}>
              <DecimalInput name="terminal" value={values.terminal} onChange={(t) => setValues(withTerminal(data, values, t))} />
            </Form.Item>
          </Space>
          <Checkbox checked={values.useBalance} disabled={Number(data.balance.usd) <= 0} onChange={(e) => setValues(withBalance(data, values, e.target.checked))}>
            {WT.useBalance}
          </Checkbox>
          {values.useBalance && <div>{fill(WT.balanceUsed, { USD: math.balanceUsedUsd, AZN: math.balanceUsedAzn })}</div>}
          <Descriptions size="small" column={1} style={{ marginTop: 12 }} items={[
            { key: 'r', label: WT.refund, children: <span data-testid="handover-refund">{math.refund} ₼</span> },
          ]} />
          </>}
          {blocker && <Alert type="error" showIcon message={blocker} role="alert" data-testid="handover-blocker" />}
          {error && <Alert type="error" showIcon message={error} role="alert" />}
          {save.isWaiting && <Alert type="warning" showIcon message={WT.handoverWaiting} role="status" data-testid="handover-waiting" style={{ marginTop: 8 }} />}
          {queue.isPaused && <Alert type="warning" showIcon message={az.connection.saveWaiting} role="status" style={{ marginTop: 8 }} />}
          <button type="submit" hidden />
        </Form>
      )}
    </FormModal>
  );
}

/** spec §2/§7: declarations/bulk-handover — status 9 (only) and a tariff; needs bulkdeclarationhandover. */
export function BulkHandoverModal({ onClose, plans }: { onClose: () => void; plans: { value: number; label: string }[] }) {
  const toast = useToast();
  const [planTypeId, setPlan] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const save = useBulkHandOver();
  // Offline the call waits for the connection; a cancel meanwhile drops it (never sent later).
  const cancel = () => {
    save.cancel();
    onClose();
  };
  return (
    <FormModal open isDirty={() => planTypeId !== undefined} title={WT.bulkHandoverTitle} width={576} onClose={cancel} okButtonProps={{ loading: save.isPending }}
      onOk={async () => {
        try {
          const reply = await save.mutateAsync({ statusId: 9, planTypeId });
          void toast.success(fill(WT.bulkHandoverDone, { N: reply.data.count }));
          onClose();
        } catch (e) { if (!isCancelledWrite(e)) setError(readErrorMessage(e)); }
      }}>
      <p>{WT.bulkHandoverHint}</p>
      <Form layout="vertical">
        <Form.Item label={WT.bulkHandoverStatus}><span>9 — {az.declarationsUi.handOver}</span></Form.Item>
        <Form.Item label={WT.bulkHandoverPlan}>
          <select aria-label={WT.bulkHandoverPlan} value={planTypeId ?? ''} onChange={(e) => setPlan(e.target.value ? Number(e.target.value) : undefined)}>
            <option value="">—</option>
            {plans.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
          </select>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} />}
      {save.isWaiting && <Alert type="warning" showIcon message={az.connection.saveWaiting} role="status" />}
    </FormModal>
  );
}

