import { describe, expect, test } from 'vitest';
import { buildUnknownEditValues, toUnknownWireForm } from './unknown-form';

describe('unknown declaration form', () => {
  test('edit values come from the detail; the wire form keeps blanks as "" and adds the id', () => {
    const values = buildUnknownEditValues({
      id: 4, conflicted_declaration_id: 4, track_code: 'NB1', global_track_code: '', country_id: 2, user_id: null, user_name: null, user_code: null,
      branch_id: 1, branch_name: 'Baş ofis', basket_id: '7', basket_name: 'S-7', product_type_id: null, product_type_name: null, shop_name: null,
      weight: '0.40', price: null, currency: 'USD', quantity: 2, type: 1, descr: null, document_file: null, state_id: 90, state_name: 'Naməlum',
      declaration_id: null, causer_id: null, causer_name: null, created_at: '2026-01-01 10:00:00', deleted_at: null,
    });
    expect(values).toMatchObject({ track_code: 'NB1', country_id: 2, branch_id: 1, basket_id: '7', quantity: '2', type: 1, weight: '0.40' });
    const wire = toUnknownWireForm(values, { id: 4, canEditWeight: false });
    expect(wire).toMatchObject({ conflicted_declaration_id: 4, track_code: 'NB1', user_id: '', basket_id: '7', price: '', quantity: '2' });
    expect(wire).not.toHaveProperty('weight');
    expect(wire).not.toHaveProperty('document_file');
  });

  test('the weight goes only with changeweightdeclaration; a picked document goes as the file', () => {
    const file = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const wire = toUnknownWireForm({ track_code: ' NB2 ', country_id: 1, weight: ' 1.5 ', document: [file] }, { canEditWeight: true });
    expect(wire).toMatchObject({ track_code: 'NB2', weight: '1.5', document_file: file });
    expect(wire).not.toHaveProperty('conflicted_declaration_id');
  });
});
