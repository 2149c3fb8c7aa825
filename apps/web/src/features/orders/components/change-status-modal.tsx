import { SwapOutlined } from '@ant-design/icons';
import { az, fill } from '@app/contract/texts/az';
import { azOrdersList as t } from '@app/contract/texts/az-orders';
import { Button, Modal, Select, Space, Spin, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SelectOption } from '../../../shared/form/search-select';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useBulkChangeOrderState, useOrderCount } from '../api';
import { needsRejectForm } from '../model/order-status-rules';
import { describeStateReply } from './use-order-actions';

const TOAST_KEY = 'orders-bulk-status';

interface BulkStatusButtonProps {
  /** The list's filters (wire names, no paging): the orders the change takes. */
  filters: QueryParams;
  statuses: readonly SelectOption[];
}

/**
 * spec §2/§5 bulk status change: every order the filters match takes the chosen status after
 * 'Toplu status dəyişikliyinə əminsiniz?' with the count; 'Status dəyişdirilir...' while it runs.
 * Status 4 opens the reject form for all of them (orders/bulk_reject, the reason is required).
 */
export function BulkStatusButton({ filters, statuses }: BulkStatusButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const [stateId, setStateId] = useState<number | undefined>();
  const count = useOrderCount(isOpen ? filters : undefined);
  const save = useBulkChangeOrderState();
  const toast = useToast();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [modal, holder] = Modal.useModal();
  const total = count.data?.total ?? 0;
  const countText = count.data ? `${count.data.kind === 'exact' ? '' : '~'}${total}` : '…';
  const label = statuses.find((s) => Number(s.value) === stateId)?.label ?? '';

  const close = () => {
    setOpen(false);
    setStateId(undefined);
  };

  const run = () => {
    if (!stateId || !total) return;
    if (needsRejectForm(stateId)) {
      close();
      void navigate(`/@next/orders/bulk_reject${search}`);
      return;
    }
    void modal.confirm({
      title: az.form.confirmTitle,
      content: <span data-testid="orders-bulk-confirm">{`${t.bulkStatusConfirm} (${countText}: ${label})`}</span>,
      okText: az.table.yes,
      cancelText: az.table.no,
      autoFocusButton: 'cancel',
      onOk: async () => {
        void toast.loading({ content: t.statusChanging, key: TOAST_KEY, duration: 0 });
        try {
          const reply = await save.mutateAsync({ filters, stateId });
          void toast.success({ content: describeStateReply(reply, Math.max(2, total)), key: TOAST_KEY });
          close();
        } catch (error) {
          void toast.error({ content: readErrorMessage(error), key: TOAST_KEY });
        }
      },
    });
  };

  return (
    <>
      {holder}
      <Button icon={<SwapOutlined />} onClick={() => setOpen(true)} data-testid="orders-bulk-status">{t.bulkStatus}</Button>
      {isOpen && (
        <Modal open title={t.bulkStatus} onCancel={close} onOk={run} okText={az.form.save} cancelText={az.form.cancel}
          okButtonProps={{ disabled: !stateId || !total, 'data-testid': 'orders-bulk-status-ok' } as ButtonProps}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Select<number> style={{ width: '100%' }} placeholder={t.newStatus} aria-label={t.newStatus} autoFocus
              options={statuses.map((s) => ({ value: Number(s.value), label: s.label }))}
              value={stateId} onChange={setStateId} showSearch optionFilterProp="label" data-testid="orders-bulk-status-select" />
            {count.isLoading ? <Spin size="small" /> : (
              <Typography.Text type={total ? undefined : 'warning'} data-testid="orders-bulk-status-count">
                {total ? fill(t.bulkStatusCount, { N: countText }) : t.bulkStatusNone}
              </Typography.Text>
            )}
          </Space>
        </Modal>
      )}
    </>
  );
}
