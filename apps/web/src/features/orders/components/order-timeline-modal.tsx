import { ORDER_STATUS_COLORS } from '@app/contract/orders';
import { MODEL } from '@app/contract/models';
import { fill } from '@app/contract/texts/az';
import { azOrdersDetail as t } from '@app/contract/texts/az-orders';
import { Alert, Button, Flex, Modal, Space, Spin, Steps, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format-date';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useOrderStates } from '../detail-api';
import { ENDING_STATUSES as ENDING, buildTimelineSteps } from '../model/order-timeline';

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
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Space wrap>
            <Link to={`/@next/logs?model_id=${MODEL.orders}&object_id=${orderId}`}><Button>{t.operationLog}</Button></Link>
            <Link to={`/@next/archive/state?model_id=${MODEL.orders}&object_id=${orderId}`}><Button>{t.statusArchive}</Button></Link>
          </Space>
          <Button type="primary" onClick={onClose}>{t.back}</Button>
        </Flex>
      }
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
