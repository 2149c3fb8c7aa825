import { azStatistics } from '@app/contract/texts/az-statistics';
import { fill } from '@app/contract/texts/az';

const t = azStatistics.screens;

/** '18–24 yaş'; the open-ended last band (written with 100 on the wire) as '55+ yaş'. */
export function ageBandLabel(from: number, to: number): string {
  return to >= 100 ? fill(t.ageOver, { FROM: from }) : fill(t.ageFrom, { FROM: from, TO: to });
}

/** A month ('YYYY-MM') of the chart as the days of it inside the page's range (the first and last month are partial). */
export function monthSpanWithin(month: string, from: string, to: string): [string, string] {
  const first = `${month}-01`;
  const [year, mon] = month.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year!, mon!, 0)).getUTCDate();
  const last = `${month}-${String(lastDay).padStart(2, '0')}`;
  return [first < from ? from : first, last > to ? to : last];
}
