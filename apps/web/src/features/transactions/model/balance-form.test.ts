import { describe, expect, test } from 'vitest';
import { DEFAULT_BALANCE_FORM, paymentTypeAfterTypeChange, paymentTypeOptions, recomputeAmounts, toBalanceWireForm } from './balance-form';

describe('spec §5 payment types per direction', () => {
  test('income: cash, gift, terminal and refund, refund disabled', () => {
    expect(paymentTypeOptions(1).map((o) => [o.value, o.label, o.disabled])).toEqual([
      [1, 'Nağd', false], [8, 'Hədiyyə', false], [3, 'Terminal', false], [6, 'İadə', true],
    ]);
  });
  test('expense: cash and fine only', () => {
    expect(paymentTypeOptions(2).map((o) => o.value)).toEqual([1, 5]);
    expect(paymentTypeOptions(2).every((o) => !o.disabled)).toBe(true);
  });
  test('switching direction keeps an allowed payment type, else falls back to cash', () => {
    expect(paymentTypeAfterTypeChange(2, 1)).toBe(1);
    expect(paymentTypeAfterTypeChange(2, 8)).toBe(1);
    expect(paymentTypeAfterTypeChange(1, 5)).toBe(1);
    expect(paymentTypeAfterTypeChange(1, 3)).toBe(3);
    expect(paymentTypeAfterTypeChange(1, 6)).toBe(1);
  });
});

describe('spec §5 AZN amount from the day\'s rate, both ways', () => {
  test('amount × rate, 2 decimals half up', () => {
    expect(recomputeAmounts('amount', { amount: '10', amount_azn: '' }, '1.7000')).toEqual({ amount: '10', amount_azn: '17.00' });
    expect(recomputeAmounts('amount', { amount: '0.03', amount_azn: '' }, '1.7')).toEqual({ amount: '0.03', amount_azn: '0.05' });
    expect(recomputeAmounts('amount', { amount: '100', amount_azn: '' }, '0.0410')).toEqual({ amount: '100', amount_azn: '4.10' });
    // the amount is taken to the cent first (12.35), as the server reads it
    expect(recomputeAmounts('amount', { amount: '12.345', amount_azn: '' }, '1.7')).toEqual({ amount: '12.345', amount_azn: '21.00' });
  });
  test('AZN ÷ rate back to the amount', () => {
    expect(recomputeAmounts('amount_azn', { amount: '', amount_azn: '17' }, '1.7')).toEqual({ amount: '10.00', amount_azn: '17' });
    expect(recomputeAmounts('amount_azn', { amount: '', amount_azn: '10' }, '1.7')).toEqual({ amount: '5.88', amount_azn: '10' });
    expect(recomputeAmounts('amount_azn', { amount: '', amount_azn: '1' }, '0.041')).toEqual({ amount: '24.39', amount_azn: '1' });
  });
  test('a currency change recomputes AZN from the amount at the new rate; clearing clears; no rate changes nothing', () => {
    expect(recomputeAmounts('currency', { amount: '100', amount_azn: '170.00' }, '0.041')).toEqual({ amount: '100', amount_azn: '4.10' });
    expect(recomputeAmounts('amount', { amount: '', amount_azn: '17.00' }, '1.7')).toEqual({ amount: '', amount_azn: '' });
    expect(recomputeAmounts('amount', { amount: '5', amount_azn: '' }, undefined)).toEqual({ amount: '5', amount_azn: '' });
  });
  test('back-computed amounts agree with the server\'s ±0.01 check (amount × rate within a cent of the AZN typed)', () => {
    for (const azn of ['1', '10', '33.33', '99.99', '250']) {
      const { amount } = recomputeAmounts('amount_azn', { amount: '', amount_azn: azn }, '1.7');
      const back = recomputeAmounts('amount', { amount, amount_azn: '' }, '1.7').amount_azn;
      expect(Math.abs(Math.round(Number(back) * 100) - Math.round(Number(azn) * 100))).toBeLessThanOrEqual(1);
    }
  });
});

test('the wire form trims and names the fields as pay/balance takes them', () => {
  expect(toBalanceWireForm({ ...DEFAULT_BALANCE_FORM, user_id: 7, amount: ' 10 ', amount_azn: '17.00', descr: '  x ' })).toEqual({
    user_id: 7, amount: '10', currency: 'USD', amount_azn: '17.00', type: 1, payment_type: 1, descr: 'x',
  });
});
