import { HANDOVER_STATUS } from '@app/contract/statuses-constants';
import { az, fill } from '@app/contract/texts/az';
import type { HandoverTaskView as HandoverTask } from '../model/handover-view';
import { Alert, Button, Card, Checkbox, Col, Flex, Modal, Result, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { APP_BASE } from '../../../app/navigation';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCancelTask, useHandoverQueue, useStartTask } from '../api';
import { queueActions, readPrintReceipt, savePrintReceipt } from '../model/queue-access';
import { HandoverHistoryTable } from './handover-history-table';

const W = az.warehouse;
const QUEUE_PATH = `${APP_BASE}/warehouse/handover/queues`;
const HISTORY_PATH = `${APP_BASE}/warehouse/handover/history`;
const OPEN_STATES = [HANDOVER_STATUS.waiting, HANDOVER_STATUS.inProgress];

export function statusTag(id: number) {
  if (id === HANDOVER_STATUS.waiting) return <Tag color="orange">{W.waiting}</Tag>;
  if (id === HANDOVER_STATUS.inProgress) return <Tag color="blue">{W.inProgress}</Tag>;
  return <Tag color="green">{W.handedOver}</Tag>;
}

function QueueCard({ task }: { task: HandoverTask }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [modal, holder] = Modal.useModal();
  const start = useStartTask();
  const cancel = useCancelTask();
  const can = queueActions(user, task.status.id);
  const open = () => navigate(`${QUEUE_PATH}/${task.id}`);

  const onExecute = async () => {
    try {
      await start.mutateAsync(task.id);
      open();
    } catch (error) {
      void toast.error(readErrorMessage(error));
    }
  };
  const onCancel = () => {
    void modal.confirm({
      title: W.confirmTitle, content: W.confirmCancelTask, okText: az.table.yes, cancelText: az.table.no, okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await cancel.mutateAsync(task.id);
          void toast.success(W.taskCancelled);
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  };

  return (
    <Card
      size="small" data-testid={`queue-card-${task.id}`}
      title={<Typography.Text strong style={{ fontSize: 20 }}>{W.turn} #{task.turn}</Typography.Text>}
      extra={statusTag(task.status.id)}
      actions={[
        can.canExecute ? <Button key="x" type="primary" loading={start.isPending} onClick={() => void onExecute()}>{W.execute}</Button> : null,
        task.status.id === HANDOVER_STATUS.inProgress ? <Button key="o" onClick={open}>{W.openTask}</Button> : null,
        can.canCancel ? <Button key="c" danger onClick={onCancel}>{W.cancel}</Button> : null,
      ].filter(Boolean)}
    >
      {holder}
      <Flex vertical gap={4}>
        <Typography.Text strong>{task.user.code ?? ''} · {task.user.fullName}</Typography.Text>
        <Typography.Text>{fill(W.parcels, { N: task.count })}</Typography.Text>
        <Space size={4} wrap>
          {task.boxes.map((b) => <Tag key={b.id ?? 'other'}>{b.name ?? W.other}: {b.items}</Tag>)}
        </Space>
        {task.cashier ? <Typography.Text type="secondary">{W.cashier}: {task.cashier.fullName}</Typography.Text> : null}
        <Typography.Text type="secondary">{task.createdAt}</Typography.Text>
      </Flex>
    </Card>
  );
}

/** warehouse/handover/queues ('Təhvil') and warehouse/handover/history ('Tarixçə'), live by short polling. */
export function HandoverQueuePage({ isHistory }: { isHistory: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [printReceipt, setPrintReceipt] = useState(readPrintReceipt);
  // The History tab lists the handovers done (GET handover/history), not queue entries: most
  // handovers never went through the queue, so entries at 43 left it empty.
  const query = useHandoverQueue(OPEN_STATES, { enabled: !isHistory });
  const firstActive = query.data?.active[0];

  // spec §2: with an entry in progress the cashier goes straight to the first one.
  useEffect(() => {
    if (!isHistory && firstActive !== undefined && !location.state) navigate(`${QUEUE_PATH}/${firstActive}`, { replace: true });
  }, [firstActive, isHistory, location.state, navigate]);

  const tabs = (
    <Tabs
      activeKey={isHistory ? 'history' : 'queue'}
      onChange={(key) => navigate(key === 'history' ? HISTORY_PATH : QUEUE_PATH, { state: { stay: true } })}
      items={[{ key: 'queue', label: W.queueTab }, { key: 'history', label: W.historyTab }]}
      tabBarExtraContent={isHistory ? null : (
        <Checkbox checked={printReceipt} onChange={(e) => { setPrintReceipt(e.target.checked); savePrintReceipt(e.target.checked); }}>{W.printReceipt}</Checkbox>
      )}
    />
  );

  let body;
  if (isHistory) body = <HandoverHistoryTable />;
  else if (query.isLoading) body = <Flex justify="center" style={{ padding: 48 }}><Spin /></Flex>;
  else if (query.isError) body = <Alert type="warning" showIcon message={readErrorMessage(query.error)} />;
  else if (!query.data?.data.length) body = <Result status="404" title={W.queueEmpty} />;
  else {
    body = (
      <Row gutter={[12, 12]}>
        {query.data.data.map((task) => (
          <Col key={task.id} xs={24} sm={12} lg={8} xl={6}><QueueCard task={task} /></Col>
        ))}
      </Row>
    );
  }
  return <Card>{tabs}{body}</Card>;
}
