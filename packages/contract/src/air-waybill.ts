import { z } from 'zod';
import { az } from './texts/az';

/*
 * IATA air waybill numbers (issue 16): a 3-digit airline prefix and an 8-digit serial whose last
 * digit is the first seven digits modulo 7 (176-12345675: 1234567 mod 7 = 5). The number goes to
 * customs with every dispatch, so a typo must be caught at the form, not by customs.
 * Typed as `176-12345675`, `17612345675` or `176 1234 5675`; kept and sent as `176-12345675`, the
 * form the customs link, the demo data and the close form already use.
 */

/** Prefix, an optional space or hyphen, the serial in one piece or as 4 + 4 (again with an optional space or hyphen). */
const TYPED_FORM = /^(\d{3})[\s-]?(\d{4})[\s-]?(\d{4})$/;

/** The check digit of a serial's first seven digits (IATA: modulo 7). */
export function airWaybillCheckDigit(firstSeven: string): number {
  return Number(firstSeven) % 7;
}

/** Whether an 8-digit serial ends with its check digit. */
export function hasValidAirWaybillCheckDigit(serial: string): boolean {
  return /^\d{8}$/.test(serial) && airWaybillCheckDigit(serial.slice(0, 7)) === Number(serial[7]);
}

/** The number as kept and sent (`176-12345675`), or null when the text is not a valid air waybill. */
export function normalizeAirWaybill(text: string): string | null {
  const match = TYPED_FORM.exec(text.trim());
  if (!match) return null;
  const [, prefix, head, tail] = match;
  const serial = `${head}${tail}`;
  return hasValidAirWaybillCheckDigit(serial) ? `${prefix}-${serial}` : null;
}

/**
 * The air waybill field of every form that takes one (flight close, air waybill change): required,
 * then the IATA form with its check digit; the parsed value is the normalised number.
 */
export const zAirWaybill = z.string().trim().min(1).max(64).transform((text, ctx) => {
  const number = normalizeAirWaybill(text);
  if (number === null) {
    ctx.addIssue({ code: 'custom', message: az.flights.airwaybillInvalid });
    return z.NEVER;
  }
  return number;
});
