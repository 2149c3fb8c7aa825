import { az } from '@app/contract/texts/az';
import { Form } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { mapServerErrors } from '../form/map-server-errors';
import { useTouchedErrors } from '../form/use-touched-errors';
import { zodRule } from '../form/zod-rule';
import { useToast } from '../toast/toast-provider';
import { toWireForm, useResourceRow, useSaveResource } from './resource-api';
import { ResourceFields } from './resource-fields';
import type { FieldContext, FormMode, FormValues, ResourceDefinition } from './types';

type AnyDef = ResourceDefinition<{ id: number }, FormValues>;

/** A stored row → form values: the declared fields picked from the row (or the list's own mapping). */
export function rowToValues(def: AnyDef, row: Record<string, unknown>): FormValues {
  if (def.toValues) return def.toValues(row as { id: number });
  const values: FormValues = {};
  for (const field of def.fields ?? []) if (field.name in row) values[field.name] = row[field.name];
  return values;
}

/**
 * The create/update form of a list: loads the row on update, validates each field with the
 * contract's schema (errors after touch), sends the form, maps 422 field errors onto the fields.
 */
export function useResourceForm(def: AnyDef, mode: FormMode, key: Record<string, number> | null, onSaved: (id: number) => void) {
  const [form] = Form.useForm<FormValues>();
  const toast = useToast();
  const touched = useTouchedErrors(form);
  const existing = useResourceRow<Record<string, unknown>>(def, mode === 'update' ? key : null);
  const save = useSaveResource(def);
  const lookups = def.useOptions?.() ?? { options: {}, isLoading: false };
  const [formError, setFormError] = useState<string | null>(null);
  const values = (Form.useWatch([], { form, preserve: true }) ?? {}) as FormValues;

  useEffect(() => {
    if (existing.data) form.setFieldsValue(rowToValues(def, existing.data));
  }, [existing.data, form, def]);

  const schema = mode === 'update' ? (def.schema?.update ?? def.schema?.create) : def.schema?.create;
  const toWire = (all: FormValues) => ({ ...toWireForm(def.fields, all), ...(mode === 'update' ? key : {}) });
  const rule = (name: string) => (schema ? zodRule(schema, name, toWire as never) : {});
  const ctx: FieldContext = { values, mode, form };

  const submit = async (all: FormValues) => {
    setFormError(null);
    try {
      const reply = await save.mutateAsync({ form: toWire(all), isUpdate: mode === 'update' });
      void toast.success(mode === 'update' ? az.form.saved : az.settingsLists.created);
      onSaved(reply.data?.id ?? key?.[def.api.key] ?? 0);
    } catch (error) {
      const rest = mapServerErrors(form, error);
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  const initialValues = useMemo(() => (mode === 'create' ? (def.defaults ?? {}) : {}), [def, mode]);

  const fields = (
    <ResourceFields
      fields={def.fields ?? []}
      ctx={ctx}
      options={lookups.options}
      isLoading={lookups.isLoading}
      rule={rule}
      hideUntilTouched={(name) => touched.hideUntilTouched(name)}
    />
  );

  return {
    form,
    fields,
    initialValues,
    submit,
    formError,
    existing,
    isSaving: save.isPending,
    isLoading: mode === 'update' && existing.isLoading,
    onFieldsChange: touched.onFieldsChange,
    onFinishFailed: touched.markSubmitted,
  };
}
