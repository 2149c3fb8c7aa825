import { ORDER_STATUS } from '@app/contract/orders';
import { describe, expect, test } from 'vitest';
import { needsRejectForm, whyCannotSetOrderStatus, whyCannotSetStatusOfMany } from './order-status-rules';

const { rejected, pending, awaitingPayment, ordered, atWarehouse, completed, cancelled } = ORDER_STATUS;
const order = (stateId: number, payed: 0 | 1 = 0) => ({ state_id: stateId, payed });

describe('[ORDERS][LIST] which statuses the change-status menu offers (impossible ones greyed)', () => {
  test('the current status is greyed as "same"', () => {
    expect(whyCannotSetOrderStatus(order(pending), pending)).toBe('same');
  });

  test('rejected (4) and cancelled (32) orders move nowhere', () => {
    for (const from of [rejected, cancelled]) {
      for (const to of [pending, awaitingPayment, ordered, cancelled, rejected].filter((s) => s !== from)) {
        expect(whyCannotSetOrderStatus(order(from, 1), to)).not.toBeNull();
      }
    }
  });

  test('ordered (8), at the warehouse (9), completed (10) need the order paid', () => {
    for (const to of [ordered, atWarehouse, completed]) {
      expect(whyCannotSetOrderStatus(order(awaitingPayment, 0), to)).toBe('needsPayment');
    }
    expect(whyCannotSetOrderStatus(order(awaitingPayment, 1), ordered)).toBeNull();
  });

  test('an unpaid pending order may await payment, be rejected or cancelled', () => {
    expect(whyCannotSetOrderStatus(order(pending), awaitingPayment)).toBeNull();
    expect(whyCannotSetOrderStatus(order(pending), rejected)).toBeNull();
    expect(whyCannotSetOrderStatus(order(pending), cancelled)).toBeNull();
  });

  test('the contract\'s transitions: a completed order (10) is closed, one step back is allowed (9 → 8, 7 → 5)', () => {
    for (const to of [pending, awaitingPayment, ordered, atWarehouse, rejected, cancelled]) {
      expect(whyCannotSetOrderStatus(order(completed, 1), to)).toBe('notAllowed');
    }
    expect(whyCannotSetOrderStatus(order(atWarehouse, 1), ordered)).toBeNull();
    expect(whyCannotSetOrderStatus(order(awaitingPayment, 0), pending)).toBeNull();
    expect(whyCannotSetOrderStatus(order(atWarehouse, 1), pending)).toBe('notAllowed');
  });

  test('a transitions table refuses what it does not list for the source', () => {
    const transitions = { [atWarehouse]: [ordered, completed] };
    expect(whyCannotSetOrderStatus(order(atWarehouse, 1), pending, transitions)).toBe('notAllowed');
    expect(whyCannotSetOrderStatus(order(atWarehouse, 1), completed, transitions)).toBeNull();
  });

  test('for a selection, a status is offered only when every selected order may take it', () => {
    const selection = [order(pending, 1), order(awaitingPayment, 0)];
    expect(whyCannotSetStatusOfMany(selection, ordered)).toBe('needsPayment');
    expect(whyCannotSetStatusOfMany(selection, cancelled)).toBeNull();
    expect(whyCannotSetStatusOfMany([order(pending), order(rejected)], cancelled)).not.toBeNull();
    expect(whyCannotSetStatusOfMany([], cancelled)).not.toBeNull();
  });

  test('status 4 opens the reject form; the others change at once', () => {
    expect(needsRejectForm(rejected)).toBe(true);
    expect([pending, awaitingPayment, ordered, atWarehouse, completed, cancelled].some(needsRejectForm)).toBe(false);
  });
});
