import { COUNTRY, CURRENCY_SIGN, productPriceSign } from '@app/contract/countries';
import { DECLARATION_LIMITS, ZDeclarationCreateForm, ZDeclarationEditForm } from '@app/contract/declarations';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Checkbox, Col, Form, Input, Radio, Row, Space, Spin, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { DecimalInput } from '../../../shared/form/decimal-input';
import { FileField } from '../../../shared/form/file-field';
import { IntegerInput } from '../../../shared/form/integer-input';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { FormModal } from '../../../shared/form/form-modal';
import { SearchSelect } from '../../../shared/form/search-select';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { zodRule } from '../../../shared/form/zod-rule';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import {
  useBranches,
  useCombinedDeclaration,
  useContainerOptions,
  useDeclaration,
  useProductTypes,
  useSaveDeclaration,
  useShopNames,
  useTariffCategories,
} from '../api';
import { DocumentLink } from '../documents/document-link';
import { canChangeDeliveryPrice, canEditWeight } from '../shared/declaration-access';
import { CustomerSelect } from '../shared/customer-select';
import {
  buildCombinedValues,
  buildCreateDefaults,
  buildEditValues,
  checkDocument,
  toDeclarationWireForm,
  type DeclarationFormValues,
} from './declaration-form';

/** spec §9: form modals are 768 px wide. */
const FORM_MODAL_WIDTH = 768;
const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

const COUNTRY_OPTIONS = [
  { value: COUNTRY.turkey, label: az.countries[COUNTRY.turkey] ?? '' },
  { value: COUNTRY.america, label: az.countries[COUNTRY.america] ?? '' },
];

/** Server field names that differ from the form's. */
const SERVER_FIELD_NAMES = { document_file: 'document', type: 'is_liquid' };

interface DeclarationFormModalProps {
  /** Absent: create. */
  declarationId?: number;
  /** Create a declaration replacing these (GET combine prefills it). */
  combinedIds?: number[];
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** spec §2 "Declaration create/edit modal" with the gates and input rules of §2 and §5. */
export function DeclarationFormModal({ declarationId, combinedIds = [], onClose, onSaved }: DeclarationFormModalProps) {
  const isUpdate = declarationId !== undefined;
  const [form] = Form.useForm<DeclarationFormValues>();
  const { user: viewer } = useAuth();
  const toast = useToast();
  const touched = useTouchedErrors(form);
  const save = useSaveDeclaration();
  const existing = useDeclaration(declarationId);
  const combined = useCombinedDeclaration(isUpdate ? [] : combinedIds);
  const branches = useBranches();
  const productTypes = useProductTypes();
  const shopNames = useShopNames();
  const tariffs = useTariffCategories();
  const containers = useContainerOptions(isUpdate);
  const [formError, setFormError] = useState<string | null>(null);
  const [isShopText, setShopText] = useState(false);
  const gates = { canEditWeight: canEditWeight(viewer), canChangeDeliveryPrice: canChangeDeliveryPrice(viewer) };
  const initialValues = useMemo(() => buildCreateDefaults(viewer.adminBranchId), [viewer.adminBranchId]);

  const countryId = Form.useWatch('country_id', form) ?? COUNTRY.turkey;
  const isSpecial = Form.useWatch('is_special', form) ?? false;

  // spec §8: an edit dialog for a record that cannot be read says so and closes.
  const loadError = existing.error ?? combined.error;
  useEffect(() => {
    if (!loadError) return;
    void toast.error(readErrorMessage(loadError));
    onClose();
  }, [loadError, toast, onClose]);

  useEffect(() => {
    if (!existing.data) return;
    form.setFieldsValue(buildEditValues(existing.data));
  }, [existing.data, form]);

  useEffect(() => {
    if (combined.data) form.setFieldsValue(buildCombinedValues(combined.data, buildCreateDefaults(viewer.adminBranchId)));
  }, [combined.data, form, viewer.adminBranchId]);

  const shopOptions = useMemo(
    () => (shopNames.data ?? []).filter((shop) => !shop.country_id || shop.country_id === countryId).map((shop) => ({ value: shop.name, label: shop.name })),
    [shopNames.data, countryId],
  );
  // A saved shop that is not a known name (typed freely before) opens in free-text mode.
  const savedShop = existing.data?.shop_name;
  const isShopUnknown = Boolean(savedShop) && shopNames.isSuccess && !shopOptions.some((option) => option.value === savedShop);
  const isShopFree = isShopText || shopNames.isError || isShopUnknown;
  const tariffOptions = useMemo(
    () => (tariffs.data ?? []).filter((tariff) => tariff.id > 1 && (!tariff.country_id || tariff.country_id === countryId)).map((tariff) => ({ value: tariff.id, label: tariff.name })),
    [tariffs.data, countryId],
  );
  const customerOption = existing.data?.user_id
    ? { value: existing.data.user_id, label: `#${existing.data.user_id} - ${existing.data.user_name ?? ''}`.trim() }
    : undefined;

  const schema = isUpdate ? ZDeclarationEditForm : ZDeclarationCreateForm;
  const toWire = (values: DeclarationFormValues) => toDeclarationWireForm(values, gates, { declarationId, combinedIds });
  const rule = (field: string) => zodRule(schema, field, toWire);
  const item = (name: keyof DeclarationFormValues) => ({ name, ...touched.hideUntilTouched(name) });

  const submit = async (values: DeclarationFormValues) => {
    setFormError(null);
    try {
      const reply = await save.mutateAsync({ form: toWire(values), isUpdate });
      void toast.success(isUpdate ? az.form.saved : az.declarationsUi.created);
      onSaved?.(reply.data?.id ?? declarationId ?? 0);
      onClose();
    } catch (error) {
      // spec §5: field errors go onto their fields; the rest shows joined above the form.
      const rest = mapServerErrors(form, error, SERVER_FIELD_NAMES);
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  const isLoading = (isUpdate && existing.isLoading) || combined.isLoading;
  const title = isUpdate
    ? fill(az.declarationsUi.editTitle, { CODE: existing.data?.track_code ?? `#${declarationId}` })
    : combinedIds.length > 0
      ? az.declarationsUi.combineTitle
      : az.declarationsUi.createTitle;
  const t = az.declarations;
  const ui = az.declarationsUi;

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
      okButtonProps={{ disabled: isLoading }}
      destroyOnHidden
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} data-testid="declaration-form-error" />}
      {combined.data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={fill(ui.combinedReplaces, { CODES: combined.data.declarations.map((declaration) => declaration.track_code).join(', ') })}
          data-testid="declaration-form-combined"
        />
      )}
      <Spin spinning={isLoading}>
        <Form<DeclarationFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          onFieldsChange={touched.onFieldsChange}
          onFinish={(values) => void submit(values)}
          onFinishFailed={touched.markSubmitted}
          data-testid="declaration-form"
        >
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item {...item('country_id')} label={t.country} rules={[rule('country_id')]}>
                <Radio.Group options={COUNTRY_OPTIONS} optionType="button" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('branch_id')} label={t.branch} rules={[rule('branch_id')]}>
                <SearchSelect options={branches.data ?? []} loading={branches.isLoading} data-testid="declaration-form-branch" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('user_id')} label={ui.user} rules={[rule('user_id')]}>
                <CustomerSelect initialOption={customerOption} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('global_track_code')} label={t.globalTrackCode} rules={[rule('global_track_code')]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                {...item('shop_name')}
                label={
                  <Space size={8}>
                    {t.shop}
                    {!shopNames.isError && (
                      <Button size="small" type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setShopText(!isShopFree)} data-testid="shop-mode">
                        {isShopFree ? ui.shopFromList : ui.shopAsText}
                      </Button>
                    )}
                    <Link to="/@next/shop-names/create" target="_blank">
                      {ui.createShopName}
                    </Link>
                  </Space>
                }
                rules={[rule('shop_name')]}
              >
                {isShopFree ? <Input autoComplete="off" /> : <SearchSelect options={shopOptions} loading={shopNames.isLoading} />}
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('product_type_id')} label={t.productType} rules={[rule('product_type_id')]}>
                <SearchSelect options={productTypes.data ?? []} loading={productTypes.isLoading} data-testid="declaration-form-product-type" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item {...item('quantity')} label={`${t.quantity} (${ui.pieces})`} rules={[rule('quantity')]}>
                <IntegerInput keepSign />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Tooltip title={gates.canEditWeight ? undefined : ui.weightLocked}>
                <Form.Item {...item('weight')} label={t.weight} rules={[rule('weight')]}>
                  <DecimalInput keepSign disabled={!gates.canEditWeight} />
                </Form.Item>
              </Tooltip>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item {...item('price')} label={fill(ui.productValue, { SIGN: productPriceSign(countryId) })} rules={[rule('price')]}>
                <DecimalInput keepSign />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Tooltip title={gates.canChangeDeliveryPrice ? undefined : ui.priceLocked}>
                <Form.Item {...item('delivery_price')} label={ui.deliveryPriceUsd} rules={[rule('delivery_price')]}>
                  <DecimalInput keepSign disabled={!gates.canChangeDeliveryPrice} placeholder={CURRENCY_SIGN.USD} />
                </Form.Item>
              </Tooltip>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('wardrobe_number')} label={ui.wardrobeNumber} rules={[rule('wardrobe_number')]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                {...item('container_id')}
                label={t.box}
                rules={[rule('container_id')]}
                extra={isUpdate ? undefined : ui.boxNeedsId}
              >
                <SearchSelect options={containers.data ?? []} loading={containers.isLoading} disabled={!isUpdate} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Space size={24} wrap>
                <Form.Item name="is_special" valuePropName="checked" style={{ marginBottom: 12 }}>
                  <Checkbox disabled={!gates.canChangeDeliveryPrice} data-testid="declaration-form-special">
                    {ui.isSpecial}
                  </Checkbox>
                </Form.Item>
                <Form.Item name="is_liquid" valuePropName="checked" style={{ marginBottom: 12 }}>
                  <Checkbox>{ui.isLiquid}</Checkbox>
                </Form.Item>
                <Form.Item name="is_commercial" valuePropName="checked" style={{ marginBottom: 12 }}>
                  <Checkbox>{ui.isCommercial}</Checkbox>
                </Form.Item>
              </Space>
            </Col>
            {isSpecial && (
              <Col xs={24} md={12}>
                <Form.Item
                  {...item('tariff_category_id')}
                  label={ui.tariffPlan}
                  rules={[
                    rule('tariff_category_id'),
                    { validator: async (_, value: number | null) => { if (!value) throw new Error(az.errors.required); } },
                  ]}
                >
                  <SearchSelect options={tariffOptions} loading={tariffs.isLoading} disabled={!gates.canChangeDeliveryPrice} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={isSpecial ? 12 : 24}>
              <Form.Item
                {...item('document')}
                label={ui.document}
                extra={
                  <Space size={8} wrap>
                    {ui.documentHint}
                    {existing.data?.document_file && (
                      <DocumentLink path={existing.data.document_file} label={ui.currentDocument} />
                    )}
                  </Space>
                }
                rules={[{ validator: async (_, files: File[] | undefined) => { const message = checkDocument(files?.[0]); if (message) throw new Error(message); } }]}
              >
                <FileField accept={DOCUMENT_ACCEPT} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item {...item('descr')} label={ui.description} rules={[rule('descr')]}>
                {/* issue 16: nothing typed is cut; past the limit the count turns red and the message says it */}
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} showCount count={{ max: DECLARATION_LIMITS.descr }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </FormModal>
  );
}
