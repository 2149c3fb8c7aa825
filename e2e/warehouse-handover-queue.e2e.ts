import { computeHandover, fromUnits, subtractAmounts, sumAmounts, toUnits, type HandoverDetails } from '@app/contract/declaration-workflow';
import { az, fill } from '@app/contract/texts/az';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASE_URL, DEMO, keepPrintFramesFromPrinting, launchBrowser, openPage, readAccessToken, signInAndWait, tableRows, waitForTable } from './support/browser';

/*
 * Issue 8: a customer's handover queue entry is executed ('Icra edirəm'), opened, handed over with
 * 'Təhvil verdim' (the handover modal with the entry's id), paid partly from the USD balance and
 * partly in cash; then the statuses, the customer's balance and the cash register are checked
 * through the API. The admin's own register (cashbox 1) is also settings cashflow.cashboxId.
 */

const W = az.warehouse;
const WT = az.declarationWorkflow;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(token: string, path: string, form?: Record<string, string | number>): Promise<{ status: number; body: T }> {
  const res = await fetch(`${BASE_URL}${path}`, form
    ? {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
      }
    : { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T };
}

interface Row { id: number; user_id: number | null }

/** A customer with unpaid parcels at 9 and some USD balance, queued now (41): the queue entry and its parcels. */
async function queueACustomer(token: string) {
  const list = await api<{ data: Row[] }>(token, '/api/admin/v2/declaration/list?state_id=9&payed=0&per_page=200&created=all');
  const byUser = new Map<number, number[]>();
  for (const row of list.body.data) if (row.user_id) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
  for (const ids of byUser.values()) {
    const parcels = ids.slice(0, 2);
    const details = await api<{ data: HandoverDetails }>(token, '/api/admin/declaration/pay', { declaration_id: parcels.join(','), confirm: 0 });
    if (details.status !== 200) continue;
    const d = details.body.data;
    // Enough balance to pay a real part, and a debt worth splitting.
    if (Number(d.balance.usd) < 2 || Number(d.deliveryCredit.azn) < 3) continue;
    // One small package asked for when queued: the handover modal starts from it.
    const queued = await api<{ data: { handover_task_id: number } }>(token, '/api/admin/handover/create', { declaration_id: parcels.join(','), small_package: 1 });
    if (queued.status !== 200) continue; // already in an open queue entry
    return { taskId: queued.body.data.handover_task_id, parcels, details: d };
  }
  throw new Error('no customer with unpaid parcels at 9 and a USD balance in the demo data');
}

describe('[WAREHOUSE][E2E] handover queue → executed → paid by balance and cash → handed over', () => {
  test("'Icra edirəm', 'Təhvil verdim', part balance and part cash; statuses, balance and cash register are right", async () => {
    const { context, page } = await openPage(browser);
    await keepPrintFramesFromPrinting(context);
    await signInAndWait(page, DEMO.admin);
    const token = await readAccessToken(context);
    const { taskId, parcels, details } = await queueACustomer(token);
    const registerBefore = (await api<{ data: { id: number; amount: string } }>(token, '/api/admin/cashboxes/balance')).body.data;
    expect(registerBefore.id).toBe(1);

    // The queue: the customer's card waits (41); executing it opens the entry (42).
    await page.goto(`${BASE_URL}/@next/warehouse/handover/queues`);
    const card = page.getByTestId(`queue-card-${taskId}`);
    await card.waitFor();
    await card.getByText(W.waiting).waitFor();
    await card.getByRole('button', { name: W.execute }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/warehouse/handover/queues/${taskId}`));
    await page.getByText(fill(W.queueTitle, { id: taskId, n: parcels.length })).waitFor();
    const started = await api<{ data: { state_id: number } }>(token, `/api/admin/handover/info?handover_task_id=${taskId}`);
    expect(started.body.data.state_id).toBe(42);
    // 'Print receipt' is on by default: the entry's 80 mm receipt PDF went to the print frame once.
    await page.locator('iframe[data-testid="print-frame"]').waitFor({ state: 'attached' });

    // 'Təhvil verdim' opens the handover of these parcels with the entry's id.
    await page.getByRole('button', { name: W.handedOverButton }).click();
    await page.waitForURL((url) => url.pathname.includes('/declarations/') && url.pathname.endsWith('/handover') && url.searchParams.get('handover_task') === String(taskId));
    const modal = page.locator('.ant-modal').filter({ hasText: parcels.length > 1 ? fill(WT.handoverTitleMany, { N: parcels.length }) : WT.handoverTitle });
    await modal.waitFor();
    // The package counts start from the queue entry's (one small package) and are in the total.
    await expect.poll(() => modal.getByTestId('package-small').innerText()).toBe('1');
    const packages = { small: 1, medium: 0, big: 0 };
    const total = (await page.getByTestId('handover-total').innerText()).replace(/[^\d.]/g, '');
    expect(total).toBe(computeHandover({ debtAzn: details.deliveryCredit.azn, packages, prices: details.packagePrices, cash: '0', terminal: '0', balanceUsd: '0', useBalance: false }).totalAzn);

    // Part from the balance (at most half the total, within the balance), the rest in cash.
    const balanceAzn = (toUnits(details.balance.usd) * 17n) / 10n; // cents, rounded down
    const totalUnits = toUnits(total);
    const fromBalance = balanceAzn - 2n < totalUnits / 2n ? balanceAzn - 2n : totalUnits / 2n;
    const cash = fromUnits(totalUnits - fromBalance);
    const expected = computeHandover({
      debtAzn: details.deliveryCredit.azn, packages, prices: details.packagePrices, cash, terminal: '0', balanceUsd: details.balance.usd, useBalance: true,
    });
    expect(expected.isEnough).toBe(true);
    expect(Number(expected.balanceUsedUsd)).toBeGreaterThan(0);
    await modal.locator('input[name="cash"]').fill(cash);
    await modal.getByText(WT.useBalance).click();
    await modal.getByText(fill(WT.balanceUsed, { USD: expected.balanceUsedUsd, AZN: expected.balanceUsedAzn })).waitFor();
    await expect.poll(async () => (await page.getByTestId('handover-refund').innerText()).replace(/[^\d.]/g, '')).toBe(expected.refund);
    await modal.getByRole('button', { name: WT.confirmHandover }).click();
    await page.getByText(WT.handedOver).first().waitFor();
    // The cashier is taken back to the queue, not to the declarations table.
    await page.waitForURL((url) => url.pathname.includes('/warehouse/handover/queues'));

    // Through the API: parcels 10 and paid, the entry 43, the balance and the register exact.
    for (const id of parcels) {
      const info = await api<{ data: { state_id: number; payed: number } }>(token, `/api/admin/declaration/info?declaration_id=${id}`);
      expect(info.body.data.state_id).toBe(10);
      expect(info.body.data.payed).toBe(1);
    }
    const done = await api<{ data: { state_id: number } }>(token, `/api/admin/handover/info?handover_task_id=${taskId}`);
    expect(done.body.data.state_id).toBe(43);
    const customer = await api<{ data: { balance_usd: string } }>(token, `/api/admin/client/user?user_id=${details.user.id}`);
    expect(customer.body.data.balance_usd).toBe(subtractAmounts(details.balance.usd, expected.balanceUsedUsd));
    const registerAfter = (await api<{ data: { amount: string } }>(token, '/api/admin/cashboxes/balance')).body.data;
    // The register keeps the cash less the change given back.
    expect(registerAfter.amount).toBe(sumAmounts([registerBefore.amount, cash, `-${expected.refund}`]));

    // The top bar shows the register's new balance.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('cashbox-summary').waitFor();
    await expect.poll(async () => page.getByTestId('cashbox-summary').innerText()).toContain(`${registerAfter.amount} AZN`);

    // The history tab lists the handover first (newest first): the customer and the parcels, from the entry.
    const history = await api<{ data: { handover_task_id: number | null; user_id: number }[] }>(token, '/api/admin/handover/history?per_page=1');
    expect(history.body.data[0]).toMatchObject({ handover_task_id: taskId, user_id: details.user.id });
    await page.keyboard.press('Escape');
    await page.goto(`${BASE_URL}/@next/warehouse/handover/history`);
    await waitForTable(page, 'handover-history');
    const firstCode = [...details.declarations].sort((a, b) => a.id - b.id)[0]!.trackCode;
    await expect.poll(async () => tableRows(page, 'handover-history').first().innerText()).toContain(firstCode);
    await context.close();
  }, 120_000);
});
