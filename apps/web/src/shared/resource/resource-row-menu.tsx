import { MoreOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Button, Dropdown, type MenuProps } from 'antd';

export interface RowMenuItem {
  key: string;
  label: string;
  onClick: () => void;
  isDanger?: boolean;
}

/** spec §2 row menu: details, edit, delete (and a list's own items). */
export function ResourceRowMenu({ rowId, items }: { rowId: number; items: RowMenuItem[] }) {
  if (items.length === 0) return null;
  const menu: MenuProps['items'] = items.map((item) => ({
    key: item.key, label: item.label, danger: item.isDanger, onClick: item.onClick, 'data-testid': `row-action-${item.key}`,
  }));
  return (
    <Dropdown menu={{ items: menu }} trigger={['click']}>
      <Button size="small" type="text" icon={<MoreOutlined />} aria-label={az.settingsLists.actions} data-testid={`row-menu-${rowId}`} />
    </Dropdown>
  );
}
