import { describe, expect, test } from 'vitest';
import { orderSelectionUnits, sumSelection } from './selection-sum';

const row = (currency: 'TRY' | 'USD', price: string, quantity: number, cargo: string, debt = 0) =>
  ({ currency, price, quantity, cargo_price: cargo, diff_cargo_price: debt });

describe('[ORDERS][LIST] the selection sum: price × quantity + domestic shipping + shipping debt, per currency', () => {
  test('one order: 2 × 149.99 ₺ + 29.90 shipping + 5.12 shipping debt = 335.00 ₺', () => {
    expect(sumSelection([row('TRY', '149.99', 2, '29.90', 5.12)])).toEqual([{ currency: 'TRY', amount: '335.00' }]);
  });

  test('TRY and USD are summed apart, never added together; TRY first', () => {
    const sums = sumSelection([
      row('USD', '19.99', 1, '0.00'),
      row('TRY', '100.00', 3, '10.00'),
      row('USD', '5.01', 2, '1.50', 0.5),
      row('TRY', '0.10', 1, '0.20'),
    ]);
    expect(sums).toEqual([{ currency: 'TRY', amount: '310.30' }, { currency: 'USD', amount: '32.01' }]);
  });

  test('exact decimals: ten times 0.10 + 0.20 is 3.00, not 2.9999999999999996', () => {
    const rows = Array.from({ length: 10 }, () => row('USD', '0.10', 1, '0.20'));
    expect(sumSelection(rows)).toEqual([{ currency: 'USD', amount: '3.00' }]);
    // the floating-point sum a naive reduce would show
    expect(rows.reduce((sum, r) => sum + Number(r.price) + Number(r.cargo_price), 0)).not.toBe(3);
  });

  test('large amounts keep every cent (price 999999999.99 × 1000)', () => {
    expect(sumSelection([row('TRY', '999999999.99', 1000, '0.01')])).toEqual([{ currency: 'TRY', amount: '999999999990.01' }]);
  });

  test('a debt sent as a float (0.1 + 0.2) counts as 0.30', () => {
    expect(orderSelectionUnits(row('USD', '1.00', 1, '0.00', 0.1 + 0.2))).toBe(130n);
  });

  test('nothing selected: no sum at all; only the currencies of the selection are listed', () => {
    expect(sumSelection([])).toEqual([]);
    expect(sumSelection([row('USD', '1.00', 1, '0.00')]).map((s) => s.currency)).toEqual(['USD']);
  });
});
