import { MoreOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import type { UserListRow } from '@app/contract/users';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useAuth } from '../../../app/auth/auth-context';
import { canEditPermissions, canManageUser, listAssignableRoles } from '../model/user-access';

interface UserRowMenuProps {
  row: UserListRow;
  onRole: (row: UserListRow, role: number) => void;
  onAction: (kind: 'delete' | 'block' | 'unblock', row: UserListRow) => void;
  onPermissions: (row: UserListRow) => void;
}

/** spec §2 row menu: role change, block or unblock, delete, and Permissions when allowed. */
export function UserRowMenu({ row, onRole, onAction, onPermissions }: UserRowMenuProps) {
  const { user: viewer } = useAuth();
  const roles = listAssignableRoles(viewer, row);
  const canManage = canManageUser(viewer, row);
  const items: MenuProps['items'] = [];
  if (roles.length > 0) {
    items.push({
      key: 'role',
      label: az.users.changeRole,
      children: roles.map((role) => ({ key: `role-${role}`, label: az.users.roles[role], onClick: () => onRole(row, role) })),
    });
  }
  if (canManage) {
    items.push(
      row.blocked
        ? { key: 'unblock', label: az.users.unblock, onClick: () => onAction('unblock', row) }
        : { key: 'block', label: az.users.block, onClick: () => onAction('block', row) },
      { key: 'delete', label: az.users.delete, danger: true, onClick: () => onAction('delete', row) },
    );
  }
  if (canEditPermissions(viewer, row, { allowSelf: false })) {
    items.push({ key: 'permissions', label: az.users.permissions, onClick: () => onPermissions(row) });
  }
  if (items.length === 0) return null;
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button size="small" type="text" icon={<MoreOutlined />} aria-label={az.usersUi.actions} data-testid={`user-menu-${row.id}`} />
    </Dropdown>
  );
}
