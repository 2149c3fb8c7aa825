import type { SettingGroupId, SettingOption } from '@app/contract/settings';
import { az } from '@app/contract/texts/az';
import { Alert, Button, Checkbox, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { DecimalInput } from '../../../shared/form/decimal-input';
import { IntegerInput } from '../../../shared/form/integer-input';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { zodRule } from '../../../shared/form/zod-rule';
import { useToast } from '../../../shared/toast/toast-provider';
import { useSaveSettingGroup } from '../groups-api';
import {
  fieldLabel, schemaOf, SETTING_FIELDS, toFormValues, toWireForm, type SettingField, type SettingFormValues,
} from '../model/setting-forms';

export interface SettingGroupFormProps {
  groupId: SettingGroupId;
  /** The group's stored values (or the chosen country's / branch's entry). */
  stored: Record<string, unknown> | undefined;
  options: Record<string, SettingOption[]> | undefined;
  /** The country or branch a keyed group (warehouse, contact) saves. */
  entryKey?: number | null;
}

/** The input of a field; Form.Item gives it value, onChange and id, so it is returned as the item's direct child. */
function renderInput(field: SettingField, options: Record<string, SettingOption[]> | undefined) {
  switch (field.kind) {
    case 'decimal':
      return <DecimalInput />;
    case 'integer':
      return <IntegerInput />;
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />;
    case 'select':
      return <SearchSelect options={(options?.[field.options ?? ''] ?? []).map((o) => ({ value: o.id, label: o.name }))} />;
    case 'list':
      return <Input placeholder={az.settingsUi.listHint} />;
    default:
      return <Input autoComplete="off" />;
  }
}

/**
 * One setting group's form (spec §2 "Settings screens"), opening on `stored` (the parent keys it
 * by entry to reload it): validated by the contract's schema, errors shown after a field is touched
 * (spec §5), the server's 422 field errors put on the fields, 'Dəyişikliklər yadda saxlanıldı' when saved.
 */
export function SettingGroupForm({ groupId, stored, options, entryKey }: SettingGroupFormProps) {
  const [form] = Form.useForm<SettingFormValues>();
  const toast = useToast();
  const save = useSaveSettingGroup(groupId);
  const touched = useTouchedErrors(form);
  const [formError, setFormError] = useState<string | null>(null);
  const fields = SETTING_FIELDS[groupId];
  const toWire = (values: SettingFormValues) => toWireForm(groupId, values, entryKey);

  const submit = async (values: SettingFormValues) => {
    setFormError(null);
    try {
      const reply = await save.mutateAsync(toWire(values));
      void toast.success(reply.message || az.settingsUi.saved);
    } catch (error) {
      touched.markSubmitted();
      const rest = mapServerErrors(form, error);
      if (rest) setFormError(rest);
    }
  };

  return (
    <Form<SettingFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={toFormValues(groupId, stored)}
      onFieldsChange={touched.onFieldsChange}
      onFinish={(values) => void submit(values)}
      onFinishFailed={touched.markSubmitted}
      data-testid={`settings-form-${groupId}`}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Row gutter={16}>
        {fields.map((field) => (
          <Col key={field.name} xs={24} md={field.kind === 'textarea' ? 24 : 12}>
            {field.kind === 'flag' ? (
              <Form.Item name={field.name} valuePropName="checked" {...touched.hideUntilTouched(field.name)}>
                <Checkbox data-testid={`setting-${field.name}`}>{fieldLabel(field.name)}</Checkbox>
              </Form.Item>
            ) : (
              <Form.Item
                name={field.name}
                label={fieldLabel(field.name)}
                rules={[zodRule(schemaOf(groupId), field.name, toWire as never)]}
                validateFirst
                {...touched.hideUntilTouched(field.name)}
                data-testid={`setting-${field.name}`}
              >
                {renderInput(field, options)}
              </Form.Item>
            )}
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
        {az.settingsUi.save}
      </Button>
    </Form>
  );
}
