import { DATE_FORMAT } from '@app/contract/common-constants';
import { COUNTRY } from '@app/contract/countries';
import { az, fill } from '@app/contract/texts/az';
import { ZDiscountForm } from '@app/contract/users';
import { Alert, DatePicker, Form, Input } from 'antd';
import { FormModal } from '../../../shared/form/form-modal';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DecimalInput } from '../../../shared/form/decimal-input';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { zodRule } from '../../../shared/form/zod-rule';
import type { FormValue } from '../../../shared/http/http-client';
import { useToast } from '../../../shared/toast/toast-provider';
import { useApplyDiscount, useUser } from '../api';
import { FORM_MODAL_WIDTH } from './user-form-modal';

export interface DiscountFormValues {
  country_id: number | null;
  discount: string;
  descr: string;
  discount_date: Dayjs | null;
}

/** spec §3 "Discount create": country, percent, description and the last day it applies. */
export function toDiscountWireForm(userId: number, values: Partial<DiscountFormValues>): Record<string, FormValue> {
  return {
    user_id: userId,
    country_id: values.country_id ?? '',
    discount: values.discount ?? '',
    descr: values.descr?.trim() ?? '',
    discount_date: values.discount_date ? values.discount_date.format(DATE_FORMAT) : '',
  };
}

const COUNTRY_OPTIONS = [COUNTRY.turkey, COUNTRY.america].map((id) => ({ value: id, label: az.countries[id] ?? String(id) }));

export function DiscountFormModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const [form] = Form.useForm<DiscountFormValues>();
  const toast = useToast();
  const user = useUser(userId);
  const apply = useApplyDiscount();
  const touched = useTouchedErrors(form);
  const [formError, setFormError] = useState<string | null>(null);
  const toWire = (values: DiscountFormValues) => toDiscountWireForm(userId, values);
  const rule = (field: keyof DiscountFormValues) => zodRule(ZDiscountForm, field, toWire);
  const item = (name: keyof DiscountFormValues) => ({ name, ...touched.hideUntilTouched(name) });

  const submit = async (values: DiscountFormValues) => {
    setFormError(null);
    try {
      await apply.mutateAsync(toWire(values));
      void toast.success(az.form.success);
      onClose();
    } catch (error) {
      touched.markSubmitted();
      const rest = mapServerErrors(form, error);
      if (rest) setFormError(rest);
    }
  };

  const name = user.data ? `${user.data.name} ${user.data.surname}` : '';
  return (
    <FormModal
      form={form}
      open
      width={FORM_MODAL_WIDTH}
      title={fill(az.usersUi.discountTitle, { NAME: name })}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      confirmLoading={apply.isPending}
          >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form<DiscountFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ country_id: COUNTRY.turkey, discount: '', descr: '', discount_date: dayjs().add(1, 'month') }}
        onFieldsChange={touched.onFieldsChange}
        onFinish={(values) => void submit(values)}
        onFinishFailed={touched.markSubmitted}
      >
        <Form.Item {...item('country_id')} label={az.users.discountCountry} rules={[rule('country_id')]}>
          <SearchSelect options={COUNTRY_OPTIONS} />
        </Form.Item>
        <Form.Item {...item('discount')} label={az.users.discount} rules={[rule('discount')]}>
          <DecimalInput suffix="%" />
        </Form.Item>
        <Form.Item {...item('discount_date')} label={az.users.discountDate} rules={[rule('discount_date')]}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item {...item('descr')} label={az.users.discountDescr} rules={[rule('descr')]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
