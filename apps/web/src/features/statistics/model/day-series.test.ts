import { describe, expect, test } from 'vitest';
import { formatDataX, formatPointTitle } from '../../../shared/charts/chart-model';
import { bucketOfRange, bucketSpan, buildDaySeries, drillDays, spanDrill, spanListRange } from './day-series';

interface Row { day: string; n: number; amount: string }
const spec = [{ key: 'n', label: 'Say', value: (r: Row) => r.n }, { key: 'amount', label: 'Məbləğ', value: (r: Row) => r.amount }];
const total = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('[STATISTICS] per-day chart of a long range (H6 #4/#5)', () => {
  test('up to 120 days stays per day, up to two years by week, longer by month', () => {
    expect(bucketOfRange('2026-08-30', '2026-11-27')).toBe('day');
    expect(bucketOfRange('2025-11-28', '2026-11-27')).toBe('week');
    expect(bucketOfRange('2023-01-01', '2026-11-27')).toBe('month');
  });

  test('a year by week: Mondays, every day counted once, sums kept', () => {
    const rows: Row[] = [
      { day: '2025-11-28', n: 2, amount: '1.10' }, { day: '2025-11-30', n: 3, amount: '2.20' }, // Fri, Sun: week of Mon 24 Nov
      { day: '2025-12-01', n: 5, amount: '0.05' }, // Monday
      { day: '2026-11-27T10:00:00', n: 7, amount: '100' },
      { day: '2025-11-27', n: 100, amount: '1' }, // before the range: left out
    ];
    const data = buildDaySeries('2025-11-28', '2026-11-27', rows, (r) => r.day, spec);
    expect(data.bucket).toBe('week');
    expect(data.x[0]).toBe('2025-11-24');
    expect(data.x.every((monday) => new Date(`${monday}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(data.x).toHaveLength(53);
    expect(data.series[0]!.values.slice(0, 2)).toEqual([5, 5]);
    expect(total(data.series[0]!.values)).toBe(17);
    expect(total(data.series[1]!.values)).toBeCloseTo(103.35, 2);
    expect(formatDataX(data, data.x[0]!)).toBe('24–30 noy 2025');
    expect(formatDataX(data, '2025-12-29')).toBe('29 dek 2025 – 4 yan 2026');
    expect(formatPointTitle(data, 1)).toBe('1–7 dek 2025');
    // the first week's days are cut to the range
    expect(bucketSpan(data.x[0]!, 'week', '2025-11-28', '2026-11-27')).toEqual({ from: '2025-11-28', to: '2025-11-30' });
  });

  test('1900–2100 by month: the data is there (not 3,700 empty days from 1900), labels like Noy 2026', () => {
    const rows: Row[] = [{ day: '2026-11-03', n: 4, amount: '1' }, { day: '2026-11-27', n: 6, amount: '2' }, { day: '2026-10-31', n: 1, amount: '0' }];
    const data = buildDaySeries('1900-01-01', '2100-12-31', rows, (r) => r.day, spec);
    expect(data.bucket).toBe('month');
    expect(data.x).toHaveLength(201 * 12);
    const nov = data.x.indexOf('2026-11');
    expect(data.series[0]!.values[nov]).toBe(10);
    expect(data.series[0]!.values[nov - 1]).toBe(1);
    expect(total(data.series[0]!.values)).toBe(11);
    expect(formatDataX(data, '2026-11')).toBe('Noy 2026');
    expect(bucketSpan('2026-02', 'month', '1900-01-01', '2100-12-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  test('a short range keeps one bar per day', () => {
    const data = buildDaySeries('2026-11-01', '2026-11-27', [{ day: '2026-11-03', n: 4, amount: '1' }], (r) => r.day, spec);
    expect(data.bucket).toBeUndefined();
    expect(data.x).toHaveLength(27);
    expect(formatDataX(data, '2026-11-03')).toBe('2026-11-03');
  });

  test("a bucket's click opens its days: the drill-down's range and the list's range", () => {
    const drill = spanDrill(bucketSpan('2026-11', 'month', '2024-01-01', '2026-11-27'));
    expect(drillDays(drill)).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(spanListRange(drill, { preset: 'last12m' })).toEqual({ preset: 'custom', from: '2026-11-01', to: '2026-11-27' });
    expect(drillDays({ day: '2026-11-03' }, '2026-11-03')).toEqual({ from: '2026-11-03', to: '2026-11-03' });
    expect(spanListRange({ day: '2026-11-03' }, { preset: 'last31' })).toEqual({ preset: 'last31' });
  });
});
