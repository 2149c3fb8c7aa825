import { ORDER_STATUS } from '@app/contract/orders';
import { az, fill } from '@app/contract/texts/az';
import { azOrdersList as t } from '@app/contract/texts/az-orders';
import { Alert, Form, Input, Tag, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../../shared/form/form-modal';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import type { QueryParams } from '../../../shared/http/http-client';
import { useToast } from '../../../shared/toast/toast-provider';
import { useBulkChangeOrderState, useChangeOrderState, useOrderCount } from '../api';
import { checkRejectReason, REJECT_REASON_MAX } from '../model/reject-form';
import { describeStateReply } from './use-order-actions';

interface RejectOrderModalProps {
  /** The orders chosen (row menu, selection): orders/{ids}/reject. */
  orderIds?: readonly number[];
  /** Or every order the table's filters match: orders/bulk_reject. */
  filters?: QueryParams;
  /** The filters as the table shows them, so the user sees which orders the rejection takes. */
  filterDescriptions?: readonly string[];
  onClose: () => void;
}

interface ReasonValues {
  reason: string;
}

const REASON_MESSAGES = { required: t.reasonRequired, tooLong: fill(t.reasonTooLong, { N: REJECT_REASON_MAX }) } as const;

/**
 * spec §4: status 4 (rejected) needs a reason (client_descr), for one order, several, or all the
 * filters match (`v2/orders/edit/state` with new_state_id 4 and new_client_descr). A paid order's
 * money goes back to the customer's balance (the server does it; the reply says how many).
 */
export function RejectOrderModal({ orderIds = [], filters, filterDescriptions = [], onClose }: RejectOrderModalProps) {
  const [form] = Form.useForm<ReasonValues>();
  const touched = useTouchedErrors(form);
  const toast = useToast();
  const single = useChangeOrderState();
  const bulk = useBulkChangeOrderState();
  const [formError, setFormError] = useState<string | null>(null);
  const isByFilters = filters !== undefined;
  const matching = useOrderCount(filters);
  const matchingText = matching.data ? `${matching.data.kind === 'exact' ? '' : '~'}${matching.data.total}` : '…';

  const submit = async ({ reason }: ReasonValues) => {
    setFormError(null);
    try {
      if (isByFilters) {
        const reply = await bulk.mutateAsync({ filters, stateId: ORDER_STATUS.rejected, reason });
        // by filters the count is the reply's own (a number of one is still "1 sifariş")
        void toast.success(describeStateReply(reply, Math.max(2, matching.data?.total ?? 0), true));
      } else {
        const reply = await single.mutateAsync({ ids: orderIds, stateId: ORDER_STATUS.rejected, reason });
        void toast.success(describeStateReply(reply, orderIds.length, true));
      }
      onClose();
    } catch (error) {
      const rest = mapServerErrors(form, error, { client_descr: 'reason', new_client_descr: 'reason' });
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  const summary = isByFilters
    ? fill(t.rejectByFilters, { N: matchingText })
    : orderIds.length === 1 ? fill(t.rejectOne, { ID: orderIds[0] ?? '' }) : fill(t.rejectMany, { N: orderIds.length });

  return (
    <FormModal
      open
      form={form}
      title={t.rejectTitle}
      okText={t.reject}
      cancelText={az.form.cancel}
      okButtonProps={{ danger: true, disabled: isByFilters && !matching.data?.total, 'data-testid': 'reject-order-ok' } as ButtonProps}
      onClose={onClose}
      onOk={() => form.submit()}
      confirmLoading={single.isPending || bulk.isPending}
      destroyOnHidden
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} data-testid="reject-order-error" />}
      <Typography.Paragraph data-testid="reject-order-summary">{summary}</Typography.Paragraph>
      {isByFilters && filterDescriptions.length > 0 && (
        <div style={{ marginBottom: 12 }} data-testid="reject-order-filters">
          {filterDescriptions.map((text) => <Tag key={text} style={{ marginBottom: 4 }}>{text}</Tag>)}
        </div>
      )}
      <Typography.Paragraph type="secondary">{t.rejectRefundNote}</Typography.Paragraph>
      <Form<ReasonValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ reason: '' }}
        onFieldsChange={touched.onFieldsChange}
        onFinish={(values) => void submit(values)}
        onFinishFailed={touched.markSubmitted}
        data-testid="reject-order-form"
      >
        <Form.Item
          name="reason"
          label={t.reason}
          {...touched.hideUntilTouched('reason')}
          rules={[{
            validator: async (_, value: string) => {
              const problem = checkRejectReason(value);
              if (problem) throw new Error(REASON_MESSAGES[problem]);
            },
          }]}
        >
          {/* nothing typed is cut: past the limit the count turns red and the message says it */}
          <Input.TextArea autoFocus autoSize={{ minRows: 3, maxRows: 6 }} showCount count={{ max: REJECT_REASON_MAX }} data-testid="reject-order-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
