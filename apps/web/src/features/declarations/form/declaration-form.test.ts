import { ZDeclarationCreateForm, type DeclarationCombineReply } from '@app/contract/declarations';
import { az } from '@app/contract/texts/az';
import { describe, expect, test } from 'vitest';
import { listFieldIssues } from '../../../shared/form/zod-rule';
import { buildCombinedValues, buildCreateDefaults, checkDocument, toDeclarationWireForm, type DeclarationFormValues } from './declaration-form';

const filled = (): DeclarationFormValues => ({
  ...buildCreateDefaults(1),
  user_id: 42,
  product_type_id: 3,
  quantity: '2',
  weight: '1.25',
  price: '150.50',
  delivery_price: '7.40',
  shop_name: ' Trendyol ',
  global_track_code: ' TY123 ',
  container_id: 5,
});

const allGates = { canEditWeight: true, canChangeDeliveryPrice: true };
const noGates = { canEditWeight: false, canChangeDeliveryPrice: false };

describe('[DECLARATIONS][FORM] spec §3 "Declaration form payload"', () => {
  test('a new declaration: measure 1, status 7, type other, trimmed texts, no box', () => {
    const form = toDeclarationWireForm(filled(), allGates);
    expect(form).toMatchObject({
      measure_id: 1, state_id: 7, user_id: 42, country_id: 1, branch_id: 1, quantity: '2', price: '150.50',
      weight: '1.25', delivery_price: '7.40', type: 2, shop_name: 'Trendyol', global_track_code: 'TY123',
      is_special: false, tariff_category_id: 1, is_commercial: false,
    });
    expect(form).not.toHaveProperty('container_id');
    expect(form).not.toHaveProperty('declaration_id');
    expect(ZDeclarationCreateForm.safeParse(form).success).toBe(true);
  });

  test('without changedeliveryprice the price, special flag and tariff are left out; without changeweightdeclaration the weight', () => {
    const form = toDeclarationWireForm({ ...filled(), is_special: true, tariff_category_id: 4 }, noGates);
    expect(form).not.toHaveProperty('delivery_price');
    expect(form).not.toHaveProperty('is_special');
    expect(form).not.toHaveProperty('tariff_category_id');
    expect(form).not.toHaveProperty('weight');
  });

  test('is_special is true exactly when the tariff id is above 1', () => {
    expect(toDeclarationWireForm({ ...filled(), is_special: true, tariff_category_id: 4 }, allGates)).toMatchObject({ is_special: true, tariff_category_id: 4 });
    expect(toDeclarationWireForm({ ...filled(), is_special: false, tariff_category_id: 4 }, allGates)).toMatchObject({ is_special: false, tariff_category_id: 1 });
  });

  test('a blank delivery price is not sent (the server computes it from the tariffs)', () => {
    expect(toDeclarationWireForm({ ...filled(), delivery_price: ' ' }, allGates)).not.toHaveProperty('delivery_price');
  });

  test('liquid is type 1', () => {
    expect(toDeclarationWireForm({ ...filled(), is_liquid: true }, allGates).type).toBe(1);
  });

  test('edit carries the declaration id and the box; no status', () => {
    const form = toDeclarationWireForm(filled(), allGates, { declarationId: 9 });
    expect(form).toMatchObject({ declaration_id: 9, container_id: 5 });
    expect(form).not.toHaveProperty('state_id');
  });

  test('combined ids go with a create only; the document only when picked', () => {
    const file = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    const form = toDeclarationWireForm({ ...filled(), document: [file] }, allGates, { combinedIds: [3, 4] });
    expect(form.combined_id).toBe('3,4');
    expect(form.document_file).toBe(file);
    expect(toDeclarationWireForm(filled(), allGates)).not.toHaveProperty('document_file');
  });
});

describe('[DECLARATIONS][DOCUMENT] at most 10 MB, PDF, JPEG or PNG', () => {
  test('a PNG passes; a text file and an 11 MB PDF are refused with the contract texts', () => {
    expect(checkDocument(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(checkDocument(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(az.declarations.documentWrongType);
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' });
    expect(checkDocument(big)).toBe(az.declarations.documentTooLarge);
  });
});

describe('[DECLARATIONS][COMBINE] the create form prefilled from GET declaration/combine', () => {
  test('customer, country, branch and product type from the combined row; sums as they came; liquid when any was', () => {
    // the reply is the first declaration's row (declaration/info names) with the sums of all of them
    const combined = {
      id: 11, track_code: 'AZ11', user_id: 42, country_id: 2, branch_id: 4, product_type_id: 3, quantity: 3,
      weight: '0.75', price: '15.75', type: 1, shop_name: 'Trendyol, Temu', global_track_code: null, combined_id: [11, 12],
    } as DeclarationCombineReply['data'];
    const values = buildCombinedValues(combined, buildCreateDefaults(1));
    expect(values).toMatchObject({
      user_id: 42, country_id: 2, branch_id: 4, product_type_id: 3, quantity: '3', weight: '0.75', price: '15.75',
      is_liquid: true, shop_name: 'Trendyol, Temu', global_track_code: '',
    });
  });
});

describe('[DECLARATIONS][FORM][RANGES] issue 16: each field says its range, on the shared schema', () => {
  // The web shows these texts before saving; the API refuses the same values with the same texts.
  const issuesOf = (patch: Partial<DeclarationFormValues>) =>
    listFieldIssues(ZDeclarationCreateForm, toDeclarationWireForm({ ...filled(), ...patch }, allGates));

  test.each([
    ['weight', { weight: '99999999' }, 'Çəki 0.01–1000 kq arasında olmalıdır'],
    ['weight', { weight: '-2' }, 'Çəki 0.01–1000 kq arasında olmalıdır'],
    ['weight', { weight: '0' }, 'Çəki 0.01–1000 kq arasında olmalıdır'],
    ['weight', { weight: '1.255' }, 'Ən çox 2 onluq rəqəm yazıla bilər'],
    ['quantity', { quantity: '0' }, 'Miqdar 1–1000 ədəd arasında tam ədəd olmalıdır'],
    ['quantity', { quantity: '-1' }, 'Miqdar 1–1000 ədəd arasında tam ədəd olmalıdır'],
    ['quantity', { quantity: '1001' }, 'Miqdar 1–1000 ədəd arasında tam ədəd olmalıdır'],
    ['price', { price: '-5' }, 'Məhsulun dəyəri 0–100000 arasında olmalıdır'],
    ['price', { price: '100000.01' }, 'Məhsulun dəyəri 0–100000 arasında olmalıdır'],
    ['delivery_price', { delivery_price: '-0.5' }, 'Çatdırılma qiyməti 0–10000 $ arasında olmalıdır'],
    ['descr', { descr: 'a'.repeat(2001) }, 'Təsvir ən çox 2000 simvol ola bilər'],
    ['shop_name', { shop_name: 'm'.repeat(161) }, 'Ən çox 160 simvol ola bilər'],
  ] as const)('%s %j → %j', (field, patch, message) => {
    expect(issuesOf(patch)[field]).toBe(message);
  });

  test('the edges themselves pass: 0.01 and 1000 kq, 1 and 1000 pieces, a free product, 2000 characters', () => {
    for (const patch of [
      { weight: '0.01', quantity: '1', price: '0', descr: 'a'.repeat(2000) },
      { weight: '1000', quantity: '1000', price: '100000', delivery_price: '10000' },
      { weight: '12,5', price: '3,99' },
    ]) {
      expect(issuesOf(patch)).toEqual({});
    }
  });

  test('a blank required quantity says it is required, not a range', () => {
    expect(issuesOf({ quantity: '' }).quantity).toBe(az.errors.required);
  });
});
