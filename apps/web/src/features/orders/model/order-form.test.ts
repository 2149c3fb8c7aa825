import type { OrderRow } from '@app/contract/orders';
import { describe, expect, test } from 'vitest';
import {
  buildOrderCreateDefaults,
  buildOrderEditValues,
  computeAmountDue,
  currencyOfCountry,
  currencySignOfCountry,
  describePriceChange,
  fillFromPreview,
  normalizePreviewAmount,
  toOrderWireForm,
  validateOrderForm,
  type OrderFormValues,
  type PreviewFill,
} from './order-form';

const values = (patch: Partial<OrderFormValues> = {}): OrderFormValues => ({ ...buildOrderCreateDefaults(), ...patch });
const preview = (patch: Partial<PreviewFill> = {}): PreviewFill => ({
  name: 'Kadın Oversize Sweatshirt',
  brand: 'Koton',
  shop: 'Trendyol',
  color: 'Siyah',
  price: { amount: '449.99', currency: 'TRY' },
  ...patch,
});

describe('[ORDERS][FORM] spec §9: the price currency follows the country', () => {
  test('₺ (TRY) for Turkey (1), $ (USD) for America (2) and any other country', () => {
    expect([currencyOfCountry(1), currencySignOfCountry(1)]).toEqual(['TRY', '₺']);
    expect([currencyOfCountry(2), currencySignOfCountry(2)]).toEqual(['USD', '$']);
    expect(currencyOfCountry(7)).toBe('USD');
  });
  test('a new form starts on Turkey with quantity 1 and no domestic shipping', () => {
    expect(buildOrderCreateDefaults()).toMatchObject({ country_id: 1, quantity: '1', cargo_price: '0', urgent: false });
  });
});

describe('[ORDERS][FORM] amount due = round2((price × quantity + cargo) × (1 + percent/100))', () => {
  test('exact decimals, half up', () => {
    // (449.99 × 2 + 29.99) × 1.05 = 929.97 × 1.05 = 976.4685 → 976.47
    expect(computeAmountDue('449.99', '2', '29.99', '5')).toBe('976.47');
    // 0.10 × 3 × 1.05 = 0.315 → 0.32 (floats give 0.31)
    expect(computeAmountDue('0.10', 3, '0', 5)).toBe('0.32');
    expect(computeAmountDue('100', '1', '', '0')).toBe('100.00');
    expect(computeAmountDue('10', '1', '0', '2.5')).toBe('10.25');
  });
  test('nothing while price or quantity is not a number yet', () => {
    expect(computeAmountDue('', '1', '0', 5)).toBeNull();
    expect(computeAmountDue('12', 'x', '0', 5)).toBeNull();
    expect(computeAmountDue('12.345', '1', '0', 5)).toBeNull();
  });
});

describe('[ORDERS][FORM] a preview fills only the empty fields', () => {
  test('an empty Turkish order takes shop, colour, the lira price and the name as description', () => {
    expect(fillFromPreview(values(), preview())).toEqual({
      shop_name: 'Trendyol', color: 'Siyah', price: '449.99', descr: 'Koton Kadın Oversize Sweatshirt',
    });
  });
  test('what the person typed stays', () => {
    const patch = fillFromPreview(values({ shop_name: 'Mağazam', color: 'Qırmızı', price: '400', descr: 'qeyd' }), preview());
    expect(patch).toEqual({});
  });
  test('a dollar price never lands in a lira order, and the other way round', () => {
    expect(fillFromPreview(values({ country_id: 1 }), preview({ price: { amount: '19.99', currency: 'USD' } })).price).toBeUndefined();
    expect(fillFromPreview(values({ country_id: 2 }), preview({ price: { amount: '19.99', currency: 'USD' } })).price).toBe('19.99');
    expect(fillFromPreview(values({ country_id: 2 }), preview()).price).toBeUndefined();
  });
  test('a zero price counts as empty; a name already starting with the brand is not doubled', () => {
    const patch = fillFromPreview(values({ price: '0' }), preview({ name: 'Koton Sweatshirt' }));
    expect(patch.price).toBe('449.99');
    expect(patch.descr).toBe('Koton Sweatshirt');
  });
  test('shop prices in local notation become plain decimals', () => {
    expect(normalizePreviewAmount('1.299,90')).toBe('1299.90');
    expect(normalizePreviewAmount('1,299.90')).toBe('1299.90');
    expect(normalizePreviewAmount('899 TL')).toBe('899.00');
    expect(normalizePreviewAmount('')).toBeNull();
  });
});

describe('[ORDERS][FORM] spec §5 order field errors', () => {
  test('customer, link and price are required; quantity at least 1', () => {
    const errors = validateOrderForm(values({ quantity: '0' }));
    expect(Object.keys(errors).sort()).toEqual(['price', 'quantity', 'url', 'user_id']);
    expect(errors.user_id).toBe('Bu sahə mütləqdir');
  });
  test('a link must be http(s); prices have at most 2 decimals', () => {
    const errors = validateOrderForm(values({ user_id: 5, url: 'ftp://shop.test/x', price: '1.999', cargo_price: 'abc' }));
    expect(errors).toMatchObject({ url: expect.any(String), price: expect.any(String), cargo_price: expect.any(String) });
  });
  test('a complete form passes', () => {
    expect(validateOrderForm(values({ user_id: 5, url: 'https://www.trendyol.com/x-p-1', price: '449.99' }))).toEqual({});
  });
});

describe('[ORDERS][FORM] wire form and a paid order\'s price change', () => {
  const order = {
    id: 12, user_id: 5, country_id: 2, url: 'https://amazon.test/dp/1', shop_name: 'Amazon', product_type_id: 3, color: '', size: 'M',
    quantity: 2, price: '10.00', cargo_price: '1.50', urgent: 1, waiting: '2026-12-01 00:00:00', descr: null, coupon_id: 0, payed: 1,
  } as unknown as OrderRow;
  test('the edit form reads the order and sends order_id with the wire names', () => {
    const form = toOrderWireForm(buildOrderEditValues(order), 12);
    expect(form).toMatchObject({
      order_id: 12, user_id: 5, country_id: 2, url: 'https://amazon.test/dp/1', quantity: '2', price: '10.00', cargo_price: '1.50',
      urgent: '1', size: 'M', product_type_id: 3, waiting: '2026-12-01',
    });
    expect(form).not.toHaveProperty('coupon_id');
  });
  test('a paid order: a higher total is a debt, a lower one a refund, the same none', () => {
    const edit = buildOrderEditValues(order);
    expect(describePriceChange(order, { ...edit, price: '12.00' })).toBe('debt');
    expect(describePriceChange(order, { ...edit, quantity: '1' })).toBe('refund');
    expect(describePriceChange(order, edit)).toBe('none');
    expect(describePriceChange({ ...order, payed: 0 }, { ...edit, price: '99' })).toBe('none');
  });
});
