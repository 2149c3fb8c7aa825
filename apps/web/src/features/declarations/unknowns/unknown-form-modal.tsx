import { ZConflictedCreateForm, ZConflictedEditForm } from '@app/contract/conflicted-declarations';
import { COUNTRY } from '@app/contract/countries';
import { DECLARATION_LIMITS } from '@app/contract/declarations-constants';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Col, Form, Input, Row, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
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
import { useBranches, useProductTypes } from '../api';
import { CustomerSelect } from '../shared/customer-select';
import { useAcceptUnknownDeclaration, useSaveUnknownDeclaration, useUnknownDeclaration } from '../lists/lists-api';
import { canEditWeight } from '../shared/declaration-access';
import { buildUnknownDefaults, buildUnknownEditValues, toUnknownWireForm, type UnknownFormValues } from './unknown-form';
import { COMPOSITION_OPTIONS } from '../lists/declaration-columns';
import { DocumentLink } from '../documents/document-link';

const COUNTRY_OPTIONS = [
  { value: COUNTRY.turkey, label: az.countries[COUNTRY.turkey] ?? '' },
  { value: COUNTRY.america, label: az.countries[COUNTRY.america] ?? '' },
];
const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const SERVER_FIELD_NAMES = { document_file: 'document' };

interface UnknownFormModalProps {
  /** Absent: create. */
  unknownId?: number;
  onClose: () => void;
  onAccepted?: (declarationId: number) => void;
}

/**
 * Unknown declaration create/edit (spec §2 unknowns/{id}/update; §5 field errors on their fields
 * after touch). Edit also offers accept: the same fields, then a normal declaration is created.
 */
export function UnknownFormModal({ unknownId, onClose, onAccepted }: UnknownFormModalProps) {
  const [form] = Form.useForm<UnknownFormValues>();
  const { user: viewer } = useAuth();
  const toast = useToast();
  const touched = useTouchedErrors(form);
  const unknown = useUnknownDeclaration(unknownId);
  const branches = useBranches();
  const productTypes = useProductTypes();
  const save = useSaveUnknownDeclaration();
  const accept = useAcceptUnknownDeclaration();
  const [formError, setFormError] = useState('');
  const isEdit = unknownId !== undefined;
  const mayEditWeight = canEditWeight(viewer);
  const ui = az.declarationListsUi;
  const t = az.declarations;

  useEffect(() => {
    if (isEdit && unknown.data) form.setFieldsValue(buildUnknownEditValues(unknown.data));
  }, [isEdit, unknown.data, form]);
  useEffect(() => {
    if (isEdit && unknown.isError) {
      toast.error(readErrorMessage(unknown.error));
      onClose();
    }
  }, [isEdit, unknown.isError, unknown.error, toast, onClose]);

  const submit = async (mode: 'save' | 'accept') => {
    setFormError('');
    let values: UnknownFormValues;
    try {
      values = await form.validateFields();
    } catch {
      touched.markSubmitted();
      return;
    }
    const wire = toUnknownWireForm(values, { id: unknownId, canEditWeight: mayEditWeight });
    try {
      if (mode === 'accept') {
        const reply = await accept.mutateAsync(wire);
        toast.success(fill(ui.unknownAccepted, { ID: reply.data.declaration_id }));
        onAccepted?.(reply.data.declaration_id);
      } else {
        await save.mutateAsync(wire);
        toast.success(isEdit ? az.form.saved : ui.unknownCreated);
      }
      onClose();
    } catch (error) {
      touched.markSubmitted();
      setFormError(mapServerErrors(form, error, SERVER_FIELD_NAMES));
    }
  };

  const code = unknown.data?.track_code ?? '';
  const isBusy = save.isPending || accept.isPending;
  const required = [{ required: true, message: az.errors.required }];
  // issue 16: the declaration form's ranges, said on the field as the server would say them
  const schema = isEdit ? ZConflictedEditForm : ZConflictedCreateForm;
  const ranged = (field: string) => [zodRule(schema, field, (v: UnknownFormValues) => toUnknownWireForm(v, { id: unknownId, canEditWeight: mayEditWeight }))];
  return (
    <FormModal
      open
      form={form}
      width={768}
      title={isEdit ? fill(ui.unknownEditTitle, { CODE: code }) : ui.unknownCreateTitle}
      onClose={onClose}
      destroyOnHidden
      renderFooter={(requestClose) => (
        <Space wrap>
          <Button onClick={requestClose}>{az.form.cancel}</Button>
          {isEdit && unknown.data?.declaration_id === null && (
            <Button onClick={() => void submit('accept')} loading={accept.isPending} disabled={isBusy} data-testid="unknown-accept">
              {ui.accept}
            </Button>
          )}
          <Button type="primary" onClick={() => void submit('save')} loading={save.isPending} disabled={isBusy} data-testid="unknown-save">
            {az.form.save}
          </Button>
        </Space>
      )}
    >
      <Spin spinning={isEdit && unknown.isLoading}>
        {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
        {isEdit && <Alert type="info" showIcon title={ui.acceptHint} style={{ marginBottom: 12 }} />}
        <Form<UnknownFormValues>
          form={form}
          layout="vertical"
          initialValues={buildUnknownDefaults(viewer.adminBranchId)}
          onFieldsChange={touched.onFieldsChange}
          data-testid="unknown-form"
        >
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item name="track_code" label={t.trackCode} validateFirst rules={[...required, ...ranged('track_code')]} {...touched.hideUntilTouched('track_code')}>
                <Input data-testid="unknown-track-code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="global_track_code" label={t.globalTrackCode} rules={ranged('global_track_code')} {...touched.hideUntilTouched('global_track_code')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="country_id" label={t.country} rules={required} {...touched.hideUntilTouched('country_id')}>
                <SearchSelect options={COUNTRY_OPTIONS} allowClear={false} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="user_id" label={az.declarationsUi.user} {...touched.hideUntilTouched('user_id')}>
                <CustomerSelect
                  data-testid="unknown-form-user"
                  initialOption={unknown.data?.user_id ? { value: unknown.data.user_id, label: `#${unknown.data.user_id} - ${unknown.data.user_name ?? ''}` } : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="branch_id" label={t.branch} {...touched.hideUntilTouched('branch_id')}>
                <SearchSelect options={branches.data ?? []} loading={branches.isLoading} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="basket_id" label={ui.basket} {...touched.hideUntilTouched('basket_id')}>
                <IntegerInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="product_type_id" label={t.productType} {...touched.hideUntilTouched('product_type_id')}>
                <SearchSelect options={productTypes.data ?? []} loading={productTypes.isLoading} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="shop_name" label={t.shop} rules={ranged('shop_name')} {...touched.hideUntilTouched('shop_name')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="weight" label={t.weight} rules={ranged('weight')} {...touched.hideUntilTouched('weight')}>
                <DecimalInput keepSign disabled={!mayEditWeight} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="quantity" label={t.quantity} rules={ranged('quantity')} {...touched.hideUntilTouched('quantity')}>
                <IntegerInput keepSign />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="price" label={t.productPrice} rules={ranged('price')} {...touched.hideUntilTouched('price')}>
                <DecimalInput keepSign />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="type" label={t.composition} {...touched.hideUntilTouched('type')}>
                <SearchSelect options={COMPOSITION_OPTIONS} allowClear={false} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="document" label={az.declarationsUi.document} extra={az.declarationsUi.documentHint} {...touched.hideUntilTouched('document')}>
                <FileField accept={DOCUMENT_ACCEPT} />
              </Form.Item>
              {unknown.data?.document_file && <DocumentLink path={unknown.data.document_file} label={az.declarationsUi.currentDocument} />}
            </Col>
            <Col xs={24}>
              <Form.Item name="descr" label={az.declarationsUi.description} rules={ranged('descr')} {...touched.hideUntilTouched('descr')}>
                <Input.TextArea rows={3} showCount count={{ max: DECLARATION_LIMITS.descr }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </FormModal>
  );
}
