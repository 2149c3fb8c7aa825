import { TEMPLATE_LANGS, type TemplateRow, type TemplateTypeId } from '@app/contract/notifications';
import type { FormValue } from '../../../shared/http/http-client';

export type TemplateLang = (typeof TEMPLATE_LANGS)[number];

/** The template dialog's values (spec §3 "Notification template"; event = model + status). */
export interface TemplateFormValues {
  name: string;
  title: string;
  body: string;
  template_type_id: TemplateTypeId;
  model_id: number;
  state_id: number | null;
  tariff_category_id: number | null;
  html_template_id: number | null;
  lang: TemplateLang;
  active: boolean;
  delay: number;
}

/** A new template: an SMS in Azerbaijani for a parcel (model 2), active, sent at once. */
export const NEW_TEMPLATE: TemplateFormValues = {
  name: '',
  title: '',
  body: '',
  template_type_id: 1,
  model_id: 2,
  state_id: null,
  tariff_category_id: null,
  html_template_id: null,
  lang: 'az',
  active: true,
  delay: 0,
};

/** The wire's 0 / '' for "none" → null. */
const orNull = (value: number | null | undefined) => (value ? value : null);

export function fromTemplateRow(row: TemplateRow): TemplateFormValues {
  return {
    name: row.name,
    title: row.title,
    body: row.body,
    template_type_id: ([1, 2, 3, 4].includes(row.template_type_id) ? row.template_type_id : 1) as TemplateTypeId,
    model_id: row.model_id || 2,
    state_id: orNull(row.state_id),
    tariff_category_id: orNull(row.tariff_category_id),
    html_template_id: orNull(row.html_template_id),
    lang: ((TEMPLATE_LANGS as readonly string[]).includes(row.lang) ? row.lang : 'az') as TemplateLang,
    active: row.active === 1,
    delay: row.delay || 0,
  };
}

/**
 * templates/create|edit (multipart, requests file): flags '1'/'0', an empty status or tariff
 * category as '' (clears it on edit), html_template_id only when set; `template_id` on edit.
 */
export function toTemplateWire(values: TemplateFormValues, templateId?: number): Record<string, FormValue> {
  const wire: Record<string, FormValue> = {
    name: values.name.trim(),
    title: values.title ?? '',
    body: values.body ?? '',
    template_type_id: String(values.template_type_id),
    model_id: String(values.model_id),
    state_id: values.state_id ? String(values.state_id) : '',
    tariff_category_id: values.tariff_category_id ? String(values.tariff_category_id) : '',
    lang: values.lang,
    active: values.active ? '1' : '0',
    delay: String(values.delay ?? 0),
  };
  if (values.html_template_id) wire.html_template_id = String(values.html_template_id);
  return templateId ? { template_id: String(templateId), ...wire } : wire;
}

/** Whether a channel shows the title field (an e-mail's subject, a push's title; SMS and WhatsApp have none). */
export function hasTitle(typeId: TemplateTypeId): boolean {
  return typeId === 2 || typeId === 3;
}
