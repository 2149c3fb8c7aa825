import { z, ZodNumber } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SORT_ORDERS, TOTAL_KINDS } from './common-constants';

// The plain constants and types live in the zod-free `common-constants` (issue 15: a screen that needs
// only them does not load zod); re-exported here for the API and the schemas.
export * from './common-constants';

/** A decimal numeral as forms and query strings send numbers: no exponent, hex, blank or words. */
const NUMERAL = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

/**
 * What `z.coerce.number()` should have been for our inputs: a number, or a numeral in text, becomes
 * a number; a blank text counts as missing; anything else (an object, an array, a boolean, null) is
 * left as it is for the number schema to refuse — never converted with Number(), which calls an
 * object's own `toString` and would turn `[5]` into 5, `true` into 1 and `null` into 0.
 */
export function toNumberish(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  return NUMERAL.test(value) ? Number(value) : value;
}

/** The number schema with `toNumberish` in front; chains like `z.number()` (`.int().min(1).optional()`). */
const ZodNumberish = z.core.$constructor('ZodNumberish', (inst: z.ZodNumber, def: z.core.$ZodNumberDef) => {
  // Not `z.ZodNumber.init`: the web build marks `z.*` calls pure (vite.config.ts manualPureFunctions) and would drop this one.
  ZodNumber.init(inst, def);
  const parse = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    payload.value = toNumberish(payload.value);
    return parse(payload, ctx);
  };
});

/** A number from a query string, form field or JSON (use instead of `z.coerce.number()`, which eslint refuses). */
export function zNumber(): z.ZodCoercedNumber<unknown> {
  return new ZodNumberish({ type: 'number', checks: [] }) as unknown as z.ZodCoercedNumber<unknown>;
}

/** PostgreSQL's `integer`: an id or count beyond it cannot exist, and must not reach the database. */
export const INT4_MAX = 2_147_483_647;
/** A positive database id, accepted as a number or a numeric string (query strings and forms). */
export const zId = zNumber().int().positive().max(INT4_MAX);
/** An integer from a query string or form field. */
export const zInt = zNumber().int().min(-INT4_MAX).max(INT4_MAX);
/** A decimal amount with at most two places, as a string or a number; kept as text for exact money math. */
export const zDecimal = z.union([z.string(), z.number()]).transform((v) => String(v).trim().replace(',', '.'))
  .pipe(z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal'));
/**
 * A multipart file field (its bytes, `attachFieldsToBody: 'keyValues'`); a blank part counts as
 * missing (the service says which file it needs), a text or JSON value sent in its place is refused.
 */
export const zFile = z.preprocess((v) => (v === '' ? undefined : v), z.unknown()
  .refine((v) => v === undefined || v instanceof Uint8Array, 'file'));
/** 'YYYY-MM-DD', optionally with ' HH:mm' or ' HH:mm:ss', naming a real moment: no 2024-02-30, no 25:00, no year 0 (PostgreSQL refuses those). */
export function isCalendarDateTime(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return year >= 1 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}
/** A calendar day 'YYYY-MM-DD' (filters, birth dates). */
export const zDateText = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isCalendarDateTime);
/** A day or a moment: 'YYYY-MM-DD[ HH:mm[:ss]]' (list filters from/to). */
export const zDateTimeText = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/).refine(isCalendarDateTime);
/** Form flags arrive as '1'/'0', 'true'/'false' or booleans. */
export const zFlag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');
/** A list parameter that may arrive as `a,b`, `a&a` (repeated) or `a[]=` and contain numbers (ids, or 0 such as the customer role). */
export const zIdList = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  // only text and numbers are split; an object stays as it is and is refused, never String()-ed
  const items = Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : v;
  if (!Array.isArray(items)) return items;
  return items.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
}, z.array(zNumber().int().min(0).max(INT4_MAX)).optional());

export const ZListQuery = z.object({
  page: zNumber().int().min(1).max(INT4_MAX).default(1),
  per_page: zNumber().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort_column: z.string().max(64).optional(),
  sort_order: z.enum(SORT_ORDERS).optional(),
});
export type ListQuery = z.infer<typeof ZListQuery>;

// ---------------------------------------------------------------- reply building blocks (issue 14: the wire format)

/** 0/1 where real clients read a flag as a number (issue 14). */
export const zFlag01 = z.union([z.literal(0), z.literal(1)]);
export type Flag01 = z.infer<typeof zFlag01>;
/** `YYYY-MM-DD HH:mm:ss` in the office time zone (formatted in SQL). */
export const zDateTimeOut = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
/** An exact decimal string, a numeric column's text. */
export const zDecimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);
/** `{ data: [...], total }` (`total_kind` is ours). */
export const zListReply = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number().int(), total_kind: z.enum(TOTAL_KINDS).optional() });
