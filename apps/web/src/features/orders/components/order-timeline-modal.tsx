import { ORDER_STATUS, ORDER_STATUS_COLORS, ORDER_STATUS_FLOW, type OrderStateRow } from '@app/contract/orders';
import { fill } from '@app/contract/texts/az';
import { azOrdersDetail as t } from '@app/contract/texts/az-orders';
import { Alert, Button, Modal, Spin, Steps, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format/format-date';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useOrderStates } from '../detail-api';

const ENDING: readonly number[] = [ORDER_STATUS.rejected, ORDER_STATUS.cancelled];

export interface TimelineStep {
  stateId: number;
  name: string;
  state: 'finished' | 'current' | 'waiting';
  at: string | null;
  by: string | null;
  reason: string | null;
}

/**
 * spec §2 "Timeline steps are current, finished (dated) or waiting": the steps of ORDER_STATUS_FLOW
 * against the order's history. Each step takes its latest visit; steps after the current one wait.
 * A rejected (4) or cancelled (32) order ends there: that status is the last, current step, with its
 * reason, and the flow's steps not reached are left out.
 */
export function buildTimelineSteps(history: readonly OrderStateRow[], names: Record<number, string> = {}): TimelineStep[] {
  const last = history.find((row) => row.current === 1) ?? history[history.length - 1];
  const currentId = last?.state_id ?? ORDER_STATUS.pending;
  const visit = (stateId: number) => [...history].reverse().find((row) => row.state_id === stateId);
  const nameOf = (stateId: number) => visit(stateId)?.state_name ?? names[stateId] ?? String(stateId);
  if (ENDING.includes(currentId)) {
    const reached = ORDER_STATUS_FLOW.filter((stateId) => visit(stateId));
    return [
      ...reached.map((stateId): TimelineStep => ({ stateId, name: nameOf(stateId), state: 'finished', at: visit(stateId)?.created_at ?? null, by: visit(stateId)?.user_name || null, reason: null })),
      { stateId: currentId, name: nameOf(currentId), state: 'current', at: last?.created_at ?? null, by: last?.user_name || null, reason: last?.descr ?? null },
    ];
  }
  const currentIndex = ORDER_STATUS_FLOW.indexOf(currentId);
  return ORDER_STATUS_FLOW.map((stateId, index): TimelineStep => {
    const row = visit(stateId);
    const state = index < currentIndex ? 'finished' : index === currentIndex ? 'current' : 'waiting';
    return { stateId, name: nameOf(stateId), state, at: state === 'waiting' ? null : row?.created_at ?? null, by: state === 'waiting' ? null : row?.user_name || null, reason: null };
  });
}

const STEP_STATUS = { finished: 'finish', current: 'process', waiting: 'wait' } as const;
const STEP_LABEL = { finished: t.stepFinished, current: t.stepCurrent, waiting: t.stepWaiting } as const;

/** orders/{id}/timeline: the status map (steps) and the full status history under it. */
export function OrderTimelineModal({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const states = useOrderStates(orderId);
  const history = states.data ?? [];
  const steps = buildTimelineSteps(history);
  const ending = steps.find((step) => ENDING.includes(step.stateId));
  return (
    <Modal
      open
      width={768}
      title={fill(t.timelineTitle, { ID: orderId })}
      onCancel={onClose}
      footer={<Button type="primary" onClick={onClose}>{t.back}</Button>}
      destroyOnHidden
    >
      {states.isError && <Alert type="error" showIcon title={readErrorMessage(states.error)} />}
      <Spin spinning={states.isLoading}>
        {!states.isLoading && !states.isError && (
          <>
            <Steps
              direction="vertical"
              size="small"
              data-testid="order-timeline"
              items={steps.map((step) => ({
                status: ENDING.includes(step.stateId) ? 'error' : STEP_STATUS[step.state],
                title: (
                  <span data-testid={`order-step-${step.stateId}`} data-state={step.state}>
                    <Tag color={ORDER_STATUS_COLORS[step.stateId]}>{step.name}</Tag>
                    <Typography.Text type="secondary">{STEP_LABEL[step.state]}</Typography.Text>
                  </span>
                ),
                description: [step.at ? formatDateTime(step.at) : null, step.by ? fill(t.stepBy, { NAME: step.by }) : null, step.reason ? `${t.reason}: ${step.reason}` : null]
                  .filter(Boolean)
                  .join(' · ') || undefined,
              }))}
            />
            {ending && <Alert type="error" showIcon style={{ marginTop: 12 }} title={t.endedWith} description={ending.reason ? `${t.reason}: ${ending.reason}` : t.noReason} />}
          </>
        )}
      </Spin>
    </Modal>
  );
}
