import { azStatistics } from '@app/contract/texts/az-statistics';
import { formatGroupedNumber } from '../format/format-number';

/**
 * The chart kit's data model (issue 19 item 5), without uPlot: the same figures feed the chart and
 * its table view, so both always show one set of numbers.
 */

/** Product colours: the primary first, then colours that stay apart for colour-blind readers. */
export const CHART_COLORS = ['#0A4755', '#E69F00', '#56B4E9', '#009E73', '#CC79A7', '#D55E00', '#0072B2', '#8C8C8C', '#F0E442', '#5B3A8E'] as const;

export type ChartValueFormat = 'count' | 'amount';
/** 'date' x values are days 'YYYY-MM-DD'; 'category' x values are labels shown as they are. */
export type ChartXKind = 'date' | 'category';

export interface ChartSeries {
  key: string;
  label: string;
  values: number[];
  color?: string;
}

export interface ChartData {
  xKind: ChartXKind;
  /** One entry per point: a day 'YYYY-MM-DD' or a category label. */
  x: string[];
  series: ChartSeries[];
  /**
   * Days summed into buckets (a long range): 'week' x values are each week's Monday
   * ('YYYY-MM-DD', xKind 'date'), 'month' x values are months ('YYYY-MM', xKind 'category').
   */
  bucket?: 'week' | 'month';
}

export interface ChartTableRow {
  key: string;
  x: string;
  index: number;
  values: Record<string, number>;
  total: number;
}

export function seriesColor(series: Pick<ChartSeries, 'color'>, index: number): string {
  return series.color ?? CHART_COLORS[index % CHART_COLORS.length]!;
}

/**
 * Every figure of the statistics screens (issue 19 item 5, Azerbaijani format): counts grouped by
 * thousands ('10 000'), amounts with 2 decimals after a comma ('4 835 909,62 $'), the unit after.
 */
export function formatChartValue(value: number | null | undefined, format: ChartValueFormat, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = format === 'amount' ? formatGroupedNumber(value, 2) : formatGroupedNumber(Math.trunc(value));
  return unit ? `${text} ${unit}` : text;
}

/** A share in percent with one decimal, as the figures write it: '12,5%'. */
export function formatChartShare(percent: number): string {
  return `${formatGroupedNumber(percent, 1)}%`;
}

/** A day as the tables write it (spec §9: YYYY-MM-DD); a category stays as it is. */
export function formatChartX(x: string, kind: ChartXKind): string {
  return kind === 'date' ? x.slice(0, 10) : x;
}

/** A day on the chart's axis, short and Azerbaijani: '27 noy'; with the year when asked: '27 noy 2026'. */
export function formatAxisDay(day: string, withYear = false): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  const name = azStatistics.months[Number(month) - 1];
  if (!year || !name || !date) return day;
  return withYear ? `${Number(date)} ${name} ${year}` : `${Number(date)} ${name}`;
}

/** A month 'YYYY-MM' on the axis: 'Noy'; with the year when asked: 'Noy 2026'. */
export function formatAxisMonth(month: string, withYear = false): string {
  const name = azStatistics.monthNames[Number(month.slice(5, 7)) - 1];
  if (!name) return month;
  return withYear ? `${name} ${month.slice(0, 4)}` : name;
}

/** What the x values are, for the axis: days, months ('YYYY-MM' categories, as by_user_count's) or other labels. */
export type AxisKind = 'day' | 'month' | 'category';

export function axisKindOf(data: ChartData): AxisKind {
  if (data.xKind === 'date') return 'day';
  return data.x.length > 0 && data.x.every((x) => /^\d{4}-\d{2}$/.test(x)) ? 'month' : 'category';
}

/** A week from its Monday: '23–29 noy 2026', across a month '30 noy – 6 dek 2026', across a year with both years. */
export function formatWeek(monday: string): string {
  const start = Date.parse(`${monday.slice(0, 10)}T00:00:00Z`);
  if (!Number.isFinite(start)) return monday;
  const sunday = new Date(start + 6 * 86_400_000).toISOString().slice(0, 10);
  if (monday.slice(0, 7) === sunday.slice(0, 7)) return `${Number(monday.slice(8, 10))}–${formatAxisDay(sunday, true)}`;
  if (monday.slice(0, 4) === sunday.slice(0, 4)) return `${formatAxisDay(monday)} – ${formatAxisDay(sunday, true)}`;
  return `${formatAxisDay(monday, true)} – ${formatAxisDay(sunday, true)}`;
}

/** An x value as the table and the legend write it: a day 'YYYY-MM-DD', a week '23–29 noy 2026', a month 'Noy 2026', a category as it is. */
export function formatDataX(data: ChartData, x: string): string {
  if (data.bucket === 'week') return formatWeek(x);
  if (data.bucket === 'month') return formatAxisMonth(x, true);
  return formatChartX(x, data.xKind);
}

/** A point's x as the tooltip titles it: '27 noy 2026', '23–29 noy 2026', 'Noy 2026', or the category. */
export function formatPointTitle(data: ChartData, index: number): string {
  const x = data.x[index];
  if (x === undefined) return '';
  if (data.bucket === 'week') return formatWeek(x);
  const kind = axisKindOf(data);
  return kind === 'day' ? formatAxisDay(x, true) : kind === 'month' ? formatAxisMonth(x, true) : x;
}

export interface AxisTick {
  /** The point's index (the x scale is the points' index). */
  index: number;
  /** One or two lines ('\n'): the year goes under the first label and under each new year's. */
  label: string;
}

/** Rough width in px of an axis label at the axis' 12px font (its longest line). */
export function estimateLabelWidth(label: string): number {
  return Math.max(...label.split('\n').map((line) => line.length)) * 7;
}

const AXIS_GAP = 10;
const CATEGORY_LABEL_MAX = 16;

/** Whether labels of the ticks keep apart at `slot` px per point (each centred on its point). */
function ticksFit(ticks: AxisTick[], slot: number, measure: (label: string) => number): boolean {
  for (let i = 1; i < ticks.length; i += 1) {
    const a = ticks[i - 1]!;
    const b = ticks[i]!;
    if ((b.index - a.index) * slot < (measure(a.label) + measure(b.label)) / 2 + AXIS_GAP) return false;
  }
  return true;
}

/** Days' ticks: every `step` days (a week or two from Mondays); the year on the first and on a new year's. */
function dayTicks(days: string[], step: number, withYears: boolean): AxisTick[] {
  const ticks: AxisTick[] = [];
  let lastYear = '';
  days.forEach((day, index) => {
    const weekday = new Date(`${day.slice(0, 10)}T00:00:00Z`).getUTCDay();
    const isTick = step >= 7 ? weekday === 1 && Math.floor(dayIndexFrom(days[0]!, day) / 7) % (step / 7) === 0 : index % step === 0;
    if (!isTick) return;
    const year = day.slice(0, 4);
    const label = formatAxisDay(day);
    ticks.push({ index, label: withYears && year !== lastYear ? `${label}\n${year}` : label });
    lastYear = year;
  });
  return ticks;
}

function dayIndexFrom(first: string, day: string): number {
  return Math.round((Date.parse(`${day.slice(0, 10)}T00:00:00Z`) - Date.parse(`${first.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

/** Months' ticks: the months ('YYYY-MM') at `indexes`, every `step` months (January, April… for 3). */
function monthTicks(months: { index: number; month: string }[], step: number, withYears: boolean): AxisTick[] {
  const ticks: AxisTick[] = [];
  let lastYear = '';
  for (const { index, month } of months) {
    if ((Number(month.slice(5, 7)) - 1) % step !== 0) continue;
    const year = month.slice(0, 4);
    const label = formatAxisMonth(month);
    ticks.push({ index, label: withYears && year !== lastYear ? `${label}\n${year}` : label });
    lastYear = year;
  }
  return ticks;
}

/** Years' ticks over many years of months: each `step`-th year's January, labelled by the year ('2030'). */
function yearTicks(months: { index: number; month: string }[], step: number): AxisTick[] {
  return months.filter(({ month }) => month.slice(5, 7) === '01' && Number(month.slice(0, 4)) % step === 0).map(({ index, month }) => ({ index, label: month.slice(0, 4) }));
}

/**
 * The x axis' labels for a plot `plotWidth` px wide: the densest set whose labels keep apart.
 * Days: every day, every 2nd or 3rd, weekly or fortnightly from Mondays ('27 noy'); a range longer
 * than about three months is labelled by month starts instead ('Yan', 'Fev', every 2nd, 3rd, 6th
 * month), as is a chart whose x values are months. The year goes under the first label and under
 * each new year's first when the range spans years. Other categories: every label (cut to 16
 * characters) or every n-th.
 */
export function chooseXTicks(data: ChartData, plotWidth: number, measure: (label: string) => number = estimateLabelWidth): AxisTick[] {
  const n = data.x.length;
  if (n === 0) return [];
  const slot = Math.max(plotWidth, 1) / n;
  const kind = axisKindOf(data);
  const withYears = kind !== 'category' && data.x[0]!.slice(0, 4) !== data.x[n - 1]!.slice(0, 4);
  const candidates: AxisTick[][] = [];
  if (kind === 'day') {
    if (n <= 100) for (const step of [1, 2, 3, 7, 14]) candidates.push(dayTicks(data.x, step, withYears));
    if (n > 31) {
      // weeks: the first week (Monday) of each month stands for the month
      const isStart = (day: string, index: number) => (data.bucket === 'week' ? index > 0 && day.slice(0, 7) !== data.x[index - 1]!.slice(0, 7) : day.slice(8, 10) === '01');
      const starts = data.x.map((day, index) => ({ index, month: day.slice(0, 7), isStart: isStart(day, index) })).filter((d) => d.isStart);
      for (const step of [1, 2, 3, 6, 12]) candidates.push(monthTicks(starts, step, withYears));
      for (const step of [2, 5, 10, 20, 50, 100]) candidates.push(yearTicks(starts, step));
    }
  } else if (kind === 'month') {
    const months = data.x.map((month, index) => ({ index, month }));
    for (const step of [1, 2, 3, 6, 12]) candidates.push(monthTicks(months, step, withYears));
    // decades of months (a range like 1900–2100): every 2nd, 5th, 10th… year
    for (const step of [2, 5, 10, 20, 50, 100]) candidates.push(yearTicks(months, step));
  } else {
    const labels = data.x.map((x) => (x.length > CATEGORY_LABEL_MAX ? `${x.slice(0, CATEGORY_LABEL_MAX - 1)}…` : x));
    for (const step of [1, 2, 3, 4, 5, 10, 20, 50, 100]) {
      if (step > 1 && step >= n) break;
      candidates.push(labels.map((label, index) => ({ index, label })).filter((tick) => tick.index % step === 0));
    }
  }
  const usable = candidates.filter((ticks) => ticks.length > 0);
  return usable.find((ticks) => ticksFit(ticks, slot, measure)) ?? usable.at(-1) ?? [{ index: 0, label: data.x[0]! }];
}

/**
 * The series a click at the value `y` of point `index` hits. Stacked bars: the band that holds y;
 * above the stack, the only series or null (the whole column) when there are several. Lines: the
 * series whose point is nearest (ties: the first with a figure).
 */
export function pickSeriesAt(data: ChartData, kind: 'line' | 'bar', index: number, y: number): string | null {
  const series = data.series;
  if (series.length === 0 || index < 0 || index >= data.x.length) return null;
  if (kind === 'bar') {
    let top = 0;
    for (const s of series) {
      const value = s.values[index] ?? 0;
      if (value > 0 && y <= top + value) return s.key;
      top += Math.max(0, value);
    }
    return series.length === 1 ? series[0]!.key : null;
  }
  let best: { key: string; distance: number; value: number } | null = null;
  for (const s of series) {
    const value = s.values[index] ?? 0;
    const distance = Math.abs(value - y);
    if (!best || distance < best.distance || (distance === best.distance && best.value === 0 && value !== 0)) best = { key: s.key, distance, value };
  }
  return best?.key ?? null;
}

/** The figure behind a pick: the series' value at the point, or the column's total for null. */
export function pickedValue(data: ChartData, index: number, seriesKey: string | null): number {
  if (seriesKey === null) return data.series.reduce((acc, s) => acc + (s.values[index] ?? 0), 0);
  return data.series.find((s) => s.key === seriesKey)?.values[index] ?? 0;
}

/** The table view's rows: one per x value, each series' value and the row's total. */
export function buildChartTableRows(data: ChartData): ChartTableRow[] {
  return data.x.map((x, index) => {
    const values: Record<string, number> = {};
    let total = 0;
    for (const series of data.series) {
      const value = series.values[index] ?? 0;
      values[series.key] = value;
      total += value;
    }
    return { key: `${index}:${x}`, x, index, values, total };
  });
}

/** Each series' sum over all points (the table's 'Cəmi' row). */
export function sumSeries(data: ChartData): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const series of data.series) sums[series.key] = series.values.reduce((acc, v) => acc + (v ?? 0), 0);
  return sums;
}

export function isChartEmpty(data: ChartData): boolean {
  return data.x.length === 0 || data.series.every((s) => s.values.every((v) => !v));
}

/**
 * Stacked bars drawn as overlapping bars: series i is drawn at the sum of series 0..i, the
 * highest first, so each visible band is one series' own value.
 */
export function stackValues(series: ChartSeries[]): number[][] {
  const stacked: number[][] = [];
  series.forEach((s, i) => {
    stacked.push(s.values.map((v, j) => (v ?? 0) + (i > 0 ? stacked[i - 1]![j]! : 0)));
  });
  return stacked;
}

/** Every day from `from` to `to` (inclusive), so a chart's x axis has no holes. */
export function fillDays(from: string, to: string): string[] {
  const days: string[] = [];
  const start = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)));
  const end = Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)));
  if (!Number.isFinite(start) || !Number.isFinite(end)) return days;
  for (let t = start; t <= end && days.length < 3700; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export interface ShareItem {
  key: string;
  label: string;
  value: number;
  color?: string;
}

/** Shares in percent (1 decimal) of the items' total; all zero when the total is 0. */
export function sharesOf(items: ShareItem[]): number[] {
  const total = items.reduce((acc, item) => acc + item.value, 0);
  return items.map((item) => (total > 0 ? Math.round((item.value / total) * 1000) / 10 : 0));
}
