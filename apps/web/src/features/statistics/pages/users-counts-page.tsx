import { AGE_BANDS, type UserCountStatsReply } from '@app/contract/users';
import { az } from '@app/contract/texts/az';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Col, Row, Select } from 'antd';
import { useMemo } from 'react';
import type { ChartData } from '../../../shared/charts/chart-model';
import type { DateRangeValue } from '../../../shared/data-table/date-range';
import { STAT_API, useStatAggregate } from '../api';
import { DrillDownPanel } from '../components/drill-down-panel';
import { StatChartCard } from '../components/stat-chart-card';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { useStatPage } from '../components/use-stat-page';
import { toStatDates } from '../model/stat-query';
import { ageBandLabel, monthSpanWithin } from '../model/user-bands';
import { customersListLink } from '../model/users-links';

const t = azStatistics.screens;
const PATH = `${STAT_API}/by_user_count`;
const MONTHS_RANGE: DateRangeValue = { preset: 'last12m' };

/**
 * statistics/users/general: customers registered in the range, by month and by age band, for a
 * gender, and today's accounts by role (statistics/by_user_count); each number opens those customers (getlist=true, CSV).
 * The total and a month's figure count customers (role 0) registered in those office days of a
 * gender, as the users list filters them: their drill-down links to that list; an age band has no
 * list filter, so its rows are shown here only.
 */
export function UsersCountsPage() {
  const page = useStatPage(['gender'], MONTHS_RANGE);
  const dates = toStatDates(page.range);
  const base = { ...dates, gender: page.filters.gender };
  const stats = useStatAggregate<UserCountStatsReply>(PATH, base);
  const reply = stats.data;
  const months = useMemo<ChartData>(() => ({
    xKind: 'category',
    x: (reply?.data ?? []).map((m) => m.added_date.slice(0, 7)),
    series: [{ key: 'user_count', label: t.userCount, values: (reply?.data ?? []).map((m) => m.user_count) }],
  }), [reply]);
  const ages = useMemo<ChartData>(() => ({
    xKind: 'category',
    x: AGE_BANDS.map(([from, to]) => ageBandLabel(from, to)),
    series: [{ key: 'user_count', label: t.userCount, values: AGE_BANDS.map(([from, to]) => reply?.age[`${from}_${to}`] ?? 0) }],
  }), [reply]);
  const monthTotal = (reply?.data ?? []).reduce((a, m) => a + m.user_count, 0);

  const drill = page.drill;
  const drillQuery = { ...base, ...(drill?.start_date ? { start_date: drill.start_date, end_date: drill.end_date } : {}),
    ...(drill?.start_age ? { start_age: drill.start_age, end_age: drill.end_age } : {}) };
  const listLink = drill && !drill.start_age
    ? customersListLink({ from: drill.start_date ?? dates.start_date, to: drill.end_date ?? dates.end_date }, { gender: page.filters.gender })
    : null;
  return (
    <StatisticsFrame title={t.pages.users} testId="stat-users" range={page.range} onRangeChange={page.setRange} error={stats.error}
      filters={<Select allowClear placeholder={t.gender} aria-label={t.gender} style={{ width: 140 }} value={page.filters.gender}
        options={[{ value: 'male', label: t.male }, { value: 'female', label: t.female }]} onChange={(v?: string) => page.setFilter('gender', v)} data-testid="stat-filter-gender" />}>
      <StatFigures isLoading={stats.isLoading} figures={[
        { key: 'user_count', label: t.userCount, value: monthTotal, onOpen: () => page.openDrill({ label: t.total }) },
        // today's accounts, not of the range (the users list counts them the same way)
        { key: 'total', label: az.usersUi.totalCustomers, value: reply?.total },
        { key: 'blocked', label: az.usersUi.blockedUsers, value: reply?.blocked },
        ...(reply?.by_role ?? []).filter((row) => row.admin !== 0).map((row) => ({ key: `role-${row.admin}`, label: az.users.roles[row.admin] ?? String(row.admin), value: row.count })),
      ]} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <StatChartCard title={t.userCount} data={months} kind="bar" xLabel="Ay" isLoading={stats.isLoading} error={stats.error} onRetry={() => void stats.refetch()}
            onOpenCell={(c) => {
              const [start, end] = monthSpanWithin(c.x, dates.start_date, dates.end_date);
              page.openDrill({ label: c.x, start_date: start, end_date: end });
            }} testId="stat-users-months" />
        </Col>
        <Col xs={24} xl={10}>
          <StatChartCard title={t.ageBand} data={ages} kind="bar" xLabel={t.ageBand} isLoading={stats.isLoading} error={stats.error}
            onOpenCell={(c) => {
              const band = AGE_BANDS[c.index];
              if (band) page.openDrill({ label: c.x, start_age: String(band[0]), end_age: String(band[1]) });
            }} testId="stat-users-ages" />
        </Col>
      </Row>
      {drill && (
        <DrillDownPanel title={drill.label ?? t.total} path={PATH} kind="users" slug="users" range={page.range} onClose={page.closeDrill} query={drillQuery} listLink={listLink} />
      )}
    </StatisticsFrame>
  );
}
