import { azStatistics } from '@app/contract/texts/az-statistics';
import { Alert, Col, Row } from 'antd';
import { useMemo } from 'react';
import { STAT_API, useStatAggregate } from '../api';
import { StatChartCard } from '../components/stat-chart-card';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { useStatPage } from '../components/use-stat-page';
import { buildCategorySeries, buildDaySeries } from '../model/day-series';
import { toStatDates } from '../model/stat-query';

const t = azStatistics.screens;

interface CourierDay { changed_date: string; courier_count: number; cash?: string; online?: string; price_azn?: string }
interface CourierReply { data: CourierDay[]; couriers_ready?: boolean }
interface RegionRow { region_id: number; name: string; count: number; price_azn: string }
interface RegionReply { data: RegionRow[]; couriers_ready?: boolean }

/**
 * statistics/couriers (statistics/by_courier_count) and statistics/couriers/regions
 * (statistics/courier_by_region_count overview, by_region_courier_count per day): the frame of the
 * couriers' pages. The couriers section is a later issue: until it exists the API answers no rows
 * (`couriers_ready: false`) and the page says so; no invented numbers.
 */
export function CouriersStatPage({ byRegion = false }: { byRegion?: boolean }) {
  const page = useStatPage(['state_id', 'region_id']);
  const dates = toStatDates(page.range);
  const base = { ...dates, state_id: page.filters.state_id, region_id: page.filters.region_id };
  const daily = useStatAggregate<CourierReply>(`${STAT_API}/${byRegion ? 'by_region_courier_count' : 'by_courier_count'}`, base);
  const regions = useStatAggregate<RegionReply>(`${STAT_API}/courier_by_region_count`, { ...dates, state_id: page.filters.state_id }, byRegion);
  const days = useMemo(() => buildDaySeries(dates.start_date, dates.end_date, daily.data?.data ?? [], (r) => r.changed_date, [
    { key: 'courier_count', label: t.courierCount, value: (r) => r.courier_count },
  ]), [daily.data, dates.start_date, dates.end_date]);
  const byRegionData = useMemo(() => buildCategorySeries(regions.data?.data ?? [], (r) => r.name, [
    { key: 'count', label: t.courierCount, value: (r) => r.count },
  ]), [regions.data]);
  const isReady = daily.data?.couriers_ready === true;
  const total = (daily.data?.data ?? []).reduce((a, r) => a + r.courier_count, 0);
  return (
    <StatisticsFrame title={byRegion ? t.pages.couriersByRegion : t.pages.couriers} testId={byRegion ? 'stat-couriers-regions' : 'stat-couriers'}
      range={page.range} onRangeChange={page.setRange} error={daily.error}
      notice={!isReady && !daily.isLoading ? <Alert type="info" showIcon title={t.notBuiltCouriers} style={{ marginBottom: 12 }} data-testid="stat-couriers-not-built" /> : null}>
      <StatFigures isLoading={daily.isLoading} figures={[{ key: 'courier_count', label: t.courierCount, value: total }]} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={byRegion ? 14 : 24}>
          <StatChartCard title={t.courierCount} data={days} kind="bar" isLoading={daily.isLoading} error={daily.error} testId="stat-couriers-daily" />
        </Col>
        {byRegion && (
          <Col xs={24} xl={10}>
            <StatChartCard title={t.region} data={byRegionData} kind="bar" xLabel={t.region} isLoading={regions.isLoading} error={regions.error} testId="stat-couriers-by-region" />
          </Col>
        )}
      </Row>
    </StatisticsFrame>
  );
}
