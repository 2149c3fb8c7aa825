import { az } from '@app/contract/texts/az';
import { azCashflow as t } from '@app/contract/texts/az-cashflow';
import { Modal } from 'antd';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCancelCashflowTransaction } from '../api';

/**
 * spec §2/§5: delete asks 'Tranzaksiyanı silməyə əminsiniz?' (the safe answer focused), then cancels:
 * status 21 and reversal entries on the server; says what happened either way.
 */
export function useCancelTransaction() {
  const [modal, contextHolder] = Modal.useModal();
  const toast = useToast();
  const cancel = useCancelCashflowTransaction();
  const confirmCancel = (id: number, afterDone?: () => void) => {
    void modal.confirm({
      title: t.confirmTitle,
      content: t.deleteConfirm,
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: true, 'data-testid': 'cashflow-delete-ok' } as never,
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await cancel.mutateAsync(id);
          void toast.success(t.deleted);
          afterDone?.();
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  };
  return { confirmCancel, contextHolder };
}
