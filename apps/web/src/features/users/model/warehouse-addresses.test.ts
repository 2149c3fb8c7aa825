import { az } from '@app/contract/texts/az';
import { describe, expect, test } from 'vitest';
import { isMonthSpendHigh } from '../components/user-money-cards';
import { buildWhatsAppLink } from './phone-link';
import { buildWarehouseAddresses, formatAddressText } from './warehouse-addresses';

describe('[USERS][ADDRESSES] foreign-warehouse addresses are built from the customer code', () => {
  const addresses = buildWarehouseAddresses({ code: '100003', name: 'Aysel', surname: 'Əliyeva' });

  test('Turkey and America, each naming the customer with their code', () => {
    expect(addresses.map((a) => a.countryName)).toEqual([az.countries[1], az.countries[2]]);
    for (const address of addresses) {
      expect(address.lines[0]?.value).toBe('Aysel Əliyeva 100003');
      expect(address.lines[1]?.value).toContain('100003');
    }
  });

  test('the copied text is one "label: value" per line', () => {
    const text = formatAddressText(addresses[1]!);
    expect(text.split('\n')[0]).toBe(`${az.usersUi.addressFields.fullName}: Aysel Əliyeva 100003`);
    expect(text).toContain('Suite 100003');
  });

  test('staff without a customer code have no addresses', () => {
    expect(buildWarehouseAddresses({ code: null, name: 'Leyla', surname: 'Abbasova' })).toEqual([]);
  });
});

describe('[USERS][PHONE] a phone opens a WhatsApp chat with its digits', () => {
  test.each([
    ['+994 50 218 20 11', 'https://wa.me/994502182011'],
    ['(055) 123-45-67', 'https://wa.me/0551234567'],
    ['12', null],
    [null, null],
  ])('%j → %j', (phone, link) => {
    expect(buildWhatsAppLink(phone)).toBe(link);
  });
});

describe('[USERS][MONTH SPEND] spec §9: the warning shows above 300 USD', () => {
  test.each([
    ['300.00', false],
    ['300.01', true],
    ['12.50', false],
  ])('%s → %s', (spend, isHigh) => {
    expect(isMonthSpendHigh(spend)).toBe(isHigh);
  });
});
