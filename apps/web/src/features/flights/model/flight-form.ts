import { normalizeAirWaybill } from '@app/contract/air-waybill';
import { COUNTRY } from '@app/contract/countries';
import { DATE_FORMAT } from '@app/contract/common-constants';
import dayjs, { type Dayjs } from 'dayjs';

/** Airport code a new flight's name starts with (design: Istanbul for Turkey, NYC for America, like the demo flights). */
const NAME_PREFIX: Record<number, string> = { [COUNTRY.turkey]: 'IST', [COUNTRY.america]: 'NYC' };
const DEFAULT_PREFIX = 'IST';
const DEFAULT_NAME = /^[A-Z]{3}-\d{4}-\d{2}-\d{2}$/;

/** spec §4: a new flight's name comes from the current date ('IST-2026-11-23'). */
export function buildDefaultFlightName(countryId: number | null | undefined, today: Dayjs = dayjs()): string {
  const prefix = (countryId ? NAME_PREFIX[countryId] : undefined) ?? DEFAULT_PREFIX;
  return `${prefix}-${today.format(DATE_FORMAT)}`;
}

/** A name the user has not typed over (so a change of country may rename it). */
export function isDefaultFlightName(name: string | null | undefined): boolean {
  return DEFAULT_NAME.test(name ?? '');
}

/** spec §9: accepted package codes '200' and '048' (the number 48 on the wire). */
export function isAcceptedCode(code: number | string | null | undefined): boolean {
  if (code === null || code === undefined || code === '') return false;
  const value = Number(code);
  return value === 200 || value === 48;
}

/** Customs' three-digit codes: 48 shows as '048'. */
export function formatPackageCode(code: number | string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  const text = String(code);
  return /^\d+$/.test(text) ? text.padStart(3, '0') : text;
}

export function countAccepted(output: readonly { code: number | string | null }[] | null | undefined): { accepted: number; rejected: number } {
  const list = output ?? [];
  const accepted = list.filter((item) => isAcceptedCode(item.code)).length;
  return { accepted, rejected: list.length - accepted };
}

/** Completion column: handed-over parcels of all, as a whole percent (0 when the flight is empty). */
export function completionPercent(completed: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(100, Math.round((completed / count) * 100));
}

/** spec §2: the manifest file is .xlsx or .csv. */
export function isManifestFile(name: string): boolean {
  return /\.(xlsx|csv)$/i.test(name.trim());
}

/** spec §5: packaging limit is a positive integer (default 400). */
export function parseLimit(text: string | number | null | undefined, max: number): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : null;
}

/**
 * The air waybill as the form sends it: the normalised number (`176 1234 5675` → `176-12345675`)
 * when it is valid, else the trimmed text (the contract's rule then names the problem).
 */
export function toAirWaybillWire(text: string | null | undefined): string {
  const trimmed = text?.trim() ?? '';
  return normalizeAirWaybill(trimmed) ?? trimmed;
}
