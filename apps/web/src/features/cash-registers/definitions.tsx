import {
  ZCashCategoryEditForm, ZCashCategoryForm, ZCashRegisterEditForm, ZCashRegisterForm, cashCategoryLabel, type CashCategoryRow, type CashRegisterRow,
} from '@app/contract/cash-registers';
import { azCashRegisters } from '@app/contract/texts/az-cash-registers';
import { formatDateTime } from '../../shared/format/format-date';
import type { FormValues, ResourceDefinition } from '../../shared/resource/types';
import { CASH_CATEGORIES_API, CASH_REGISTERS_API, useCurrencyOptions, useTopCategories } from './api';
import {
  formatRegisterAmount, parentOptions, toCashCategoryValues, toCashRegisterValues, type CashCategoryFormValues, type CashRegisterFormValues,
} from './model/cash-register-model';

const tr = azCashRegisters.registers;
const tc = azCashRegisters.categories;
const dateTime = (value: string | null | undefined) => formatDateTime(value) || '—';

/**
 * spec §2 "Cash flow" cash registers: code, name, balance with currency code, initial amount,
 * currency, date. The form: name, initial amount (locked on edit, spec §5), currency.
 */
export const cashRegisterDefinition: ResourceDefinition<CashRegisterRow, CashRegisterFormValues> = {
  id: 'cash-registers',
  path: 'cash-flow/cash-registers',
  title: tr.title,
  api: CASH_REGISTERS_API,
  permissions: { read: 'cashflow', create: 'cashboxes.cud', update: 'cashboxes.cud', delete: 'cashboxes.cud' },
  columns: () => [
    { key: 'id', title: tr.code, width: 'smaller', sortColumn: 'id', filter: { kind: 'text', param: 'id' }, render: (r) => r.id, isAlwaysVisible: true },
    { key: 'cashbox_name', title: tr.name, width: 'large', sortColumn: 'name', filter: { kind: 'text', param: 'name' }, render: (r) => r.cashbox_name },
    { key: 'amount', title: tr.balance, width: 'normal', sortColumn: 'amount', align: 'right', render: (r) => formatRegisterAmount(r.amount, r.currency_code) },
    { key: 'initial_amount', title: tr.initialAmount, width: 'normal', sortColumn: 'initial_amount', align: 'right', render: (r) => formatRegisterAmount(r.initial_amount, r.currency_code) },
    { key: 'currency_code', title: tr.currency, width: 'small', sortColumn: 'currency_code', render: (r) => r.currency_code || '—' },
    {
      key: 'created_at', title: tr.date, width: 'date', sortColumn: 'created_at',
      filter: { kind: 'date-range', param: 'created_at', defaultPreset: 'all' }, render: (r) => dateTime(r.created_at),
    },
  ],
  defaultSort: { column: 'id', order: 'asc' },
  schema: { create: ZCashRegisterForm, update: ZCashRegisterEditForm },
  toValues: toCashRegisterValues,
  defaults: { amount: '0' },
  useOptions: () => {
    const currencies = useCurrencyOptions();
    return { options: { currencies: currencies.data ?? [] }, isLoading: currencies.isLoading };
  },
  fields: [
    { name: 'cashbox_name', label: tr.name, kind: 'text', span: 24 },
    { name: 'amount', label: tr.initialAmount, kind: 'decimal', isDisabled: ({ mode }) => mode === 'update', extra: tr.amountLockedHint },
    { name: 'currency_id', label: tr.currency, kind: 'select', options: 'currencies', isHidden: ({ values }) => Boolean(values.has_entries) },
    // a register with ledger entries keeps its currency: shown locked, with the reason
    {
      name: 'currency_id', label: tr.currency, kind: 'select', options: 'currencies', isDisabled: () => true, extra: tr.currencyLockedHint,
      isHidden: ({ values }) => !values.has_entries,
    },
    { name: 'has_entries', label: '', kind: 'switch', isLocal: true, isHidden: () => true },
  ],
  deleteConfirm: tr.deleteConfirm,
};

/**
 * spec §2 "Cash flow" operations (cash categories): flat, a child shown as "parent - child"; the
 * form's parent select lists top-level categories only, never the edited one (spec §3).
 */
export const cashCategoryDefinition: ResourceDefinition<CashCategoryRow, CashCategoryFormValues> = {
  id: 'cash-categories',
  path: 'cash-flow/operations',
  title: tc.title,
  api: CASH_CATEGORIES_API,
  permissions: { read: 'cashflow', create: 'cash_categories.cud', update: 'cash_categories.cud', delete: 'cash_categories.cud' },
  columns: () => [
    { key: 'id', title: tc.code, width: 'smaller', sortColumn: 'id', filter: { kind: 'text', param: 'id' }, render: (r) => r.id, isAlwaysVisible: true },
    { key: 'category_name', title: tc.name, width: 300, sortColumn: 'category_name', filter: { kind: 'text', param: 'name' }, render: (r) => cashCategoryLabel(r) },
    { key: 'parent_name', title: tc.parent, width: 'large', sortColumn: 'parent_name', render: (r) => r.parent_name || '—' },
    {
      key: 'created_at', title: tc.date, width: 'date', sortColumn: 'created_at',
      filter: { kind: 'date-range', param: 'created_at', defaultPreset: 'all' }, render: (r) => dateTime(r.created_at),
    },
  ],
  defaultSort: { column: 'id', order: 'asc' },
  schema: { create: ZCashCategoryForm, update: ZCashCategoryEditForm },
  toValues: toCashCategoryValues,
  defaults: { parent_id: null },
  useOptions: () => {
    const top = useTopCategories();
    return { options: { parents: parentOptions(top.data ?? []) }, isLoading: top.isLoading };
  },
  fields: [
    { name: 'category_name', label: tc.name, kind: 'text', span: 24 },
    {
      name: 'parent_id', label: tc.parent, kind: 'select', span: 24, placeholder: tc.parentPlaceholder, extra: tc.parentHint,
      options: ({ values }, all) => (all.parents ?? []).filter((o) => o.value !== (values as FormValues).self_id),
    },
    { name: 'self_id', label: '', kind: 'text', isLocal: true, isHidden: () => true },
  ],
  deleteConfirm: tc.deleteConfirm,
};
