import type { BalanceCountAggregateReply } from '@app/contract/transactions';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Col, Row, Select } from 'antd';
import { useMemo } from 'react';
import { STAT_API, useStatAggregate } from '../api';
import { DrillDownPanel } from '../components/drill-down-panel';
import { StatChartCard } from '../components/stat-chart-card';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { useStatPage } from '../components/use-stat-page';
import { buildDaySeries, drillDays, spanDrill, spanListRange, spanTitle } from '../model/day-series';
import { topUpsListLink } from '../model/list-links';
import { toStatDates } from '../model/stat-query';

const t = azStatistics.screens;
const PATH = `${STAT_API}/by_balance_count`;
const CURRENCIES = ['USD', 'TRY'] as const;

/**
 * statistics/transactions/balances: the confirmed top-ups of the customers' USD and TRY balances
 * per day (statistics/by_balance_count); each number opens its operations (getlist=true) and the
 * transactions list with the same filters.
 */
export function BalancesStatPage() {
  const page = useStatPage(['currency']);
  const dates = toStatDates(page.range);
  const base = { ...dates, currency: page.filters.currency };
  const stats = useStatAggregate<BalanceCountAggregateReply>(PATH, base);
  const reply = stats.data;
  const rows = useMemo(() => reply?.data ?? [], [reply]);
  const picked = page.filters.currency;
  const counts = useMemo(() => buildDaySeries(dates.start_date, dates.end_date, rows, (r) => r.added_date, CURRENCIES.filter((c) => !picked || picked === c).map((c) => ({
    key: c, label: c, value: (r: (typeof rows)[number]) => (r.currency.toUpperCase() === c ? r.transaction_count : 0),
  }))), [rows, dates.start_date, dates.end_date, picked]);
  const amounts = useMemo(() => buildDaySeries(dates.start_date, dates.end_date, rows, (r) => r.added_date, CURRENCIES.filter((c) => !picked || picked === c).map((c) => ({
    key: c, label: `${c} (AZN)`, value: (r: (typeof rows)[number]) => (r.currency.toUpperCase() === c ? r.amount_azn : 0),
  }))), [rows, dates.start_date, dates.end_date, picked]);
  const drill = page.drill;
  const drillCurrency = drill?.currency ?? page.filters.currency;
  const drillQuery = { ...base, currency: drillCurrency, ...(drillDays(drill, drill?.day) ? { start_date: drillDays(drill, drill?.day)!.from, end_date: drillDays(drill, drill?.day)!.to } : {}) };
  const openCell = (day: string, currency: string | null) => page.openDrill({ day, ...(currency ? { currency } : {}) });
  return (
    <StatisticsFrame title={t.pages.balances} testId="balance-statistics" range={page.range} onRangeChange={page.setRange} error={stats.error}
      filters={<Select allowClear placeholder="Valyuta" aria-label="Valyuta" style={{ width: 120 }} value={page.filters.currency}
        options={CURRENCIES.map((c) => ({ value: c, label: c }))} onChange={(v?: string) => page.setFilter('currency', v)} data-testid="stat-filter-currency" />}>
      <StatFigures isLoading={stats.isLoading} figures={[
        { key: 'transaction_count', label: t.transactionCount, value: reply?.total.transaction_count, onOpen: () => page.openDrill({}) },
        { key: 'amount_usd', label: 'USD', value: reply?.total.amount_usd, format: 'amount', unit: 'USD', onOpen: () => page.openDrill({ currency: 'USD' }) },
        { key: 'amount_try', label: 'TRY', value: reply?.total.amount_try, format: 'amount', unit: 'TRY', onOpen: () => page.openDrill({ currency: 'TRY' }) },
        { key: 'amount_azn', label: 'AZN', value: reply?.total.amount_azn, format: 'amount', unit: 'AZN' },
      ]} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <StatChartCard title={t.transactionCount} data={counts} kind="bar" isLoading={stats.isLoading} error={stats.error} onRetry={() => void stats.refetch()}
            onOpenCell={(c) => openCell(c.x, c.seriesKey)} onOpenSpan={(c, s) => page.openDrill({ ...spanDrill(s), ...(c.seriesKey ? { currency: c.seriesKey } : {}) })}
            range={{ from: dates.start_date, to: dates.end_date }} testId="stat-balances-counts" />
        </Col>
        <Col xs={24} xl={12}>
          <StatChartCard title={`${t.amount} (AZN)`} data={amounts} kind="bar" format="amount" unit="AZN" isLoading={stats.isLoading} error={stats.error}
            onOpenCell={(c) => openCell(c.x, c.seriesKey)} onOpenSpan={(c, s) => page.openDrill({ ...spanDrill(s), ...(c.seriesKey ? { currency: c.seriesKey } : {}) })}
            range={{ from: dates.start_date, to: dates.end_date }} testId="stat-balances-amounts" />
        </Col>
      </Row>
      {drill && (
        <DrillDownPanel title={[drill.day ?? spanTitle(drill), drillCurrency].filter(Boolean).join(' · ') || t.total} path={PATH} kind="transactions" slug="balances"
          range={page.range} onClose={page.closeDrill} query={drillQuery} listLink={topUpsListLink(spanListRange(drill, page.range), { day: drill.day, currency: drillCurrency })} />
      )}
    </StatisticsFrame>
  );
}
