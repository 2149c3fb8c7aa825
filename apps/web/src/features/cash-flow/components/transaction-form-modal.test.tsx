import type { CashCategoryTreeReply, CashRegisterListReply } from '@app/contract/cash-registers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { cashflowKeys } from '../api';
import type { TransactionFormValues } from '../model/transaction-form';
import { TransactionFormModal } from './transaction-form-modal';

// antd in jsdom on a shared 2-core machine
configure({ asyncUtilTimeout: 8000 });

const register = (id: number, name: string, currencyId: number, code: string) => ({
  id, name, cashbox_name: name, amount: '1000.00', initial_amount: '0.00', currency_id: currencyId, currency_code: code, created_at: '2026-11-01 10:00:00',
});
const registers: CashRegisterListReply = {
  data: [register(1, 'Gənclik kassası', 3, 'AZN'), register(2, 'Terminal kassası', 3, 'AZN'), register(3, 'Dollar kassası', 1, 'USD')], total: 3,
};
const categories: CashCategoryTreeReply = { data: [], total: 0 };

function renderForm(initial: TransactionFormValues, editedId?: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(cashflowKeys.registers, registers);
  client.setQueryData(cashflowKeys.categories, categories);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <TransactionFormModal initial={initial} editedId={editedId} onClose={vi.fn()} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const DATE = '2026-11-20 10:00:00';

describe('[CASHFLOW][FORM] the rendered form follows spec §2', { timeout: 30_000 }, () => {
  test("'Tranzaksiya əlavə et' with one 'Kassa' card; the amount is disabled until a register is chosen", async () => {
    renderForm({ kind: 'income', operation_date: DATE });
    expect(await screen.findByText('Tranzaksiya əlavə et')).toBeTruthy();
    expect(screen.getByTestId('cashflow-card-source')).toBeTruthy();
    expect(screen.queryByTestId('cashflow-card-target')).toBeNull();
    expect(input('cashflow-source-amount').disabled).toBe(true);
    expect(screen.getByText('Əvvəlcə kassanı seçin')).toBeTruthy();
  });

  test('with a register the amount is enabled and the currency is the register\'s, read-only', async () => {
    renderForm({ kind: 'expense', cashbox_id: 3, operation_date: DATE });
    await waitFor(() => expect(input('cashflow-source-amount').disabled).toBe(false));
    expect(input('cashflow-source-currency').value).toBe('USD');
    expect(input('cashflow-source-currency').readOnly).toBe(true);
  });

  test("transfer in one currency: 'Kassadan' and 'Kassaya'; the target amount is disabled and mirrors the amount", async () => {
    renderForm({ kind: 'transfer', cashbox_id: 1, transfer_cashbox_id: 2, operation_date: DATE });
    expect(await screen.findByText('Kassadan')).toBeTruthy();
    expect(screen.getByText('Kassaya')).toBeTruthy();
    expect(input('cashflow-target-amount').disabled).toBe(true);
    fireEvent.change(input('cashflow-source-amount'), { target: { value: '45,5' } });
    await waitFor(() => expect(input('cashflow-target-amount').value).toBe('45.5'));
  });

  test('transfer between currencies: the target amount is the user\'s to type, and the rate is shown', async () => {
    renderForm({ kind: 'transfer', cashbox_id: 1, transfer_cashbox_id: 3, operation_date: DATE });
    await waitFor(() => expect(input('cashflow-target-amount').disabled).toBe(false));
    fireEvent.change(input('cashflow-source-amount'), { target: { value: '100' } });
    fireEvent.change(input('cashflow-target-amount'), { target: { value: '58.82' } });
    expect(input('cashflow-target-amount').value).toBe('58.82');
    expect(await screen.findByTestId('cashflow-form-rate')).toHaveProperty('textContent', 'Məzənnə: 1 AZN = 0.5882 USD');
  });

  test('on edit the type is locked', async () => {
    renderForm({ kind: 'expense', cashbox_id: 1, amount: '10.00', operation_date: DATE }, 12);
    expect(await screen.findByText('Redaktə zamanı növ dəyişdirilmir')).toBeTruthy();
    const radios = screen.getByTestId('cashflow-form-kind').querySelectorAll('input[type="radio"]');
    expect([...radios].every((r) => (r as HTMLInputElement).disabled)).toBe(true);
  });
});
