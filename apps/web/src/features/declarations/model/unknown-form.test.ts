import { describe, expect, test } from 'vitest';
import { buildUnknownEditValues, toUnknownWireForm } from './unknown-form';

describe('unknown declaration form', () => {
  test('edit values come from the detail; the wire form keeps blanks as "" and adds the id', () => {
    const values = buildUnknownEditValues({
      id: 4, conflicted_declaration_id: 4, trackCode: 'NB1', globalTrackCode: null, countryId: 2, user: null, branch: { id: 1, name: 'Baş ofis' },
      basket: { id: 7, name: 'S-7' }, productType: null, shop: null, weight: '0.40', price: null, quantity: 2, type: 1, description: null,
      file: null, status: { id: 90, name: 'Naməlum' }, declarationId: null, causer: null, createdAt: '2026-01-01 10:00:00', deletedAt: null,
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
