import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, launchBrowser, shot, signedInWithApi, type Api } from './support/browser';

/*
 * Money on one ledger (issue 17), as a cashier lives it: the cashier tops up a customer's balance in
 * cash (the cash goes into the cashier's own register), the customer's parcel is then paid from that
 * balance at the handover, a transfer moves cash from the cashier's register to another, the transfer
 * is cancelled, and the register balance in the user menu follows each step. Every figure on the
 * screen is checked against the API, and every change against the one before it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface CashboxReply { data: { id: number; cashbox_name: string; amount: string; currency_code: string } | null }
const cents = (value: string | number) => Math.round(Number(value) * 100);

/** The amount the top bar shows beside the register's name ('Gənclik kassası · 1234.56 AZN'). */
async function topBarAmount(page: Page): Promise<number | null> {
  const text = await page.getByTestId('user-menu').innerText();
  const match = /·\s*(-?[\d\s.,]+)\s*AZN/.exec(text);
  return match ? cents(match[1]!.replace(/\s/g, '').replace(',', '.')) : null;
}

async function registerCents(api: Api): Promise<number> {
  const reply = await api<CashboxReply>('/api/admin/cashboxes/balance');
  if (!reply.data) throw new Error('the cashier has no cash register');
  return cents(reply.data.amount);
}

async function customerUsd(api: Api, userId: number): Promise<number> {
  const reply = await api<{ data: { balance_usd?: string; balance?: { usd: number } } }>(`/api/admin/client/user?user_id=${userId}`);
  return cents(reply.data.balance_usd ?? reply.data.balance?.usd ?? 0);
}

describe('[MONEY][E2E] a cashier moves money; the register in the user menu follows', () => {
  test('top-up in cash, handover paid from the balance, transfer between registers, cancel', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const expectTopBar = async (expected: number) => {
      await expect.poll(() => registerCents(api), { timeout: 10_000 }).toBe(expected);
      await expect.poll(() => topBarAmount(page), { timeout: 15_000 }).toBe(expected);
    };
    let register = await registerCents(api);
    await expectTopBar(register);

    // A customer's unpaid parcel waiting at the counter (status 9) with a delivery debt.
    const list = await api<{ data: { id: number; user_id: number; delivery_price: string | null }[] }>('/api/admin/v2/declaration/list?state_id=9&payed=0&per_page=100&created=all');
    const parcel = list.data.find((d) => Number(d.delivery_price) > 0 && d.user_id);
    if (!parcel) throw new Error('no unpaid parcel at status 9 in the demo data');
    const customer = parcel.user_id;
    const usd0 = await customerUsd(api, customer);

    // 1. Top-up: cash in USD; the AZN amount comes from the day's rate; the cash lands in the cashier's register.
    const topUp = String(Math.ceil(Number(parcel.delivery_price)) + 5);
    await page.goto(`${BASE_URL}/@next/transactions/create`);
    const form = page.locator('.ant-modal').filter({ hasText: 'Balans əməliyyatı' }).or(page.locator('.ant-modal').filter({ has: page.getByTestId('balance-form-user') })).first();
    await form.waitFor();
    const userSelect = page.getByTestId('balance-form-user');
    await userSelect.click();
    await page.keyboard.type(`#${customer}`);
    await page.locator('.ant-select-item-option').filter({ hasText: `#${customer} -` }).first().click();
    const amount = page.getByTestId('balance-form-amount').locator('input').or(page.locator('input[data-testid="balance-form-amount"]')).first();
    await amount.fill(topUp);
    const aznInput = page.getByTestId('balance-form-amount-azn').locator('input').or(page.locator('input[data-testid="balance-form-amount-azn"]')).first();
    await expect.poll(async () => Number(await aznInput.inputValue())).toBeGreaterThan(Number(topUp));
    const topUpAzn = await aznInput.inputValue();
    await shot(page, 'money-topup-form');
    await page.getByTestId('balance-form-save').click();
    await page.getByText('Əməliyyat müvəffəqiyyətlə başa çatdı.').first().waitFor();
    register += cents(topUpAzn);
    await expectTopBar(register);
    expect(await customerUsd(api, customer)).toBe(usd0 + cents(topUp));

    // 2. The handover, paid from the balance just topped up: no cash, the register is unchanged.
    await page.goto(`${BASE_URL}/@next/declarations/${parcel.id}/handover`);
    const handover = page.locator('.ant-modal').filter({ hasText: 'Bağlamanı təhvil ver' });
    await handover.waitFor();
    await handover.getByRole('checkbox').first().check();
    const cash = handover.locator('input[name="cash"]');
    await cash.fill('0');
    const terminal = handover.locator('input[name="terminal"]');
    if (await terminal.count()) await terminal.fill('0');
    await handover.getByRole('button', { name: 'Təhvil ver' }).click();
    await page.getByText('Bağlama təhvil verildi').waitFor();
    await expectTopBar(register);
    const usdAfterHandover = await customerUsd(api, customer);
    expect(usdAfterHandover).toBeLessThan(usd0 + cents(topUp));
    const paid = await api<{ data: { state_id: number } }>(`/api/admin/declaration/info?declaration_id=${parcel.id}`);
    expect(paid.data.state_id).toBe(10);

    // 3. A transfer of 5 AZN from the cashier's register to another AZN register.
    const own = (await api<CashboxReply>('/api/admin/cashboxes/balance')).data!;
    const registers = await api<{ data: { id: number; cashbox_name: string; currency_code: string; amount: string }[] }>('/api/admin/cashboxes?per_page=1000');
    const target = registers.data.find((r) => r.id !== own.id && r.currency_code === 'AZN');
    if (!target) throw new Error('no second AZN register in the demo');
    const targetBefore = cents(target.amount);
    await page.goto(`${BASE_URL}/@next/cash-flow/transactions/create`);
    const flow = page.locator('.ant-modal').filter({ hasText: 'Tranzaksiya əlavə et' });
    await flow.waitFor();
    await flow.getByTestId('cashflow-form-kind').getByText('Transfer').click();
    const pickRegister = async (side: 'source' | 'target', name: string) => {
      await page.getByTestId(`cashflow-${side}-register`).click();
      await page.keyboard.type(name);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
    };
    await pickRegister('source', own.cashbox_name);
    await expect.poll(async () => page.getByTestId('cashflow-source-currency').inputValue()).toBe('AZN');
    await page.getByTestId('cashflow-source-amount').locator('input').or(page.locator('input[data-testid="cashflow-source-amount"]')).first().fill('5');
    await pickRegister('target', target.cashbox_name);
    // Same currency: the target amount mirrors the amount and cannot be typed.
    const targetAmount = page.getByTestId('cashflow-target-amount').locator('input').or(page.locator('input[data-testid="cashflow-target-amount"]')).first();
    await expect.poll(async () => targetAmount.inputValue()).toMatch(/^5(\.00)?$/);
    expect(await targetAmount.isDisabled()).toBe(true);
    await shot(page, 'money-transfer-form');
    await page.getByTestId('cashflow-form-save').click();
    await flow.waitFor({ state: 'hidden' });
    register -= 500;
    await expectTopBar(register);
    const targetAfter = (await api<{ data: { id: number; amount: string }[] }>('/api/admin/cashboxes?per_page=1000')).data.find((r) => r.id === target.id)!;
    expect(cents(targetAfter.amount)).toBe(targetBefore + 500);

    // 4. The transfer is cancelled on its detail page: both registers are back where they were.
    const ops = await api<{ data: { id: number; transfer: number; cashbox_id: number; transfer_cashbox_id: number; state_id: number }[] }>(
      `/api/admin/cashbox_operations?per_page=20&sort_column=id&sort_order=desc`);
    const transfer = ops.data.find((o) => o.transfer && o.cashbox_id === own.id && o.transfer_cashbox_id === target.id);
    if (!transfer) throw new Error('the transfer is not in the cash-flow list');
    await page.goto(`${BASE_URL}/@next/cash-flow/transactions/${transfer.id}`);
    await page.getByText(`Tranzaksiya - ${transfer.id}`).first().waitFor();
    await page.getByTestId('cashflow-detail-delete').click();
    const confirm = page.locator('.ant-modal-confirm, .ant-popconfirm').filter({ hasText: 'silməyə əminsiniz' });
    await confirm.waitFor();
    await confirm.getByRole('button').last().click();
    register += 500;
    await expectTopBar(register);
    const targetBack = (await api<{ data: { id: number; amount: string }[] }>('/api/admin/cashboxes?per_page=1000')).data.find((r) => r.id === target.id)!;
    expect(cents(targetBack.amount)).toBe(targetBefore);
    const cancelled = await api<{ data: { state_id: number } }>(`/api/admin/cashbox_operations/info?cashbox_operation_id=${transfer.id}`);
    expect(cancelled.data.state_id).toBe(21);

    // The customer's transactions list shows the top-up and the balance expense of the handover.
    const code = (await api<{ data: { code?: string | null } }>(`/api/admin/client/user?user_id=${customer}`)).data.code;
    if (!code) throw new Error('the customer has no code');
    await page.goto(`${BASE_URL}/@next/transactions?user_id=${encodeURIComponent(code)}`);
    await expect.poll(async () => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const rows = await page.locator('.ant-table-row').allInnerTexts();
    expect(rows.every((r) => r.includes(code))).toBe(true);
    expect(rows.some((r) => r.includes(Number(topUp).toFixed(2)))).toBe(true);
    await shot(page, 'money-customer-transactions');
    await context.close();
  }, 180_000);
});
