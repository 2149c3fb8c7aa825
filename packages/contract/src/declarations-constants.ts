/*
 * Declaration constants, without zod (issue 15 item 2). `declarations.ts` re-exports them beside its schemas.
 */

/** spec §3: measure is always 1; declaration type 1 liquid, 2 other. */
export const DECLARATION_MEASURE = 1;
export const DECLARATION_TYPE = { liquid: 1, other: 2 } as const;
/** spec §3: a tariff (plan category) id above 1 is a special tariff; 1 is 'Standart'. */
export const STANDARD_TARIFF_CATEGORY_ID = 1;
export function isSpecialTariffCategory(id: number | null | undefined): boolean {
  return typeof id === 'number' && id > STANDARD_TARIFF_CATEGORY_ID;
}
/** design: an uploaded declaration document is at most 10 MB and a PDF, JPEG or PNG (checked by content). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** spec §4: the row menu's manual status change offers only these. */
export const MANUAL_DECLARATION_STATUSES = [9, 88] as const;
/** spec §4: this manual status needs a reason (descr). */
export const STATUS_NEEDING_REASON = 88;
/** design: combine needs at least this many declarations. */
export const COMBINE_MIN = 2;

/** spec §9: the order refund option is 5% of the order. */
export const RETURN_ORDER_PERCENT = 5;

/**
 * issue 16: the range of each field of the declaration form (and the unknown-declaration form),
 * said in the field's message and enforced by the contract's schemas on both sides. Decimal texts
 * with at most 2 places (spec §9: weight kg and amounts with 2 decimals); they fit the columns
 * (weight numeric(10,2), prices numeric(14,2)) with room to spare. design: a parcel of an online
 * shop weighs at most 1000 kq (air cargo), holds at most 1000 pieces; a product value may be 0
 * (countries with zeroPrice) up to 100,000; a delivery price up to 10,000 $.
 */
export const DECLARATION_LIMITS = {
  weight: { min: '0.01', max: '1000' },
  quantity: { min: 1, max: 1000 },
  price: { min: '0', max: '100000' },
  deliveryPrice: { min: '0', max: '10000' },
  /** Text columns: description is `text` (bounded here), the others their varchar sizes. */
  descr: 2000,
  globalTrackCode: 80,
  shopName: 160,
  wardrobeNumber: 32,
  voen: 32,
} as const;
/** Decimal places of weights and amounts (spec §9). */
export const DECLARATION_DECIMALS = 2;
