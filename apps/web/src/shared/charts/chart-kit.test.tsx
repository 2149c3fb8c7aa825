import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { buildChartTableRows, fillDays, formatAxisDay, formatChartValue, sharesOf, stackValues, type ChartData } from './chart-model';
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
  test('counts print as plain digits, amounts with 2 decimals and the currency (spec §9)', () => {
    expect(formatChartValue(12345, 'count')).toBe('12345');
    expect(formatChartValue(1234.5, 'amount', 'AZN')).toBe('1234.50 AZN');
    expect(formatChartValue(null, 'count')).toBe('—');
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
    expect(rows[2]!.textContent).toBe('2026-11-031215001512');
    // the summary row: 3+0+12, 1+2+1500, and both
    expect(table.querySelector('.ant-table-summary')!.textContent).toBe('Cəmi1515031518');
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
    expect(rows.map((r) => r.textContent)).toEqual(['Türkiyə3075.0%', 'ABŞ1025.0%']);
  });
});
