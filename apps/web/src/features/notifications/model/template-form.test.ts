import type { TemplateRow } from '@app/contract/notifications';
import { describe, expect, test } from 'vitest';
import { fromTemplateRow, hasTitle, NEW_TEMPLATE, toTemplateWire } from './template-form';

const ROW: TemplateRow = {
  id: 7, name: 'Anbarda', title: '', body: 'Salam {customer_name}', html_template_id: 0, model_id: 2, model_name: 'Bağlamalar',
  state_id: 9, state_name: 'Anbarda', tariff_category_id: 0, tariff_category_name: '', template_type_id: 4,
  template_type_name: 'WhatsApp', lang: 'ru', active: 0, delay: 15, created_at: '2026-11-27 10:00:00',
};

describe('template form ↔ wire', () => {
  test('[NOTIFIER][TEMPLATES] a row opens in the form with its channel, language, status and the wire\'s 0s as empty', () => {
    expect(fromTemplateRow(ROW)).toEqual({
      name: 'Anbarda', title: '', body: 'Salam {customer_name}', template_type_id: 4, model_id: 2, state_id: 9,
      tariff_category_id: null, html_template_id: null, lang: 'ru', active: false, delay: 15,
    });
  });

  test('[NOTIFIER][TEMPLATES] saving sends the multipart fields of the requests file, template_id on edit', () => {
    const wire = toTemplateWire({ ...fromTemplateRow(ROW), active: true }, 7);
    expect(wire).toEqual({
      template_id: '7', name: 'Anbarda', title: '', body: 'Salam {customer_name}', template_type_id: '4', model_id: '2',
      state_id: '9', tariff_category_id: '', lang: 'ru', active: '1', delay: '15',
    });
    expect('html_template_id' in wire).toBe(false);
  });

  test('[NOTIFIER][TEMPLATES] a new template has no template_id; an html template is sent only when set', () => {
    const wire = toTemplateWire({ ...NEW_TEMPLATE, name: '  Yeni ', body: 'x', html_template_id: 3 });
    expect(wire.template_id).toBeUndefined();
    expect(wire.name).toBe('Yeni');
    expect(wire.html_template_id).toBe('3');
    expect(wire.active).toBe('1');
    expect(wire.state_id).toBe('');
  });

  test('[NOTIFIER][TEMPLATES] only e-mail and push have a title', () => {
    expect([1, 2, 3, 4].map((id) => hasTitle(id as 1 | 2 | 3 | 4))).toEqual([false, true, true, false]);
  });
});
