import { az } from '@app/contract/texts/az';
import { describe, expect, test } from 'vitest';
import { isMonthSpendHigh } from '../components/user-money-cards';
import { buildWhatsAppLink } from './phone-link';
import { buildWarehouseAddresses, formatAddressText, readWarehouseSettings } from './warehouse-addresses';

describe('[USERS][ADDRESSES] foreign-warehouse addresses come from the settings group "warehouse"', () => {
  const settings = {
    warehouse: {
      2: { addressHeading: 'USA warehouse', address: '100 Cargo Rd, Suite {CODE}', city: 'Wilmington', province: 'Delaware', postalCode: '19720', country: 'United States', phone: '+1 302 555 0100', district: '', passportIdentity: '' },
      1: { addressHeading: 'İstanbul anbarı', address: 'Merkez Mah. Kargo Sok. No: 12 D: {CODE}', district: 'Esenyurt', city: 'İstanbul', province: 'İstanbul', postalCode: '34510', country: 'Türkiye', phone: '+90 212 555 00 12', passportIdentity: '11111111111' },
    },
  };
  const addresses = buildWarehouseAddresses({ code: '100003', name: 'Aysel', surname: 'Əliyeva' }, readWarehouseSettings(settings));

  test('one card per configured country, in country order, each naming the customer with their code', () => {
    expect(addresses.map((a) => a.countryName)).toEqual([az.countries[1], az.countries[2]]);
    for (const address of addresses) {
      expect(address.lines[0]?.value).toBe('Aysel Əliyeva 100003');
      expect(address.lines.some((line) => line.value.includes('100003') && line.label === az.settingsUi.fields.address)).toBe(true);
    }
  });

  test('the copied text is one "label: value" per line; empty fields are left out', () => {
    const text = formatAddressText(addresses[1]!);
    expect(text.split('\n')[0]).toBe(`${az.usersUi.addressFields.fullName}: Aysel Əliyeva 100003`);
    expect(text).toContain('Suite 100003');
    expect(text).not.toContain(`${az.settingsUi.fields.district}:`);
  });

  test('an address changed on the settings screen shows at once; a country without an address has no card', () => {
    const changed = buildWarehouseAddresses({ code: '7', name: 'A', surname: 'B' }, { 1: { address: 'Yeni küçə {CODE}', city: 'Bursa' }, 2: undefined });
    expect(changed).toHaveLength(1);
    expect(changed[0]!.lines.map((l) => l.value)).toEqual(['A B 7', 'Yeni küçə 7', 'Bursa']);
  });

  test('staff without a customer code, or no settings yet, have no addresses', () => {
    expect(buildWarehouseAddresses({ code: null, name: 'Leyla', surname: 'Abbasova' }, readWarehouseSettings(settings))).toEqual([]);
    expect(buildWarehouseAddresses({ code: '5', name: 'Leyla', surname: 'Abbasova' }, readWarehouseSettings(undefined))).toEqual([]);
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
