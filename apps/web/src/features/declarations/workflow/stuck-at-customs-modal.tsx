import { DECLARATION_STATUS } from '@app/contract/statuses-constants';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../../shared/form/form-modal';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import type { QueryParams } from '../../../shared/http/http-client';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { useToast } from '../../../shared/toast/toast-provider';
import { useBulkChangeDeclarationState, useChangeDeclarationState, useDeclarationCount } from '../api';

interface StuckAtCustomsModalProps {
  /** The parcels chosen (row menu or selection): status 88. */
  declarationIds?: readonly number[];
  /** Or every parcel matching the table's filters: the bulk 'held at customs' status 36. */
  filters?: QueryParams;
  /** The filters as the table shows them, listed so the user sees which parcels the change takes. */
  filterDescriptions?: readonly string[];
  onClose: () => void;
}

/** The reason's column limit (ZDeclarationStateForm: descr up to 500). */
const REASON_MAX = 500;

interface ReasonValues {
  descr: string;
}

/**
 * spec §2/§4: 'held at customs' (88) needs a reason. One parcel goes through edit/state, several
 * through the bulk call with their ids; no selection at all is refused with 'Bağlama seçilməyib'.
 */
export function StuckAtCustomsModal({ declarationIds = [], filters, filterDescriptions = [], onClose }: StuckAtCustomsModalProps) {
  const [form] = Form.useForm<ReasonValues>();
  const touched = useTouchedErrors(form);
  const toast = useToast();
  const single = useChangeDeclarationState();
  const bulk = useBulkChangeDeclarationState();
  const [formError, setFormError] = useState<string | null>(null);
  const isByFilters = filters !== undefined;
  const matching = useDeclarationCount(filters);
  const matchingText = matching.data ? `${matching.data.kind === 'exact' ? '' : '~'}${matching.data.total}` : '…';
  const isEmpty = !isByFilters && declarationIds.length === 0;

  const submit = async ({ descr }: ReasonValues) => {
    setFormError(null);
    try {
      if (isByFilters) {
        const reply = await bulk.mutateAsync({ filters, stateId: DECLARATION_STATUS.heldAtCustomsBulk, descr: descr.trim() });
        // issue 13: by filter, parcels whose status does not allow the hold (10, 12, …) stay and are counted
        const changed = fill(az.declarationsUi.statusChangedMany, { N: reply.data.count });
        if (reply.data.skipped) void toast.warning(`${changed}. ${fill(az.declarationStatusRules.skipped, { N: reply.data.skipped })}`);
        else void toast.success(changed);
      } else if (declarationIds.length === 1) {
        await single.mutateAsync({ declarationId: declarationIds[0] as number, stateId: DECLARATION_STATUS.heldAtCustoms, descr: descr.trim() });
        void toast.success(az.declarations.statusChanged);
      } else {
        const reply = await bulk.mutateAsync({ declarationIds, stateId: DECLARATION_STATUS.heldAtCustoms, descr: descr.trim() });
        void toast.success(fill(az.declarationsUi.statusChangedMany, { N: reply.data.count }));
      }
      onClose();
    } catch (error) {
      const rest = mapServerErrors(form, error, { new_descr: 'descr', descr: 'descr' });
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  return (
    <FormModal
      open
      form={form}
      title={az.declarationsUi.stuckAtCustomsTitle}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: isEmpty || (isByFilters && !matching.data?.total) }}
      confirmLoading={single.isPending || bulk.isPending}
      destroyOnHidden
    >
      {isEmpty && <Alert type="warning" showIcon title={az.declarations.noSelection} style={{ marginBottom: 12 }} />}
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} data-testid="stuck-form-error" />}
      {!isEmpty && (
        <Typography.Paragraph type="secondary" data-testid="stuck-at-customs-summary">
          {isByFilters ? fill(az.declarationsUi.stuckByFilters, { N: matchingText }) : fill(az.declarationsUi.stuckAtCustomsCount, { N: declarationIds.length })}
        </Typography.Paragraph>
      )}
      {isByFilters && filterDescriptions.length > 0 && (
        <div style={{ marginBottom: 12 }} data-testid="stuck-at-customs-filters">
          {filterDescriptions.map((text) => (
            <Tag key={text} style={{ marginBottom: 4 }}>
              {text}
            </Tag>
          ))}
        </div>
      )}
      <Form<ReasonValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ descr: '' }}
        onFieldsChange={touched.onFieldsChange}
        onFinish={(values) => void submit(values)}
        onFinishFailed={touched.markSubmitted}
        data-testid="stuck-at-customs-form"
      >
        <Form.Item
          name="descr"
          label={az.declarationsUi.reason}
          {...touched.hideUntilTouched('descr')}
          rules={[{
            validator: async (_, value: string) => {
              if (!value?.trim()) throw new Error(az.declarations.reasonRequired);
              if (value.trim().length > REASON_MAX) throw new Error(fill(az.declarations.textTooLong, { N: REASON_MAX }));
            },
          }]}
        >
          {/* issue 16: nothing typed is cut; past the limit the count turns red and the message says it */}
          <Input.TextArea autoFocus autoSize={{ minRows: 3, maxRows: 6 }} showCount count={{ max: REASON_MAX }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
