import dayjs from 'dayjs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { describeDateRange, parseDateRange, resolveDateRange, serializeDateRange, spanOfPick, toWireDateRange } from './date-range';

const NOW = dayjs('2025-03-15T10:30:00');

describe('[TABLE][DATES] spec §2: presets are sent as date_from/date_to at start and end of day', () => {
  test.each([
    ['last7', '2025-03-09 00:00:00'],
    ['last31', '2025-02-13 00:00:00'],
    ['last90', '2024-12-16 00:00:00'],
    ['last12m', '2024-03-16 00:00:00'],
  ] as const)('%s starts at %s and ends tonight', (preset, from) => {
    expect(toWireDateRange({ preset }, NOW)).toEqual({ date_from: from, date_to: '2025-03-15 23:59:59' });
  });

  test('a custom range covers both whole days', () => {
    expect(toWireDateRange({ preset: 'custom', from: '2025-01-05', to: '2025-01-07' }, NOW)).toEqual({
      date_from: '2025-01-05 00:00:00',
      date_to: '2025-01-07 23:59:59',
    });
  });

  test('all time sends no dates and is labelled "Bütün dövr"', () => {
    expect(toWireDateRange({ preset: 'all' }, NOW)).toEqual({});
    expect(describeDateRange({ preset: 'all' })).toBe('Bütün dövr');
  });

  test('the default preset is labelled "Son 31 gün"', () => {
    expect(describeDateRange({ preset: 'last31' })).toBe('Son 31 gün');
  });

  test('month and year picks cover the whole month or year', () => {
    const [monthFrom, monthTo] = spanOfPick(dayjs('2024-02-10'), 'month');
    expect([monthFrom.format('YYYY-MM-DD'), monthTo.format('YYYY-MM-DD')]).toEqual(['2024-02-01', '2024-02-29']);
    const [yearFrom, yearTo] = spanOfPick(dayjs('2024-02-10'), 'year');
    expect([yearFrom.format('YYYY-MM-DD'), yearTo.format('YYYY-MM-DD')]).toEqual(['2024-01-01', '2024-12-31']);
  });

  test('ranges survive the URL and a reversed range is put in order', () => {
    expect(parseDateRange(serializeDateRange({ preset: 'custom', from: '2025-01-01', to: '2025-01-31' }))).toEqual({
      preset: 'custom',
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(parseDateRange('2025-02-01~2025-01-01')).toEqual({ preset: 'custom', from: '2025-01-01', to: '2025-02-01' });
    expect(parseDateRange('yesterday')).toBeNull();
  });

  test('a day that does not exist is no range (not rolled over to another day)', () => {
    expect(parseDateRange('2026-13-45~2026-11-01')).toBeNull();
    expect(parseDateRange('2026-02-01~2026-02-30')).toBeNull();
    expect(parseDateRange('2024-02-29~2024-03-01')).toEqual({ preset: 'custom', from: '2024-02-29', to: '2024-03-01' });
  });
});

describe('[TABLE][DATES] presets end on the office day (Asia/Baku), as the API reads date-times', () => {
  const browserZone = process.env.TZ;
  afterEach(() => {
    vi.useRealTimers();
    if (browserZone === undefined) delete process.env.TZ; else process.env.TZ = browserZone;
  });

  test('a browser at UTC−5 at 22:00 on Nov 27 sends "today" as Nov 28 (07:00 in Baku), the day the API counts', () => {
    process.env.TZ = 'America/New_York';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T03:00:00Z'));
    expect(dayjs().format('YYYY-MM-DD')).toBe('2026-11-27');
    expect(toWireDateRange({ preset: 'last7' })).toEqual({ date_from: '2026-11-22 00:00:00', date_to: '2026-11-28 23:59:59' });
    expect(resolveDateRange({ preset: 'last31' })!.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-10-29', '2026-11-28']);
  });
});
