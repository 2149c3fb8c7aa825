import type { PartnerDeclarationCountsAggregateReply } from '@app/contract/statistics';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useBranches } from '../../declarations/api';
import { STAT_API, useStatAggregate } from '../api';
import { DrillDownPanel } from '../components/drill-down-panel';
import { StatChartCard } from '../components/stat-chart-card';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { useStatPage } from '../components/use-stat-page';
import { buildDaySeries } from '../model/day-series';
import { toStatDates } from '../model/stat-query';

const t = azStatistics.screens;
const PATH = `${STAT_API}/partner_by_declarations_count`;

/**
 * statistics/branches-partner (spec §2, branch_manager): a partner company's parcels per day
 * (statistics/partner_by_declarations_count). A partner sees only its own company (the server
 * scopes it); its numbers open their parcels here: a partner has no declarations list, and the
 * list has no partner-company filter in its URL for the office's view of every partner.
 */
export function BranchPartnerPage() {
  const page = useStatPage(['branch_id']);
  const branches = useBranches();
  const dates = toStatDates(page.range);
  const base = { ...dates, branch_id: page.filters.branch_id };
  const stats = useStatAggregate<PartnerDeclarationCountsAggregateReply>(PATH, base);
  const reply = stats.data;
  const daily = useMemo(() => buildDaySeries(dates.start_date, dates.end_date, reply?.data ?? [], (r) => r.changed_date, [
    { key: 'declaration_count', label: t.declarationCount, value: (r) => r.declaration_count },
  ]), [reply, dates.start_date, dates.end_date]);
  const drill = page.drill;
  const drillQuery = drill?.day ? { ...base, changed_date: drill.day } : base;
  return (
    <StatisticsFrame title={t.pages.branchPartner} testId="stat-branch-partner" range={page.range} onRangeChange={page.setRange} error={stats.error}
      filters={<Select allowClear placeholder={t.branch} aria-label={t.branch} style={{ width: 200 }} loading={branches.isLoading} showSearch optionFilterProp="label"
        value={page.filters.branch_id ? Number(page.filters.branch_id) : undefined} options={branches.data ?? []} onChange={(v?: number) => page.setFilter('branch_id', v)} data-testid="stat-filter-branch" />}>
      <StatFigures isLoading={stats.isLoading} figures={[
        { key: 'declaration_count', label: t.declarationCount, value: reply?.total.declaration_count, onOpen: () => page.openDrill({}) },
        { key: 'price', label: `${t.price} (USD)`, value: Number(reply?.total.price ?? 0), format: 'amount', unit: '$' },
        { key: 'delivery_price', label: `${t.deliveryPrice} (USD)`, value: Number(reply?.total.delivery_price ?? 0), format: 'amount', unit: '$' },
      ]} />
      <StatChartCard title={t.declarationCount} data={daily} kind="bar" isLoading={stats.isLoading} error={stats.error} onRetry={() => void stats.refetch()}
        onOpenCell={(c) => page.openDrill({ day: c.x })} testId="stat-branch-partner-daily" />
      {drill && (
        <DrillDownPanel title={drill.day ?? t.total} path={PATH} kind="declarations" slug="branch_partner" range={page.range} onClose={page.closeDrill} query={drillQuery}
          listLink={null} />
      )}
    </StatisticsFrame>
  );
}
