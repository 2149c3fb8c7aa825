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
