import { CURRENCY_SIGN } from '@app/contract/countries';
import { RETURN_ORDER_PERCENT } from '@app/contract/declarations-constants';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Checkbox, Form, Spin } from 'antd';
import { FormModal } from '../../../shared/form/form-modal';
import { useEffect, useState } from 'react';
import { formatAmount } from '../../../shared/format/format-number';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useReturnDeclaration, useReturnDetails } from '../api';
import { describeReturnChoices, toReturnWireForm, type ReturnFormValues } from './return-form';

interface ReturnModalProps {
  declarationId: number;
  /** ₺ for Turkey, else $ (the declaration's value). */
  priceSign: string;
  onClose: () => void;
}

const SERVER_FIELD_NAMES = {
  return_percent: 'isOrderPercent',
  return_declaration_price: 'isDeclarationPrice',
  return_delivery_price: 'isDeliveryPrice',
};

/** spec §2/§5 "Return": a reason and what is given back, by the rules of §5. */
export function ReturnModal({ declarationId, priceSign, onClose }: ReturnModalProps) {
  const [form] = Form.useForm<ReturnFormValues>();
  const touched = useTouchedErrors(form);
  const toast = useToast();
  const details = useReturnDetails(declarationId);
  const save = useReturnDeclaration();
  const [formError, setFormError] = useState<string | null>(null);
  const values = Form.useWatch([], form) ?? {};

  // spec §8: a return-details load error shows a toast and closes the modal.
  useEffect(() => {
    if (!details.error) return;
    void toast.error(readErrorMessage(details.error));
    onClose();
  }, [details.error, toast, onClose]);

  const data = details.data;
  const choices = data ? describeReturnChoices(data, values) : null;

  const submit = async (submitted: ReturnFormValues) => {
    if (!data) return;
    setFormError(null);
    try {
      await save.mutateAsync(toReturnWireForm(data, submitted));
      void toast.success(az.declarations.returnedDone);
      onClose();
    } catch (error) {
      const rest = mapServerErrors(form, error, SERVER_FIELD_NAMES);
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  const ui = az.declarationsUi;
  return (
    <FormModal
      form={form}
      open
      title={ui.returnTitle}
      okText={ui.return}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !data || data.returned }}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      {data?.returned && <Alert type="warning" showIcon title={ui.alreadyReturned} style={{ marginBottom: 12 }} />}
      <Spin spinning={details.isLoading}>
        <Form<ReturnFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ return_reason_id: null, isOrderPercent: false, isDeclarationPrice: false, isDeliveryPrice: false }}
          onFieldsChange={touched.onFieldsChange}
          onFinish={(submitted) => void submit(submitted)}
          onFinishFailed={touched.markSubmitted}
          data-testid="return-form"
        >
          <Form.Item
            name="return_reason_id"
            label={ui.returnReason}
            {...touched.hideUntilTouched('return_reason_id')}
            rules={[{ validator: async (_, value: number | null) => { if (!value) throw new Error(az.errors.required); } }]}
          >
            <SearchSelect options={(data?.reasons ?? []).map((reason) => ({ value: reason.id, label: reason.name }))} />
          </Form.Item>
          <Form.Item name="isOrderPercent" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox
              disabled={!choices?.canOrderPercent}
              onChange={(event) => event.target.checked && form.setFieldValue('isDeclarationPrice', false)}
            >
              {fill(ui.returnOrderPercent, { N: RETURN_ORDER_PERCENT })}
            </Checkbox>
          </Form.Item>
          <Form.Item name="isDeclarationPrice" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox disabled={!choices?.canDeclarationPrice}>
              {`${ui.returnDeclarationPrice}: ${formatAmount(data?.money_back_price, priceSign)}`}
            </Checkbox>
          </Form.Item>
          <Form.Item name="isDeliveryPrice" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox disabled={!choices?.canDeliveryPrice}>
              {`${ui.returnDeliveryPrice}: ${formatAmount(data?.delivery_price, CURRENCY_SIGN.USD)}`}
            </Checkbox>
          </Form.Item>
        </Form>
      </Spin>
    </FormModal>
  );
}
