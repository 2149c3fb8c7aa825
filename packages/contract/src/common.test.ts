import { describe, expect, test } from 'vitest';
import { isCalendarDateTime, ZListQuery, zDecimal, zFile, zFlag, zId, zIdList, zInt, zNumber } from './common';
import { findUnsafeInput } from './text-safety';
import { OPERATIONS } from './permissions';
import { fill } from './texts/az';

describe('[CONTRACT] shared schemas', () => {
  test('form flags accept 1/0, true/false and booleans', () => {
    expect(['1', 'true', true].map((v) => zFlag.parse(v))).toEqual([true, true, true]);
    expect(['0', 'false', false].map((v) => zFlag.parse(v))).toEqual([false, false, false]);
    expect(zFlag.safeParse('yes').success).toBe(false);
  });

  test('id lists arrive comma-joined or repeated', () => {
    expect(zIdList.parse('9,10')).toEqual([9, 10]);
    expect(zIdList.parse(['9', '88'])).toEqual([9, 88]);
    expect(zIdList.parse('')).toBeUndefined();
  });

  test('decimals: a comma becomes a dot, anything else is refused', () => {
    expect(zDecimal.parse('12,50')).toBe('12.50');
    expect(zDecimal.parse(3.2)).toBe('3.2');
    expect(zDecimal.safeParse('12a').success).toBe(false);
  });

  test('list query: page from 1, page size 25 by default, at most 10000', () => {
    expect(ZListQuery.parse({})).toMatchObject({ page: 1, per_page: 25 });
    expect(ZListQuery.safeParse({ per_page: 10001 }).success).toBe(false);
    expect(ZListQuery.safeParse({ page: 0 }).success).toBe(false);
  });

  test('numbers come from numbers and numerals only: objects, lists, booleans and null are refused, never converted', () => {
    expect(zNumber().parse('12.5')).toBe(12.5);
    expect(zId.parse(' 7 ')).toBe(7);
    for (const bad of [{ toString: 'x' }, [5], true, null, '0x10', '1e3', 'abc', '2147483648', 0, -1]) {
      expect(zId.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(zInt.safeParse(-2147483648).success).toBe(false);
    expect(zId.optional().parse(undefined)).toBeUndefined();
    expect(zIdList.safeParse({ toString: 'x' }).success).toBe(false);
    expect(zIdList.safeParse([{ toString: 'x' }]).success).toBe(false);
  });

  test('dates name a real day and time: pattern-shaped impossible dates are refused here, not by PostgreSQL', () => {
    expect(['2024-02-29', '2024-12-31 23:59', '0001-01-01 00:00:00'].every(isCalendarDateTime)).toBe(true);
    expect(['2023-02-29', '2024-13-01', '2024-00-10', '0000-01-01', '2024-01-01 24:00', '2024-01-01 10:60:00', '2189-91-22'].some(isCalendarDateTime)).toBe(false);
  });

  test('a file field takes bytes: a text or an object in its place is refused, a blank part is missing', () => {
    expect(zFile.parse(new Uint8Array([1]))).toBeInstanceOf(Uint8Array);
    expect(zFile.parse('')).toBeUndefined();
    expect(zFile.safeParse('abc').success).toBe(false);
  });

  test('unsafe input: control characters, broken characters and prototype keys are named by their field path', () => {
    const errors = findUnsafeInput([{ a: 'x\u0000', list: ['ok', 'b\ud800'], nested: { constructor: 1 }, ['k\u0001']: 'v', text: 'Əli 😀\nsətir\t2' }]);
    expect(Object.keys(errors).sort()).toEqual(['a', 'k\\u0001', 'list.1', 'nested.constructor']);
  });

  test('texts fill their placeholders', () => {
    expect(fill('Maksimum {N} simvol...', { N: 15 })).toBe('Maksimum 15 simvol...');
  });

  test('every permission code of spec §6 exists exactly once', () => {
    const codes = OPERATIONS.map((o) => o.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of ['declarations_handover', 'declaration_cancel', 'changedeliveryprice', 'changeweightdeclaration',
      'bulkdeclarationhandover', 'canceldepesh', 'user_edit', 'admins', 'changeuserpermissions', 'user_discount',
      'cashbox_operations.cud', 'cashbox_operations.cancel_cashflow_transaction', 'cashboxes.cud', 'cash_categories.cud',
      'branch_add', 'branch_edit', 'branch_delete', 'branch_manager', 'country_edit', 'company_edit', 'company_delete',
      'local_warehouse_execute', 'local_warehouse_delete', 'dgk_declarations', 'bbs_queues', 'bbs_office']) {
      expect(codes).toContain(code);
    }
  });
});
