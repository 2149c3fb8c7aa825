import { MONEY_TYPE } from '@app/contract/money';
import { az, fill } from '@app/contract/texts/az';
import { azTransactions as t } from '@app/contract/texts/az-transactions';
import { BALANCE_CURRENCIES, ZBalanceForm } from '@app/contract/transactions';
import { Alert, Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CustomerSelect } from '../../../shared/form/customer-select';
import { DecimalInput } from '../../../shared/form/decimal-input';
import { FormModal } from '../../../shared/form/form-modal';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { zodRule } from '../../../shared/form/zod-rule';
import { HttpError } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCbarRate, useCreateBalanceOperation, usePaymentTypes } from '../api';
import {
  DEFAULT_BALANCE_FORM, paymentTypeAfterTypeChange, paymentTypeOptions, recomputeAmounts, toBalanceWireForm, type BalanceFormValues,
} from '../model/balance-form';

const FORM_MODAL_WIDTH = 768;
/** spec §8: these two pay/balance errors are toasts; every other one goes onto its field. */
const TOAST_ERRORS = ['not_selected_cashbox', 'not_enough_amount'];

/** spec §5 "Balance operation": customer, direction, payment type, currency, amount ↔ AZN amount, description. */
export function BalanceFormModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<BalanceFormValues>();
  const toast = useToast();
  const create = useCreateBalanceOperation();
  const touched = useTouchedErrors(form);
  const [formError, setFormError] = useState<string | null>(null);
  const type = Form.useWatch('type', form) ?? DEFAULT_BALANCE_FORM.type;
  const currency = Form.useWatch('currency', form) ?? DEFAULT_BALANCE_FORM.currency;
  const rate = useCbarRate(currency);
  const paymentTypes = usePaymentTypes();
  const names = Object.fromEntries((paymentTypes.data ?? []).map((p) => [p.id, p.name]));
  const rule = (field: keyof BalanceFormValues) => zodRule(ZBalanceForm, field, toBalanceWireForm);
  const item = (name: keyof BalanceFormValues) => ({ name, ...touched.hideUntilTouched(name) });

  const onValuesChange = (changed: Partial<BalanceFormValues>, all: BalanceFormValues) => {
    if ('type' in changed) form.setFieldValue('payment_type', paymentTypeAfterTypeChange(all.type, all.payment_type));
    const key = 'amount' in changed ? 'amount' : 'amount_azn' in changed ? 'amount_azn' : null;
    // the currency's rate arrives with its query; recomputed then (below) and on every typed amount
    if (key) form.setFieldsValue(recomputeAmounts(key, all, rate.data));
  };

  // spec §5: a currency change (or its rate arriving) recomputes the AZN amount from the amount
  useEffect(() => {
    if (!rate.data) return;
    const values = form.getFieldsValue(['amount', 'amount_azn']) as Pick<BalanceFormValues, 'amount' | 'amount_azn'>;
    if (values.amount) form.setFieldsValue(recomputeAmounts('currency', values, rate.data));
  }, [form, currency, rate.data]);

  const submit = async (values: BalanceFormValues) => {
    setFormError(null);
    try {
      await create.mutateAsync(toBalanceWireForm(values));
      void toast.success(t.saved);
      onClose();
    } catch (error) {
      touched.markSubmitted();
      if (error instanceof HttpError) {
        const toastKey = TOAST_ERRORS.find((key) => error.errors[key]);
        if (toastKey) {
          void toast.error(([] as string[]).concat(error.errors[toastKey] ?? []).join('. ') || error.message);
          return;
        }
      }
      const rest = mapServerErrors(form, error);
      if (rest) setFormError(rest);
    }
  };

  return (
    <FormModal
      form={form}
      open
      width={FORM_MODAL_WIDTH}
      title={t.formTitle}
      okText={t.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'balance-form-save' } as never}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form<BalanceFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={DEFAULT_BALANCE_FORM}
        onValuesChange={onValuesChange}
        onFieldsChange={touched.onFieldsChange}
        onFinish={(values) => void submit(values)}
        onFinishFailed={touched.markSubmitted}
      >
        <Form.Item {...item('user_id')} label={t.user} rules={[{ required: true, message: t.required }]}>
          <CustomerSelect ariaLabel={t.user} placeholder={t.userPlaceholder} testId="balance-form-user" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item {...item('type')} label={t.type}>
              <Radio.Group optionType="button" buttonStyle="solid" data-testid="balance-form-type"
                options={[{ value: MONEY_TYPE.income, label: t.income }, { value: MONEY_TYPE.expense, label: t.expense }]} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item {...item('payment_type')} label={t.paymentType} rules={[{ required: true, message: t.required }]}>
              <Select options={paymentTypeOptions(type, names)} data-testid="balance-form-payment-type" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item {...item('currency')} label={t.currency}>
              <Select options={BALANCE_CURRENCIES.map((c) => ({ value: c, label: c }))} data-testid="balance-form-currency" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item {...item('amount')} label={t.amount} rules={[rule('amount')]}>
              <DecimalInput suffix={currency} data-testid="balance-form-amount" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item {...item('amount_azn')} label={t.amountAzn} rules={[rule('amount_azn')]}>
              <DecimalInput suffix="AZN" data-testid="balance-form-amount-azn" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: -12, marginBottom: 12 }} data-testid="balance-form-rate">
          {rate.data ? fill(t.rate, { CURRENCY: currency, RATE: String(parseFloat(rate.data)) }) : rate.isError ? t.rateMissing : az.app.loading}
        </Typography.Text>
        <Form.Item {...item('descr')} label={t.description} rules={[rule('descr')]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: 1000 }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
