import { MoreOutlined } from '@ant-design/icons';
import type { OrderRow } from '@app/contract/orders';
import { azOrdersList as t } from '@app/contract/texts/az-orders';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { SelectOption } from '../../../shared/form/search-select';
import { whyCannotSetOrderStatus, type StatusRefusal } from '../model/order-status-rules';
import { isOpenableLink } from './order-columns';

export const REFUSAL_TEXTS: Record<StatusRefusal, string> = {
  same: t.statusSame,
  final: t.statusNotAllowed,
  notAllowed: t.statusNotAllowed,
  needsPayment: t.statusNeedsPayment,
};

/** A status submenu: each status of model 1, greyed out (with the reason on hover) where the rules refuse it. */
export function buildStatusItems(
  statuses: readonly SelectOption[],
  whyNot: (stateId: number) => StatusRefusal | null,
  onPick: (stateId: number) => void,
  keyPrefix = 'status',
): NonNullable<MenuProps['items']> {
  return statuses.map((status) => {
    const stateId = Number(status.value);
    const refusal = whyNot(stateId);
    return {
      key: `${keyPrefix}-${stateId}`,
      label: refusal ? <span title={REFUSAL_TEXTS[refusal]}>{status.label}</span> : status.label,
      disabled: refusal !== null,
      onClick: () => onPick(stateId),
    };
  });
}

interface OrderRowMenuProps {
  row: OrderRow;
  statuses: readonly SelectOption[];
  onStatus: (row: OrderRow, stateId: number) => void;
  onToggleRead: (row: OrderRow) => void;
  onDelete: (row: OrderRow) => void;
}

/**
 * spec §2 row menu: detail, edit, declaration (disabled without one), product link, status map,
 * toggle read, change status (impossible ones greyed), delete. Modal routes keep the table's URL.
 */
export function OrderRowMenu({ row, statuses, onStatus, onToggleRead, onDelete }: OrderRowMenuProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const items: MenuProps['items'] = [
    { key: 'details', label: t.details, onClick: () => void navigate(`/@next/orders/${row.id}`) },
    { key: 'edit', label: t.edit, onClick: () => void navigate(`/@next/orders/${row.id}/update${search}`) },
    {
      key: 'declaration',
      label: row.declaration_id ? `${t.declaration}${row.track_code_declaration ? ` ${row.track_code_declaration}` : ''}` : t.noDeclaration,
      disabled: !row.declaration_id,
      onClick: () => void navigate(`/@next/declarations/${row.declaration_id}`),
    },
    {
      key: 'product',
      label: t.productLink,
      disabled: !isOpenableLink(row.url),
      onClick: () => void window.open(row.url, '_blank', 'noopener,noreferrer'),
    },
    { key: 'timeline', label: t.statusMap, onClick: () => void navigate(`/@next/orders/${row.id}/timeline${search}`) },
    { key: 'read', label: row.is_new === 1 ? t.markRead : t.markUnread, onClick: () => onToggleRead(row) },
    {
      key: 'status',
      label: t.changeStatus,
      children: buildStatusItems(statuses, (stateId) => whyCannotSetOrderStatus(row, stateId), (stateId) => onStatus(row, stateId)),
    },
    { type: 'divider' },
    { key: 'delete', label: t.delete, danger: true, onClick: () => onDelete(row) },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t.actions} data-testid={`order-menu-${row.id}`} />
    </Dropdown>
  );
}
