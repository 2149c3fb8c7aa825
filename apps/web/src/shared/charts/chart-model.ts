import { azStatistics } from '@app/contract/texts/az-statistics';
import { formatAmount, formatCount } from '../format/format-number';

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

/** spec §9: counts as plain digits, amounts with 2 decimals (and the currency when given). */
export function formatChartValue(value: number | null | undefined, format: ChartValueFormat, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return format === 'amount' ? formatAmount(value, unit) : unit ? `${formatCount(value)} ${unit}` : formatCount(value);
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
