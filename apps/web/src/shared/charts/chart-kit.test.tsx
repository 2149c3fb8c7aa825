import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { MemoryRouter } from 'react-router';
import {
  buildChartTableRows, chooseXTicks, fillDays, formatAxisDay, formatAxisMonth, formatChartShare, formatChartValue, pickedValue, pickSeriesAt, sharesOf, stackValues, type ChartData,
} from './chart-model';
import { ChartView } from './chart-view';
import { ShareBars } from './share-bars';

const data: ChartData = {
  xKind: 'date',
  x: ['2026-11-01', '2026-11-02', '2026-11-03'],
  series: [
    { key: 'arrived', label: 'Gələn', values: [3, 0, 12] },
    { key: 'handed', label: 'Təhvil', values: [1, 2, 1500] },
  ],
};

describe('[STATISTICS][CHART KIT] formats', () => {
  test('figures in the Azerbaijani format: thousands grouped by a no-break space, a decimal comma, the currency after (issue 19 item 5)', () => {
    const nb = '\u00a0';
    expect(formatChartValue(12345, 'count')).toBe(`12${nb}345`);
    expect(formatChartValue(999, 'count')).toBe('999');
    expect(formatChartValue(10000, 'count')).toBe(`10${nb}000`);
    expect(formatChartValue(1234.5, 'amount', 'AZN')).toBe(`1${nb}234,50 AZN`);
    expect(formatChartValue(4835909.62, 'amount', '$')).toBe(`4${nb}835${nb}909,62 $`);
    expect(formatChartValue(27803615, 'amount', '$')).toBe(`27${nb}803${nb}615,00 $`);
    expect(formatChartValue(-1234567.891, 'amount')).toBe(`-1${nb}234${nb}567,89`);
    expect(formatChartValue(0.5, 'amount')).toBe('0,50');
    expect(formatChartValue(null, 'count')).toBe('—');
    expect(formatChartShare(12.5)).toBe('12,5%');
  });
  test('axis days are short Azerbaijani dates, with the year when the range spans years', () => {
    expect(formatAxisDay('2026-11-27')).toBe('27 noy');
    expect(formatAxisDay('2026-01-05', true)).toBe('5 yan 2026');
  });
  test('a range of days has every day, across a month end', () => {
    expect(fillDays('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
  test('stacked bars draw each series at the running total; shares add to 100', () => {
    expect(stackValues(data.series)).toEqual([[3, 0, 12], [4, 2, 1512]]);
    expect(sharesOf([{ key: 'a', label: 'A', value: 1 }, { key: 'b', label: 'B', value: 3 }])).toEqual([25, 75]);
    expect(buildChartTableRows(data)[2]).toMatchObject({ x: '2026-11-03', values: { arrived: 12, handed: 1500 }, total: 1512 });
  });
});

describe('[STATISTICS][CHART KIT] table view', () => {
  test("'Cədvəl' shows the chart's figures: a row per day, a column per series, totals", () => {
    render(<ChartView data={data} title="Gələn və təhvil" kind="bar" defaultView="table" testId="kit" />);
    const table = screen.getByTestId('kit-table');
    expect(within(table).getAllByText('Gələn').length).toBeGreaterThan(0);
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    expect(rows).toHaveLength(3);
    expect(rows[2]!.textContent).toBe('2026-11-03121\u00a05001\u00a0512');
    // the summary row: 3+0+12, 1+2+1500, and both
    expect(table.querySelector('.ant-table-summary')!.textContent).toBe('Cəmi151\u00a05031\u00a0518');
  });
  test('cells can be links to the list behind the number', () => {
    render(<ChartView data={data} title="x" defaultView="table" testId="kit"
      renderValue={(value, c) => <a href={`/list?day=${c.x}&s=${c.seriesKey}`}>{value}</a>} />);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toContain('/list?day=2026-11-03&s=handed');
  });
  test("the switch goes from 'Qrafik' to 'Cədvəl'; empty data says 'Məlumat tapılmadı'", () => {
    render(<ChartView data={data} title="x" testId="kit" />);
    expect(screen.queryByTestId('kit-table')).toBeNull();
    fireEvent.click(screen.getByText('Cədvəl'));
    expect(screen.getByTestId('kit-table')).toBeTruthy();
    render(<ChartView data={{ xKind: 'date', x: [], series: [] }} title="y" testId="none" />);
    expect(within(screen.getByTestId('none')).getByText('Məlumat tapılmadı')).toBeTruthy();
  });
  test('share bars: each label with its number and share', () => {
    render(<ShareBars title="Ölkələr" testId="share" items={[{ key: 'tr', label: 'Türkiyə', value: 30 }, { key: 'us', label: 'ABŞ', value: 10 }]} />);
    const rows = screen.getAllByTestId('share-row');
    expect(rows.map((r) => r.textContent)).toEqual(['Türkiyə3075,0%', 'ABŞ1025,0%']);
  });
});

describe('[STATISTICS][CHART KIT] x axis labels keep apart', () => {
  const days = (from: string, to: string): ChartData => ({ xKind: 'date', x: fillDays(from, to), series: [{ key: 'n', label: 'Say', values: fillDays(from, to).map(() => 1) }] });
  const labels = (data: ChartData, width: number) => chooseXTicks(data, width).map((tick) => tick.label);
  /** No two labels overlap: centre distance ≥ half of both widths (7 px a character). */
  const apart = (data: ChartData, width: number) => {
    const ticks = chooseXTicks(data, width);
    const slot = width / data.x.length;
    const wide = (label: string) => Math.max(...label.split('\n').map((l) => l.length)) * 7;
    return ticks.every((tick, i) => i === 0 || (tick.index - ticks[i - 1]!.index) * slot >= (wide(tick.label) + wide(ticks[i - 1]!.label)) / 2);
  };

  test('a week on a wide chart: every day', () => {
    expect(labels(days('2026-11-21', '2026-11-27'), 900)).toEqual(['21 noy', '22 noy', '23 noy', '24 noy', '25 noy', '26 noy', '27 noy']);
  });

  test('31 days: fewer day labels on a narrow chart (weekly, on Mondays), every other day on a wide one', () => {
    const month = days('2026-10-28', '2026-11-27');
    expect(labels(month, 500)).toEqual(['2 noy', '9 noy', '16 noy', '23 noy']);
    expect(chooseXTicks(month, 1600).length).toBeGreaterThanOrEqual(10);
    for (const width of [300, 500, 800, 1200, 1600]) expect(apart(month, width)).toBe(true);
  });

  test("12 months of days are labelled by month ('Yan', 'Fev'), the year under the first and under January", () => {
    const year = days('2025-11-28', '2026-11-27');
    expect(labels(year, 1000)).toEqual(['Dek\n2025', 'Yan\n2026', 'Fev', 'Mar', 'Apr', 'May', 'İyn', 'İyl', 'Avq', 'Sen', 'Okt', 'Noy']);
    // narrow: every 2nd or 3rd month, never overlapping
    const narrow = labels(year, 300);
    expect(narrow.length).toBeLessThan(12);
    for (const width of [250, 400, 700, 1000, 1700]) expect(apart(year, width)).toBe(true);
  });

  test("months as x values ('YYYY-MM', the users page) read as month names too", () => {
    const months: ChartData = { xKind: 'category', x: ['2026-01', '2026-02', '2026-03'], series: [{ key: 'n', label: 'Say', values: [1, 2, 3] }] };
    expect(labels(months, 600)).toEqual(['Yan', 'Fev', 'Mar']);
    expect(formatAxisMonth('2026-06', true)).toBe('İyn 2026');
  });

  test('long category names are cut and thinned out on a narrow chart', () => {
    const names: ChartData = { xKind: 'category', x: Array.from({ length: 12 }, (_, i) => `Filial nömrə ${i + 1} Gənclik`), series: [{ key: 'n', label: 'Say', values: Array(12).fill(1) }] };
    const ticks = chooseXTicks(names, 600);
    expect(ticks[0]!.label).toBe('Filial nömrə 1 …');
    expect(ticks.length).toBeLessThan(12);
    expect(apart(names, 600)).toBe(true);
  });
});

describe('[STATISTICS][CHART KIT] a click on the chart picks a point and a series', () => {
  test('stacked bars: the band under the cursor; above the stack the whole column (null), or the only series', () => {
    // day 3: arrived 12 (0..12), handed 1500 (12..1512)
    expect(pickSeriesAt(data, 'bar', 2, 5)).toBe('arrived');
    expect(pickSeriesAt(data, 'bar', 2, 700)).toBe('handed');
    expect(pickSeriesAt(data, 'bar', 2, 1600)).toBeNull();
    expect(pickedValue(data, 2, null)).toBe(1512);
    // day 2: arrived is 0, so its band is empty: the click lands on handed
    expect(pickSeriesAt(data, 'bar', 1, 0.5)).toBe('handed');
    const single: ChartData = { ...data, series: [data.series[0]!] };
    expect(pickSeriesAt(single, 'bar', 0, 100)).toBe('arrived');
  });
  test("lines: the nearest series' point; the picked value is that series' figure", () => {
    expect(pickSeriesAt(data, 'line', 2, 20)).toBe('arrived');
    expect(pickSeriesAt(data, 'line', 2, 1000)).toBe('handed');
    expect(pickedValue(data, 2, 'handed')).toBe(1500);
    // a tie at 0 goes to the series with a figure
    const tie: ChartData = { xKind: 'date', x: ['2026-11-01'], series: [{ key: 'a', label: 'A', values: [0] }, { key: 'b', label: 'B', values: [0] }] };
    expect(pickSeriesAt(tie, 'line', 0, 0)).toBe('a');
    expect(pickSeriesAt(data, 'line', 9, 1)).toBeNull();
  });
});

describe('[STATISTICS][CHART KIT] share rows open their list', () => {
  test('with linkOf, the label and the number link to the list; a zero row links nowhere', () => {
    render(<MemoryRouter><ShareBars title="Ölkələr" testId="share" linkOf={(item) => `/list?country=${item.key}`}
      items={[{ key: 'tr', label: 'Türkiyə', value: 30 }, { key: 'us', label: 'ABŞ', value: 0 }]} /></MemoryRouter>);
    expect(screen.getByTestId('share-label-tr').getAttribute('href')).toBe('/list?country=tr');
    expect(screen.getByTestId('share-label-tr').getAttribute('tabindex')).toBe('-1');
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Türkiyə', '30']);
  });
});

describe('[STATISTICS][CHART KIT] a very long range of months (1900–2100)', () => {
  test('the axis is labelled by years that keep apart, not 2,412 overlapping month names', () => {
    const x: string[] = [];
    for (let y = 1900; y <= 2100; y += 1) for (let m = 1; m <= 12; m += 1) x.push(`${y}-${String(m).padStart(2, '0')}`);
    const ticks = chooseXTicks({ xKind: 'category', x, series: [{ key: 'n', label: 'n', values: x.map(() => 1) }], bucket: 'month' }, 500);
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.length).toBeLessThanOrEqual(12);
    expect(ticks.every((tick) => /^\d{4}$/.test(tick.label) && x[tick.index]!.endsWith('-01'))).toBe(true);
  });
});
