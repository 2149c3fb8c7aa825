import { fill, az } from '@app/contract/texts/az';
import { azOrdersList as t } from '@app/contract/texts/az-orders';
import type { OrderRow } from '@app/contract/orders';
import { Modal } from 'antd';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { readChangedCount, useChangeOrderState, useDeleteOrders, useToggleOrderRead, type OrderStateReply } from '../api';
import { needsRejectForm } from '../model/order-status-rules';
import { buildRejectPath } from '../model/reject-form';

const STATUS_TOAST_KEY = 'orders-status';

/** What a status call did, in one line: changed (or rejected), skipped (already there), refunded. */
export function describeStateReply(reply: OrderStateReply | null | undefined, asked: number, isReject = false): string {
  const changed = readChangedCount(reply, asked);
  const isOne = asked === 1 && changed === 1;
  const head = isReject ? (isOne ? t.rejected : fill(t.rejectedMany, { N: changed })) : (isOne ? t.statusChanged : fill(t.statusChangedMany, { N: changed }));
  const parts = [head];
  const skipped = reply?.data?.skipped?.length ?? 0;
  const refunded = reply?.data?.refunded?.length ?? 0;
  if (skipped > 0) parts.push(fill(t.statusSkipped, { N: skipped }));
  if (refunded > 0) parts.push(fill(t.refunded, { N: refunded }));
  return parts.join('. ');
}

/**
 * The orders list's actions (spec §2 row menu and selection, §4): a status other than 4 changes at
 * once with 'Status dəyişdirilir...' and the table refreshes (api.ts invalidates it); 4 opens the
 * reject form (orders/{ids}/reject over the table); delete asks 'Sifarişi silməyə əminsiniz?'.
 * Server errors show joined with '. ' (http-error).
 */
export function useOrderActions() {
  const [modal, contextHolder] = Modal.useModal();
  const toast = useToast();
  const navigate = useNavigate();
  const { search } = useLocation();
  const change = useChangeOrderState();
  const remove = useDeleteOrders();
  const read = useToggleOrderRead();

  const changeStatus = useCallback(async (ids: readonly number[], stateId: number, afterDone?: () => void) => {
    if (ids.length === 0) return;
    if (needsRejectForm(stateId)) {
      void navigate(buildRejectPath(ids, search));
      return;
    }
    void toast.loading({ content: t.statusChanging, key: STATUS_TOAST_KEY, duration: 0 });
    try {
      const reply = await change.mutateAsync({ ids, stateId });
      void toast.success({ content: describeStateReply(reply, ids.length), key: STATUS_TOAST_KEY });
      afterDone?.();
    } catch (error) {
      void toast.error({ content: readErrorMessage(error), key: STATUS_TOAST_KEY });
    }
  }, [change, navigate, search, toast]);

  const confirmDelete = useCallback((row: OrderRow) => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: t.deleteConfirm,
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync([row.id]);
          void toast.success(t.deleted);
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  }, [modal, remove, toast]);

  const toggleRead = useCallback(async (row: OrderRow) => {
    try {
      await read.mutateAsync({ orderId: row.id, isNew: row.is_new !== 1 });
    } catch (error) {
      void toast.error(readErrorMessage(error));
    }
  }, [read, toast]);

  return { contextHolder, changeStatus, confirmDelete, toggleRead };
}
