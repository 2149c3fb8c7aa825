import { describe, expect, test } from 'vitest';
import { describeReturnChoices, toReturnWireForm } from './return-form';

const details = (extra: Record<string, unknown> = {}) => ({
  declaration_id: 7, delivery_price: '12.00', money_back_price: '80.00', money_back: true, paid: true, returned: false,
  order: null, reasons: [{ id: 1, name: 'Ölçü uyğun deyil' }], ...extra,
});

describe('[DECLARATIONS][RETURN] spec §5 return rules', () => {
  test('5% needs an order; the value is off while 5% is on; the delivery price only when paid', () => {
    expect(describeReturnChoices(details(), {}).canOrderPercent).toBe(false);
    const withOrder = details({ order: { id: 3, refund_amount: '4.00', extra_percent: 5 } });
    expect(describeReturnChoices(withOrder, { isOrderPercent: true }).canDeclarationPrice).toBe(false);
    expect(describeReturnChoices(details({ paid: false, money_back: false }), {}).canDeliveryPrice).toBe(false);
  });

  test('the payload carries the amounts of the chosen returns only', () => {
    expect(toReturnWireForm(details(), { return_reason_id: 1, isDeclarationPrice: true, isDeliveryPrice: true })).toEqual({
      declaration_id: 7, return_reason_id: 1, return_percent: 0, return_declaration_price: '80.00', return_delivery_price: '12.00',
    });
    const unpaid = toReturnWireForm(details({ paid: false }), { return_reason_id: 1, isDeliveryPrice: true, isOrderPercent: true });
    expect(unpaid).toMatchObject({ return_percent: 0, return_delivery_price: undefined });
  });
});
