import { describe, expect, test } from 'vitest';
import { ZListQuery, zDecimal, zFlag, zIdList } from './common';
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
