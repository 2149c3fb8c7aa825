import { DownOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeclarationOrders } from '../api';

type MenuItems = NonNullable<MenuProps['items']>;

/** spec §2 "orders submenu": the declaration's orders, each opening the order (orders/{id}); fetched when the menu opens. */
export function useOrdersItems(declarationId: number, isOpen: boolean): MenuItems {
  const navigate = useNavigate();
  const orders = useDeclarationOrders(declarationId, isOpen);
  if (orders.isLoading) return [{ key: 'loading', label: az.declarationsUi.ordersLoading, disabled: true }];
  if (orders.error) return [{ key: 'error', label: az.errors.fetchFailed, disabled: true }];
  const list = orders.data ?? [];
  if (!list.length) return [{ key: 'none', label: az.declarationsUi.noOrders, disabled: true }];
  return list.map((orderId) => ({
    key: `order-${orderId}`,
    label: `#${orderId}`,
    onClick: () => void navigate(`/@next/orders/${orderId}`),
  }));
}

/** The detail page's Orders menu (spec §2 detail page buttons). */
export function DeclarationOrdersMenu({ declarationId }: { declarationId: number }) {
  const [isOpen, setOpen] = useState(false);
  const items = useOrdersItems(declarationId, isOpen);
  return (
    <Dropdown trigger={['click']} onOpenChange={setOpen} menu={{ items }}>
      <Button size="small" icon={<ShoppingCartOutlined />} data-testid="declaration-orders-menu">
        {az.declarationsUi.orders} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
