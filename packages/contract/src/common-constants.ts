/*
 * The contract's common constants and types, without zod (issue 15 item 2: a web screen that needs
 * only these does not load zod). `common.ts` re-exports them beside its schemas.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** spec §2 "Generic data table": page index starts at 0 on the screen; the wire page starts at 1. */
export const PAGE_SIZES = [5, 10, 15, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 10000; // spec §7: per-filter export lists use per_page 10000

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
