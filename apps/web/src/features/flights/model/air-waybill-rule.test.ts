import { ZAirwaybillChange, ZFlightClose } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';
import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, test } from 'vitest';
import { zodRule } from '../../../shared/form/zod-rule';
import { toAirWaybillWire } from './flight-form';

/** What antd does with a rule: the validator resolves (valid) or rejects with the field's message. */
async function check(schema: typeof ZFlightClose | typeof ZAirwaybillChange, field: string, values: Record<string, unknown>): Promise<string | null> {
  const toWire = (v: Record<string, unknown>) => ({ flight_id: 7, limit: '400', ...v, [field]: toAirWaybillWire(v[field] as string | undefined) });
  const rule = zodRule(schema, field, toWire as never) as (form: FormInstance) => RuleObject;
  const { validator } = rule({ getFieldsValue: () => values } as unknown as FormInstance);
  try {
    await validator!({} as never, values[field], () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('[FLIGHTS][WEB][AWB] the air waybill fields check the number before sending (issue 16)', () => {
  test('the close form: 123, ABC and a wrong check digit show the contract\'s text; empty is required', async () => {
    for (const airWaybill of ['123', 'ABC', '176-12345674']) {
      expect(await check(ZFlightClose, 'airWaybill', { airWaybill }), airWaybill).toBe(az.flights.airwaybillInvalid);
    }
    expect(await check(ZFlightClose, 'airWaybill', { airWaybill: '' })).toBe(az.errors.required);
    for (const airWaybill of ['176-12345675', '17612345675', '176 1234 5675']) {
      expect(await check(ZFlightClose, 'airWaybill', { airWaybill }), airWaybill).toBeNull();
    }
  });

  test('the change form checks the same way', async () => {
    expect(await check(ZAirwaybillChange, 'airwaybill', { airwaybill: '235-99999999' })).toBe(az.flights.airwaybillInvalid);
    expect(await check(ZAirwaybillChange, 'airwaybill', { airwaybill: '235 9999 9992' })).toBeNull();
  });

  test('the forms send the normalised number (and what was typed when it is not one)', () => {
    expect(toAirWaybillWire('176 1234 5675')).toBe('176-12345675');
    expect(toAirWaybillWire(' 17612345675 ')).toBe('176-12345675');
    expect(toAirWaybillWire(' 123 ')).toBe('123');
    expect(toAirWaybillWire(undefined)).toBe('');
  });
});
