import {
  ClockCircleOutlined, DeleteOutlined, DisconnectOutlined, DownOutlined, EditOutlined, EyeOutlined, FileTextOutlined, RollbackOutlined, StopOutlined, SwapOutlined,
} from '@ant-design/icons';
import { CURRENCY_SIGN, productPriceSign } from '@app/contract/countries';
import type { DeclarationDetail } from '@app/contract/declarations';
import { DECLARATION_TYPE, MANUAL_DECLARATION_STATUSES } from '@app/contract/declarations-constants';
import { DECLARATION_STATUS } from '@app/contract/statuses-constants';
import { az } from '@app/contract/texts/az';
import { Button, Card, Col, Descriptions, Dropdown, Flex, Result, Row, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useDeclaration } from '../api';
import { CommercialDeclarationModal } from '../form/commercial-declaration-modal';
import { DeclarationFormModal } from '../form/declaration-form-modal';
import { DeclarationPrintMenu } from '../documents/declaration-print-menu';
import { DocumentLink } from '../documents/document-link';
import { CustomsStatusPanel, HistoryAccordion, MarketplacePanel } from '../workflow/declaration-workflow-panels';
import { HandoverModal } from '../workflow/handover-modal';
import { DeclarationOrdersMenu } from '../shared/declaration-orders-menu';
import { ReturnModal } from '../workflow/return-modal';
import { StatusTimelineModal } from '../workflow/status-timeline-modal';
import { useDeclarationActions } from '../workflow/use-declaration-actions';
import { canCancelDispatch, canChangeStatusTo, canDelete, canEdit, canHandOver, canRemoveFromFlight, hasPermission } from '../shared/declaration-access';
import { describeDeclarationStatus } from '../shared/status-names';

function orDash(value: ReactNode) {
  return value === null || value === undefined || value === '' ? '—' : value;
}

function yesNo(value: boolean) {
  return value ? <Tag color="green">{az.table.yes}</Tag> : <Tag>{az.table.no}</Tag>;
}

type OpenModal = 'edit' | 'timeline' | 'commercial' | 'return' | 'handover' | null;

function InfoCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ height: '100%' }} data-testid={testId}>
      <Descriptions size="small" column={1}>
        {children}
      </Descriptions>
    </Card>
  );
}

function DeclarationCards({ declaration }: { declaration: DeclarationDetail }) {
  const t = az.declarations;
  const ui = az.declarationsUi;
  const isHandedOver = declaration.state_id === DECLARATION_STATUS.handedOver;
  const lastBox = declaration.container_name_tmp ?? declaration.container_name;
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={12}>
        <InfoCard title={ui.generalInfo} testId="card-general">
          <Descriptions.Item label={t.trackCode}>{declaration.track_code}</Descriptions.Item>
          <Descriptions.Item label={t.globalTrackCode}>{orDash(declaration.global_track_code)}</Descriptions.Item>
          <Descriptions.Item label={t.customerCode}>{orDash(declaration.user_code)}</Descriptions.Item>
          <Descriptions.Item label={t.customer}>
            {declaration.user_id ? <Link to={`/@next/users/${declaration.user_id}`}>{declaration.user_name ?? `#${declaration.user_id}`}</Link> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={ui.customerPhone}>{orDash(declaration.user_phone)}</Descriptions.Item>
          <Descriptions.Item label={ui.fin}>{orDash(declaration.user_fin)}</Descriptions.Item>
          <Descriptions.Item label={t.productType}>{orDash(declaration.product_type_name)}</Descriptions.Item>
          <Descriptions.Item label={t.quantity}>{`${declaration.quantity} ${ui.pieces}`}</Descriptions.Item>
          <Descriptions.Item label={t.shop}>{orDash(declaration.shop_name || null)}</Descriptions.Item>
          <Descriptions.Item label={t.composition}>{declaration.type === DECLARATION_TYPE.liquid ? t.liquid : t.other}</Descriptions.Item>
          <Descriptions.Item label={t.tariff}>{orDash(declaration.tariff_category_name)}</Descriptions.Item>
          <Descriptions.Item label={t.declared}>{yesNo(declaration.customs === 1)}</Descriptions.Item>
          {declaration.is_commercial === 1 && <Descriptions.Item label={ui.voen}>{orDash(declaration.voen)}</Descriptions.Item>}
          {declaration.is_commercial === 1 && <Descriptions.Item label={ui.awb}>{orDash(declaration.awb || null)}</Descriptions.Item>}
          <Descriptions.Item label={t.createdAt}>{formatDateTime(declaration.created_at)}</Descriptions.Item>
          <Descriptions.Item label={ui.deliveredAt}>{formatDateTime(declaration.delivered_at)}</Descriptions.Item>
          {declaration.document_file && (
            <Descriptions.Item label={ui.document}>
              <DocumentLink path={declaration.document_file} label={ui.openDocument} />
            </Descriptions.Item>
          )}
        </InfoCard>
      </Col>
      <Col xs={24} lg={12}>
        <Flex vertical gap={12} style={{ height: '100%' }}>
          <InfoCard title={ui.warehouseInfo} testId="card-warehouse">
            <Descriptions.Item label={ui.basket}>{orDash(declaration.basket_name)}</Descriptions.Item>
            <Descriptions.Item label={t.parcel}>{orDash(declaration.box)}</Descriptions.Item>
            <Descriptions.Item label={ui.shelf}>{orDash(declaration.wardrobe_number || null)}</Descriptions.Item>
            <Descriptions.Item label={ui.lastBox}>
              {lastBox ? (isHandedOver ? `${lastBox} (${ui.oldBox})` : lastBox) : '—'}
            </Descriptions.Item>
          </InfoCard>
          <InfoCard title={ui.prices} testId="card-prices">
            <Descriptions.Item label={t.productPrice}>{formatAmount(declaration.price, productPriceSign(declaration.country_id))}</Descriptions.Item>
            <Descriptions.Item label={t.deliveryPrice}>{formatAmount(declaration.delivery_price, CURRENCY_SIGN.USD)}</Descriptions.Item>
            <Descriptions.Item label={t.paid}>{yesNo(declaration.payed === 1)}</Descriptions.Item>
          </InfoCard>
        </Flex>
      </Col>
      <Col xs={24} lg={12}>
        <InfoCard title={ui.measurements} testId="card-measurements">
          <Descriptions.Item label={t.weight}>{formatAmount(declaration.weight, ui.kg)}</Descriptions.Item>
          <Descriptions.Item label={ui.height}>{formatAmount(declaration.height, ui.cm)}</Descriptions.Item>
          <Descriptions.Item label={ui.width}>{formatAmount(declaration.width, ui.cm)}</Descriptions.Item>
          <Descriptions.Item label={ui.depth}>{formatAmount(declaration.depth, ui.cm)}</Descriptions.Item>
        </InfoCard>
      </Col>
      <Col xs={24} lg={12}>
        <InfoCard title={ui.placement} testId="card-placement">
          <Descriptions.Item label={t.branch}>{orDash(declaration.branch_name)}</Descriptions.Item>
          <Descriptions.Item label={t.flight}>{orDash(declaration.flight_name)}</Descriptions.Item>
          <Descriptions.Item label={ui.placedBy}>
            {declaration.who_added_bbs ? `${declaration.who_added_bbs} · ${formatDateTime(declaration.when_added_bbs)}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={ui.branchSorting}>
            {declaration.parcel_sorting_id ? `${declaration.parcel_sorting_state_name ?? ''} · ${formatDateTime(declaration.parcel_sorting_created_at)}` : '—'}
          </Descriptions.Item>
        </InfoCard>
      </Col>
      <Col xs={24}>
        <Card size="small" title={ui.description} data-testid="card-description">
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{declaration.descr || ui.noDescription}</Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}

/** spec §2 "Declaration detail page": header tags, buttons with their rules, the cards. */
export function DeclarationDetailsPage() {
  const { declarationId: idText } = useParams();
  const declarationId = Number(idText);
  const isValidId = Number.isInteger(declarationId) && declarationId > 0;
  const navigate = useNavigate();
  const { user: viewer } = useAuth();
  const query = useDeclaration(isValidId ? declarationId : undefined);
  const actions = useDeclarationActions({ afterDelete: () => void navigate('/@next/declarations') });
  const [openModal, setOpenModal] = useState<OpenModal>(null);

  if (!isValidId) return <Result status="404" title={az.errors.pageError} subTitle={az.declarationsUi.notFound} />;
  if (query.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (query.isError || !query.data) {
    return <Result status="404" title={az.errors.pageError} subTitle={readErrorMessage(query.error)} data-testid="declaration-load-error" />;
  }
  const declaration = query.data;
  const ui = az.declarationsUi;
  const facts = { statusId: declaration.state_id, hasFlight: declaration.flight_id !== null, isRead: declaration.is_new === 0 };
  const ref = { id: declaration.id, trackCode: declaration.track_code, isRead: declaration.is_new === 0 };
  const isHandedOver = declaration.state_id === DECLARATION_STATUS.handedOver;
  const isEditable = declaration.editable === 1 && canEdit(facts);

  return (
    <Flex vertical gap={12} data-testid="declaration-details">
      {actions.contextHolder}
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="declaration-track-code">
              {declaration.track_code}
            </Typography.Title>
            {declaration.user_name && <Typography.Text strong>{declaration.user_name}</Typography.Text>}
            <Tag>{az.countries[declaration.country_id] ?? declaration.country_id}</Tag>
            <Tag color="blue" data-testid="declaration-status">
              {declaration.state_name}
            </Tag>
            <Tag color={declaration.is_commercial === 1 ? 'purple' : 'default'}>{declaration.is_commercial === 1 ? ui.commercialTag : ui.citizenTag}</Tag>
            {declaration.return === 1 && <Tag color="orange">{ui.returnedTag}</Tag>}
            {declaration.trendyol > 0 && <Tag color="geekblue">{az.providers[declaration.trendyol]}</Tag>}
            {declaration.partner_name && <Tag color="cyan">{declaration.partner_name}</Tag>}
            {declaration.is_new === 1 && <Tag color="gold">{ui.unreadTag}</Tag>}
            {declaration.deleted_at && <Tag color="red">{ui.deletedTag}</Tag>}
          </Space>
          <Space wrap>
            <Button icon={<ClockCircleOutlined />} onClick={() => setOpenModal('timeline')} data-testid="declaration-timeline-button">
              {ui.timeline}
            </Button>
            <Button icon={<EditOutlined />} disabled={!isEditable} onClick={() => setOpenModal('edit')} data-testid="declaration-edit-button">
              {ui.edit}
            </Button>
            {canDelete(viewer) && (
              <Button danger icon={<DeleteOutlined />} disabled={Boolean(declaration.deleted_at)} onClick={() => actions.confirmAction('cancel', ref)}>
                {ui.delete}
              </Button>
            )}
          </Space>
        </Flex>
        <Flex wrap gap={8} style={{ marginTop: 12 }}>
          {hasPermission(viewer, 'declarations_handover') && (
            <Tooltip title={canHandOver(viewer, facts) ? undefined : isHandedOver ? ui.handedOverAlready : ui.handoverNeedsStatus}>
              <Button size="small" type="primary" icon={<SwapOutlined />} disabled={!canHandOver(viewer, facts)} onClick={() => setOpenModal('handover')} data-testid="declaration-handover-button">
                {ui.handOver}
              </Button>
            </Tooltip>
          )}
          <Button size="small" icon={<RollbackOutlined />} disabled={isHandedOver || declaration.return === 1 || declaration.editable !== 1} onClick={() => setOpenModal('return')}>
            {ui.return}
          </Button>
          <Tooltip title={canRemoveFromFlight(facts) ? undefined : facts.hasFlight ? az.declarations.removeAfterDispatch : ui.notInFlight}>
            <Button
              size="small"
              icon={<DisconnectOutlined />}
              disabled={!canRemoveFromFlight(facts)}
              onClick={() => actions.confirmAction('removeFromFlight', ref)}
            >
              {ui.removeFromFlight}
            </Button>
          </Tooltip>
          {hasPermission(viewer, 'canceldepesh') && (
            <Tooltip title={canCancelDispatch(viewer, facts) ? undefined : ui.cancelDispatchNeedsStatus}>
              <Button
                size="small"
                danger
                icon={<StopOutlined />}
                disabled={!canCancelDispatch(viewer, facts)}
                onClick={() => actions.confirmAction('cancelDispatch', ref)}
              >
                {ui.cancelDispatch}
              </Button>
            </Tooltip>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: MANUAL_DECLARATION_STATUSES.map((statusId) => ({
                key: String(statusId),
                label: describeDeclarationStatus(statusId),
                disabled: !canChangeStatusTo([{ statusId: declaration.state_id }], statusId),
                onClick: () => actions.changeStatus(ref, statusId),
              })),
            }}
          >
            <Button size="small" disabled={!isEditable} data-testid="declaration-status-menu">
              {ui.changeStatus} <DownOutlined />
            </Button>
          </Dropdown>
          <DeclarationOrdersMenu declarationId={declaration.id} />
          <DeclarationPrintMenu facts={{ id: declaration.id, statusId: declaration.state_id, handoverTaskId: declaration.handover_task_id === null ? null : Number(declaration.handover_task_id) }} />
          {declaration.is_commercial === 1 && (
            <Button size="small" icon={<FileTextOutlined />} disabled={!isEditable} onClick={() => setOpenModal('commercial')} data-testid="declaration-commercial">
              {ui.commercialTag}
            </Button>
          )}
          <Button size="small" icon={<EyeOutlined />} onClick={() => void actions.switchRead(ref)}>
            {declaration.is_new === 0 ? ui.markUnread : ui.markRead}
          </Button>
        </Flex>
      </Card>

      <DeclarationCards declaration={declaration} />
      <CustomsStatusPanel declaration={declaration} />
      <MarketplacePanel declaration={declaration} />
      <HistoryAccordion declaration={declaration} />

      {openModal === 'edit' && <DeclarationFormModal declarationId={declaration.id} onClose={() => setOpenModal(null)} />}
      {openModal === 'return' && (
        <ReturnModal declarationId={declaration.id} priceSign={productPriceSign(declaration.country_id)} onClose={() => setOpenModal(null)} />
      )}
      {openModal === 'handover' && <HandoverModal declarationIds={[declaration.id]} onClose={() => setOpenModal(null)} />}
      {openModal === 'commercial' && <CommercialDeclarationModal declaration={declaration} onClose={() => setOpenModal(null)} />}
      {openModal === 'timeline' && (
        <StatusTimelineModal declarationId={declaration.id} trackCode={declaration.track_code} onClose={() => setOpenModal(null)} />
      )}
    </Flex>
  );
}
