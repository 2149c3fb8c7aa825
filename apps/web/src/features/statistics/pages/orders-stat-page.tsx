import { COUNTRY } from '@app/contract/countries';
import { MODEL } from '@app/contract/models';
import type { OrderAdminCountReply, OrderCountReply } from '@app/contract/orders';
import { az } from '@app/contract/texts/az';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Col, Row, Select } from 'antd';
import { useMemo } from 'react';
import type { ChartData } from '../../../shared/charts/chart-model';
import { STAT_API, useAdminOptions, useStatAggregate, useStatusOptions } from '../api';
import { DrillDownPanel } from '../components/drill-down-panel';
import { StatChartCard } from '../components/stat-chart-card';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { useStatPage } from '../components/use-stat-page';
import { buildDaySeries, drillDays, spanDrill, spanListRange, spanTitle } from '../model/day-series';
import { ordersListLink } from '../model/list-links';
import { toStatDates } from '../model/stat-query';

const t = azStatistics.screens;
const COUNTRY_OPTIONS = [COUNTRY.turkey, COUNTRY.america].map((id) => ({ value: id, label: az.countries[id] ?? String(id) }));

type Aggregate = Extract<OrderAdminCountReply, { data: { changed_date: string }[] }>;
type AdminRow = Aggregate['data'][number];

/**
 * statistics/orders (by status, statistics/by_orders_count) and statistics/orders/admins (by
 * executor, statistics/by_orders_admin_count): orders created in the range per day, their count and
 * sums; every number opens its orders (getlist=true) and the orders list with the same filters.
 */
export function OrdersStatPage({ byAdmin = false }: { byAdmin?: boolean }) {
  const path = `${STAT_API}/${byAdmin ? 'by_orders_admin_count' : 'by_orders_count'}`;
  const page = useStatPage(byAdmin ? ['admin_id', 'country_id', 'state_id'] : ['state_id', 'country_id']);
  const statuses = useStatusOptions(MODEL.orders);
  const admins = useAdminOptions();
  const dates = toStatDates(page.range);
  const base = { ...dates, ...page.filters };
  const stats = useStatAggregate<OrderCountReply>(path, base);
  const reply = stats.data && 'data' in stats.data && !('per_page' in stats.data) ? (stats.data as Aggregate) : undefined;
  const rows = useMemo(() => (reply?.data ?? []) as AdminRow[], [reply]);

  const daily = useMemo(() => buildDaySeries(dates.start_date, dates.end_date, rows, (r) => r.changed_date, [
    { key: 'order_count', label: t.orderCount, value: (r) => r.order_count },
  ]), [rows, dates.start_date, dates.end_date]);
  const byExecutor = useMemo<ChartData & { ids: (number | null)[] }>(() => {
    const ids = [...new Set(rows.map((r) => r.user_id ?? null))];
    return {
      xKind: 'category',
      x: ids.map((id) => rows.find((r) => (r.user_id ?? null) === id)?.user_name || '—'),
      series: [{ key: 'order_count', label: t.orderCount, values: ids.map((id) => rows.filter((r) => (r.user_id ?? null) === id).reduce((a, r) => a + r.order_count, 0)) }],
      ids,
    };
  }, [rows]);

  const drill = page.drill;
  const drillQuery = drill ? {
    ...base,
    ...(drillDays(drill, drill.day) ? { start_date: drillDays(drill, drill.day)!.from, end_date: drillDays(drill, drill.day)!.to } : {}),
    ...(drill.admin_id ? { admin_id: drill.admin_id } : {}),
  } : base;
  const executive = drill?.admin_id ?? page.filters.admin_id;

  return (
    <StatisticsFrame title={byAdmin ? t.pages.ordersByAdmin : t.pages.orders} testId={byAdmin ? 'stat-orders-admins' : 'stat-orders'}
      range={page.range} onRangeChange={page.setRange} error={stats.error}
      filters={<>
        {byAdmin && <Select allowClear placeholder={t.admin} aria-label={t.admin} style={{ width: 200 }} loading={admins.isLoading} showSearch optionFilterProp="label"
          value={page.filters.admin_id ? Number(page.filters.admin_id) : undefined} options={admins.data ?? []} onChange={(v?: number) => page.setFilter('admin_id', v)} data-testid="stat-filter-admin" />}
        <Select allowClear placeholder={t.status} aria-label={t.status} style={{ width: 180 }} loading={statuses.isLoading} showSearch optionFilterProp="label"
          value={page.filters.state_id ? Number(page.filters.state_id) : undefined} options={statuses.data ?? []} onChange={(v?: number) => page.setFilter('state_id', v)} data-testid="stat-filter-state" />
        <Select allowClear placeholder={t.country} aria-label={t.country} style={{ width: 140 }}
          value={page.filters.country_id ? Number(page.filters.country_id) : undefined} options={COUNTRY_OPTIONS} onChange={(v?: number) => page.setFilter('country_id', v)} data-testid="stat-filter-country" />
      </>}>
      <StatFigures isLoading={stats.isLoading} figures={[
        { key: 'order_count', label: t.orderCount, value: reply?.total.order_count, onOpen: () => page.openDrill({}) },
        { key: 'price_try', label: `${t.amount} (TRY)`, value: Number(reply?.total.price_try ?? 0), format: 'amount', unit: '₺' },
        { key: 'price_usd', label: `${t.amount} (USD)`, value: Number(reply?.total.price_usd ?? 0), format: 'amount', unit: '$' },
      ]} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={byAdmin ? 12 : 24}>
          <StatChartCard title={t.orderCount} data={daily} kind="bar" isLoading={stats.isLoading} error={stats.error} onRetry={() => void stats.refetch()}
            onOpenCell={(c) => page.openDrill({ day: c.x })} onOpenSpan={(_c, s) => page.openDrill(spanDrill(s))}
            range={{ from: dates.start_date, to: dates.end_date }} testId="stat-orders-daily" />
        </Col>
        {byAdmin && (
          <Col xs={24} xl={12}>
            <StatChartCard title={t.admin} data={byExecutor} kind="bar" xLabel={t.admin} isLoading={stats.isLoading} error={stats.error}
              canOpenCell={(c) => byExecutor.ids[c.index] !== null}
              onOpenCell={(c) => page.openDrill({ admin_id: String(byExecutor.ids[c.index]), admin_name: c.x })} testId="stat-orders-executors" />
          </Col>
        )}
      </Row>
      {drill && (
        <DrillDownPanel title={[drill.day ?? spanTitle(drill), drill.admin_name].filter(Boolean).join(' · ') || t.total} path={path} kind="orders"
          slug={byAdmin ? 'orders_by_admin' : 'orders'} range={page.range} onClose={page.closeDrill} query={drillQuery}
          // the orders list filters its executor by name only (no executive_id in its URL): an executor's rows open here
          listLink={executive ? null : ordersListLink(spanListRange(drill, page.range), { day: drill.day, state_id: page.filters.state_id, country_id: page.filters.country_id })} />
      )}
    </StatisticsFrame>
  );
}
