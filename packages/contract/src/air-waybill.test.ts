import { describe, expect, test } from 'vitest';
import { airWaybillCheckDigit, hasValidAirWaybillCheckDigit, normalizeAirWaybill, zAirWaybill } from './air-waybill';
import { ZAirwaybillChange, ZFlightClose } from './flights';
import { az } from './texts/az';

describe('[CONTRACT][AWB] IATA air waybill numbers', () => {
  test('the check digit is the first seven digits of the serial modulo 7', () => {
    expect(airWaybillCheckDigit('1234567')).toBe(5); // 1234567 = 7 × 176366 + 5
    expect(airWaybillCheckDigit('0000000')).toBe(0);
    expect(airWaybillCheckDigit('9999999')).toBe(2);
    expect(airWaybillCheckDigit('0000006')).toBe(6);
    expect(airWaybillCheckDigit('0000007')).toBe(0);
    expect(hasValidAirWaybillCheckDigit('12345675')).toBe(true);
    expect(hasValidAirWaybillCheckDigit('12345674')).toBe(false);
    expect(hasValidAirWaybillCheckDigit('12345679')).toBe(false); // 7, 8, 9 can never be a check digit
    expect(hasValidAirWaybillCheckDigit('1234567')).toBe(false);
    expect(hasValidAirWaybillCheckDigit('1234567a')).toBe(false);
  });

  test('the typed forms become 176-12345675', () => {
    for (const typed of ['176-12345675', '17612345675', '176 1234 5675', '176 12345675', '176-1234 5675', '  176-12345675\t']) {
      expect(normalizeAirWaybill(typed), typed).toBe('176-12345675');
    }
  });

  test('anything else is not an air waybill', () => {
    for (const typed of ['', '123', 'ABC', '176-12345674', '176-1234567', '176-123456750', '1761-2345675', '76-12345675', '176.12345675',
      '176--12345675', 'ABC-12345675', '176-1234567٥', '１７６-12345675']) {
      expect(normalizeAirWaybill(typed), typed).toBeNull();
    }
  });

  test('the schema: blank is "required", a wrong number names the form, a right one is parsed normalised', () => {
    const messages = (value: unknown) => {
      const result = zAirWaybill.safeParse(value);
      return result.success ? result.data : result.error.issues.map((i) => i.message);
    };
    expect(messages('176 1234 5675')).toBe('176-12345675');
    expect(messages('123')).toEqual([az.flights.airwaybillInvalid]);
    expect(messages('x'.repeat(65))).toHaveLength(1);
    expect(zAirWaybill.safeParse('   ').error?.issues[0]?.code).toBe('too_small');
  });

  test('every form that takes an air waybill uses it', () => {
    expect(ZFlightClose.parse({ flight_id: 1, airWaybill: '17612345675' }).airWaybill).toBe('176-12345675');
    expect(ZAirwaybillChange.parse({ flight_id: 1, airwaybill: '176 1234 5675' }).airwaybill).toBe('176-12345675');
    expect(ZFlightClose.safeParse({ flight_id: 1, airWaybill: 'ABC' }).error?.issues.map((i) => [i.path.join('.'), i.message]))
      .toEqual([['airWaybill', az.flights.airwaybillInvalid]]);
    expect(ZAirwaybillChange.safeParse({ flight_id: 1, airwaybill: '176-12345674' }).error?.issues.map((i) => [i.path.join('.'), i.message]))
      .toEqual([['airwaybill', az.flights.airwaybillInvalid]]);
  });
});
