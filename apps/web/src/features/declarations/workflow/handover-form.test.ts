import { aznToUsdCeil, usdToAzn, type HandoverDetails } from '@app/contract/declaration-workflow';
import { az, fill } from '@app/contract/texts/az';
import { describe, expect, test } from 'vitest';
import { describeHandover, handoverBlocker, initialHandoverValues, toHandoverWireForm, withBalance, withCash, withCashFollowing, withPackage, withTerminal } from './handover-form';

const details = (azn: string, balanceUsd = '0.00'): HandoverDetails => ({
  user: { id: 1, code: '100001', name: 'Elvin', surname: 'Məmmədov', phone: null },
  declarations: [],
  credit: { try: '0.00', azn: '0.00' },
  deliveryCredit: { usd: '0.00', azn },
  balance: { usd: balanceUsd, try: '0.00' },
  debt: { total: azn, minimum: azn, all: azn, packageAmount: '0.00' },
  packagePrices: { small: '0.50', medium: '1.00', big: '2.00' },
});

describe('handover money math (spec §5, §9)', () => {
  test('AZN = USD × 1.7 with exact cents', () => {
    expect(usdToAzn('15.55')).toBe('26.44'); // 26.435 half up
    expect(usdToAzn('0.10')).toBe('0.17');
    expect(usdToAzn('1234567.89')).toBe('2098765.41');
    expect(aznToUsdCeil('5.20')).toBe('3.06');
  });

  test('cash starts at the debt; paying it exactly is enough, refund 0', () => {
    const d = details('26.44');
    const math = describeHandover(d, initialHandoverValues(d));
    expect(math).toMatchObject({ totalAzn: '26.44', shortfall: '0.00', refund: '0.00', isEnough: true });
  });

  test("opened from a queue entry: the entry's package counts (clamped to 0–20) and their price are in the cash", () => {
    const d = details('10.00');
    const v = initialHandoverValues(d, { small: 2, medium: 1, big: 30 });
    expect(v.packages).toEqual({ small: 2, medium: 1, big: 20 });
    expect(v.cash).toBe('52.00'); // 10 + 2 × 0.50 + 1.00 + 20 × 2.00
    expect(describeHandover(d, v)).toMatchObject({ packageAzn: '42.00', totalAzn: '52.00', shortfall: '0.00', refund: '0.00' });
  });

  test('tolerance: 0.20 short passes, 0.21 short is blocked with the message', () => {
    const d = details('17.00');
    expect(handoverBlocker(describeHandover(d, { ...initialHandoverValues(d), cash: '16.80' }))).toBeNull();
    expect(handoverBlocker(describeHandover(d, { ...initialHandoverValues(d), cash: '16.79' }))).toBe('Balansda kifayət qədər vəsait yoxdur: 0.21 ₼ çatmır');
  });

  test('terminal is capped at the total and cash becomes total − terminal, never below 0', () => {
    const d = details('10.00');
    const v = withTerminal(d, initialHandoverValues(d), '4.25');
    expect(v).toMatchObject({ terminal: '4.25', cash: '5.75' });
    const over = withTerminal(d, v, '15');
    expect(over).toMatchObject({ terminal: '10.00', cash: '0.00' });
  });

  test('package buttons clamp to 0–20 and add their settings price', () => {
    const d = details('10.00');
    let v = initialHandoverValues(d);
    v = withPackage(d, v, 'small', -1);
    expect(v.packages.small).toBe(0);
    for (let i = 0; i < 25; i++) v = withPackage(d, v, 'big', 1);
    expect(v.packages.big).toBe(20);
    v = withPackage(d, v, 'small', 1);
    const math = describeHandover(d, v);
    expect(math.packageAzn).toBe('40.50');
    expect(math.totalAzn).toBe('50.50');
    expect(v.cash).toBe('50.50');
  });

  test('refund = received − due; the balance covers the rest only when chosen', () => {
    const d = details('13.60', '10.00');
    expect(describeHandover(d, { ...initialHandoverValues(d), cash: '20' }).refund).toBe('6.40');
    const withBalance = describeHandover(d, { ...initialHandoverValues(d), cash: '5', terminal: '3.40', useBalance: true });
    expect(withBalance).toMatchObject({ balanceUsedUsd: '3.06', balanceUsedAzn: '5.20', isEnough: true });
    expect(handoverBlocker(describeHandover(d, { ...initialHandoverValues(d), cash: '5', terminal: '3.40' }))).toBe(fill(az.declarationWorkflow.notEnoughBalanceBy, { AMOUNT: '5.20' }));
  });

  test('the shortfall is named and the message goes as soon as the amounts cover the debt (issue 16)', () => {
    const d = details('29.40');
    let v = withCash(initialHandoverValues(d), '17');
    expect(handoverBlocker(describeHandover(d, v))).toBe('Balansda kifayət qədər vəsait yoxdur: 12.40 ₼ çatmır');
    v = withTerminal(d, v, '12');
    expect(handoverBlocker(describeHandover(d, v))).toBe('Balansda kifayət qədər vəsait yoxdur: 0.40 ₼ çatmır');
    v = withTerminal(d, v, '12.20'); // 0.20 short: within the tolerance
    expect(handoverBlocker(describeHandover(d, v))).toBeNull();
  });

  test('typed cash is kept when the package counts change; untyped cash follows the total (issue 16)', () => {
    const d = details('10.00');
    // untyped: cash follows total − terminal
    let auto = withTerminal(d, initialHandoverValues(d), '3');
    auto = withPackage(d, auto, 'big', 1);
    expect(auto).toMatchObject({ cash: '9.00', terminal: '3' }); // 12.00 − 3
    // typed: 20 ₼ handed over stays 20 whatever the packages, the change grows or shrinks
    let typed = withCash(initialHandoverValues(d), '20');
    for (let i = 0; i < 3; i++) typed = withPackage(d, typed, 'medium', 1);
    expect(typed.cash).toBe('20');
    expect(describeHandover(d, typed)).toMatchObject({ totalAzn: '13.00', refund: '7.00' });
    typed = withPackage(d, typed, 'big', 1);
    typed = withTerminal(d, typed, '1');
    expect(typed).toMatchObject({ cash: '20', terminal: '1' });
    // "Hesabla" gives the cash back to the total: 15.00 − 1 terminal
    expect(withCashFollowing(d, typed)).toMatchObject({ cash: '14.00', cashTyped: false });
  });

  test('typed cash stays even when emptied; package counts stay 0–20', () => {
    const d = details('5.00');
    let v = withCash(initialHandoverValues(d), '');
    v = withPackage(d, v, 'small', 1);
    expect(v.cash).toBe('');
    expect(handoverBlocker(describeHandover(d, v))).toBe('Balansda kifayət qədər vəsait yoxdur: 5.50 ₼ çatmır');
  });

  test('using the balance lowers untyped cash to what the balance leaves; typed cash stays', () => {
    const d = details('17.00', '4.00'); // 4 $ = 6.80 ₼
    const v = withBalance(d, initialHandoverValues(d), true);
    expect(v.cash).toBe('10.20');
    expect(describeHandover(d, v)).toMatchObject({ balanceUsedUsd: '4.00', isEnough: true, refund: '0.00' });
    expect(withBalance(d, v, false).cash).toBe('17.00');
    expect(withBalance(d, withCash(initialHandoverValues(d), '17'), true).cash).toBe('17');
  });

  test('wire form', () => {
    const d = details('1.70');
    expect(toHandoverWireForm([3, 4], { ...initialHandoverValues(d), packages: { small: 1, medium: 0, big: 2 } })).toEqual({
      declaration_id: '3,4', cash: '1.70', terminal: '0', use_balance: 0, small_package: 1, medium_package: 0, big_package: 2,
    });
  });
});
