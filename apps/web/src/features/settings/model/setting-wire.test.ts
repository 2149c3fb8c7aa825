import { settingGroupFromWire, settingGroupToWire } from '@app/contract/settings';
import { describe, expect, test } from 'vitest';

/* Issue 14: GET /api/admin/settings/data sends the clients' wire names; the forms edit the stored names. */
describe('[SETTINGS][WIRE] a setting group read from the wire into what the form edits', () => {
  test('others: nested package prices, status picks as decimal strings ("0" = none), customs "1"/"0"', () => {
    const wire = {
      package_price: { small_package: 0.6, medium_package: 1.2, big_package: 2.4 }, bon_percent: '1.50', order_percent: '5.00',
      customs: '1', whatsapp: '+994 50 111 22 33', declaration_status: '7', order_status: '5', courier_status: '0',
    };
    expect(settingGroupFromWire('others', wire)).toEqual({
      smallPackage: '0.60', mediumPackage: '1.20', bigPackage: '2.40', bonPercent: '1.50', orderPercent: '5.00', customs: true,
      whatsapp: '+994 50 111 22 33', declarationStatus: 7, orderStatus: 5, courierStatus: null,
    });
  });

  test('cashflow: the registers picked again by their numeric option ids', () => {
    expect(settingGroupFromWire('cashflow', { cashbox_id: '2', terminal_cashbox_id: '1' })).toEqual({ cashboxId: 2, terminalCashboxId: 1 });
  });

  test('contact: the list of branch entries becomes one entry per branch id, numbers and e-mails as lists', () => {
    const stored = { 3: { name: 'Nərimanov', numbers: ['+994 12 000 00 03', '+994 12 000 00 04'], emails: ['a@kargo.az'], address: 'Bakı', map: '' } };
    const wire = settingGroupToWire('contact', stored);
    expect(wire).toEqual([{
      id: '3', name: 'Nərimanov', number: '+994 12 000 00 03', email: 'a@kargo.az', numbers: '+994 12 000 00 03,+994 12 000 00 04',
      emails: 'a@kargo.az', address: 'Bakı', map: '',
    }]);
    expect(settingGroupFromWire('contact', wire)).toEqual({ 3: stored[3] });
  });

  test('warehouse and azerpost keep their values under the form names', () => {
    const stored = { 1: { addressHeading: 'İstanbul anbarı', address: 'Yeni Mah. 5', district: '', city: 'İstanbul', province: '', postalCode: '34200', country: 'Türkiye', phone: '+90', passportIdentity: '' } };
    expect(settingGroupFromWire('warehouse', settingGroupToWire('warehouse', stored))).toEqual(stored);
    expect(settingGroupFromWire('azerpost', { standart_price: '2.50', weight_price: '0.75' })).toEqual({ standardPrice: '2.50', weightPrice: '0.75' });
  });
});
