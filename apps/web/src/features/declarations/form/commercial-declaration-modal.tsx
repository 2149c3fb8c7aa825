import { ZDeclarationCommercialForm, type DeclarationDetail } from '@app/contract/declarations';
import { az } from '@app/contract/texts/az';
import { Alert, Form, Input } from 'antd';
import { FormModal } from '../../../shared/form/form-modal';
import { useState } from 'react';
import { IntegerInput } from '../../../shared/form/integer-input';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { zodRule } from '../../../shared/form/zod-rule';
import { useToast } from '../../../shared/toast/toast-provider';
import { useSaveCommercialDeclaration } from '../api';

interface CommercialValues {
  awb: string;
  voen: string;
}

/** spec §2 "commercial declaration": the declaration code read-only, air waybill and tax id (VÖEN). */
export function CommercialDeclarationModal({ declaration, onClose }: { declaration: DeclarationDetail; onClose: () => void }) {
  const [form] = Form.useForm<CommercialValues>();
  const touched = useTouchedErrors(form);
  const toast = useToast();
  const save = useSaveCommercialDeclaration();
  const [formError, setFormError] = useState<string | null>(null);
  const toWire = (values: Partial<CommercialValues>) => ({ declaration_id: declaration.id, awb: values.awb?.trim() ?? '', voen: values.voen?.trim() ?? '' });
  const rule = (field: keyof CommercialValues) => zodRule(ZDeclarationCommercialForm, field, toWire);

  const submit = async (values: CommercialValues) => {
    setFormError(null);
    try {
      await save.mutateAsync(toWire(values));
      void toast.success(az.form.saved);
      onClose();
    } catch (error) {
      const rest = mapServerErrors(form, error);
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  return (
    <FormModal
      open
      form={form}
      title={az.declarationsUi.commercialTag}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form<CommercialValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ awb: declaration.awb ?? '', voen: declaration.voen ?? '' }}
        onFieldsChange={touched.onFieldsChange}
        onFinish={(values) => void submit(values)}
        onFinishFailed={touched.markSubmitted}
        data-testid="commercial-form"
      >
        <Form.Item label={az.declarations.trackCode}>
          <Input value={declaration.track_code} readOnly />
        </Form.Item>
        <Form.Item name="awb" label={az.declarationsUi.awb} rules={[rule('awb')]} {...touched.hideUntilTouched('awb')}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="voen" label={az.declarationsUi.voen} rules={[rule('voen')]} {...touched.hideUntilTouched('voen')}>
          <IntegerInput />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
