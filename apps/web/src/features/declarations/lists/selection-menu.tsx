import { DownOutlined } from '@ant-design/icons';
import type { DeclarationListRow } from '@app/contract/declarations';
import { MANUAL_DECLARATION_STATUSES } from '@app/contract/declarations-constants';
import { az } from '@app/contract/texts/az';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useAuth } from '../../../app/auth/auth-context';
import { canChangeStatusTo, listSelectionActions, type SelectionActionKey } from '../shared/declaration-access';
import { describeDeclarationStatus } from '../shared/status-names';

const LABELS: Record<SelectionActionKey, string> = {
  combine: az.declarationsUi.combine,
  handOver: az.declarationsUi.handOver,
  changeStatus: az.declarationsUi.changeStatus,
  delete: az.declarationsUi.delete,
};

interface SelectionMenuProps {
  rows: DeclarationListRow[];
  onAction: (key: SelectionActionKey, statusId?: number) => void;
}

/** spec §2: with a selection, the menu Combine (2 or more), Hand over, Change status, Delete. */
export function SelectionMenu({ rows, onAction }: SelectionMenuProps) {
  const { user: viewer } = useAuth();
  if (rows.length === 0) return null;
  const actions = listSelectionActions(viewer, rows.map((row) => ({ statusId: row.state_id, userId: row.user_id })));
  const items: MenuProps['items'] = actions.map((action) =>
    action.key === 'changeStatus'
      ? {
          key: action.key,
          label: LABELS[action.key],
          disabled: action.isDisabled,
          children: MANUAL_DECLARATION_STATUSES.map((statusId) => ({
            key: `status-${statusId}`,
            label: describeDeclarationStatus(statusId),
            // all or nothing on the server: offered only when every selected parcel's status allows it
            disabled: !canChangeStatusTo(rows.map((row) => ({ statusId: row.state_id })), statusId),
            onClick: () => onAction('changeStatus', statusId),
          })),
        }
      : { key: action.key, label: LABELS[action.key], disabled: action.isDisabled, danger: action.key === 'delete', onClick: () => onAction(action.key) },
  );
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button data-testid="selection-menu">
        {az.declarationsUi.selectionActions} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
