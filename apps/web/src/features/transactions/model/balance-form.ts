import { MONEY_TYPE, PAYMENT_TYPE, PAYMENT_TYPE_NAMES } from '@app/contract/money';
import {
  DISABLED_MANUAL_PAYMENT_TYPES, PAYMENT_TYPES_BY_TYPE, amountFromAzn, aznFromAmount, isManualPaymentTypeAllowed, type BalanceCurrencyCode,
} from '@app/contract/transactions';
import type { FormValue } from '../../../shared/http/http-client';

/** The create form's values (spec §5 "Balance operation"). */
export interface BalanceFormValues {
  user_id: number | null;
  type: number;
  payment_type: number | null;
  currency: BalanceCurrencyCode;
  amount: string;
  amount_azn: string;
  descr: string;
}

export const DEFAULT_BALANCE_FORM: BalanceFormValues = {
  user_id: null, type: MONEY_TYPE.income, payment_type: PAYMENT_TYPE.cash, currency: 'USD', amount: '', amount_azn: '', descr: '',
};

export interface PaymentTypeOption { value: number; label: string; disabled: boolean }

/** spec §5: income offers cash, gift, terminal and refund (refund disabled); expense cash and fine. */
export function paymentTypeOptions(type: number, names: Record<number, string> = PAYMENT_TYPE_NAMES): PaymentTypeOption[] {
  return (PAYMENT_TYPES_BY_TYPE[type] ?? []).map((id) => ({ value: id, label: names[id] ?? String(id), disabled: DISABLED_MANUAL_PAYMENT_TYPES.includes(id) }));
}

/** The payment type kept when the direction changes: the same one if the new direction allows it, else cash. */
export function paymentTypeAfterTypeChange(type: number, current: number | null): number {
  return current !== null && isManualPaymentTypeAllowed(type, current) ? current : PAYMENT_TYPE.cash;
}

/**
 * spec §5: typing the amount sets AZN = amount × rate; typing AZN back-computes amount = AZN ÷ rate;
 * changing the currency recomputes AZN from the amount at the new rate. Exact (contract decimal maths).
 */
export function recomputeAmounts(
  changed: 'amount' | 'amount_azn' | 'currency',
  values: Pick<BalanceFormValues, 'amount' | 'amount_azn'>,
  rate: string | undefined,
): Pick<BalanceFormValues, 'amount' | 'amount_azn'> {
  if (!rate) return values;
  if (changed === 'amount_azn') return { amount: values.amount_azn ? amountFromAzn(values.amount_azn, rate) : '', amount_azn: values.amount_azn };
  return { amount: values.amount, amount_azn: values.amount ? aznFromAmount(values.amount, rate) : '' };
}

/** The multipart form of POST pay/balance. */
export function toBalanceWireForm(values: BalanceFormValues): Record<string, FormValue> {
  return {
    user_id: values.user_id ?? '',
    amount: values.amount.trim(),
    currency: values.currency,
    amount_azn: values.amount_azn.trim(),
    type: values.type,
    payment_type: values.payment_type ?? '',
    descr: values.descr.trim(),
  };
}
