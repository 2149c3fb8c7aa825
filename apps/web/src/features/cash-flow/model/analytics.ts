import type { CashboxDailyReply } from '@app/contract/cashflow';
import dayjs from 'dayjs';

/*
 * The analytics page's series (issue 17 item 6): one point per office day of the period, income,
 * expense and the register's end-of-day balance. Days without movements are filled (the balance
 * carries over), so the curve is continuous; figures stay the server's, to the cent.
 */

export interface DailyPoint { date: string; income: number; expense: number; balance: number | null; count: number }

const round2 = (n: number) => Math.round(n * 100) / 100;
/** More days than this are not filled one by one (the server's days are shown as they are). */
const MAX_FILLED_DAYS = 1_200;

export function buildDailySeries(reply: CashboxDailyReply | undefined, from: string | null, to: string | null): DailyPoint[] {
  if (!reply) return [];
  const byDay = new Map(reply.data.map((d) => [d.date, d]));
  const first = from ?? reply.data[0]?.date;
  const last = to ?? reply.data.at(-1)?.date;
  if (!first || !last) return [];
  const days = dayjs(last).diff(dayjs(first), 'day') + 1;
  if (days <= 0 || days > MAX_FILLED_DAYS) {
    return reply.data.map((d) => ({ date: d.date, income: d.income, expense: d.expense, balance: d.balance, count: d.count }));
  }
  const out: DailyPoint[] = [];
  let balance = reply.opening_balance;
  for (let i = 0; i < days; i++) {
    const date = dayjs(first).add(i, 'day').format('YYYY-MM-DD');
    const row = byDay.get(date);
    if (row?.balance !== undefined && row.balance !== null) balance = row.balance;
    out.push({ date, income: row?.income ?? 0, expense: row?.expense ?? 0, balance: balance === null ? null : round2(balance), count: row?.count ?? 0 });
  }
  return out;
}
