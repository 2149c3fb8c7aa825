import { fillDays, type ChartData } from '../../../shared/charts/chart-model';

export interface DaySeriesSpec<Row> {
  key: string;
  label: string;
  value: (row: Row) => number | string | null | undefined;
  color?: string;
}

/**
 * Rows per day (days without rows left out by the API) → the kit's ChartData over every day of the
 * range, days without rows as 0, several rows of one day summed (an admin's rows of one day).
 */
export function buildDaySeries<Row>(from: string, to: string, rows: readonly Row[], dayOf: (row: Row) => string, specs: readonly DaySeriesSpec<Row>[]): ChartData {
  const x = fillDays(from, to);
  const index = new Map(x.map((day, i) => [day, i]));
  const series = specs.map((spec) => ({ key: spec.key, label: spec.label, color: spec.color, values: x.map(() => 0) }));
  for (const row of rows) {
    const i = index.get(dayOf(row).slice(0, 10));
    if (i === undefined) continue;
    specs.forEach((spec, s) => {
      const value = Number(spec.value(row) ?? 0);
      if (Number.isFinite(value)) series[s]!.values[i] = Math.round((series[s]!.values[i]! + value) * 100) / 100;
    });
  }
  return { xKind: 'date', x, series };
}

/** Category rows (branch, status, payment type, region, tariff) → ChartData, one point per row. */
export function buildCategorySeries<Row>(rows: readonly Row[], labelOf: (row: Row) => string, specs: readonly DaySeriesSpec<Row>[]): ChartData {
  return {
    xKind: 'category',
    x: rows.map(labelOf),
    series: specs.map((spec) => ({ key: spec.key, label: spec.label, color: spec.color, values: rows.map((row) => Number(spec.value(row) ?? 0) || 0) })),
  };
}

/** The day series without the days where every series is 0, newest first (indexes are looked up again by day). */
export function onlyDaysWithFigures(data: ChartData): ChartData {
  const keep = data.x.map((_, i) => i).filter((i) => data.series.some((s) => (s.values[i] ?? 0) !== 0)).reverse();
  return { ...data, x: keep.map((i) => data.x[i]!), series: data.series.map((s) => ({ ...s, values: keep.map((i) => s.values[i]!) })) };
}
