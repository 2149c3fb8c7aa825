import {
  ClockCircleOutlined, DeleteOutlined, DownOutlined, EditOutlined, FileTextOutlined, GiftOutlined, LinkOutlined, WalletOutlined,
} from '@ant-design/icons';
import { ORDER_STATUS, ORDER_STATUS_COLORS, ORDER_TRANSITIONS, type OrderInfo } from '@app/contract/orders';
import { az, fill } from '@app/contract/texts/az';
import { azOrdersDetail as t, azOrdersList } from '@app/contract/texts/az-orders';
import { Alert, Button, Card, Col, Descriptions, Dropdown, Flex, Modal, Result, Row, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useOrderStatuses } from '../api';
import { OrderDebtsTable } from '../components/order-debts-table';
import { OrderFormModal } from '../components/order-form-modal';
import { OrderTimelineModal } from '../components/order-timeline-modal';
import { buildStatusItems } from '../components/order-row-menu';
import { ProductCard, readStoredPreview } from '../components/product-card';
import { RejectOrderModal } from '../components/reject-order-modal';
import { useOrderActions } from '../components/use-order-actions';
import { useDeleteOrder, useOrder, usePayOrder } from '../detail-api';
import { currencySignOfCountry } from '../model/order-form';
import { needsRejectForm, whyCannotSetOrderStatus } from '../model/order-status-rules';

type OpenModal = 'edit' | 'timeline' | 'reject' | null;
const ENDED: readonly number[] = [ORDER_STATUS.rejected, ORDER_STATUS.cancelled];

const orDash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);
const yesNo = (value: boolean, testId?: string) => (value ? <Tag color="green" data-testid={testId}>{t.yes}</Tag> : <Tag data-testid={testId}>{t.no}</Tag>);
const isOpenable = (url: string) => /^https?:\/\//i.test(url.trim());

function InfoCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ height: '100%' }} data-testid={testId}>
      <Descriptions size="small" column={1}>{children}</Descriptions>
    </Card>
  );
}

/** What paying now takes: the amount due while unpaid, the open debts once paid; nothing for an ended order. */
export function describePayment(order: Pick<OrderInfo, 'payed' | 'state_id' | 'amount_due'>): { canPay: boolean; reason: string | null } {
  if (ENDED.includes(order.state_id)) return { canPay: false, reason: t.payClosed };
  if (Number(order.amount_due) <= 0) return { canPay: false, reason: order.payed === 1 ? t.alreadyPaid : null };
  return { canPay: true, reason: null };
}

function OrderCards({ order }: { order: OrderInfo }) {
  const sign = currencySignOfCountry(order.country_id);
  const preview = readStoredPreview(order.preview);
  const paidAt = (order as OrderInfo & { paid_at?: string | null }).paid_at;
  const hasReason = ENDED.includes(order.state_id) || Boolean(order.client_descr);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={12}>
        <InfoCard title={t.general} testId="order-card-general">
          <Descriptions.Item label={t.trackCode}>{orDash(order.track_code)}</Descriptions.Item>
          <Descriptions.Item label={t.customerCode}>{orDash(order.user_code)}</Descriptions.Item>
          <Descriptions.Item label={t.customer}><Link to={`/@next/users/${order.user_id}`}>{order.user_name || `#${order.user_id}`}</Link></Descriptions.Item>
          <Descriptions.Item label={t.country}>{orDash(order.country_name)}</Descriptions.Item>
          <Descriptions.Item label={t.shop}>{orDash(order.shop_name)}</Descriptions.Item>
          <Descriptions.Item label={t.productType}>{orDash(order.product_type_name)}</Descriptions.Item>
          <Descriptions.Item label={t.color}>{orDash(order.color)}</Descriptions.Item>
          <Descriptions.Item label={t.size}>{orDash(order.size)}</Descriptions.Item>
          <Descriptions.Item label={t.quantity}>{order.quantity}</Descriptions.Item>
          <Descriptions.Item label={fill(t.price, { SIGN: sign })}><span data-testid="order-price">{formatAmount(order.price, sign)}</span></Descriptions.Item>
          <Descriptions.Item label={fill(t.cargoPrice, { SIGN: sign })}>{formatAmount(order.cargo_price, sign)}</Descriptions.Item>
          <Descriptions.Item label={t.urgent}>{yesNo(order.urgent === 1)}</Descriptions.Item>
          <Descriptions.Item label={t.waiting}>{orDash(formatDate(order.waiting))}</Descriptions.Item>
          <Descriptions.Item label={t.declaration}>
            {order.declaration_id ? <Link to={`/@next/declarations/${order.declaration_id}`}>{order.track_code_declaration || `#${order.declaration_id}`}</Link> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t.executive}>{orDash(order.executive)}</Descriptions.Item>
          <Descriptions.Item label={t.createdAt}>{formatDateTime(order.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t.updatedAt}>{orDash(formatDateTime(order.updated_at))}</Descriptions.Item>
        </InfoCard>
      </Col>
      <Col xs={24} lg={12}>
        <InfoCard title={t.payment} testId="order-card-payment">
          <Descriptions.Item label={t.isPaid}>{yesNo(order.payed === 1, 'order-paid')}</Descriptions.Item>
          <Descriptions.Item label={t.servicePercent}>{`${Number(order.service_percent)}%`}</Descriptions.Item>
          <Descriptions.Item label={t.amountDueShort}><span data-testid="order-amount-due">{formatAmount(order.amount_due, sign)}</span></Descriptions.Item>
          <Descriptions.Item label={t.paidAmount}><span data-testid="order-paid-amount">{formatAmount(order.paid_amount, sign)}</span></Descriptions.Item>
          {paidAt !== undefined && <Descriptions.Item label={t.paidAt}>{orDash(formatDateTime(paidAt))}</Descriptions.Item>}
          <Descriptions.Item label={t.diffPrice}>{formatAmount(order.diff_price, sign)}</Descriptions.Item>
          <Descriptions.Item label={t.diffCargoPrice}>{formatAmount(order.diff_cargo_price, sign)}</Descriptions.Item>
          <Descriptions.Item label={t.returned}>{yesNo(order.return === 1, 'order-returned')}</Descriptions.Item>
          <Descriptions.Item label={t.refundWithPercent}>{formatAmount(order.amounts_to_refund, sign)}</Descriptions.Item>
        </InfoCard>
      </Col>
      <Col xs={24}>
        {preview ? <ProductCard preview={preview} /> : (
          <Card size="small" title={t.product} data-testid="product-card-empty"><Typography.Text type="secondary">{t.noPreview}</Typography.Text></Card>
        )}
      </Col>
      <Col xs={24}>
        <Card size="small" title={t.debts} data-testid="order-card-debts">
          <OrderDebtsTable debts={order.debts ?? []} sign={sign} />
        </Card>
      </Col>
      <Col xs={24} lg={hasReason ? 12 : 24}>
        <Card size="small" title={t.description} style={{ height: '100%' }} data-testid="order-card-description">
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{order.descr || t.noDescription}</Typography.Paragraph>
        </Card>
      </Col>
      {hasReason && (
        <Col xs={24} lg={12}>
          <Card size="small" title={t.cancelReason} style={{ height: '100%' }} data-testid="order-card-reason">
            <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }} data-testid="order-reason">{order.client_descr || t.noReason}</Typography.Paragraph>
          </Card>
        </Col>
      )}
    </Row>
  );
}

/** spec §2 "Orders" detail page (issue 18 item 4): header, buttons, cards; 'Xəta baş verdi' on a load error. */
export function OrderDetailPage() {
  const { orderId: idText } = useParams();
  const orderId = Number(idText);
  const isValidId = Number.isInteger(orderId) && orderId > 0;
  const navigate = useNavigate();
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const query = useOrder(isValidId ? orderId : undefined);
  const statuses = useOrderStatuses();
  const actions = useOrderActions();
  const pay = usePayOrder();
  const remove = useDeleteOrder();
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const [payError, setPayError] = useState<string | null>(null);

  if (!isValidId) return <Result status="404" title={az.errors.pageError} subTitle={t.notFound} />;
  if (query.isLoading) {
    return <Flex justify="center" style={{ padding: 48 }}><Spin size="large" /></Flex>;
  }
  if (query.isError || !query.data) {
    return <Result status="404" title={az.errors.pageError} subTitle={readErrorMessage(query.error)} data-testid="order-load-error" />;
  }
  const order = query.data;
  const sign = currencySignOfCountry(order.country_id);
  const payment = describePayment(order);

  const confirmPay = () => {
    setPayError(null);
    const amount = formatAmount(order.amount_due, sign);
    void modal.confirm({
      title: t.payTitle,
      content: fill(order.payed === 1 ? t.payDebtConfirm : t.payConfirm, { CURRENCY: order.currency, AMOUNT: amount }),
      okText: t.pay,
      cancelText: az.form.cancel,
      okButtonProps: { 'data-testid': 'order-pay-ok' } as never,
      onOk: async () => {
        try {
          await pay.mutateAsync(order.id);
          void toast.success(t.paid);
        } catch (error) {
          const message = readErrorMessage(error);
          setPayError(message);
          void toast.error(message);
        }
      },
    });
  };

  const confirmDelete = () => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: t.deleteConfirm,
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync(order.id);
          void toast.success(t.deleted);
          void navigate('/@next/orders');
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  };

  const pickStatus = (stateId: number) => {
    if (needsRejectForm(stateId)) setOpenModal('reject');
    else void actions.changeStatus([order.id], stateId);
  };
  const statusItems = buildStatusItems(statuses.data ?? [], (stateId) => whyCannotSetOrderStatus(order, stateId, ORDER_TRANSITIONS), pickStatus);

  return (
    <Flex vertical gap={12} data-testid="order-details">
      {modalHolder}
      {actions.contextHolder}
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="order-title">
              {order.track_code || `#${order.id}`}
            </Typography.Title>
            <Link to={`/@next/users/${order.user_id}`}><Typography.Text strong>{order.user_name}</Typography.Text></Link>
            <Tag data-testid="order-country">{order.country_name ?? (az.countries[order.country_id] || order.country_id)}</Tag>
            <Tag color={ORDER_STATUS_COLORS[order.state_id] ?? 'default'} data-testid="order-status">{order.state_name}</Tag>
            {order.urgent === 1 && <Tag color="volcano">{t.urgentTag}</Tag>}
            {order.return === 1 && <Tag color="orange">{t.returned}</Tag>}
            {order.is_new === 1 && <Tag color="gold">{t.unread}</Tag>}
          </Space>
          <Space wrap>
            <Button icon={<ClockCircleOutlined />} onClick={() => setOpenModal('timeline')} data-testid="order-timeline-button">{t.timeline}</Button>
            <Button icon={<EditOutlined />} onClick={() => setOpenModal('edit')} data-testid="order-edit-button">{t.edit}</Button>
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} data-testid="order-delete-button">{t.delete}</Button>
          </Space>
        </Flex>
        <Flex wrap gap={8} style={{ marginTop: 12 }}>
          <Tooltip title={payment.reason ?? undefined}>
            <Button
              type="primary"
              size="small"
              icon={<WalletOutlined />}
              disabled={!payment.canPay}
              loading={pay.isPending}
              onClick={confirmPay}
              data-testid="order-pay-button"
            >
              {t.pay}
            </Button>
          </Tooltip>
          <Dropdown trigger={['click']} menu={{ items: statusItems }} disabled={ENDED.includes(order.state_id)}>
            <Button size="small" data-testid="order-status-menu">{t.changeStatus} <DownOutlined /></Button>
          </Dropdown>
          {/* bonus links come with the bonus issue: the button is here, disabled until an order has one */}
          <Tooltip title={t.bonusLinkMissing}>
            <Button size="small" icon={<GiftOutlined />} disabled data-testid="order-bonus-button">{t.bonusLink}</Button>
          </Tooltip>
          <Button size="small" icon={<LinkOutlined />} disabled={!isOpenable(order.url)} href={isOpenable(order.url) ? order.url : undefined} target="_blank" rel="noopener noreferrer" data-testid="order-product-link">
            {t.productLink}
          </Button>
          <Tooltip title={order.declaration_id ? undefined : t.declarationMissing}>
            <Button size="small" icon={<FileTextOutlined />} disabled={!order.declaration_id} onClick={() => void navigate(`/@next/declarations/${order.declaration_id}`)} data-testid="order-declaration-button">
              {t.declaration}{order.track_code_declaration ? ` ${order.track_code_declaration}` : ''}
            </Button>
          </Tooltip>
          <Button size="small" onClick={() => void actions.toggleRead(order)}>{order.is_new === 1 ? azOrdersList.markRead : azOrdersList.markUnread}</Button>
        </Flex>
        {payError && <Alert type="error" showIcon closable style={{ marginTop: 12 }} title={payError} onClose={() => setPayError(null)} data-testid="order-pay-error" />}
      </Card>

      <OrderCards order={order} />

      {openModal === 'edit' && <OrderFormModal orderId={order.id} onClose={() => setOpenModal(null)} />}
      {openModal === 'timeline' && <OrderTimelineModal orderId={order.id} onClose={() => setOpenModal(null)} />}
      {openModal === 'reject' && <RejectOrderModal orderIds={[order.id]} onClose={() => setOpenModal(null)} />}
    </Flex>
  );
}
