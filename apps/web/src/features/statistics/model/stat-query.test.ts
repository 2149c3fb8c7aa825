import dayjs from 'dayjs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { buildChartTableRows, sumSeries } from '../../../shared/charts/chart-model';
import { toCsv } from '@app/contract/csv';
import { buildDaySeries, onlyDaysWithFigures } from './day-series';
import { toDrillCsvColumns } from './drill-columns';
import { declarationsListLink, ordersListLink, paymentsListLink } from './list-links';
import {
  buildDrillParams, buildListLink, buildStatExportName, officeNow, readDrill, readStatRange, resolveStatDays, sumColumn, toListRange, toStatDates, writeDrill, writeStatRange,
} from './stat-query';
import { ageBandLabel, monthSpanWithin } from './user-bands';

const NOW = dayjs('2026-11-27T10:30:00');

describe('[STATISTICS][FRAME] the range of a page → the query of its call', () => {
  test('no range in the URL is the last 31 days, sent as whole office days', () => {
    const range = readStatRange(new URLSearchParams(''));
    expect(toStatDates(range, 'day', NOW)).toEqual({ start_date: '2026-10-28', end_date: '2026-11-27' });
  });

  test.each([
    ['last7', '2026-11-21'],
    ['last90', '2026-08-30'],
    ['last12m', '2025-11-28'],
  ])('the preset %s starts on %s and ends today', (preset, from) => {
    expect(toStatDates(readStatRange(new URLSearchParams(`range=${preset}`)), 'day', NOW)).toEqual({ start_date: from, end_date: '2026-11-27' });
  });

  test('a custom range covers both days; as date-time it runs from 00:00:00 to 23:59:59 (a parcel at 23:30 on the last day is inside)', () => {
    const range = readStatRange(new URLSearchParams('range=2026-11-01~2026-11-03'));
    expect(toStatDates(range, 'day', NOW)).toEqual({ start_date: '2026-11-01', end_date: '2026-11-03' });
    expect(toStatDates(range, 'datetime', NOW)).toEqual({ start_date: '2026-11-01 00:00:00', end_date: '2026-11-03 23:59:59' });
  });

  test('all time and malformed ranges fall back to the default (a chart per day needs an end)', () => {
    expect(readStatRange(new URLSearchParams('range=all'))).toEqual({ preset: 'last31' });
    expect(readStatRange(new URLSearchParams('range=2026-13-45~x'))).toEqual({ preset: 'last31' });
  });

  test('writing a range keeps the page filters, drops the default from the URL and starts the drill-down on page 1', () => {
    const next = writeStatRange(new URLSearchParams('state_id=9&page=3'), { preset: 'last7' });
    expect(next.get('range')).toBe('last7');
    expect(next.get('state_id')).toBe('9');
    expect(next.get('page')).toBeNull();
    expect(writeStatRange(next, { preset: 'last31' }).has('range')).toBe(false);
  });
});

describe("[STATISTICS][FRAME] presets end on the office's today (Asia/Baku), not the browser's", () => {
  const browserZone = process.env.TZ;
  afterEach(() => {
    vi.useRealTimers();
    if (browserZone === undefined) delete process.env.TZ; else process.env.TZ = browserZone;
  });

  test('a browser at UTC−5 at 22:00 on Nov 27 is on office day Nov 28 (07:00 in Baku): the presets end on Nov 28', () => {
    process.env.TZ = 'America/New_York';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T03:00:00Z'));
    // the browser's own calendar still says the 27th
    expect(dayjs().format('YYYY-MM-DD HH:mm')).toBe('2026-11-27 22:00');
    expect(officeNow().format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 07:00');
    expect(resolveStatDays({ preset: 'last7' })).toEqual(['2026-11-22', '2026-11-28']);
    expect(toStatDates({ preset: 'last31' })).toEqual({ start_date: '2026-10-29', end_date: '2026-11-28' });
    expect(toListRange({ preset: 'last7' })).toBe('2026-11-22~2026-11-28');
  });

  test('a browser east of Baku (UTC+9) just after its midnight is still on the previous office day', () => {
    process.env.TZ = 'Asia/Tokyo';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T15:30:00Z')); // Tokyo Dec 1 00:30, Baku Nov 30 19:30
    expect(dayjs().format('YYYY-MM-DD')).toBe('2026-12-01');
    expect(resolveStatDays({ preset: 'last7' })).toEqual(['2026-11-24', '2026-11-30']);
  });

  test('a custom range is the days chosen, whatever the clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T03:00:00Z'));
    expect(resolveStatDays({ preset: 'custom', from: '2026-11-01', to: '2026-11-03' })).toEqual(['2026-11-01', '2026-11-03']);
  });
});

describe('[STATISTICS][DRILL] the rows behind a number', () => {
  test('the drill-down call is the aggregate query with the clicked narrowing, getlist=true and the table paging; blanks are not sent', () => {
    const params = buildDrillParams({ start_date: '2026-11-01', end_date: '2026-11-30', state_id: undefined, branch_id: '3', changed_date: '2026-11-05' },
      { page: 2, per_page: 25, sort_column: 'created_at', sort_order: 'desc' });
    expect(params).toEqual({
      start_date: '2026-11-01', end_date: '2026-11-30', branch_id: '3', changed_date: '2026-11-05',
      page: 2, per_page: 25, sort_column: 'created_at', sort_order: 'desc', getlist: 'true',
    });
  });

  test('the clicked cell lives in the URL (back closes it) and survives a reload', () => {
    const search = writeDrill(new URLSearchParams('range=last7&page=4'), { changed_date: '2026-11-05', branch_name: 'Gənclik' });
    expect(search.get('page')).toBeNull();
    expect(readDrill(search)).toEqual({ changed_date: '2026-11-05', branch_name: 'Gənclik' });
    expect(readDrill(writeDrill(search, null))).toBeNull();
    // a page total narrows nothing: still an open drill-down
    expect(readDrill(writeDrill(search, {}))).toEqual({});
  });

  test('a figure opens its list with the same filters, the range as the list reads its date filter (from~to)', () => {
    const range = { preset: 'custom' as const, from: '2026-11-01', to: '2026-11-30' };
    expect(toListRange(range, NOW)).toBe('2026-11-01~2026-11-30');
    expect(declarationsListLink(range, { state_id: '9', branch_id: 3 })).toBe('/@next/declarations?created=2026-11-01%7E2026-11-30&state_id=9&branch_id=3');
    expect(declarationsListLink(range, { day: '2026-11-05' })).toBe('/@next/declarations?created=2026-11-05%7E2026-11-05');
    expect(ordersListLink(range, { executive_id: 7, country_id: undefined })).toBe('/@next/orders?created_at=2026-11-01%7E2026-11-30&executive_id=7');
    expect(paymentsListLink(range, { payment_type: '1,4' })).toBe('/@next/transactions?created_at=2026-11-01%7E2026-11-30&state_id=18&type=2&model_id=7&payment_type=1%2C4');
    expect(buildListLink('users', { gender: 'male', name: '' })).toBe('/@next/users?gender=male');
  });
});

describe('[STATISTICS][TABLE] the table view shows the same totals as the chart', () => {
  const rows = [
    { changed_date: '2026-11-02', declaration_count: 4, price: '10.50' },
    { changed_date: '2026-11-04', declaration_count: 3, price: '0.25' },
    { changed_date: '2026-11-04', declaration_count: 1, price: '1.00' },
  ];
  const data = buildDaySeries('2026-11-01', '2026-11-05', rows, (r) => r.changed_date, [
    { key: 'count', label: 'Say', value: (r) => r.declaration_count },
    { key: 'price', label: 'Qiymət', value: (r) => r.price },
  ]);

  test('every day of the range is a row (missing days are 0), rows of one day are summed', () => {
    expect(data.x).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05']);
    expect(data.series[0]!.values).toEqual([0, 4, 0, 4, 0]);
    expect(data.series[1]!.values).toEqual([0, 10.5, 0, 1.25, 0]);
  });

  test("the 'Cəmi' row equals the sum of the API rows", () => {
    expect(sumSeries(data)).toEqual({ count: 8, price: 11.75 });
    expect(sumColumn(rows, (r) => r.declaration_count)).toBe(8);
    expect(sumColumn(rows, (r) => r.price)).toBe(11.75);
    expect(buildChartTableRows(data).find((r) => r.x === '2026-11-04')?.values).toEqual({ count: 4, price: 1.25 });
  });
});

describe('[STATISTICS][EXPORT] file names and the CSV of the drill-down', () => {
  test('the file is named after the page and the range it holds', () => {
    expect(buildStatExportName('declarations', { preset: 'custom', from: '2026-11-01', to: '2026-11-30' }, 'xlsx', NOW)).toBe('statistics_declarations_2026-11-01_2026-11-30.xlsx');
    expect(buildStatExportName('users', { preset: 'last7' }, 'csv', NOW)).toBe('statistics_users_2026-11-21_2026-11-27.csv');
  });

  test('the CSV has the drill-down table columns, amounts with 2 decimals and flags as Bəli/Xeyr', () => {
    const csv = toCsv(toDrillCsvColumns('declarations'), [{ id: 5, track_code: 'TR1', user_name: 'Əli Həsənov', state_name: 'Anbarda', weight: '1.5', payed: 1, created_at: '2026-11-05 23:30:00' }]);
    const [header, line] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('ID,İzləmə kodu,Müştəri,Status,Filial,Çəki,Qiymət,Çatdırılma qiyməti,Ödənilib,Yaradılma tarixi');
    expect(line).toBe('5,TR1,Əli Həsənov,Anbarda,,1.50,,,Bəli,2026-11-05 23:30:00');
  });
});

describe('[STATISTICS][USERS] months and age bands', () => {
  test('a month of the chart is cut to the range at both ends', () => {
    expect(monthSpanWithin('2026-10', '2026-10-28', '2026-11-27')).toEqual(['2026-10-28', '2026-10-31']);
    expect(monthSpanWithin('2026-11', '2026-10-28', '2026-11-27')).toEqual(['2026-11-01', '2026-11-27']);
    expect(monthSpanWithin('2024-02', '2024-01-01', '2024-12-31')).toEqual(['2024-02-01', '2024-02-29']);
  });

  test('age bands read as years, the last one open-ended', () => {
    expect(ageBandLabel(18, 24)).toBe('18–24 yaş');
    expect(ageBandLabel(55, 100)).toBe('55+ yaş');
  });
});

describe('[STATISTICS][TABLE] the table view of a day chart', () => {
  test('lists only days with figures, newest first, with the same total', () => {
    const data = buildDaySeries('2026-11-01', '2026-11-04', [{ d: '2026-11-02', n: 2 }, { d: '2026-11-04', n: 5 }], (r) => r.d, [{ key: 'n', label: 'Say', value: (r) => r.n }]);
    const shown = onlyDaysWithFigures(data);
    expect(shown.x).toEqual(['2026-11-04', '2026-11-02']);
    expect(sumSeries(shown)).toEqual(sumSeries(data));
  });
});
