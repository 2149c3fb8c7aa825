import type { ProductPreview } from '@app/contract/product-preview';
import { az, fill } from '@app/contract/texts/az';
import { azOrdersDetail as t } from '@app/contract/texts/az-orders';
import { Alert, Checkbox, Col, DatePicker, Form, Input, Row, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CustomerSelect } from '../../../shared/form/customer-select';
import { DecimalInput } from '../../../shared/form/decimal-input';
import { FormModal } from '../../../shared/form/form-modal';
import { IntegerInput } from '../../../shared/form/integer-input';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useOrderCountries } from '../api';
import { useOrder, useOrderPercent, useOrderProductTypes, useProductPreview, useSaveOrder } from '../detail-api';
import {
  ORDER_COUNTRY,
  buildOrderCreateDefaults,
  buildOrderEditValues,
  computeAmountDue,
  currencyOfCountry,
  currencySignOfCountry,
  describePriceChange,
  fillFromPreview,
  isPreviewableUrl,
  toOrderWireForm,
  validateOrderForm,
  type OrderFormValues,
  type PreviewFill,
} from '../model/order-form';
import { ProductCard, readStoredPreview } from './product-card';

/** spec §9: form modals are 768 px wide. */
const FORM_MODAL_WIDTH = 768;
/** A pasted link is read once typing has paused this long. */
const PREVIEW_DEBOUNCE_MS = 500;
const DATE_FORMAT = 'YYYY-MM-DD';

const FALLBACK_COUNTRIES = [
  { value: ORDER_COUNTRY.turkey, label: az.countries[ORDER_COUNTRY.turkey] ?? 'Türkiyə' },
  { value: ORDER_COUNTRY.america, label: az.countries[ORDER_COUNTRY.america] ?? 'Amerika' },
];

function toPreviewFill(preview: ProductPreview): PreviewFill {
  return {
    name: preview.name,
    brand: preview.brand,
    shop: preview.shopName,
    color: preview.color,
    price: preview.price ? { amount: preview.price.amount, currency: preview.price.currency } : null,
  };
}

interface OrderFormModalProps {
  /** Absent: create. */
  orderId?: number;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/**
 * Issue 18 item 2: the order's create/edit dialog. Pasting a product link reads the shop's page
 * (bonaz/parser) and fills what is still empty; the product card shows beside the fields. The
 * price's currency follows the country. Server field errors land on their fields (spec §5).
 */
export function OrderFormModal({ orderId, onClose, onSaved }: OrderFormModalProps) {
  const isUpdate = orderId !== undefined;
  const [form] = Form.useForm<OrderFormValues>();
  const toast = useToast();
  const touched = useTouchedErrors(form);
  const save = useSaveOrder();
  const existing = useOrder(orderId);
  const countries = useOrderCountries();
  const productTypes = useOrderProductTypes();
  const settingsPercent = useOrderPercent();
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues = useMemo(() => buildOrderCreateDefaults(), []);

  const countryId = Form.useWatch('country_id', form) ?? ORDER_COUNTRY.turkey;
  const urlText = Form.useWatch('url', form) ?? '';
  const price = Form.useWatch('price', form) ?? '';
  const quantity = Form.useWatch('quantity', form) ?? '';
  const cargoPrice = Form.useWatch('cargo_price', form) ?? '';
  const sign = currencySignOfCountry(countryId);

  // spec §8: an edit dialog for an order that cannot be read says so and closes.
  useEffect(() => {
    if (!existing.error) return;
    void toast.error(readErrorMessage(existing.error));
    onClose();
  }, [existing.error, toast, onClose]);

  // The link of the loaded order is not read again (its stored preview is shown).
  const loadedUrl = existing.data?.url ?? null;
  useEffect(() => {
    if (!existing.data) return;
    form.setFieldsValue(buildOrderEditValues(existing.data));
  }, [existing.data, form]);

  // Pasting a link: read the page once typing pauses; only a link that looks like one is asked about.
  const debouncedUrl = useDebouncedValue(urlText.trim(), PREVIEW_DEBOUNCE_MS);
  const previewUrl = isPreviewableUrl(debouncedUrl) && debouncedUrl !== loadedUrl ? debouncedUrl : null;
  const preview = useProductPreview(previewUrl);
  const filledFor = useRef<string | null>(null);
  const [currencyNote, setCurrencyNote] = useState<string | null>(null);
  useEffect(() => {
    if (!preview.data || !previewUrl || filledFor.current === previewUrl) return;
    filledFor.current = previewUrl;
    const values = form.getFieldsValue(true) as OrderFormValues;
    const patch = fillFromPreview(values, toPreviewFill(preview.data));
    if (Object.keys(patch).length > 0) form.setFieldsValue(patch);
    const priceCurrency = preview.data.price?.currency;
    const orderCurrency = currencyOfCountry(values.country_id);
    setCurrencyNote(priceCurrency && priceCurrency !== orderCurrency && !patch.price && !values.price
      ? fill(t.previewCurrencyDiffers, { CURRENCY: priceCurrency, ORDER_CURRENCY: orderCurrency })
      : null);
  }, [preview.data, previewUrl, form]);

  const shownPreview: ProductPreview | null = (previewUrl && preview.data) || (urlText.trim() === loadedUrl ? readStoredPreview(existing.data?.preview) : null);

  const servicePercent = existing.data?.service_percent ?? settingsPercent.data ?? '5';
  const amountDue = computeAmountDue(price, quantity, cargoPrice, servicePercent);
  const priceChange = existing.data ? describePriceChange(existing.data, { price, quantity, cargo_price: cargoPrice }) : 'none';

  const countryOptions = countries.data && countries.data.length > 0 ? countries.data.map((c) => ({ value: Number(c.value), label: String(c.label) })) : FALLBACK_COUNTRIES;
  const customerOption = existing.data ? { value: existing.data.user_id, label: `#${existing.data.user_id} - ${existing.data.user_name}`.trim(), exactKeys: [] } : undefined;

  const check = (field: keyof OrderFormValues) => ({
    validator: async () => {
      const message = validateOrderForm(form.getFieldsValue(true) as OrderFormValues)[field];
      if (message) throw new Error(message);
    },
  });
  const item = (name: keyof OrderFormValues) => ({ name, ...touched.hideUntilTouched(name), rules: [check(name)] });

  const submit = async (values: OrderFormValues) => {
    setFormError(null);
    const wire = toOrderWireForm({ ...(form.getFieldsValue(true) as OrderFormValues), ...values }, orderId);
    // The preview already read goes with the order (the server need not fetch the page again); an
    // edit keeps the stored one and the tracking code as they are (the form has no field for them).
    const stored = existing.data?.preview;
    if (previewUrl && preview.data && previewUrl === String(wire.url)) wire.preview = JSON.stringify(preview.data);
    else wire.preview = stored && String(wire.url) === existing.data?.url ? JSON.stringify(stored) : '';
    wire.track_code = existing.data?.track_code ?? '';
    try {
      const reply = await save.mutateAsync({ form: wire, isUpdate });
      void toast.success(isUpdate ? az.form.saved : t.created);
      onSaved?.(reply.data?.id ?? orderId ?? 0);
      onClose();
    } catch (error) {
      // spec §5: field errors go onto their fields; the rest shows joined above the form.
      const rest = mapServerErrors(form, error, { preview: 'url', order_id: 'url' });
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  const isPreviewing = preview.isFetching && Boolean(previewUrl);
  const previewError = previewUrl && preview.isError ? readErrorMessage(preview.error) : null;
  const urlExtra = isPreviewing ? (
    <Space size={6} data-testid="order-preview-loading"><Spin size="small" />{t.previewLoading}</Space>
  ) : previewError ? (
    <Typography.Text type="warning" data-testid="order-preview-error">{previewError}</Typography.Text>
  ) : currencyNote ? (
    <Typography.Text type="secondary">{currencyNote}</Typography.Text>
  ) : previewUrl && preview.data ? (
    <Typography.Text type="success" data-testid="order-preview-filled">{t.previewFilled}</Typography.Text>
  ) : undefined;

  const isLoading = isUpdate && existing.isLoading;
  const title = isUpdate ? fill(t.editTitle, { ID: orderId }) : t.createTitle;

  return (
    <FormModal
      open
      form={form}
      width={FORM_MODAL_WIDTH}
      title={title}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: isLoading, 'data-testid': 'order-form-save' } as never}
      destroyOnHidden
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} data-testid="order-form-error" />}
      {priceChange !== 'none' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t.paidPriceWarning}
          description={priceChange === 'debt' ? t.paidPriceDebt : t.paidPriceRefund}
          data-testid="order-form-debt-warning"
        />
      )}
      <Spin spinning={isLoading}>
        <Row gutter={16}>
          <Col xs={24} md={shownPreview ? 15 : 24}>
            <Form<OrderFormValues>
              form={form}
              layout="vertical"
              requiredMark={false}
              initialValues={initialValues}
              onFieldsChange={touched.onFieldsChange}
              onFinish={(values) => void submit(values)}
              onFinishFailed={touched.markSubmitted}
              data-testid="order-form"
            >
              <Row gutter={12}>
                <Col xs={24} md={shownPreview ? 24 : 12}>
                  <Form.Item {...item('user_id')} label={t.customer}>
                    <CustomerSelect initialOption={customerOption} ariaLabel={t.customer} placeholder={t.customerPlaceholder} testId="order-form-user" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={shownPreview ? 24 : 12}>
                  <Form.Item {...item('country_id')} label={t.country}>
                    <Select options={countryOptions} loading={countries.isLoading} data-testid="order-form-country" />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item {...item('url')} label={t.url} extra={urlExtra}>
                    <Input autoComplete="off" placeholder={t.urlPlaceholder} allowClear data-testid="order-form-url" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item {...item('shop_name')} label={t.shop}>
                    <Input autoComplete="off" data-testid="order-form-shop" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item {...item('product_type_id')} label={t.productType}>
                    <SearchSelect options={productTypes.data ?? []} loading={productTypes.isLoading} allowClear />
                  </Form.Item>
                </Col>
                <Col xs={12}>
                  <Form.Item {...item('color')} label={t.color}>
                    <Input autoComplete="off" data-testid="order-form-color" />
                  </Form.Item>
                </Col>
                <Col xs={12}>
                  <Form.Item {...item('size')} label={t.size}>
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={8}>
                  <Form.Item {...item('quantity')} label={t.quantity}>
                    <IntegerInput keepSign data-testid="order-form-quantity" />
                  </Form.Item>
                </Col>
                <Col xs={8}>
                  <Form.Item {...item('price')} label={fill(t.price, { SIGN: sign })}>
                    <DecimalInput suffix={sign} data-testid="order-form-price" />
                  </Form.Item>
                </Col>
                <Col xs={8}>
                  <Form.Item {...item('cargo_price')} label={fill(t.cargoPrice, { SIGN: sign })}>
                    <DecimalInput suffix={sign} data-testid="order-form-cargo-price" />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Typography.Text type="secondary" data-testid="order-form-amount-due">
                    {fill(t.amountDue, { PERCENT: Number(servicePercent) })}: <Typography.Text strong>{amountDue === null ? '—' : `${amountDue} ${sign}`}</Typography.Text>
                  </Typography.Text>
                </Col>
                <Col xs={12} md={8} style={{ marginTop: 12 }}>
                  <Form.Item
                    {...item('waiting')}
                    label={t.waiting}
                    getValueProps={(value: string) => ({ value: value ? dayjs(value, DATE_FORMAT) : null })}
                    normalize={(value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : '')}
                  >
                    <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8} style={{ marginTop: 12 }}>
                  <Form.Item {...item('coupon_id')} label={t.coupon}>
                    <IntegerInput />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8} style={{ marginTop: 12 }}>
                  <Form.Item name="urgent" valuePropName="checked" label=" ">
                    <Checkbox data-testid="order-form-urgent">{t.urgent}</Checkbox>
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item {...item('descr')} label={t.descr}>
                    <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid="order-form-descr" />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          </Col>
          {shownPreview && (
            <Col xs={24} md={9}>
              <ProductCard preview={shownPreview} compact />
            </Col>
          )}
        </Row>
      </Spin>
    </FormModal>
  );
}
