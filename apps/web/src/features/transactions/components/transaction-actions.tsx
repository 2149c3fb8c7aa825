import { MoreOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { azTransactions as t } from '@app/contract/texts/az-transactions';
import { TRANSACTION_STATUS } from '@app/contract/money';
import type { TransactionRow } from '@app/contract/transactions';
import { Button, Dropdown, Modal, type MenuProps } from 'antd';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCancelTransactions, useChangeTransactionStatus } from '../api';

const STATUS_TOAST_KEY = 'transactions-status';

/**
 * spec §4: any status of model 4 for one or many after 'Status dəyişməyə əminsiniz?'; deletion is the
 * cancel call after 'Tranzaksiyanı silməyə əminsiniz?'. Both say what happened and refresh the list
 * and the top bar's register (api.ts).
 */
export function useTransactionActions() {
  const [modal, contextHolder] = Modal.useModal();
  const toast = useToast();
  const change = useChangeTransactionStatus();
  const cancel = useCancelTransactions();

  const confirmStatus = (ids: readonly number[], stateId: number, afterDone?: () => void) => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: ids.length > 1 ? `${t.changeStatusConfirm} (${ids.length})` : t.changeStatusConfirm,
      okText: az.table.yes,
      cancelText: az.table.no,
      autoFocusButton: 'cancel',
      onOk: async () => {
        void toast.loading({ content: t.statusChanging, key: STATUS_TOAST_KEY, duration: 0 });
        try {
          await change.mutateAsync({ ids, stateId });
          void toast.success({ content: t.statusChanged, key: STATUS_TOAST_KEY });
          afterDone?.();
        } catch (error) {
          void toast.error({ content: readErrorMessage(error), key: STATUS_TOAST_KEY });
        }
      },
    });
  };

  const confirmCancel = (row: TransactionRow) => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: t.deleteConfirm,
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await cancel.mutateAsync([row.id]);
          void toast.success(t.deleted);
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  };

  return { contextHolder, confirmStatus, confirmCancel };
}

interface RowMenuProps {
  row: TransactionRow;
  statuses: { value: number | string; label: string }[];
  onStatus: (row: TransactionRow, stateId: number) => void;
  onCancel: (row: TransactionRow) => void;
}

/** spec §2 row menu: change status, delete (cancel; not offered once cancelled). */
export function TransactionRowMenu({ row, statuses, onStatus, onCancel }: RowMenuProps) {
  const items: MenuProps['items'] = [
    {
      key: 'status',
      label: t.changeStatus,
      children: statuses.map((s) => ({
        key: `status-${s.value}`, label: s.label, disabled: Number(s.value) === row.state_id, onClick: () => onStatus(row, Number(s.value)),
      })),
    },
    { key: 'delete', label: t.delete, danger: true, disabled: row.state_id === TRANSACTION_STATUS.cancelled, onClick: () => onCancel(row) },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button size="small" type="text" icon={<MoreOutlined />} aria-label={`${t.changeStatus} / ${t.delete}`} data-testid={`transaction-menu-${row.id}`} />
    </Dropdown>
  );
}
