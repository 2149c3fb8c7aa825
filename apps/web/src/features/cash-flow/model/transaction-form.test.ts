import type { CashflowRow } from '@app/contract/cashflow';
import { describe, expect, test } from 'vitest';
import {
  canChangeTransaction, categoryLabel, currencyOf, describeRate, followUpChanges, formatMoney, isAmountDisabled, isTargetAmountEnabled,
  sameRegisterError, toFormValues, toWireCall, type RegisterOption, type TransactionFormValues,
} from './transaction-form';

const registers: RegisterOption[] = [
  { id: 1, name: 'Gənclik kassası', currencyId: 3, currencyCode: 'AZN' },
  { id: 2, name: 'Terminal kassası', currencyId: 3, currencyCode: 'AZN' },
  { id: 3, name: 'Dollar kassası', currencyId: 1, currencyCode: 'USD' },
];
const transfer = (v: Partial<TransactionFormValues>): TransactionFormValues => ({ kind: 'transfer', ...v });

describe('[CASHFLOW][FORM] spec §2 rules', () => {
  test('the amount is disabled until a register is chosen', () => {
    expect(isAmountDisabled({})).toBe(true);
    expect(isAmountDisabled({ cashbox_id: 1 })).toBe(false);
  });

  test('the currency is read from the register', () => {
    expect(currencyOf(registers, 3)).toBe('USD');
    expect(currencyOf(registers, undefined)).toBe('');
  });

  test('the target amount is enabled only when both registers are chosen and their currencies differ', () => {
    expect(isTargetAmountEnabled({ cashbox_id: 1 }, registers)).toBe(false);
    expect(isTargetAmountEnabled({ cashbox_id: 1, transfer_cashbox_id: 2 }, registers)).toBe(false);
    expect(isTargetAmountEnabled({ cashbox_id: 1, transfer_cashbox_id: 3 }, registers)).toBe(true);
  });

  test('same currency: the target amount mirrors the amount as it is typed', () => {
    const all = transfer({ cashbox_id: 1, transfer_cashbox_id: 2, amount: '45.50', transfer_amount: '45.5' });
    expect(followUpChanges({ amount: '45.50' }, all, registers)).toEqual({ transfer_amount: '45.50' });
    expect(followUpChanges({ amount: '45.50' }, { ...all, transfer_amount: '45.50' }, registers)).toEqual({});
    // no target chosen yet: mirrored too
    expect(followUpChanges({ amount: '7' }, transfer({ cashbox_id: 1, amount: '7' }), registers)).toEqual({ transfer_amount: '7' });
  });

  test('different currencies: the target amount is the user\'s; a mirrored figure is cleared when the pair becomes different', () => {
    const typed = transfer({ cashbox_id: 1, transfer_cashbox_id: 3, amount: '100', transfer_amount: '58.82' });
    expect(followUpChanges({ amount: '100' }, typed, registers)).toEqual({});
    const justChosen = transfer({ cashbox_id: 1, transfer_cashbox_id: 3, amount: '100', transfer_amount: '100' });
    expect(followUpChanges({ transfer_cashbox_id: 3 }, justChosen, registers)).toEqual({ transfer_amount: undefined });
  });

  test('income and expense never touch the target amount', () => {
    expect(followUpChanges({ amount: '5' }, { kind: 'income', cashbox_id: 1, amount: '5' }, registers)).toEqual({});
  });

  test('source and target must differ', () => {
    expect(sameRegisterError(transfer({ cashbox_id: 2, transfer_cashbox_id: 2 }))).toBe('Mənbə və hədəf kassa fərqli olmalıdır');
    expect(sameRegisterError(transfer({ cashbox_id: 1, transfer_cashbox_id: 2 }))).toBeNull();
    expect(sameRegisterError({ kind: 'income', cashbox_id: 2, transfer_cashbox_id: 2 })).toBeNull();
  });

  test('the rate between currencies is shown from the typed amounts', () => {
    expect(describeRate(transfer({ cashbox_id: 1, transfer_cashbox_id: 3, amount: '100', transfer_amount: '58.82' }), registers)).toBe('Məzənnə: 1 AZN = 0.5882 USD');
    expect(describeRate(transfer({ cashbox_id: 1, transfer_cashbox_id: 2, amount: '100', transfer_amount: '100' }), registers)).toBeNull();
  });
});

describe('[CASHFLOW][FORM] the wire calls', () => {
  test('income → create with operation 1 and the last id of the category path', () => {
    expect(toWireCall({ kind: 'income', cashbox_id: 1, amount: '10.00', category_path: [4, 9], operation_date: '2026-11-20 10:15:00', descr: 'x' })).toEqual({
      path: '/api/admin/cashbox_operations/create',
      form: { operation: '1', cashbox_id: '1', amount: '10.00', category_id: '9', operation_date: '2026-11-20 10:15:00', descr: 'x' },
    });
  });

  test('expense → create with operation 2; no category is sent blank', () => {
    expect(toWireCall({ kind: 'expense', cashbox_id: 2, amount: '3', operation_date: '2026-11-20 10:15:00' }).form).toMatchObject({ operation: '2', category_id: '', descr: '' });
  });

  test('transfer → transfer with both sides (operation 1 as clients send it)', () => {
    expect(toWireCall(transfer({ cashbox_id: 1, transfer_cashbox_id: 3, amount: '100', transfer_amount: '58.82', category_path: [7], category_path_second: [1, 2], operation_date: '2026-11-20 12:00:00' }))).toEqual({
      path: '/api/admin/cashbox_operations/transfer',
      form: { operation: '1', cashbox_id: '1', amount: '100', category_id: '7', operation_date: '2026-11-20 12:00:00', descr: '', transfer_cashbox_id: '3', transfer_amount: '58.82', category_id_second: '2' },
    });
  });

  test('edit keeps the type: a transfer is edited as operation 2 with its target side', () => {
    const call = toWireCall(transfer({ cashbox_id: 1, transfer_cashbox_id: 2, amount: '5', operation_date: '2026-11-20 12:00:00' }), 42);
    expect(call.path).toBe('/api/admin/cashbox_operations/edit');
    expect(call.form).toMatchObject({ cashbox_operation_id: '42', operation: '2', transfer_cashbox_id: '2', transfer_amount: '5' });
  });
});

const row = (over: Partial<CashflowRow>): CashflowRow => ({
  id: 5, user_id: 1, user_name: 'Rəşad Məmmədov', cashbox_id: 1, cashbox_name: 'Gənclik kassası', currency_id: 3, currency_code: 'AZN', transfer: 0,
  transfer_cashbox_id: 0, cashbox_name_transfer: '', transfer_cashbox_currency_id: 0, transfer_cashbox_currency_code: '', transfer_cashbox_amount: 0,
  transfer_rate: 0, amount: 12.5, before_balance: 100, transfer_before_balance: 0, state_id: 18, state_name: 'Təsdiqlənib', cash_category_id_parent: 3,
  category_name_parent: 'Kommunal xərclər', cash_category_id: 9, category_name: 'İşıq', transfer_category_id_parent: 0, transfer_category_name_parent: '',
  transfer_category_id: 0, transfer_category_name: '', operation: 2, payment_type: 1, payment_type_name: 'Nağd', reason: 'manual', descr: '',
  operation_date: '2026-11-20 10:15:00', created_at: '2026-11-20 10:15:03', ...over,
});

describe('[CASHFLOW][FORM] from a stored row', () => {
  test('an expense with a child category', () => {
    expect(toFormValues(row({}))).toMatchObject({ kind: 'expense', cashbox_id: 1, amount: '12.50', category_path: [3, 9], operation_date: '2026-11-20 10:15:00' });
  });
  test('a transfer with a top-level category on each side', () => {
    const values = toFormValues(row({ transfer: 1, transfer_cashbox_id: 3, transfer_cashbox_amount: 7.35, cash_category_id: 0, category_name: '', transfer_category_id_parent: 8 }));
    expect(values).toMatchObject({ kind: 'transfer', transfer_cashbox_id: 3, transfer_amount: '7.35', category_path: [3], category_path_second: [8] });
  });
  test('handover/balance and cancelled rows are not changed here', () => {
    expect(canChangeTransaction(row({}))).toBe(true);
    expect(canChangeTransaction(row({ reason: 'handover' }))).toBe(false);
    expect(canChangeTransaction(row({ state_id: 21 }))).toBe(false);
  });
  test('labels', () => {
    expect(categoryLabel(row({}))).toBe('Kommunal xərclər - İşıq');
    expect(categoryLabel(row({ cash_category_id: 0, category_name: '' }))).toBe('Kommunal xərclər');
    expect(formatMoney(12.5, 'AZN')).toBe('12.50 ₼');
    expect(formatMoney(3, 'TRY')).toBe('3.00 ₺');
  });
});
