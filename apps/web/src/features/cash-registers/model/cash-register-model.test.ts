import { cashCategoryLabel } from '@app/contract/cash-registers';
import { describe, expect, test } from 'vitest';
import {
  formatRegisterAmount, parentOptions, registerTransactionsPath, toCashCategoryValues, toCashRegisterValues, toCurrencyOptions,
} from './cash-register-model';

describe('[CASH-REGISTERS][WEB] register screen rules', () => {
  test('a double-click opens the register\'s transactions, filtered by cashbox_id (the name M3\'s list reads)', () => {
    expect(registerTransactionsPath(7)).toBe('/@next/cash-flow/transactions?cashbox_id=7');
  });

  test('amounts show the exact text with the currency code; a missing amount is a dash', () => {
    expect(formatRegisterAmount('1250.40', 'AZN')).toBe('1250.40 AZN');
    expect(formatRegisterAmount('0.10', '')).toBe('0.10');
    expect(formatRegisterAmount(undefined, 'USD')).toBe('—');
  });

  test('the edit form shows the initial amount, not what the register holds now (spec §5: it is sent back unchanged)', () => {
    const row = { id: 3, name: 'Dollar', cashbox_name: 'Dollar', amount: '900.00', initial_amount: '640.00', currency_id: 1, currency_code: 'USD', created_at: '2026-01-01 10:00:00' };
    expect(toCashRegisterValues(row)).toEqual({ cashbox_name: 'Dollar', amount: '640.00', currency_id: 1, has_entries: false });
    expect(toCashRegisterValues({ ...row, has_entries: true }).has_entries).toBe(true);
  });

  test('currencies read as "CODE — name"', () => {
    expect(toCurrencyOptions([{ id: 3, currency_code: 'AZN', currency_name: 'Azərbaycan manatı' }, { id: 9, currency_code: 'EUR', currency_name: '' }]))
      .toEqual([{ value: 3, label: 'AZN — Azərbaycan manatı' }, { value: 9, label: 'EUR' }]);
  });
});

describe('[CASH-CATEGORIES][WEB] category screen rules', () => {
  const rows = [
    { id: 1, category_name: 'Kommunal', parent_id: null },
    { id: 2, category_name: 'İşıq', parent_id: 1 },
    { id: 3, category_name: 'Maaşlar', parent_id: null },
  ];

  test('the parent select lists top-level categories only (two levels) and never the edited one', () => {
    expect(parentOptions(rows)).toEqual([{ value: 1, label: 'Kommunal' }, { value: 3, label: 'Maaşlar' }]);
    expect(parentOptions(rows, 3)).toEqual([{ value: 1, label: 'Kommunal' }]);
  });

  test('a child is shown as "parent - child", a top-level one by its name', () => {
    expect(cashCategoryLabel({ category_name: 'İşıq', parent_id: 1, parent_name: 'Kommunal' })).toBe('Kommunal - İşıq');
    expect(cashCategoryLabel({ category_name: 'Maaşlar', parent_id: null, parent_name: '' })).toBe('Maaşlar');
  });

  test('the edit form keeps its own id apart from what is sent, for the parent select', () => {
    expect(toCashCategoryValues({ id: 2, category_name: 'İşıq', parent_id: 1, parent_name: 'Kommunal', created_at: '' }))
      .toEqual({ category_name: 'İşıq', parent_id: 1, self_id: 2 });
  });
});
