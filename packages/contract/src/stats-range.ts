import type { z } from 'zod';
import { isCalendarDateTime } from './common';
import { azStatistics } from './texts/az-statistics';

/**
 * The one range check of every statistics query (issue 19: statistics pages, the landing, the users
 * module's by_user_count). Each error stays on its own field: a malformed day is only its field's
 * error (a day that failed its own check is never compared, so "2026-13-45" is not also "end before
 * start"), and an end before the start is an error on the end field the client sent.
 * Kept apart from statistics.ts so that users.ts can use it without an import cycle.
 */
export interface RangeFields {
  /** the start's field names, first given wins (by_user_count: start_date, else date_from) */
  start?: readonly string[];
  end?: readonly string[];
  message?: string;
}

/** A whole calendar day 'YYYY-MM-DD', as a day field is after its own parse. */
const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDateTime(v);

export function checkStatsRange(q: Record<string, unknown>, ctx: z.RefinementCtx, fields: RangeFields = {}): void {
  const { start = ['start_date'], end = ['end_date'], message = azStatistics.pages.endBeforeStart } = fields;
  const startKey = start.find((k) => q[k] !== undefined);
  const endKey = end.find((k) => q[k] !== undefined);
  if (!startKey || !endKey) return;
  const from = q[startKey];
  const to = q[endKey];
  if (isDay(from) && isDay(to) && to < from) ctx.addIssue({ code: 'custom', path: [endKey], message });
}
