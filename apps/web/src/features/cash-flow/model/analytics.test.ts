import { describe, expect, test } from 'vitest';
import { buildDailySeries } from './analytics';

describe('[CASHFLOW][ANALYTICS] the daily series', () => {
  const reply = {
    data: [
      { date: '2026-11-02', count: 2, price: 150, income: 100, expense: 50, balance: 1050 },
      { date: '2026-11-04', count: 1, price: 30, income: 0, expense: 30, balance: 1020 },
    ],
    total: { count: 3, price: 180, income: 100, expense: 80 },
    opening_balance: 1000,
    currency: { id: 3, code: 'AZN' },
  };

  test('every day of the period, the balance carried over days without movements', () => {
    expect(buildDailySeries(reply, '2026-11-01', '2026-11-05')).toEqual([
      { date: '2026-11-01', income: 0, expense: 0, balance: 1000, count: 0 },
      { date: '2026-11-02', income: 100, expense: 50, balance: 1050, count: 2 },
      { date: '2026-11-03', income: 0, expense: 0, balance: 1050, count: 0 },
      { date: '2026-11-04', income: 0, expense: 30, balance: 1020, count: 1 },
      { date: '2026-11-05', income: 0, expense: 0, balance: 1020, count: 0 },
    ]);
  });

  test('all time: from the first to the last day with movements', () => {
    expect(buildDailySeries(reply, null, null).map((p) => p.date)).toEqual(['2026-11-02', '2026-11-03', '2026-11-04']);
  });

  test('no reply, no points', () => {
    expect(buildDailySeries(undefined, '2026-11-01', '2026-11-05')).toEqual([]);
  });
});
