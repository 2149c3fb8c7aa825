import { z } from 'zod';
import { checkStatsRange } from './stats-range';
import { azStatistics } from './texts/az-statistics';

/*
 * The statistics landing page (issue 19 item 1; spec §2 "Statistics"): one call per widget group,
 * GET /api/admin/statistics/landing/{parcels,queue,money,orders,customers}?start_date&end_date,
 * days 'YYYY-MM-DD' in the office's time zone, both inclusive. And the clients' charts/widget and
 * charts/bystatus (spec/api-fields-in-use.tsv).
 */

const t = azStatistics.landing;

/** The longest range a landing call answers (about thirty years). */
export const LANDING_MAX_DAYS = 11_000;

/** A calendar day 'YYYY-MM-DD' (2026-02-30 is refused). */
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const zDay = z.string({ error: t.badDate }).trim().refine(isDay, t.badDate);

/** start_date/end_date: both days, start not after end, at most LANDING_MAX_DAYS apart; missing ones default in the service. */
export const ZLandingRange = z.object({
  start_date: zDay.optional(),
  end_date: zDay.optional(),
}).superRefine((v, ctx) => {
  checkStatsRange(v, ctx, { message: t.endBeforeStart });
  if (v.start_date && v.end_date && (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000 > LANDING_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: t.rangeTooLong });
  }
});
export type LandingRange = z.infer<typeof ZLandingRange>;

const count = z.number().int();
const money = z.string();
const range = z.object({ start_date: z.string(), end_date: z.string() });

export const ZLandingParcelsReply = z.object({
  data: z.object({
    range,
    /** Live declarations created in the range (the declarations list with created = the range). */
    total: count,
    by_status: z.array(z.object({ state_id: count, state_name: z.string(), count })),
    by_country: z.array(z.object({ country_id: count, country_name: z.string(), count })),
    /** Per day: declarations created, arrivals (status changes to 9) and handovers (to 10). */
    by_day: z.array(z.object({ date: z.string(), created: count, arrived: count, handed_over: count })),
    /** Of the declarations created in the range: declared to customs, put in boxes, at 'dispatch sent' (8). */
    customs: z.object({ total: count, declared: count, boxed: count, dispatch_sent: count }),
    /** Branches by declarations created in the range, most first (10). */
    top_branches: z.array(z.object({ branch_id: count, branch_name: z.string(), count })),
  }),
});
export type LandingParcelsReply = z.infer<typeof ZLandingParcelsReply>;

export const ZLandingQueueReply = z.object({
  /** branch_id: the branch counted (the viewer's, as the queue screen shows it); null: every branch */
  data: z.object({ waiting: count, in_progress: count, done_today: count, today: z.string(), branch_id: count.nullable() }),
});
export type LandingQueueReply = z.infer<typeof ZLandingQueueReply>;

export const ZLandingMoneyReply = z.object({
  data: z.object({
    range,
    /**
     * The parts the viewer may see (spec §6): cash (registers and by_payment_type) needs permission
     * cashflow, balance (balance) permission transactions. A part not shown comes back as an empty
     * array: not "no movements", the viewer can't see it.
     */
    shown: z.object({ cash: z.boolean(), balance: z.boolean() }),
    /** Cash registers' active movements in the range (the cash-flow list, state 18). */
    registers: z.array(z.object({
      cash_register_id: count, name: z.string(), currency: z.string(),
      income: money, expense: money, income_count: count, expense_count: count,
    })),
    /** The same movements per payment type and currency. */
    by_payment_type: z.array(z.object({
      payment_type: count, payment_type_name: z.string(), currency: z.string(), income: money, expense: money, count,
    })),
    /** Customers' confirmed balance operations (18) in the range per currency and type (1 income, 2 expense). */
    balance: z.array(z.object({ currency: z.string(), type: count, count, amount: money, amount_azn: money })),
  }),
});
export type LandingMoneyReply = z.infer<typeof ZLandingMoneyReply>;

export const ZLandingOrdersReply = z.object({
  data: z.object({
    range,
    total: count,
    by_status: z.array(z.object({ state_id: count, state_name: z.string(), count })),
    by_country: z.array(z.object({ country_id: count, country_name: z.string(), count })),
  }),
});
export type LandingOrdersReply = z.infer<typeof ZLandingOrdersReply>;

export const ZLandingCustomersReply = z.object({
  data: z.object({
    range,
    total: count,
    by_day: z.array(z.object({ date: z.string(), count })),
    by_branch: z.array(z.object({ branch_id: count, branch_name: z.string(), count })),
  }),
});
export type LandingCustomersReply = z.infer<typeof ZLandingCustomersReply>;

/** POST charts/widget (no fields): clients, clients with orders, customers' balances (0 and 0 for a viewer without permission transactions). */
export const ZChartsWidgetReply = z.object({
  data: z.object({ clients: count, orders: count, balance_try: z.object({ USD: z.number(), TRY: z.number() }) }),
});
export type ChartsWidgetReply = z.infer<typeof ZChartsWidgetReply>;

/** POST charts/bystatus?model_id=1|2 ('1' orders, '2' declarations; an array stringified is read as its first id). */
export const ZChartsByStatusQuery = z.object({
  model_id: z.preprocess((v) => {
    // '1', '[1]', '["1"]' or model_id repeated: every id given must be the same one, or the whole is refused
    const parts = (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : null)
      ?.flatMap((p) => p.replace(/[[\]"\s]/g, '').split(',')).filter((p) => p !== '');
    if (!parts) return v;
    if (parts.length === 0) return undefined;
    return parts.every((p) => p === parts[0]) ? parts[0] : parts.join(',');
  }, z.enum(['1', '2'], { error: t.badModel }).transform(Number).optional()),
});
const byStatusRow = z.object({ state_id: count, state_name: z.string(), count });
export const ZChartsByStatusReply = z.object({
  data: z.object({ orders: z.array(byStatusRow), declarations: z.array(byStatusRow) }),
});
export type ChartsByStatusReply = z.infer<typeof ZChartsByStatusReply>;
