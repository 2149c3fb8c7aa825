import { aznToUsdCeil, usdToAzn, type HandoverDetails } from '@app/contract/declaration-workflow';
import { az } from '@app/contract/texts/az';
import { describe, expect, test } from 'vitest';
import { describeHandover, handoverBlocker, initialHandoverValues, toHandoverWireForm, withPackage, withTerminal } from './handover-form';

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
    expect(handoverBlocker(describeHandover(d, { ...initialHandoverValues(d), cash: '16.79' }))).toBe(az.declarationWorkflow.notEnoughBalance);
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
    expect(handoverBlocker(describeHandover(d, { ...initialHandoverValues(d), cash: '5', terminal: '3.40' }))).toBe(az.declarationWorkflow.notEnoughBalance);
  });

  test('wire form', () => {
    const d = details('1.70');
    expect(toHandoverWireForm([3, 4], { ...initialHandoverValues(d), packages: { small: 1, medium: 0, big: 2 } })).toEqual({
      declaration_id: '3,4', cash: '1.70', terminal: '0', use_balance: 0, small_package: 1, medium_package: 0, big_package: 2,
    });
  });
});
