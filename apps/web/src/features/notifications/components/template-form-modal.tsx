import { EyeOutlined } from '@ant-design/icons';
import { MAX_TEMPLATE_DELAY, PLACEHOLDER_NAMES, PLACEHOLDERS, TEMPLATE_LANGS, TEMPLATE_TYPE_NAMES, TEMPLATE_TYPE_IDS, type TemplateTypeId } from '@app/contract/notifications';
import { az, fill } from '@app/contract/texts/az';
import { azNotifier } from '@app/contract/texts/az-notifier';
import { Alert, Button, Col, Flex, Form, Input, Result, Row, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { FormModal } from '../../../shared/form/form-modal';
import { IntegerInput } from '../../../shared/form/integer-input';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { findDeclarationByTrackCode } from '../../declarations/api';
import { useModelOptions, useStatusOptions, useTariffCategoryOptions } from '../lookups';
import { unknownPlaceholders } from '../model/placeholder-insert';
import { PlaceholderChips } from './placeholder-chips';
import { usePlaceholderInsert } from './use-placeholder-insert';
import { fromTemplateRow, hasTitle, NEW_TEMPLATE, toTemplateWire, type TemplateFormValues } from '../model/template-form';
import { usePreviewTemplate, useSaveTemplate, useTemplate } from '../templates-api';

const t = azNotifier.templates;
/** spec §9: form dialogs are 768 px wide. */
const FORM_MODAL_WIDTH = 768;
const CHANNEL_OPTIONS = TEMPLATE_TYPE_IDS.map((id) => ({ value: id, label: TEMPLATE_TYPE_NAMES[id] }));
const LANG_OPTIONS = TEMPLATE_LANGS.map((lang) => ({ value: lang, label: lang.toUpperCase() }));

/** A warning while typing (the server's refusal is the error that counts, shown on the field after saving). */
const placeholderWarning = {
  warningOnly: true,
  validator: async (_: unknown, value: string | undefined) => {
    const unknown = unknownPlaceholders(value ?? '', PLACEHOLDERS);
    if (unknown.length > 0) throw new Error(unknown.map((name) => fill(t.unknownPlaceholder, { NAME: `{${name}}` })).join(', '));
  },
};

/**
 * notifier/templates/create and /{id}/update: event (model + status, tariff category), channel,
 * language, title (e-mail, push), body with placeholder chips that write at the caret, active, delay;
 * a preview renders the unsaved text with a real parcel's data. The server's 422 (an unknown
 * placeholder) lands on the body or title field.
 */
export function TemplateFormModal({ templateId, onClose }: { templateId?: number; onClose: () => void }) {
  const template = useTemplate(templateId);
  if (templateId && template.isLoading) {
    return (
      <FormModal open title={fill(t.editTitle, { ID: templateId })} onClose={onClose} footer={null} width={FORM_MODAL_WIDTH}>
        <Flex justify="center" style={{ padding: 48 }}><Spin /></Flex>
      </FormModal>
    );
  }
  if (templateId && (template.isError || !template.data)) {
    return (
      <FormModal open title={fill(t.editTitle, { ID: templateId })} onClose={onClose} footer={null} width={FORM_MODAL_WIDTH}>
        <Result status="warning" title={template.isError ? readErrorMessage(template.error) : t.loadFailed} />
      </FormModal>
    );
  }
  const initial = template.data ? fromTemplateRow(template.data) : NEW_TEMPLATE;
  return <TemplateForm templateId={templateId} initial={initial} onClose={onClose} />;
}

function TemplateForm({ templateId, initial, onClose }: { templateId?: number; initial: TemplateFormValues; onClose: () => void }) {
  const [form] = Form.useForm<TemplateFormValues>();
  const touched = useTouchedErrors(form);
  const save = useSaveTemplate();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const { bodyRef, titleRef, insert, remember: rememberCaret } = usePlaceholderInsert(form);
  const typeId = Form.useWatch('template_type_id', form) ?? initial.template_type_id;
  const modelId = Form.useWatch('model_id', form) ?? initial.model_id;
  const models = useModelOptions();
  const statuses = useStatusOptions(modelId);
  const categories = useTariffCategoryOptions();

  const submit = async (values: TemplateFormValues) => {
    setFormError(null);
    try {
      await save.mutateAsync(toTemplateWire({ ...initial, ...values }, templateId));
      void toast.success(templateId ? t.saved : t.created);
      onClose();
    } catch (error) {
      const rest = mapServerErrors(form, error, { template_id: 'name' });
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  return (
    <FormModal
      form={form}
      open
      width={FORM_MODAL_WIDTH}
      title={templateId ? fill(t.editTitle, { ID: templateId }) : t.createTitle}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'template-submit' } as Record<string, string>}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form<TemplateFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFieldsChange={touched.onFieldsChange}
        onValuesChange={(changed: Partial<TemplateFormValues>) => {
          // a status belongs to its model: another model's statuses are not this one's
          if ('model_id' in changed) form.setFieldValue('state_id', null);
        }}
        onFinish={(values) => void submit(values)}
        onFinishFailed={touched.markSubmitted}
        data-testid="template-form"
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t.name} rules={[{ required: true, whitespace: true, message: t.required }]} {...touched.hideUntilTouched('name')}>
              <Input autoComplete="off" data-testid="template-name" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="template_type_id" label={t.channel} rules={[{ required: true, message: t.required }]}>
              <Select<TemplateTypeId> options={CHANNEL_OPTIONS} data-testid="template-channel" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="lang" label={t.language} rules={[{ required: true, message: t.required }]}>
              <Select options={LANG_OPTIONS} data-testid="template-lang" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="model_id" label={t.model} rules={[{ required: true, message: t.required }]}>
              <SearchSelect options={models.data ?? []} loading={models.isLoading} allowClear={false} data-testid="template-model" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="state_id" label={t.state} tooltip={t.event}>
              <SearchSelect options={statuses.data ?? []} loading={statuses.isLoading} data-testid="template-state" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tariff_category_id" label={t.tariffCategory}>
              <SearchSelect options={categories.data ?? []} loading={categories.isLoading} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="delay"
              label={t.delay}
              rules={[{ validator: async (_, value: unknown) => {
                const minutes = Number(value ?? 0);
                if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_TEMPLATE_DELAY) throw new Error(t.delayInvalid);
              } }]}
              {...touched.hideUntilTouched('delay')}
            >
              <IntegerInput data-testid="template-delay" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="active" label={t.active} valuePropName="checked">
              <Switch checkedChildren={t.isActive} unCheckedChildren={t.isInactive} data-testid="template-active" />
            </Form.Item>
          </Col>
        </Row>
        {hasTitle(typeId) ? (
          <Form.Item name="title" label={t.title} rules={[placeholderWarning]}>
            <Input ref={titleRef} autoComplete="off" onFocus={() => rememberCaret('title')} onSelect={() => rememberCaret('title')} data-testid="template-title" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="body"
          label={t.body}
          rules={[{ required: true, whitespace: true, message: t.required }, placeholderWarning]}
          {...touched.hideUntilTouched('body')}
        >
          <Input.TextArea
            ref={bodyRef}
            autoSize={{ minRows: 4, maxRows: 12 }}
            onFocus={() => rememberCaret('body')}
            onSelect={() => rememberCaret('body')}
            data-testid="template-body"
          />
        </Form.Item>
        <PlaceholderChips names={PLACEHOLDERS} describe={(name) => PLACEHOLDER_NAMES[name as keyof typeof PLACEHOLDER_NAMES]} onInsert={insert} />
        <TemplatePreview form={form} />
      </Form>
    </FormModal>
  );
}

/** Renders the form's unsaved title and body with a parcel's data: the one of the typed track code, else the newest of the chosen status. */
function TemplatePreview({ form }: { form: ReturnType<typeof Form.useForm<TemplateFormValues>>[0] }) {
  const preview = usePreviewTemplate();
  const { user } = useAuth();
  const [trackCode, setTrackCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    const values = form.getFieldsValue(true) as TemplateFormValues;
    try {
      const found = trackCode.trim() ? await findDeclarationByTrackCode(trackCode, user.admin) : null;
      await preview.mutateAsync({ title: hasTitle(values.template_type_id) ? values.title : '', body: values.body ?? '', state_id: values.state_id, declaration_id: found?.id });
    } catch (caught) {
      const rest = mapServerErrors(form, caught);
      setError(rest || readErrorMessage(caught));
    }
  };
  const result = preview.data?.data;
  return (
    <div style={{ background: '#f6f8f9', borderRadius: 6, padding: 12 }} data-testid="template-preview">
      <Typography.Text strong>{t.preview}</Typography.Text>
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input
          placeholder={t.previewParcel}
          value={trackCode}
          onChange={(event) => setTrackCode(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            void run();
          }}
          aria-label={t.previewParcel}
          data-testid="template-preview-track"
        />
        <Button icon={<EyeOutlined />} loading={preview.isPending} onClick={() => void run()} data-testid="template-preview-run">{t.previewRun}</Button>
      </Space.Compact>
      {error ? <Alert type="warning" showIcon title={error} style={{ marginTop: 8 }} /> : null}
      {result && !error ? (
        <div style={{ marginTop: 8 }}>
          <Tag color="blue">{result.track_code || `#${result.declaration_id}`}</Tag>
          {result.title ? <Typography.Paragraph strong style={{ margin: '8px 0 0' }}>{result.title}</Typography.Paragraph> : null}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '8px 0 0' }} data-testid="template-preview-body">{result.body}</Typography.Paragraph>
        </div>
      ) : null}
      {!result && !error ? <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>{t.previewEmpty}</Typography.Paragraph> : null}
    </div>
  );
}
