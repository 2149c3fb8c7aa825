import { MoreOutlined } from '@ant-design/icons';
import type { DeclarationListRow } from '@app/contract/declarations';
import { DECLARATION_STATUS } from '@app/contract/statuses-constants';
import { az } from '@app/contract/texts/az';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { declarationDocumentPath, openDeclarationDocument } from '../api';
import { useOrdersItems } from '../shared/declaration-orders-menu';
import { buildPrintItems, usePrintDocument } from '../documents/declaration-print-menu';
import { listRowActions, type RowActionKey } from '../shared/declaration-access';
import { describeDeclarationStatus } from '../shared/status-names';

export function toDeclarationFacts(row: DeclarationListRow) {
  return { statusId: row.state_id, hasFlight: row.flight_id !== null, isRead: row.is_new === 0, isReturned: row.return === 1 };
}

const LABELS: Record<Exclude<RowActionKey, 'toggleRead' | 'status9' | 'status88'>, string> = {
  details: az.declarationsUi.details,
  edit: az.declarationsUi.edit,
  removeFromFlight: az.declarationsUi.removeFromFlight,
  handOver: az.declarationsUi.handOver,
  return: az.declarationsUi.return,
  timeline: az.declarationsUi.timeline,
  delete: az.declarationsUi.delete,
};

interface DeclarationRowMenuProps {
  row: DeclarationListRow;
  onAction: (key: RowActionKey, row: DeclarationListRow) => void;
}

/** spec §2 "Row menu": every item with its permission and status rule (model/declaration-access). */
export function DeclarationRowMenu({ row, onAction }: DeclarationRowMenuProps) {
  const { user: viewer } = useAuth();
  const facts = toDeclarationFacts(row);
  const actions = listRowActions(viewer, facts);
  const print = usePrintDocument();
  const toast = useToast();
  const [isOpen, setOpen] = useState(false);
  const orderItems = useOrdersItems(row.id, isOpen);
  const statusItems: NonNullable<MenuProps['items']> = [];
  const items: NonNullable<MenuProps['items']> = [];
  for (const action of actions) {
    const onClick = () => onAction(action.key, row);
    if (action.key === 'status9' || action.key === 'status88') {
      const statusId = action.key === 'status9' ? DECLARATION_STATUS.localWarehouse : DECLARATION_STATUS.heldAtCustoms;
      statusItems.push({ key: action.key, label: describeDeclarationStatus(statusId), disabled: action.isDisabled, onClick });
      continue;
    }
    if (action.key === 'toggleRead') {
      items.push({ key: action.key, label: facts.isRead ? az.declarationsUi.markUnread : az.declarationsUi.markRead, onClick });
      items.push({ key: 'status', label: az.declarationsUi.changeStatus, children: statusItems });
      continue;
    }
    items.push({ key: action.key, label: LABELS[action.key], disabled: action.isDisabled, danger: action.key === 'delete', onClick });
  }
  items.push({
    key: 'document', label: row.document_file ? az.declarationsUi.openDocument : az.declarationsUi.noDocument, disabled: !row.document_file,
    onClick: () => void openDeclarationDocument(declarationDocumentPath(row.id)).catch((error: unknown) => void toast.error(readErrorMessage(error))),
  });
  items.push({ key: 'orders', label: az.declarationsUi.orders, children: orderItems });
  items.push({ key: 'print', label: az.documentsUi.print, children: buildPrintItems({ id: row.id, statusId: row.state_id }, (document) => void print(document, [row.id]), { withHandover: false }) });
  return (
    <Dropdown menu={{ items }} trigger={['click']} onOpenChange={setOpen}>
      <Button size="small" type="text" icon={<MoreOutlined />} aria-label={az.declarationsUi.actions} data-testid={`declaration-menu-${row.id}`} />
    </Dropdown>
  );
}
