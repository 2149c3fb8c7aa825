import { z } from 'zod';

/** A positive database id, accepted as a number or a numeric string (query strings and forms). */
export const zId = z.coerce.number().int().positive();
/** An integer from a query string or form field. */
export const zInt = z.coerce.number().int();
/** A decimal amount with at most two places, as a string or a number; kept as text for exact money math. */
export const zDecimal = z.union([z.string(), z.number()]).transform((v) => String(v).trim().replace(',', '.'))
  .pipe(z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal'));
/** Form flags arrive as '1'/'0', 'true'/'false' or booleans. */
export const zFlag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');
/** A list parameter that may arrive as `a,b`, `a&a` (repeated) or `a[]=` and contain numbers. */
export const zIdList = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const items = Array.isArray(v) ? v : String(v).split(',');
  return items.map((x) => String(x).trim()).filter((x) => x !== '');
}, z.array(z.coerce.number().int()).optional());

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** spec §2 "Generic data table": page index starts at 0 on the screen; the wire page starts at 1. */
export const PAGE_SIZES = [5, 10, 15, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 10000; // spec §7: per-filter export lists use per_page 10000

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort_column: z.string().max(64).optional(),
  sort_order: z.enum(SORT_ORDERS).optional(),
});
export type ListQuery = z.infer<typeof ZListQuery>;

/** How the list's `total` was computed (PERFORMANCE.md): exact, or capped at `cap` rows, or estimated. */
export const TOTAL_KINDS = ['exact', 'capped', 'estimated'] as const;
export type TotalKind = (typeof TOTAL_KINDS)[number];

export interface ListResponse<T> {
  data: T[];
  total: number;
  total_kind?: TotalKind;
}

/** spec §8: every error reply. */
export interface ErrorReply {
  message: string;
  errors?: Record<string, string[]>;
  error?: string;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const MONTH_FORMAT = 'YYYY-MM';
/** spec §9 */
export const AZN_PER_USD = '1.7';
export const CACHE_LOOKUP_MS = 900_000;
export const SETTINGS_REFETCH_MS = 600_000;
export const COUNTER_THROTTLE_MS = 3_000;
