import { COUNTRY } from '@app/contract/countries';
import { az } from '@app/contract/texts/az';

/**
 * The foreign warehouses a customer ships to (spec §2 details page). The customer code goes into
 * the name and address lines, so the warehouse can tell whose parcel arrived.
 * Design: fixed here until the countries settings screen edits the address per country.
 */
const WAREHOUSES = {
  [COUNTRY.turkey]: {
    addressLine: 'Merkez Mah. Kargo Sok. No: 12 D: {CODE}',
    district: 'Esenyurt',
    city: 'İstanbul',
    postCode: '34510',
    phone: '+90 212 555 00 12',
  },
  [COUNTRY.america]: {
    addressLine: '100 Cargo Rd, Suite {CODE}',
    city: 'Wilmington',
    state: 'Delaware',
    postCode: '19720',
    phone: '+1 302 555 0100',
  },
} as const;

export interface AddressLine {
  label: string;
  value: string;
}

export interface WarehouseAddress {
  countryId: number;
  countryName: string;
  lines: AddressLine[];
}

function withCode(template: string, code: string): string {
  return template.replace('{CODE}', code);
}

/** Turkey and USA addresses for a customer; none when the user has no customer code. */
export function buildWarehouseAddresses(user: { code: string | null; name: string; surname: string }): WarehouseAddress[] {
  const code = user.code?.trim();
  if (!code) return [];
  const labels = az.usersUi.addressFields;
  const fullName = `${user.name} ${user.surname} ${code}`.trim();
  const turkey = WAREHOUSES[COUNTRY.turkey];
  const america = WAREHOUSES[COUNTRY.america];
  return [
    {
      countryId: COUNTRY.turkey,
      countryName: az.countries[COUNTRY.turkey] ?? '',
      lines: [
        { label: labels.fullName, value: fullName },
        { label: labels.addressLine, value: withCode(turkey.addressLine, code) },
        { label: labels.district, value: turkey.district },
        { label: labels.city, value: turkey.city },
        { label: labels.postCode, value: turkey.postCode },
        { label: labels.phone, value: turkey.phone },
      ],
    },
    {
      countryId: COUNTRY.america,
      countryName: az.countries[COUNTRY.america] ?? '',
      lines: [
        { label: labels.fullName, value: fullName },
        { label: labels.addressLine, value: withCode(america.addressLine, code) },
        { label: labels.city, value: america.city },
        { label: labels.state, value: america.state },
        { label: labels.postCode, value: america.postCode },
        { label: labels.phone, value: america.phone },
      ],
    },
  ];
}

/** What the copy button puts on the clipboard: one "label: value" per line. */
export function formatAddressText(address: WarehouseAddress): string {
  return address.lines.map((line) => `${line.label}: ${line.value}`).join('\n');
}
