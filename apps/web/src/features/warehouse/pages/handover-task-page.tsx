import { DeleteOutlined, PrinterOutlined } from '@ant-design/icons';
import { az, fill } from '@app/contract/texts/az';
import type { HandoverDeclarationView as HandoverDeclaration, HandoverTaskDetailView as HandoverTaskDetail } from '../model/handover-view';
import { Alert, Button, Card, Col, Descriptions, Flex, Modal, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { APP_BASE } from '../../../app/navigation';
import { printPdfBlob } from '../../../shared/files/print-pdf';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { fetchTaskReceipt, useCancelTask, useHandoverTask, useRemoveTaskItem } from '../api';
import { queueActions, readPrintReceipt, takeFirstOpening } from '../model/queue-access';
import { statusTag } from './handover-queue-page';

const W = az.warehouse;
const QUEUE_PATH = `${APP_BASE}/warehouse/handover/queues`;

function DeclarationCard({ d, onRemove }: { d: HandoverDeclaration; onRemove?: () => void }) {
  return (
    <Card size="small" data-testid={`task-declaration-${d.id}`} title={d.trackCode}
      extra={onRemove ? <Button size="small" danger type="text" icon={<DeleteOutlined />} onClick={onRemove}>{W.removeItem}</Button> : null}>
      <Descriptions size="small" column={1} items={[
        { key: 'p', label: W.productType, children: d.productType?.name ?? '-' },
        { key: 'w', label: W.weight, children: d.weight ? `${Number(d.weight).toFixed(2)} kq` : '-' },
        { key: 's', label: W.shop, children: d.shop ?? '-' },
        ...(d.wardrobeNumber ? [{ key: 'r', label: W.wardrobe, children: d.wardrobeNumber }] : []),
      ]} />
    </Card>
  );
}

/** The entry's 80 mm receipt PDF to the print dialog, 'Çek hazırlanır.' while it renders. */
function usePrintReceipt() {
  const toast = useToast();
  return useCallback(async (task: HandoverTaskDetail) => {
    const key = 'queue-receipt';
    toast.open({ key, type: 'loading', content: W.receiptPreparing, duration: 0 });
    try {
      printPdfBlob(await fetchTaskReceipt(task));
      toast.destroy(key);
    } catch (error) {
      toast.open({ key, type: 'error', content: readErrorMessage(error) });
    }
  }, [toast]);
}

/** queues/{queueId}: 'Növbə #{id} - {n} bağlama', parcels grouped by box ('Digər' without one). */
export function HandoverTaskPage() {
  const { queueId } = useParams();
  const id = Number(queueId);
  const { user } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [modal, holder] = Modal.useModal();
  const task = useHandoverTask(id);
  const cancel = useCancelTask();
  const removeItem = useRemoveTaskItem();
  const printReceipt = usePrintReceipt();

  // spec §2: the receipt prints once when the entry is opened (when 'print receipt' is ticked).
  useEffect(() => {
    if (task.data?.declarations.length && readPrintReceipt() && takeFirstOpening(id)) void printReceipt(task.data);
  }, [id, task.data, printReceipt]);

  if (task.isLoading) return <Flex justify="center" style={{ padding: 48 }}><Spin /></Flex>;
  if (task.isError || !task.data) {
    return <Result status="404" title={task.error ? readErrorMessage(task.error) : W.queueEmpty}
      extra={<Button onClick={() => navigate(QUEUE_PATH, { state: { stay: true } })}>{W.queueTab}</Button>} />;
  }
  const t = task.data;
  const can = queueActions(user, t.status.id);
  const packages = t.packages;
  const hasPackages = packages.smallPackage + packages.mediumPackage + packages.bigPackage > 0;
  const isOpen = t.status.id === 41 || t.status.id === 42;
  const byId = new Map(t.declarations.map((d) => [d.id, d]));

  const onCancel = () => void modal.confirm({
    title: W.confirmTitle, content: W.confirmCancelTask, okText: az.table.yes, cancelText: az.table.no, okButtonProps: { danger: true },
    onOk: async () => {
      try {
        await cancel.mutateAsync(t.id);
        void toast.success(W.taskCancelled);
        navigate(QUEUE_PATH, { state: { stay: true } });
      } catch (error) { void toast.error(readErrorMessage(error)); }
    },
  });
  const onRemove = (declarationId: number) => void modal.confirm({
    title: W.confirmTitle, content: W.confirmRemoveItem, okText: az.table.yes, cancelText: az.table.no, okButtonProps: { danger: true },
    onOk: async () => {
      try {
        const res = await removeItem.mutateAsync({ taskId: t.id, declarationId }) as { data: { cancelled: boolean } };
        void toast.success(W.itemRemoved);
        if (res.data.cancelled) navigate(QUEUE_PATH, { state: { stay: true } });
      } catch (error) { void toast.error(readErrorMessage(error)); }
    },
  });
  // The handover itself (payment, 9 → 10, entry → 43) is the declarations feature's handover modal.
  const onHandOver = () => navigate(`${APP_BASE}/declarations/${t.declarations.map((d) => d.id).join('/')}/handover?handover_task=${t.id}`);

  return (
    <Card
      title={<Space>{fill(W.queueTitle, { id: t.id, n: t.count })}{statusTag(t.status.id)}</Space>}
      extra={(
        <Space>
          <Button icon={<PrinterOutlined />} disabled={!t.declarations.length} onClick={() => void printReceipt(t)}>{W.print}</Button>
          {can.canCancel ? <Button danger onClick={onCancel}>{W.cancel}</Button> : null}
          {can.canHandOver ? <Button type="primary" onClick={onHandOver}>{W.handedOverButton}</Button> : null}
        </Space>
      )}
    >
      {holder}
      <Flex vertical gap={12}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} items={[
          { key: 'c', label: W.customer, children: `${t.user.code ?? ''} · ${t.user.fullName}` },
          { key: 'k', label: W.cashier, children: t.cashier?.fullName ?? '-' },
          { key: 'd', label: W.createdAt, children: t.createdAt },
        ]} />
        {hasPackages ? (
          <Space>
            <Tag>{W.smallPackage}: {packages.smallPackage}</Tag>
            <Tag>{W.mediumPackage}: {packages.mediumPackage}</Tag>
            <Tag>{W.bigPackage}: {packages.bigPackage}</Tag>
          </Space>
        ) : <Alert type="info" showIcon message={W.noPackages} />}
        {t.boxes.map((box) => (
          <Card key={box.id ?? 'other'} size="small" type="inner" title={`${W.box}: ${box.name} (${box.items})`}>
            <Row gutter={[8, 8]}>
              {box.declarations.map((did) => {
                const d = byId.get(did);
                return d ? <Col key={did} xs={24} md={12} xl={8}><DeclarationCard d={d} onRemove={isOpen ? () => onRemove(did) : undefined} /></Col> : null;
              })}
            </Row>
          </Card>
        ))}
        {t.declarations.length === 0 ? <Typography.Text type="secondary">{W.queueEmpty}</Typography.Text> : null}
      </Flex>
    </Card>
  );
}
