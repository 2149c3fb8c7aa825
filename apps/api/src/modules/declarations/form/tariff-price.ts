import { STANDARD_TARIFF_CATEGORY_ID } from '@app/contract/declarations';
import type { DbOrTx } from '../../../db/client';
import { findTariffBand } from './declaration-queries';

/** A decimal string as an integer count of 10^-scale units (exact; no floats near money). */
function toScaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^[-+]/, '').split('.');
  const digits = `${whole}${fraction.padEnd(scale, '0').slice(0, scale)}`;
  return (negative ? -1n : 1n) * BigInt(digits || '0');
}

function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** price × weight rounded half up to cents, exactly. */
export function multiplyMoney(price: string, weight: string): string {
  const product = toScaled(price, 2) * toScaled(weight, 3); // scale 5
  const cents = (product + (product >= 0n ? 500n : -500n)) / 1000n;
  return fromScaled(cents, 2);
}

/** a + b, exactly (amounts with up to 3 decimals; the sum keeps 2 for money, 3 would be weight). */
export function addMoney(a: string, b: string, scale = 2): string {
  return fromScaled(toScaled(a, scale) + toScaled(b, scale), scale);
}

/** Compares two decimal strings exactly: -1, 0 or 1. */
export function compareAmounts(a: string, b: string): number {
  const x = toScaled(a, 3);
  const y = toScaled(b, 3);
  return x === y ? 0 : x > y ? 1 : -1;
}

/** Two decimal strings are the same amount ('5' = '5.00'). */
export function isSameAmount(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return toScaled(a, 3) === toScaled(b, 3);
}

export interface TariffPrice {
  tariffId: number | null;
  deliveryPrice: string | null;
}

/**
 * The delivery price (USD) from the tariffs (spec §3 "Tariff", DOMAIN §2): the band of the
 * country, liquid (type 1) or other, and the tariff category that holds the weight; a band whose
 * from-weight is above 1 is priced per unit of weight. A special category without its own band
 * falls back to the standard (1) bands. No weight or no band: no price.
 */
export async function computeDeliveryPrice(
  db: DbOrTx,
  parcel: { countryId: number; type: number; categoryId: number | null; weight: string | null },
): Promise<TariffPrice> {
  if (parcel.weight === null) return { tariffId: null, deliveryPrice: null };
  const categoryId = parcel.categoryId ?? STANDARD_TARIFF_CATEGORY_ID;
  const query = { countryId: parcel.countryId, type: parcel.type, weight: parcel.weight };
  const band = (await findTariffBand(db, { ...query, categoryId }))
    ?? (categoryId === STANDARD_TARIFF_CATEGORY_ID ? undefined : await findTariffBand(db, { ...query, categoryId: STANDARD_TARIFF_CATEGORY_ID }));
  if (!band) return { tariffId: null, deliveryPrice: null };
  const isPerUnit = toScaled(band.weightFrom, 3) > 1000n;
  return { tariffId: band.id, deliveryPrice: isPerUnit ? multiplyMoney(band.price, parcel.weight) : fromScaled(toScaled(band.price, 2), 2) };
}
