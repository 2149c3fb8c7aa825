import type { WarehouseAddressSettings } from '@app/contract/settings';
import { az } from '@app/contract/texts/az';

/**
 * The foreign warehouses a customer ships to (spec §2 details page), from the settings group
 * "warehouse" (one address per country, edited on the settings screen, read through
 * GET /api/client/settings). `{CODE}` in the address is replaced by the customer code, and the code
 * follows the name, so the warehouse can tell whose parcel arrived.
 */
export type WarehouseSettings = Record<string, Partial<WarehouseAddressSettings> | undefined>;

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
  return template.replaceAll('{CODE}', code);
}

/** The warehouse group as GET /api/client/settings sends it (`data.warehouse`), or nothing. */
export function readWarehouseSettings(settings: Record<string, unknown> | undefined): WarehouseSettings {
  const group = settings?.warehouse;
  return group && typeof group === 'object' ? (group as WarehouseSettings) : {};
}

/** One address per configured country (by country id); none when the user has no customer code. */
export function buildWarehouseAddresses(
  user: { code: string | null; name: string; surname: string },
  warehouses: WarehouseSettings,
): WarehouseAddress[] {
  const code = user.code?.trim();
  if (!code) return [];
  const labels = az.settingsUi.fields;
  const fullName = `${user.name} ${user.surname} ${code}`.trim();
  return Object.entries(warehouses)
    .filter((entry): entry is [string, Partial<WarehouseAddressSettings>] => Boolean(entry[1]?.address))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([countryId, w]) => {
      const lines: AddressLine[] = [
        { label: az.usersUi.addressFields.fullName, value: fullName },
        { label: labels.addressHeading ?? '', value: w.addressHeading ?? '' },
        { label: labels.address ?? '', value: withCode(w.address ?? '', code) },
        { label: labels.district ?? '', value: w.district ?? '' },
        { label: labels.city ?? '', value: w.city ?? '' },
        { label: labels.province ?? '', value: w.province ?? '' },
        { label: labels.postalCode ?? '', value: w.postalCode ?? '' },
        { label: labels.country ?? '', value: w.country ?? '' },
        { label: labels.phone ?? '', value: w.phone ?? '' },
        { label: labels.passportIdentity ?? '', value: w.passportIdentity ?? '' },
      ];
      return {
        countryId: Number(countryId),
        countryName: az.countries[Number(countryId)] ?? w.country ?? countryId,
        lines: lines.filter((line) => line.value.trim() !== ''),
      };
    });
}

/** What the copy button puts on the clipboard: one "label: value" per line. */
export function formatAddressText(address: WarehouseAddress): string {
  return address.lines.map((line) => `${line.label}: ${line.value}`).join('\n');
}
