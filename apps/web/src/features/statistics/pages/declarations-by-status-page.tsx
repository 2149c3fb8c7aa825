import type { DeclarationCountsAggregateReply } from '@app/contract/statistics';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Col, Row, Select } from 'antd';
import { useMemo } from 'react';
import type { ChartData } from '../../../shared/charts/chart-model';
import { useBranches, useDeclarationStatuses } from '../../declarations/api';
import { STAT_API, useStatAggregate } from '../api';
import { DrillDownPanel } from '../components/drill-down-panel';
import { StatChartCard } from '../components/stat-chart-card';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { useStatPage } from '../components/use-stat-page';
import { buildDaySeries, drillDays, spanDrill, spanListRange, spanTitle } from '../model/day-series';
import { declarationsListLink } from '../model/list-links';
import { toStatDates } from '../model/stat-query';

const t = azStatistics.screens;
const PATH = `${STAT_API}/by_declarations_count`;

/**
 * statistics/declarations: parcels created in the range by their status now, per branch
 * (statistics/by_declarations_count). The day chart and the branch × status table; every number
 * opens its parcels (getlist=true, .xlsx export) and the declarations list with the same filters.
 */
export function DeclarationsByStatusPage() {
  const page = useStatPage(['state_id', 'branch_id']);
  const statuses = useDeclarationStatuses();
  const branches = useBranches();
  const dates = toStatDates(page.range);
  const base = { ...dates, state_id: page.filters.state_id, branch_id: page.filters.branch_id };
  const stats = useStatAggregate<DeclarationCountsAggregateReply>(PATH, base);
  const reply = stats.data;

  const daily = useMemo(() => buildDaySeries(dates.start_date, dates.end_date, reply?.data ?? [], (r) => r.changed_date, [
    { key: 'declaration_count', label: t.declarationCount, value: (r) => r.declaration_count },
  ]), [reply, dates.start_date, dates.end_date]);

  // branch × status: a row per branch, a column per status
  const matrix = useMemo<ChartData & { branchIds: (number | null)[]; stateIds: number[] }>(() => {
    const cells = reply?.by_branch_state ?? [];
    const branchIds = [...new Set(cells.map((c) => c.branch_id))];
    const stateIds = (reply?.by_state ?? []).map((s) => s.state_id);
    return {
      xKind: 'category',
      x: branchIds.map((id) => cells.find((c) => c.branch_id === id)?.branch_name ?? '—'),
      series: (reply?.by_state ?? []).map((s) => ({
        key: String(s.state_id), label: s.state_name,
        values: branchIds.map((id) => cells.find((c) => c.branch_id === id && c.state_id === s.state_id)?.declaration_count ?? 0),
      })),
      branchIds,
      stateIds,
    };
  }, [reply]);

  const drill = page.drill;
  const drillQuery = drill ? { ...base, ...drill } : null;
  const drillTitle = drill ? [drill.changed_date ?? spanTitle(drill), drill.branch_name, drill.state_name].filter(Boolean).join(' · ') || t.total : '';
  // a week's or month's bar (a long range) narrows the range to its days
  const span = drill?.day_from ? drillDays(drill) : null;
  const drillBase = drill ? {
    ...base, ...(span ? { start_date: span.from, end_date: span.to } : {}),
    changed_date: drill.changed_date, branch_id: drill.branch_id ?? base.branch_id, state_id: drill.state_id ?? base.state_id,
  } : base;

  return (
    <StatisticsFrame title={t.pages.declarations} testId="stat-declarations" range={page.range} onRangeChange={page.setRange} error={stats.error}
      filters={<>
        <Select allowClear placeholder={t.status} aria-label={t.status} style={{ width: 200 }} loading={statuses.isLoading} showSearch optionFilterProp="label"
          value={page.filters.state_id ? Number(page.filters.state_id) : undefined} options={statuses.data ?? []} onChange={(v?: number) => page.setFilter('state_id', v)} data-testid="stat-filter-state" />
        <Select allowClear placeholder={t.branch} aria-label={t.branch} style={{ width: 180 }} loading={branches.isLoading} showSearch optionFilterProp="label"
          value={page.filters.branch_id ? Number(page.filters.branch_id) : undefined} options={branches.data ?? []} onChange={(v?: number) => page.setFilter('branch_id', v)} data-testid="stat-filter-branch" />
      </>}>
      <StatFigures isLoading={stats.isLoading} figures={[
        { key: 'declaration_count', label: t.declarationCount, value: reply?.total.declaration_count, onOpen: () => page.openDrill({}) },
        { key: 'price', label: `${t.price} (USD)`, value: reply?.total.price, format: 'amount', unit: '$' },
        { key: 'delivery_price', label: `${t.deliveryPrice} (USD)`, value: reply?.total.delivery_price, format: 'amount', unit: '$' },
      ]} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <StatChartCard title={t.pages.declarations} data={daily} kind="bar" isLoading={stats.isLoading} error={stats.error} onRetry={() => void stats.refetch()}
            onOpenCell={(c) => page.openDrill({ changed_date: c.x })} onOpenSpan={(_c, s) => page.openDrill(spanDrill(s))}
            range={{ from: dates.start_date, to: dates.end_date }} testId="stat-declarations-daily" />
        </Col>
        <Col xs={24} xl={12}>
          <StatChartCard title={`${t.branch} × ${t.status}`} data={matrix} kind="bar" xLabel={t.branch} isLoading={stats.isLoading} error={stats.error}
            canOpenCell={(c) => matrix.branchIds[c.index] !== null}
            onOpenCell={(c) => page.openDrill({
              branch_id: String(matrix.branchIds[c.index]), branch_name: c.x,
              ...(c.seriesKey ? { state_id: c.seriesKey, state_name: matrix.series.find((s) => s.key === c.seriesKey)?.label ?? '' } : {}),
            })} testId="stat-declarations-branches" />
        </Col>
      </Row>
      {drill && drillQuery && (
        <DrillDownPanel title={drillTitle} path={PATH} kind="declarations" slug="declarations" range={page.range} onClose={page.closeDrill}
          query={{ ...drillBase }} excelPath={`${PATH}/export`}
          listLink={declarationsListLink(spanListRange(drill, page.range), { day: drill.changed_date, state_id: drillBase.state_id, branch_id: drillBase.branch_id })} />
      )}
    </StatisticsFrame>
  );
}
