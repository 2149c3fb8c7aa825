import type { TariffCountsAggregateReply } from '@app/contract/statistics';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useBranches, useDeclarationStatuses } from '../../declarations/api';
import { STAT_API, useStatAggregate } from '../api';
import { DrillDownPanel } from '../components/drill-down-panel';
import { StatChartCard } from '../components/stat-chart-card';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { useStatPage } from '../components/use-stat-page';
import { buildCategorySeries } from '../model/day-series';
import { declarationsListLink } from '../model/list-links';
import { toStatDates } from '../model/stat-query';

const t = azStatistics.screens;
const PATH = `${STAT_API}/by_tariff_count`;

/**
 * statistics/plans: parcels created in the range per tariff (plan category), with their price and
 * delivery sums (statistics/by_tariff_count). Every count opens its parcels (getlist=true, CSV) and
 * the declarations list with the same filters (plan_category_id); parcels without a plan category
 * have no list filter, so their row stays plain.
 */
export function PlansStatPage() {
  const page = useStatPage(['state_id', 'branch_id']);
  const statuses = useDeclarationStatuses();
  const branches = useBranches();
  const dates = toStatDates(page.range);
  const base = { ...dates, state_id: page.filters.state_id, branch_id: page.filters.branch_id };
  const stats = useStatAggregate<TariffCountsAggregateReply>(PATH, base);
  const reply = stats.data;
  const planAt = (index: number) => reply?.data[index];
  const openPlan = (index: number) => {
    const row = planAt(index);
    if (row?.plan_category_id != null) page.openDrill({ plan_category_id: String(row.plan_category_id), plan_name: row.tariff_category_name });
  };
  const canOpenPlan = (index: number) => planAt(index)?.plan_category_id != null;
  const drill = page.drill;
  const drillQuery = { ...base, plan_category_id: drill?.plan_category_id };
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
        { key: 'declaration_count', label: t.declarationCount, value: reply?.total.declaration_count, onOpen: () => page.openDrill({}) },
        { key: 'price', label: `${t.price} (USD)`, value: reply?.total.price, format: 'amount', unit: '$' },
        { key: 'delivery_price', label: `${t.deliveryPrice} (USD)`, value: reply?.total.delivery_price, format: 'amount', unit: '$' },
      ]} />
      <StatChartCard title={t.declarationCount} data={counts} kind="bar" xLabel={t.pages.plans} isLoading={stats.isLoading} error={stats.error} onRetry={() => void stats.refetch()}
        canOpenCell={(c) => canOpenPlan(c.index)} onOpenCell={(c) => openPlan(c.index)} testId="stat-plans-counts" />
      <div style={{ height: 16 }} />
      <StatChartCard title={`${t.deliveryPrice} (USD)`} data={sums} kind="bar" format="amount" unit="$" xLabel={t.pages.plans} isLoading={stats.isLoading} error={stats.error}
        canOpenCell={(c) => canOpenPlan(c.index)} onOpenCell={(c) => openPlan(c.index)} testId="stat-plans-sums" />
      {drill && (
        <DrillDownPanel title={drill.plan_name || t.total} path={PATH} kind="declarations" slug="plans" range={page.range} onClose={page.closeDrill}
          query={drillQuery}
          listLink={declarationsListLink(page.range, { state_id: base.state_id, branch_id: base.branch_id, plan_category_id: drill.plan_category_id })} />
      )}
    </StatisticsFrame>
  );
}
