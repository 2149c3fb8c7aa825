import { describe, expect, test } from 'vitest';
import { customerLabel, parcelsSummary, paymentParts } from './handover-history';

describe('handover history rows', () => {
  test('the first three track codes and how many more', () => {
    expect(parcelsSummary({ track_codes: ['A1', 'A2'], count: 2 })).toEqual({ codes: ['A1', 'A2'], more: null });
    expect(parcelsSummary({ track_codes: ['A1', 'A2', 'A3', 'A4', 'A5'], count: 5 })).toEqual({ codes: ['A1', 'A2', 'A3'], more: '+2' });
  });

  test('only the parts that were paid; nothing due is a dash', () => {
    expect(paymentParts({ cash_azn: '30.00', terminal_azn: '0.00', balance_azn: '0.00' })).toBe('Nağd: 30.00');
    expect(paymentParts({ cash_azn: '5.00', terminal_azn: '10.50', balance_azn: '1.70' })).toBe('Nağd: 5.00 · Terminal: 10.50 · Balansdan: 1.70');
    expect(paymentParts({ cash_azn: '0.00', terminal_azn: '0.00', balance_azn: '0.00' })).toBe('—');
  });

  test('customer: code and name, or the id when the name is blank', () => {
    expect(customerLabel({ user_id: 7, user_code: 'C100', user_name: 'Aysel Quliyeva' })).toBe('C100 · Aysel Quliyeva');
    expect(customerLabel({ user_id: 7, user_code: null, user_name: '' })).toBe('#7');
  });
});
