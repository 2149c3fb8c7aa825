import { zCashflowAmount } from '@app/contract/cashflow';
import { az } from '@app/contract/texts/az';
import { azCashflow as t } from '@app/contract/texts/az-cashflow';
import { Alert, Card, Cascader, Col, DatePicker, Form, Input, Radio, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DecimalInput } from '../../../shared/form/decimal-input';
import { FormModal } from '../../../shared/form/form-modal';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { HttpError } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCashRegisterOptions, useCategoryOptions, useSaveCashflowTransaction, type CategoryOption } from '../api';
import {
  currencyOf, describeRate, followUpChanges, isAmountDisabled, isTargetAmountEnabled, KIND_LABELS, sameRegisterError, SERVER_FIELD_TO_FORM,
  toWireCall, TRANSACTION_KINDS, type RegisterOption, type TransactionFormValues,
} from '../model/transaction-form';

/** spec §9: the transaction form is 992 px wide. */
const FORM_WIDTH = 992;
const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** spec §8: a refusal for want of money is a toast; every other error goes onto its field. */
const TOAST_ERRORS = ['not_enough_amount'];

type FormState = Omit<TransactionFormValues, 'operation_date'> & { operation_date?: Dayjs };

const toState = (values: TransactionFormValues): FormState => ({ ...values, operation_date: values.operation_date ? dayjs(values.operation_date) : dayjs() });
const toValues = (state: FormState): TransactionFormValues => ({ ...state, operation_date: state.operation_date?.format(DATE_FORMAT) });

const amountRule = { validator: (_: unknown, value: unknown) => (value === undefined || value === '' || zCashflowAmount.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t.errors.amountFormat))) };
const required = { required: true, message: t.errors.required };

function CategoryCascader(props: { options: CategoryOption[]; isLoading: boolean; value?: number[]; onChange?: (v: number[] | undefined) => void; testId: string }) {
  return (
    <Cascader
      options={props.options}
      value={props.value}
      onChange={(v) => props.onChange?.(v as number[] | undefined)}
      changeOnSelect
      allowClear
      showSearch={{ filter: (input, path) => path.some((o) => String(o.label).toLocaleLowerCase('az').includes(input.toLocaleLowerCase('az'))) }}
      placeholder={t.selectCategory}
      loading={props.isLoading}
      displayRender={(labels) => labels.join(' - ')}
      data-testid={props.testId}
    />
  );
}

/** One register card: register, amount (disabled until the register is chosen), its currency (read-only), a category. */
function RegisterCard(props: {
  title: string; side: 'source' | 'target'; registers: RegisterOption[]; isLoading: boolean; categories: CategoryOption[]; categoriesLoading: boolean;
  categoryLabel: string; values: FormState; item: (name: keyof FormState) => object;
}) {
  const { side, values, registers } = props;
  const registerField = side === 'source' ? 'cashbox_id' : 'transfer_cashbox_id';
  const amountField = side === 'source' ? 'amount' : 'transfer_amount';
  const categoryField = side === 'source' ? 'category_path' : 'category_path_second';
  const isAmountOff = side === 'source' ? isAmountDisabled(values) : !isTargetAmountEnabled(values, registers);
  const options = registers.map((r) => ({ value: r.id, label: `${r.name} (${r.currencyCode})` }));
  return (
    <Card size="small" title={props.title} data-testid={`cashflow-card-${side}`}>
      <Form.Item {...props.item(registerField)} label={t.register} rules={[required]}>
        <SearchSelect options={options} loading={props.isLoading} placeholder={t.selectRegister} allowClear data-testid={`cashflow-${side}-register`} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={16}>
          <Form.Item {...props.item(amountField)} label={side === 'source' ? t.amount : t.targetAmount} rules={isAmountOff && side === 'target' ? [] : [required, amountRule]}
            extra={side === 'source' && isAmountOff ? t.chooseRegisterFirst : undefined}>
            <DecimalInput disabled={isAmountOff} data-testid={`cashflow-${side}-amount`} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label={t.currency}>
            <Input value={currencyOf(registers, values[registerField])} readOnly variant="filled" tabIndex={-1} aria-label={t.currency} data-testid={`cashflow-${side}-currency`} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item {...props.item(categoryField)} label={props.categoryLabel}>
        <CategoryCascader options={props.categories} isLoading={props.categoriesLoading} testId={`cashflow-${side}-category`} />
      </Form.Item>
    </Card>
  );
}

/**
 * spec §2 "Cash flow" transaction form ('Tranzaksiya əlavə et', 992 px): the type switch (Mədaxil,
 * Məxaric, transfer; locked on edit), one 'Kassa' card or the 'Kassadan' and 'Kassaya' cards of a
 * transfer, operation date with time, note. The rules are model/transaction-form.ts.
 */
export function TransactionFormModal({ initial, editedId, onClose }: { initial: TransactionFormValues; editedId?: number; onClose: (savedId?: number) => void }) {
  const [form] = Form.useForm<FormState>();
  const toast = useToast();
  const save = useSaveCashflowTransaction();
  const touched = useTouchedErrors(form);
  const registers = useCashRegisterOptions();
  const categories = useCategoryOptions();
  const [formError, setFormError] = useState<string | null>(null);
  const watched = Form.useWatch([], { form, preserve: true }) as FormState | undefined;
  const values: FormState = { ...toState(initial), ...(watched ?? {}) };
  const registerList = registers.data ?? [];
  const isTransfer = values.kind === 'transfer';
  const isEdit = editedId !== undefined;
  const item = (name: keyof FormState) => ({ name, ...touched.hideUntilTouched(name) });
  const rate = describeRate(toValues(values), registerList);

  const onValuesChange = (changed: Partial<FormState>, all: FormState) => {
    const patch = followUpChanges(changed as Partial<TransactionFormValues>, toValues(all), registerList);
    if (Object.keys(patch).length) form.setFieldsValue(patch as Partial<FormState>);
    if ('cashbox_id' in changed || 'transfer_cashbox_id' in changed) {
      const same = sameRegisterError(toValues({ ...all, ...patch } as FormState));
      form.setFields([{ name: 'transfer_cashbox_id', errors: same ? [same] : [] }]);
    }
  };

  const submit = async (state: FormState) => {
    setFormError(null);
    const wire = toValues({ ...toState(initial), ...state });
    const same = sameRegisterError(wire);
    if (same) {
      form.setFields([{ name: 'transfer_cashbox_id', errors: [same] }]);
      return;
    }
    try {
      const reply = await save.mutateAsync(toWireCall(wire, editedId));
      void toast.success(isEdit ? t.saved : t.created);
      onClose(reply.data.id);
    } catch (error) {
      touched.markSubmitted();
      if (error instanceof HttpError) {
        const toastKey = TOAST_ERRORS.find((key) => error.errors[key]);
        if (toastKey) {
          void toast.error(([] as string[]).concat(error.errors[toastKey] ?? []).join('. ') || error.message);
          return;
        }
      }
      const rest = mapServerErrors(form, error, SERVER_FIELD_TO_FORM);
      if (rest) setFormError(rest);
    }
  };

  const card = (side: 'source' | 'target', title: string, categoryLabel: string) => (
    <RegisterCard title={title} side={side} registers={registerList} isLoading={registers.isLoading} categories={categories.data ?? []}
      categoriesLoading={categories.isLoading} categoryLabel={categoryLabel} values={values} item={item} />
  );

  return (
    <FormModal
      form={form}
      open
      width={FORM_WIDTH}
      title={isEdit ? `${t.editTitle} - ${editedId}` : t.formTitle}
      okText={t.save}
      cancelText={az.form.cancel}
      onClose={() => onClose()}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'cashflow-form-save' } as never}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form<FormState>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={toState(initial)}
        onValuesChange={onValuesChange}
        onFieldsChange={touched.onFieldsChange}
        onFinish={(state) => void submit(state)}
        onFinishFailed={touched.markSubmitted}
      >
        <Form.Item {...item('kind')} label={t.type} extra={isEdit ? t.typeLocked : undefined}>
          <Radio.Group optionType="button" buttonStyle="solid" disabled={isEdit} data-testid="cashflow-form-kind"
            options={TRANSACTION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))} />
        </Form.Item>
        {isTransfer ? (
          <Row gutter={16}>
            <Col xs={24} md={12}>{card('source', t.fromRegister, t.expenseCategory)}</Col>
            <Col xs={24} md={12}>{card('target', t.toRegister, t.incomeCategory)}</Col>
          </Row>
        ) : (
          card('source', t.register, values.kind === 'income' ? t.incomeCategory : t.expenseCategory)
        )}
        {rate && <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }} data-testid="cashflow-form-rate">{rate}</Typography.Text>}
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} md={8}>
            <Form.Item {...item('operation_date')} label={t.operationDate} rules={[required]}>
              <DatePicker showTime format={DATE_FORMAT} style={{ width: '100%' }} allowClear={false} data-testid="cashflow-form-date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item {...item('descr')} label={t.note}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} count={{ show: true, max: 1000 }} data-testid="cashflow-form-note" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
