import type { TariffCountsAggregateReply } from '@app/contract/statistics';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useBranches, useDeclarationStatuses } from '../../declarations/api';
import { STAT_API, useStatAggregate } from '../api';
import { StatChartCard } from '../components/stat-chart-card';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { useStatPage } from '../components/use-stat-page';
import { buildCategorySeries } from '../model/day-series';
import { toStatDates } from '../model/stat-query';

const t = azStatistics.screens;

/**
 * statistics/plans: parcels created in the range per tariff (plan category), with their price and
 * delivery sums (statistics/by_tariff_count). The declarations list has no plan filter, so these
 * figures have no list to open.
 */
export function PlansStatPage() {
  const page = useStatPage(['state_id', 'branch_id']);
  const statuses = useDeclarationStatuses();
  const branches = useBranches();
  const dates = toStatDates(page.range);
  const stats = useStatAggregate<TariffCountsAggregateReply>(`${STAT_API}/by_tariff_count`, { ...dates, ...page.filters });
  const reply = stats.data;
  const counts = useMemo(() => buildCategorySeries(reply?.data ?? [], (r) => r.tariff_category_name, [
    { key: 'declaration_count', label: t.declarationCount, value: (r) => r.declaration_count },
  ]), [reply]);
  const sums = useMemo(() => buildCategorySeries(reply?.data ?? [], (r) => r.tariff_category_name, [
    // delivery alone: product prices are a thousand times larger and would flatten it
    { key: 'delivery_price', label: `${t.deliveryPrice} (USD)`, value: (r) => r.delivery_price },
  ]), [reply]);
  return (
    <StatisticsFrame title={t.pages.plans} testId="stat-plans" range={page.range} onRangeChange={page.setRange} error={stats.error}
      filters={<>
        <Select allowClear placeholder={t.status} aria-label={t.status} style={{ width: 200 }} loading={statuses.isLoading} showSearch optionFilterProp="label"
          value={page.filters.state_id ? Number(page.filters.state_id) : undefined} options={statuses.data ?? []} onChange={(v?: number) => page.setFilter('state_id', v)} />
        <Select allowClear placeholder={t.branch} aria-label={t.branch} style={{ width: 180 }} loading={branches.isLoading} showSearch optionFilterProp="label"
          value={page.filters.branch_id ? Number(page.filters.branch_id) : undefined} options={branches.data ?? []} onChange={(v?: number) => page.setFilter('branch_id', v)} />
      </>}>
      <StatFigures isLoading={stats.isLoading} figures={[
        { key: 'declaration_count', label: t.declarationCount, value: reply?.total.declaration_count },
        { key: 'price', label: `${t.price} (USD)`, value: reply?.total.price, format: 'amount', unit: '$' },
        { key: 'delivery_price', label: `${t.deliveryPrice} (USD)`, value: reply?.total.delivery_price, format: 'amount', unit: '$' },
      ]} />
      <StatChartCard title={t.declarationCount} data={counts} kind="bar" xLabel={t.pages.plans} isLoading={stats.isLoading} error={stats.error} onRetry={() => void stats.refetch()} testId="stat-plans-counts" />
      <div style={{ height: 16 }} />
      <StatChartCard title={`${t.deliveryPrice} (USD)`} data={sums} kind="bar" format="amount" unit="$" xLabel={t.pages.plans} isLoading={stats.isLoading} error={stats.error} testId="stat-plans-sums" />
    </StatisticsFrame>
  );
}
