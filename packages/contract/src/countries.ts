/** spec §1 and §9 */
export const COUNTRY = { turkey: 1, america: 2 } as const;
export const CURRENCY_SIGN = { TRY: '₺', USD: '$', AZN: '₼' } as const;
export function productPriceSign(countryId: number): string {
  return countryId === COUNTRY.turkey ? CURRENCY_SIGN.TRY : CURRENCY_SIGN.USD;
}
/** spec §1: parcel providers */
export const PROVIDER = { internal: 0, trendyol: 1, temu: 2 } as const;
export type ProviderCode = (typeof PROVIDER)[keyof typeof PROVIDER];
