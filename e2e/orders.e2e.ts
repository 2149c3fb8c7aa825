import { fromUnits, toUnits } from '@app/contract/declaration-workflow';
import { aznFromAmount } from '@app/contract/transactions';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, formPost, launchBrowser, shot, signedInWithApi, tableRows, toolbarAction } from './support/browser';

/*
 * Orders (issue 18, "Tests that show it"), as the back office lives it: a customer's lira balance is
 * topped up, staff open Orders → New, pick the customer, paste a shop's product link (the product
 * preview simulator answers for the shop in development), see the preview fill the form, save, open
 * the order, pay it from the balance (the balance drops by exactly the amount due), reject it with a
 * reason, and find the refund in the customer's transactions; the balance is back where it was.
 * Every figure is checked against the API; waits are on data, not on toasts.
 */

// C's simulator page (apps/api/src/integrations/product-preview/simulator.ts SIMULATED_PRODUCTS): Koton, 249.99 TRY.
const PRODUCT = { url: 'https://www.trendyol.com/koton/basic-tisort-p-100002', name: 'Koton Basic Bisiklet Yaka Tişört', brand: 'Koton', amount: '249.99', color: 'Beyaz' };
const REASON = 'Məhsul stokda qalmayıb (E2E)';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cents = (value: string | number | null | undefined) => Number(toUnits(String(value ?? '0')));

interface CustomerReply { data: { id: number; code: string | null; balance_try?: string; balance?: { try?: number } } }
interface OrderInfoReply { data: { id: number; state_id: number; payed: number; return: number; paid_amount: string; amount_due: string; shop_name: string; color: string; price: string; descr: string | null; client_descr: string | null; user_id: number } }

describe('[ORDERS][E2E] paste a link, save, pay from the balance, reject, find the refund', () => {
  test('the preview fills the form; paying takes the amount due; rejecting gives it back', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const tryBalance = async (userId: number) => {
      const reply = await api<CustomerReply>(`/api/admin/client/user?user_id=${userId}`);
      return cents(reply.data.balance_try ?? reply.data.balance?.try ?? 0);
    };

    // A demo customer with a code (the transactions list filters by it).
    const customers = await api<{ data: { id: number; code: string | null; name: string; surname: string }[] }>('/api/admin/users/select?admin=0&per_page=20');
    const customer = customers.data.find((user) => user.code);
    if (!customer) throw new Error('no demo customer with a code');

    // 1. Top up the customer's TRY balance through the API (a gift needs no cash register).
    const rate = (await api<{ data: string }>('/api/client/cbar?currency=TRY')).data;
    const topUp = '400.00';
    await api('/api/admin/pay/balance', formPost({
      user_id: customer.id, amount: topUp, currency: 'TRY', amount_azn: aznFromAmount(topUp, rate), type: 1, payment_type: 8, descr: 'E2E sifariş üçün',
    }));
    const balanceBefore = await tryBalance(customer.id);

    // 2. Orders → New: pick the customer, paste the product link.
    await page.goto(`${BASE_URL}/@next/orders`);
    await (await toolbarAction(page, 'orders-create')).click();
    const form = page.getByTestId('order-form');
    await form.waitFor();
    await page.waitForTimeout(800); // the dialog's open motion ends before typing (it takes the focus when it does)
    await page.getByTestId('order-form-user').click();
    await page.keyboard.type(`#${customer.id}`);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `#${customer.id} -` }).first().click();
    const url = page.getByTestId('order-form-url').locator('input').or(page.locator('input[data-testid="order-form-url"]')).first();
    await url.click();
    await url.fill(PRODUCT.url);

    // 3. The preview fills the empty fields and shows the product card beside the form.
    await page.getByTestId('product-card').getByTestId('product-name').filter({ hasText: PRODUCT.name }).waitFor({ timeout: 20_000 });
    const price = page.locator('input[data-testid="order-form-price"]').or(page.getByTestId('order-form-price').locator('input')).first();
    await expect.poll(() => price.inputValue(), { timeout: 10_000 }).toBe(PRODUCT.amount);
    expect(await page.locator('input[data-testid="order-form-shop"]').or(page.getByTestId('order-form-shop').locator('input')).first().inputValue()).toBe('Trendyol');
    expect(await page.locator('input[data-testid="order-form-color"]').or(page.getByTestId('order-form-color').locator('input')).first().inputValue()).toBe(PRODUCT.color);
    expect(await page.locator('textarea[data-testid="order-form-descr"]').first().inputValue()).toContain(PRODUCT.name);
    // amount due with the service percent, in lira
    await expect.poll(() => page.getByTestId('order-form-amount-due').innerText()).toMatch(/\d+\.\d{2} ₺/);
    await shot(page, 'orders-form-preview');

    // 4. Save: the new order opens.
    await page.getByTestId('order-form-save').click();
    await page.waitForURL(/\/@next\/orders\/\d+$/, { timeout: 20_000 });
    const orderId = Number(/orders\/(\d+)$/.exec(page.url())?.[1]);
    const saved = (await api<OrderInfoReply>(`/api/admin/orders/info?order_id=${orderId}`)).data;
    expect(saved).toMatchObject({ user_id: customer.id, price: PRODUCT.amount, color: PRODUCT.color, payed: 0 });
    const due = saved.amount_due;
    expect(cents(due)).toBe(cents(fromUnits((toUnits(PRODUCT.amount) * 105n + 50n) / 100n))); // 249.99 × 1.05, half up
    await page.getByTestId('order-details').waitFor();
    await page.getByTestId('product-card').waitFor();
    expect(await page.getByTestId('order-amount-due').innerText()).toContain(due);

    // 5. Pay from the balance: the confirm shows the amount due; the balance drops by exactly that.
    await page.getByTestId('order-pay-button').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: due });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('TRY');
    await page.getByTestId('order-pay-ok').click();
    await expect.poll(async () => (await api<OrderInfoReply>(`/api/admin/orders/info?order_id=${orderId}`)).data.payed, { timeout: 15_000 }).toBe(1);
    expect(await tryBalance(customer.id)).toBe(balanceBefore - cents(due));
    await expect.poll(() => page.getByTestId('order-paid').innerText(), { timeout: 10_000 }).toBe('Bəli');
    await expect.poll(() => page.getByTestId('order-pay-button').isDisabled()).toBe(true);
    await shot(page, 'orders-detail-paid', { fullPage: true });

    // 6. Reject with a reason (status 4 opens the reject form).
    await page.getByTestId('order-status-menu').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: 'Rədd edilib' }).first().click();
    const reason = page.locator('textarea[data-testid="reject-order-reason"]').first();
    await reason.waitFor();
    await page.waitForTimeout(500);
    await reason.fill(REASON);
    await page.getByTestId('reject-order-ok').click();
    await expect.poll(async () => (await api<OrderInfoReply>(`/api/admin/orders/info?order_id=${orderId}`)).data.state_id, { timeout: 15_000 }).toBe(4);
    const rejected = (await api<OrderInfoReply>(`/api/admin/orders/info?order_id=${orderId}`)).data;
    expect(rejected).toMatchObject({ return: 1, client_descr: REASON });
    await expect.poll(() => page.getByTestId('order-reason').innerText(), { timeout: 10_000 }).toBe(REASON);
    expect(await page.getByTestId('order-status').innerText()).toBe('Rədd edilib');
    // the balance is back where it started
    expect(await tryBalance(customer.id)).toBe(balanceBefore);

    // The status map ends at 4 with the reason; 5 is finished (dated).
    await page.getByTestId('order-timeline-button').click();
    const rejectedStep = page.getByTestId('order-step-4');
    await rejectedStep.waitFor();
    expect(await rejectedStep.getAttribute('data-state')).toBe('current');
    expect(await page.getByTestId('order-step-5').getAttribute('data-state')).toBe('finished');
    expect(await page.getByTestId('order-timeline').innerText()).toContain(REASON);
    await shot(page, 'orders-timeline-rejected');
    await page.keyboard.press('Escape');

    // 7. The customer's transactions show the refund of the order.
    await page.goto(`${BASE_URL}/@next/transactions?user_id=${encodeURIComponent(customer.code ?? '')}`);
    // the refund: an income of the amount due, payment type 'İadə', in the orders section
    // (this run's row: its previous balance is the one the payment left)
    const balanceAfterPayment = fromUnits(BigInt(balanceBefore - cents(due)));
    const refundRow = tableRows(page, 'transactions').filter({ hasText: `${due} TRY` }).filter({ hasText: 'İadə' }).filter({ hasText: 'Mədaxil' })
      .filter({ hasText: balanceAfterPayment });
    await refundRow.first().waitFor({ timeout: 20_000 });
    await shot(page, 'orders-refund-in-transactions');
    await context.close();
  }, 180_000);

  test('a short balance refuses the payment with its message; a paid order\'s price change warns and writes a debt line', async () => {
    const { context, page, api } = await signedInWithApi(browser, DEMO.admin);
    const customers = await api<{ data: { id: number; code: string | null; balance_try: string }[] }>('/api/admin/users/select?admin=0&per_page=50');
    const customer = customers.data.find((user) => user.code && Number(user.balance_try) < 100_000);
    if (!customer) throw new Error('no demo customer');
    const create = (price: string) => api<{ data: { id: number } }>('/api/admin/orders/create', formPost({
      user_id: customer.id, country_id: 1, url: PRODUCT.url, shop_name: 'Trendyol', product_type_id: '', color: PRODUCT.color, size: '', quantity: 1, price, cargo_price: '0', urgent: 0,
      descr: 'E2E', waiting: '', track_code: '', preview: '',
    }));

    // 1. More than the balance: refused with 'Balansda kifayət qədər vəsait yoxdur', nothing paid.
    const big = (await create('900000.00')).data.id;
    await page.goto(`${BASE_URL}/@next/orders/${big}`);
    await page.getByTestId('order-pay-button').click();
    await page.getByTestId('order-pay-ok').click();
    await expect.poll(() => page.getByTestId('order-pay-error').innerText(), { timeout: 15_000 }).toContain('Balansda kifayət qədər vəsait yoxdur');
    expect((await api<OrderInfoReply>(`/api/admin/orders/info?order_id=${big}`)).data.payed).toBe(0);

    // 2. A small order paid (API), then its price raised in the form: the warning says a debt line comes.
    const rate = (await api<{ data: string }>('/api/client/cbar?currency=TRY')).data;
    await api('/api/admin/pay/balance', formPost({ user_id: customer.id, amount: '20.00', currency: 'TRY', amount_azn: aznFromAmount('20.00', rate), type: 1, payment_type: 8, descr: 'E2E' }));
    const small = (await create('10.00')).data.id;
    await api(`/api/admin/orders/pay?order_id=${small}`, { method: 'POST' });
    await page.goto(`${BASE_URL}/@next/orders/${small}/update`);
    const price = page.locator('input[data-testid="order-form-price"]').or(page.getByTestId('order-form-price').locator('input')).first();
    await expect.poll(() => price.inputValue(), { timeout: 15_000 }).toBe('10.00');
    await page.waitForTimeout(800);
    await price.fill('12.00');
    await page.getByTestId('order-form-debt-warning').waitFor();
    await shot(page, 'orders-form-paid-price-change');
    await page.getByTestId('order-form-save').click();
    // (12 − 10) × 1.05 = 2.10 owed: an open line, shown in the detail's debts table
    await expect.poll(async () => (await api<{ data: { diff_price: number } }>(`/api/admin/orders/info?order_id=${small}`)).data.diff_price, { timeout: 15_000 }).toBe(2.1);
    await page.goto(`${BASE_URL}/@next/orders/${small}`);
    await page.getByTestId('order-debts').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.getByTestId('order-debts-sum').innerText()).toContain('2.10');
    await shot(page, 'orders-detail-debts', { fullPage: true });

    // 3. A status from the detail's menu: the paid order is placed (8) at once.
    await page.getByTestId('order-status-menu').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: 'Sifariş verilib' }).first().click();
    await expect.poll(async () => (await api<OrderInfoReply>(`/api/admin/orders/info?order_id=${small}`)).data.state_id, { timeout: 15_000 }).toBe(8);
    await expect.poll(() => page.getByTestId('order-status').innerText(), { timeout: 10_000 }).toBe('Sifariş verilib');

    // 4. A link the preview cannot read: the server's message under the field, the form still usable.
    await page.goto(`${BASE_URL}/@next/orders/create`);
    await page.getByTestId('order-form').waitFor();
    await page.waitForTimeout(800);
    const url = page.locator('input[data-testid="order-form-url"]').first();
    await url.fill('https://www.trendyol.com/kirik/sayfa-p-100005');
    const problem = page.getByTestId('order-preview-error');
    await problem.waitFor({ timeout: 20_000 });
    expect((await problem.innerText()).length).toBeGreaterThan(5);
    await page.locator('input[data-testid="order-form-shop"]').first().fill('Əl ilə');
    expect(await page.locator('input[data-testid="order-form-shop"]').first().inputValue()).toBe('Əl ilə');
    await shot(page, 'orders-form-preview-error');
    await context.close();
  }, 150_000);
});
