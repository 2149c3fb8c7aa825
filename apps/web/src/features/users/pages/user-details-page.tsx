import {
  CustomerServiceOutlined, DeleteOutlined, EditOutlined, FileSearchOutlined, KeyOutlined, LockOutlined, MailOutlined,
  MessageOutlined, PercentageOutlined, ShoppingCartOutlined, SwapOutlined, TruckOutlined, UnlockOutlined, InboxOutlined, CalendarOutlined,
} from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import type { UserDiscountRow } from '@app/contract/users';
import { Alert, Button, Card, Col, Descriptions, Flex, Result, Row, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCancelDiscount, useDeclarationStats, useUser } from '../api';
import { PermissionsModal } from '../components/permissions-modal';
import { UserFormModal } from '../components/user-form-modal';
import { UserMoneyCards } from '../components/user-money-cards';
import { PhoneLink } from '../components/user-phone-link';
import { useUserActions } from '../components/use-user-actions';
import { WarehouseAddressCard } from '../components/warehouse-address-card';
import { canEditPermissions, canManageUser, hasPermission, listAssignableRoles } from '../model/user-access';
import { listSectionLinks, type SectionLinkKey } from '../model/section-links';
import { useRoutePresence } from '../model/use-route-presence';
import { canOpenPath, toAppPath } from '../../../app/navigation';
import { buildWarehouseAddresses, readWarehouseSettings } from '../model/warehouse-addresses';
import { useClientSettings } from '../../settings/api';
import { describeGender } from '../components/user-columns';
import type { UserView } from '../model/user-view';

function orDash(value: ReactNode) {
  return value === null || value === undefined || value === '' ? '—' : value;
}

function onOff(value: boolean | 0 | 1) {
  return value ? <Tag color="green">{az.usersUi.on}</Tag> : <Tag>{az.usersUi.off}</Tag>;
}

const SECTION_ICONS: Record<SectionLinkKey, ReactNode> = {
  orders: <ShoppingCartOutlined />,
  parcels: <InboxOutlined />,
  month: <CalendarOutlined />,
  couriers: <TruckOutlined />,
  transactions: <SwapOutlined />,
  tickets: <CustomerServiceOutlined />,
  emails: <MailOutlined />,
  sms: <MessageOutlined />,
  customs: <FileSearchOutlined />,
};

function DiscountsTable({ user }: { user: UserView }) {
  const toast = useToast();
  const cancel = useCancelDiscount();
  const { user: viewer } = useAuth();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const canCancel = hasPermission(viewer, 'user_discount');
  const cancelDiscount = async (row: UserDiscountRow) => {
    setPendingId(row.id);
    try {
      await cancel.mutateAsync(row);
      void toast.success(az.usersUi.discountCancelled);
    } catch (error) {
      void toast.error(readErrorMessage(error));
    } finally {
      setPendingId(null);
    }
  };
  const t = az.users;
  return (
    <Table<UserDiscountRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={user.discounts}
      locale={{ emptyText: az.table.empty }}
      scroll={{ x: 720 }}
      data-testid="user-discounts"
      columns={[
        { key: 'country', title: t.discountCountry, render: (_, row) => row.country_name ?? az.countries[row.country_id] },
        { key: 'discount', title: t.discount, align: 'right', render: (_, row) => `${formatAmount(row.discount)} %` },
        { key: 'date', title: t.discountDate, render: (_, row) => formatDate(row.discount_date) },
        { key: 'descr', title: t.discountDescr, render: (_, row) => orDash(row.descr) },
        { key: 'causer', title: t.discountCauser, render: (_, row) => orDash(row.causer_name) },
        {
          key: 'cancel',
          title: '',
          width: 160,
          render: (_, row) =>
            canCancel && (
              <Button size="small" danger loading={pendingId === row.id} onClick={() => void cancelDiscount(row)}>
                {t.cancelDiscount}
              </Button>
            ),
        },
      ]}
    />
  );
}

function MonthlyStatistics({ userId }: { userId: number }) {
  const stats = useDeclarationStats(userId);
  const t = az.users;
  if (stats.isError) return <Alert type="warning" showIcon title={readErrorMessage(stats.error)} />;
  return (
    <Table
      size="small"
      rowKey="date"
      loading={stats.isLoading}
      dataSource={stats.data ?? []}
      pagination={false}
      locale={{ emptyText: az.table.empty }}
      data-testid="user-monthly-stats"
      columns={[
        { key: 'month', title: t.month, render: (_, row) => `${row.month_name} ${row.date.slice(0, 4)}` },
        { key: 'quantity', title: t.quantity, align: 'right', dataIndex: 'quantity' },
        { key: 'weight', title: t.weight, align: 'right', render: (_, row) => formatAmount(row.weight) },
        { key: 'delivery', title: t.deliveryPrice, align: 'right', render: (_, row) => formatAmount(row.delivery_price, '$') },
      ]}
    />
  );
}

type OpenModal = 'edit' | 'permissions' | null;

/** spec §2 "Details page". */
export function UserDetailsPage() {
  const { userId: idText } = useParams();
  const userId = Number(idText);
  const navigate = useNavigate();
  const { user: viewer } = useAuth();
  const query = useUser(Number.isInteger(userId) && userId > 0 ? userId : undefined);
  const { contextHolder, confirmAction, confirmRole } = useUserActions({ afterDelete: () => void navigate('/@next/users') });
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const settings = useClientSettings(true);
  const hasRoute = useRoutePresence();

  if (!Number.isInteger(userId) || userId <= 0) return <Result status="404" title={az.usersUi.notFound} />;
  if (query.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (query.isError || !query.data) {
    return <Result status="warning" title={az.errors.pageError} subTitle={readErrorMessage(query.error)} />;
  }
  const user = query.data;
  const t = az.users;
  const roles = listAssignableRoles(viewer, user);
  const canManage = canManageUser(viewer, user);
  const addresses = buildWarehouseAddresses(user, readWarehouseSettings(settings.data));
  // Only buttons that lead somewhere: the target section is built and this viewer may open it.
  const sectionLinks = listSectionLinks(user, { hasRoute, canOpen: (path) => canOpenPath(viewer, path) === true });

  return (
    <Flex vertical gap={12} data-testid="user-details">
      {contextHolder}
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              #{user.id} {user.name} {user.surname}
            </Typography.Title>
            {user.code && <Tag>{user.code}</Tag>}
            {user.blocked ? <Tag color="red">{t.blocked}</Tag> : <Tag color="green">{az.usersUi.active}</Tag>}
            <Select
              size="small"
              style={{ minWidth: 140 }}
              aria-label={t.role}
              value={user.admin}
              disabled={roles.length === 0}
              options={[user.admin, ...roles].map((role) => ({ value: role, label: t.roles[role] }))}
              onChange={(role: number) => role !== user.admin && confirmRole(user, role)}
              data-testid="user-role-switch"
            />
          </Space>
          <Space wrap>
            {canEditPermissions(viewer, user, { allowSelf: true }) && (
              <Button icon={<KeyOutlined />} onClick={() => setOpenModal('permissions')}>
                {t.permissions}
              </Button>
            )}
            <Button icon={<EditOutlined />} onClick={() => setOpenModal('edit')}>
              {t.edit}
            </Button>
            {canManage && (
              <Button
                icon={user.blocked ? <UnlockOutlined /> : <LockOutlined />}
                onClick={() => confirmAction(user.blocked ? 'unblock' : 'block', user)}
              >
                {user.blocked ? t.unblock : t.block}
              </Button>
            )}
            {canManage && (
              <Button danger icon={<DeleteOutlined />} onClick={() => confirmAction('delete', user)}>
                {t.delete}
              </Button>
            )}
          </Space>
        </Flex>
        <Flex wrap gap={8} style={{ marginTop: 12 }}>
          {sectionLinks.map((link) => (
            <Link key={link.key} to={`${toAppPath(link.path)}${link.search ? `?${link.search}` : ''}`} data-testid={`user-link-${link.key}`}>
              <Button size="small" icon={SECTION_ICONS[link.key]}>
                {link.label}
              </Button>
            </Link>
          ))}
          {hasPermission(viewer, 'user_discount') && (
            <Link to="discount" data-testid="user-link-discount">
              <Button size="small" type="primary" icon={<PercentageOutlined />}>
                {t.applyDiscount}
              </Button>
            </Link>
          )}
        </Flex>
      </Card>

      <UserMoneyCards user={user} />

      {addresses.length > 0 && (
        <Card size="small" title={t.foreignAddresses}>
          <Row gutter={[12, 12]}>
            {addresses.map((address) => (
              <Col xs={24} lg={12} key={address.countryId}>
                <WarehouseAddressCard address={address} />
              </Col>
            ))}
          </Row>
        </Card>
      )}

      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t.personalInfo} style={{ height: '100%' }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t.name}>{user.name}</Descriptions.Item>
              <Descriptions.Item label={t.surname}>{user.surname}</Descriptions.Item>
              <Descriptions.Item label={t.gender}>{describeGender(user.gender)}</Descriptions.Item>
              <Descriptions.Item label={t.birthDate}>{formatDate(user.birth_date)}</Descriptions.Item>
              <Descriptions.Item label={t.passportNumber}>{orDash(user.passport_number)}</Descriptions.Item>
              <Descriptions.Item label={t.fin}>{orDash(user.passport_secret)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t.systemInfo} style={{ height: '100%' }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t.code}>{orDash(user.code)}</Descriptions.Item>
              <Descriptions.Item label={t.role}>{t.roles[user.admin]}</Descriptions.Item>
              <Descriptions.Item label={t.branch}>{orDash(user.branch_name)}</Descriptions.Item>
              <Descriptions.Item label={t.adminBranch}>{orDash(user.admin_branch_name)}</Descriptions.Item>
              <Descriptions.Item label={t.company}>{orDash(user.admin_company_name)}</Descriptions.Item>
              <Descriptions.Item label={t.createdAt}>{formatDateTime(user.created_at)}</Descriptions.Item>
              <Descriptions.Item label={az.usersUi.declarationsCount}>
                {user.declaration.all} / {user.declaration.delivered}
              </Descriptions.Item>
              <Descriptions.Item label={az.usersUi.ordersCount}>
                {user.order.all} / {user.order.delivered}
              </Descriptions.Item>
              <Descriptions.Item label={az.usersUi.couriersCount}>
                {user.courier.all} / {user.courier.delivered}
              </Descriptions.Item>
              <Descriptions.Item label={az.usersUi.transactionsCount}>
                {user.in} / {user.out}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t.contactInfo} style={{ height: '100%' }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t.email}>{orDash(user.email)}</Descriptions.Item>
              <Descriptions.Item label={t.phone}>
                <PhoneLink phone={user.number} />
              </Descriptions.Item>
              <Descriptions.Item label={t.address}>{orDash(user.address)}</Descriptions.Item>
              <Descriptions.Item label={t.sendMail}>{onOff(user.send_mail)}</Descriptions.Item>
              <Descriptions.Item label={t.sendSms}>{onOff(user.send_sms)}</Descriptions.Item>
              <Descriptions.Item label={az.usersUi.emailService}>{onOff(user.send_mail)}</Descriptions.Item>
              <Descriptions.Item label={az.usersUi.smsService}>{onOff(user.send_sms)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t.cashbackInfo} style={{ height: '100%' }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t.cashbackCurrent}>{formatAmount(user.cashback.currentCashback, '₼')}</Descriptions.Item>
              <Descriptions.Item label={t.cashbackApproved}>{formatAmount(user.cashback.totalCashbackApproved, '₼')}</Descriptions.Item>
              <Descriptions.Item label={t.cashbackPending}>{formatAmount(user.cashback.totalCashbackPending, '₼')}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>

      <Card size="small" title={t.discounts}>
        <DiscountsTable user={user} />
      </Card>
      <Card size="small" title={t.monthlyStatistics}>
        <MonthlyStatistics userId={user.id} />
      </Card>

      {openModal === 'edit' && <UserFormModal userId={user.id} onClose={() => setOpenModal(null)} />}
      {openModal === 'permissions' && <PermissionsModal userId={user.id} onClose={() => setOpenModal(null)} />}
      <Outlet />
    </Flex>
  );
}
