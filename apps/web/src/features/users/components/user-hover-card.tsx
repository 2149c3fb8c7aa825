import { az } from '@app/contract/texts/az';
import { Descriptions, Popover, Spin, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useUserSummary } from '../api';
import { PhoneLink } from './user-phone-link';

const CARD_WIDTH = 320;

function UserSummary({ userId }: { userId: number }) {
  const query = useUserSummary(userId, true);
  if (query.isLoading) return <Spin size="small" />;
  if (query.isError || !query.data) return <span>{readErrorMessage(query.error)}</span>;
  const user = query.data;
  const t = az.users;
  return (
    <Descriptions size="small" column={1} style={{ width: CARD_WIDTH }} data-testid="user-hover-card">
      <Descriptions.Item label={t.code}>{user.code ?? `#${user.id}`}</Descriptions.Item>
      <Descriptions.Item label={t.role}>
        {t.roles[user.admin]} {user.blocked === 1 && <Tag color="red">{t.blocked}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t.email}>{user.email ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t.phone}>
        <PhoneLink phone={user.number} />
      </Descriptions.Item>
      <Descriptions.Item label={t.branch}>{user.branch_name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={az.usersUi.usdBalance}>{formatAmount(user.widget.balance.usd, '$')}</Descriptions.Item>
      <Descriptions.Item label={az.usersUi.tryBalance}>{formatAmount(user.widget.balance.try, '₺')}</Descriptions.Item>
      <Descriptions.Item label={t.debt}>{formatAmount(user.credit_usd, '$')}</Descriptions.Item>
      <Descriptions.Item label={t.monthSpend}>{formatAmount(user.widget.this.usd, '$')}</Descriptions.Item>
    </Descriptions>
  );
}

/** spec §2: a hover card gives a summary of the user; it asks the server only once opened. */
export function UserHoverCard({ userId, children }: { userId: number; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Popover
      mouseEnterDelay={0.4}
      open={isOpen}
      onOpenChange={setOpen}
      placement="right"
      content={isOpen ? <UserSummary userId={userId} /> : null}
    >
      <span>{children}</span>
    </Popover>
  );
}
