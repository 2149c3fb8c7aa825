import { ArrowLeftOutlined } from '@ant-design/icons';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Card, Flex, Form, Spin, Typography, type ButtonProps } from 'antd';
import { FormModal, useDiscardGuard } from '../form/form-modal';
import { readErrorMessage } from '../http/http-error';
import type { FormMode, FormValues, ResourceDefinition } from './types';
import { useResourceForm } from './use-resource-form';

/** spec §2/§9: form dialogs are 768 px wide. */
export const RESOURCE_MODAL_WIDTH = 768;

type AnyDef = ResourceDefinition<{ id: number }, FormValues>;

interface ResourceFormProps {
  def: AnyDef;
  mode: FormMode;
  keyParams: Record<string, number> | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}

/**
 * Create or update of one row: a 768 px modal, or a full page for lists that say so (countries).
 * Both open on their first field and ask before throwing away changes (issue 16, shared/form).
 */
export function ResourceForm({ def, mode, keyParams, onClose, onSaved }: ResourceFormProps) {
  const state = useResourceForm(def, mode, keyParams, onSaved);
  const pageGuard = useDiscardGuard({ form: state.form, onClose });
  const title = fill(mode === 'update' ? az.settingsLists.editTitle : az.settingsLists.createTitle, { LIST: def.title });
  const body = (
    <>
      {state.existing.isError && <Alert type="error" showIcon title={readErrorMessage(state.existing.error)} style={{ marginBottom: 12 }} />}
      {state.formError && <Alert type="error" showIcon title={state.formError} style={{ marginBottom: 12 }} data-testid="resource-form-error" />}
      <Spin spinning={state.isLoading}>
        <Form<FormValues>
          form={state.form}
          layout="vertical"
          requiredMark={false}
          initialValues={state.initialValues}
          onFieldsChange={state.onFieldsChange}
          onFinish={() => void state.submit(state.form.getFieldsValue(true) as FormValues)}
          onFinishFailed={state.onFinishFailed}
          data-testid={`resource-form-${def.id}`}
        >
          {state.fields}
          {/* Enter in a field submits the form (keyboard use) */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Spin>
    </>
  );
  const isBlocked = state.isLoading || state.existing.isError;

  if (def.layout === 'page') {
    return (
      <Card size="small" data-testid={`resource-page-${def.id}`}>
        {pageGuard.contextHolder}
        <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={pageGuard.requestClose} aria-label={az.settingsLists.back} />
          <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
        </Flex>
        {body}
        <Flex gap={8} justify="flex-end">
          <Button onClick={pageGuard.requestClose}>{az.form.cancel}</Button>
          <Button type="primary" loading={state.isSaving} disabled={isBlocked} onClick={() => state.form.submit()} data-testid="resource-save">
            {az.form.save}
          </Button>
        </Flex>
      </Card>
    );
  }
  return (
    <FormModal
      open
      form={state.form}
      onClose={onClose}
      width={def.modalWidth ?? RESOURCE_MODAL_WIDTH}
      title={title}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onOk={() => state.form.submit()}
      confirmLoading={state.isSaving}
      okButtonProps={{ disabled: isBlocked, 'data-testid': 'resource-save' } as ButtonProps}
      destroyOnHidden
    >
      {body}
    </FormModal>
  );
}
