import { fillDays, type ChartData } from '../../../shared/charts/chart-model';
import type { DateRangeValue } from '../../../shared/data-table/date-range';

export interface DaySeriesSpec<Row> {
  key: string;
  label: string;
  value: (row: Row) => number | string | null | undefined;
  color?: string;
}

/** A range longer than this many days is charted by week, longer than MONTH_FROM_DAYS by month (H6 #4/#5). */
export const WEEK_FROM_DAYS = 120;
export const MONTH_FROM_DAYS = 730;

export type DayBucket = 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;
const dayTime = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const monthNumber = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/** How a range's per-day chart sums its days: by day up to ~4 months, by week up to ~2 years, then by month. */
export function bucketOfRange(from: string, to: string): DayBucket {
  const days = Math.round((dayTime(to) - dayTime(from)) / DAY_MS) + 1;
  if (!Number.isFinite(days) || days <= WEEK_FROM_DAYS) return 'day';
  return days <= MONTH_FROM_DAYS ? 'week' : 'month';
}

/** The days a bucket of a range covers (the bucket cut to the range): a week from its Monday, a month 'YYYY-MM'. */
export function bucketSpan(x: string, bucket: DayBucket, from: string, to: string): { from: string; to: string } {
  let start = x.slice(0, 10);
  let end = start;
  if (bucket === 'week') end = isoDay(dayTime(start) + 6 * DAY_MS);
  if (bucket === 'month') {
    start = `${x.slice(0, 7)}-01`;
    end = isoDay(Date.UTC(Number(x.slice(0, 4)), Number(x.slice(5, 7)), 0));
  }
  return { from: start < from ? from : start, to: end > to ? to : end };
}

/** The range's buckets: every day, every week (its Monday, the first week holds `from`) or every month 'YYYY-MM'. */
function bucketsOf(from: string, to: string, bucket: DayBucket): string[] {
  if (bucket === 'day') return fillDays(from, to);
  const out: string[] = [];
  if (bucket === 'week') {
    const first = dayTime(from) - ((new Date(dayTime(from)).getUTCDay() + 6) % 7) * DAY_MS;
    for (let t = first; t <= dayTime(to); t += 7 * DAY_MS) out.push(isoDay(t));
    return out;
  }
  for (let m = monthNumber(from); m <= monthNumber(to); m += 1) out.push(`${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`);
  return out;
}

/**
 * Rows per day (days without rows left out by the API) → the kit's ChartData over the whole range,
 * buckets without rows as 0, several rows of one bucket summed (an admin's rows of one day, a
 * week's or month's days). A range over WEEK_FROM_DAYS is summed by week, over MONTH_FROM_DAYS by
 * month (`bucket` says which), so a year reads as 53 bars and 1900–2100 as months, not 73,000 days.
 */
export function buildDaySeries<Row>(from: string, to: string, rows: readonly Row[], dayOf: (row: Row) => string, specs: readonly DaySeriesSpec<Row>[]): ChartData {
  const bucket = bucketOfRange(from, to);
  const x = bucketsOf(from, to, bucket);
  const index = new Map(x.map((key, i) => [key, i]));
  const first = x[0] ?? '';
  const indexOf = (day: string): number | undefined => {
    if (day < from || day > to) return undefined;
    if (bucket === 'day') return index.get(day);
    if (bucket === 'week') return Math.floor((dayTime(day) - dayTime(first)) / (7 * DAY_MS));
    return index.get(day.slice(0, 7));
  };
  const series = specs.map((spec) => ({ key: spec.key, label: spec.label, color: spec.color, values: x.map(() => 0) }));
  for (const row of rows) {
    const i = indexOf(String(dayOf(row) ?? '').slice(0, 10));
    if (i === undefined || i < 0 || i >= x.length) continue;
    specs.forEach((spec, s) => {
      const value = Number(spec.value(row) ?? 0);
      if (Number.isFinite(value)) series[s]!.values[i] = Math.round((series[s]!.values[i]! + value) * 100) / 100;
    });
  }
  if (bucket === 'day') return { xKind: 'date', x, series };
  return bucket === 'week' ? { xKind: 'date', x, series, bucket } : { xKind: 'category', x, series, bucket };
}

/** Category rows (branch, status, payment type, region, tariff) → ChartData, one point per row. */
export function buildCategorySeries<Row>(rows: readonly Row[], labelOf: (row: Row) => string, specs: readonly DaySeriesSpec<Row>[]): ChartData {
  return {
    xKind: 'category',
    x: rows.map(labelOf),
    series: specs.map((spec) => ({ key: spec.key, label: spec.label, color: spec.color, values: rows.map((row) => Number(spec.value(row) ?? 0) || 0) })),
  };
}

/** The day (week, month) series without the points where every series is 0, newest first (indexes are looked up again by x). */
export function onlyDaysWithFigures(data: ChartData): ChartData {
  const keep = data.x.map((_, i) => i).filter((i) => data.series.some((s) => (s.values[i] ?? 0) !== 0)).reverse();
  return { ...data, x: keep.map((i) => data.x[i]!), series: data.series.map((s) => ({ ...s, values: keep.map((i) => s.values[i]!) })) };
}

/** A week's or month's drill-down in the page URL: its days, cut to the range (StatChartCard onOpenSpan). */
export function spanDrill(span: { from: string; to: string }): Record<string, string> {
  return { day_from: span.from, day_to: span.to };
}

/** The days a drill-down holds: one day (`day` / `changed_date`), a bucket's span, or none (the whole range). */
export function drillDays(drill: Record<string, string> | null, day?: string): { from: string; to: string } | null {
  if (drill?.day_from && drill.day_to) return { from: drill.day_from, to: drill.day_to };
  return day ? { from: day, to: day } : null;
}

/** A bucket's span as the lists' date range (the drill-down's link to the list); else the page's range. */
export function spanListRange(drill: Record<string, string> | null, range: DateRangeValue): DateRangeValue {
  return drill?.day_from && drill.day_to ? { preset: 'custom', from: drill.day_from, to: drill.day_to } : range;
}

/** The drill-down title of a span: '2026-11-23 — 2026-11-29'. */
export function spanTitle(drill: Record<string, string> | null): string | undefined {
  return drill?.day_from && drill.day_to ? `${drill.day_from} — ${drill.day_to}` : undefined;
}
