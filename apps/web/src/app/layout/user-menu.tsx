import { DownOutlined, LogoutOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Avatar, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { useCashboxBalance } from '../../features/money/api';
import { formatAmount } from '../../shared/format/format-number';
import { useAuth } from '../auth/auth-context';

/** spec §1: the user's name, their cash register (name, balance, currency code) and logout. */
export function UserMenu({ isCompact }: { isCompact: boolean }) {
  const { user, signOutNow } = useAuth();
  const balance = useCashboxBalance(true);
  const cashbox = balance.data;
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;

  const items: MenuProps['items'] = [
    { key: 'user', label: <Typography.Text type="secondary">{user.email}</Typography.Text>, disabled: true },
    ...(cashbox
      ? [
          { type: 'divider' as const },
          {
            key: 'cashbox',
            icon: <WalletOutlined />,
            disabled: true,
            label: (
              <Flex vertical data-testid="cashbox-summary">
                <Typography.Text>{`${az.topbar.cashRegister}: ${cashbox.name}`}</Typography.Text>
                <Typography.Text strong>
                  {`${az.topbar.balance}: ${formatAmount(cashbox.amount)} ${cashbox.currency.code}`}
                </Typography.Text>
              </Flex>
            ),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: az.auth.logout, danger: true, onClick: signOutNow },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Flex align="center" gap={8} style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-menu" role="button">
        <Avatar size={28} icon={<UserOutlined />} style={{ background: '#0A4755' }} />
        {!isCompact && (
          <Flex vertical style={{ lineHeight: 1.2 }}>
            <Typography.Text strong>{fullName}</Typography.Text>
            {cashbox && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {`${cashbox.name} · ${formatAmount(cashbox.amount)} ${cashbox.currency.code}`}
              </Typography.Text>
            )}
          </Flex>
        )}
        <DownOutlined style={{ fontSize: 10 }} />
      </Flex>
    </Dropdown>
  );
}
