import type { CashboxStatisticsLine } from '@app/contract/cashflow';
import { DATE_TIME_FORMAT } from '@app/contract/common-constants';
import { azCashflow as t } from '@app/contract/texts/az-cashflow';
import { Card, Col, DatePicker, Empty, Row, Segmented, Select, Spin, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DATE_PRESETS, PRESET_LABELS, parseDateRange, resolveDateRange, serializeDateRange, type DateRangeValue } from '../../../shared/data-table/date-range';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useCashboxDaily, useCashboxStatistics, useCashRegisterOptions } from '../api';
import { buildDailySeries, type DailyPoint } from '../model/analytics';

// The chart library is loaded only here, when the analytics tab is opened (its own chunk).
const CashflowChart = lazy(() => import('../components/cashflow-chart'));
const DEFAULT_RANGE: DateRangeValue = { preset: 'last90' };
const money = (v: number) => v.toFixed(2);

type Line = CashboxStatisticsLine & { children?: CashboxStatisticsLine[] };

/**
 * Cash-flow analytics (issue 17 item 6): a period (the data table's range presets, or a custom
 * range) and a register; the categories tree with income, expense and share (cashbox_statistics),
 * and income, expense and the balance per day (cashbox_statistics/daily) as a chart with its table
 * view. Period, register and view live in the URL.
 */
export function AnalyticsPage() {
  const [search, setSearch] = useSearchParams();
  const registers = useCashRegisterOptions();
  const range = parseDateRange(search.get('range') ?? '') ?? DEFAULT_RANGE;
  const registerId = Number(search.get('cashbox_id')) || registers.data?.[0]?.id;
  const view = search.get('view') === 'table' ? 'table' : 'chart';
  const resolved = resolveDateRange(range);
  const from = resolved?.[0].startOf('day');
  const to = resolved?.[1].endOf('day');
  const register = registers.data?.find((r) => r.id === registerId);
  const set = (patch: Record<string, string | null>) => setSearch((prev) => {
    const next = new URLSearchParams(prev);
    for (const [key, value] of Object.entries(patch)) if (value === null) next.delete(key); else next.set(key, value);
    return next;
  }, { replace: true });

  const statsParams = { cashbox_id: registerId, start_date: from?.format(DATE_TIME_FORMAT), end_date: to?.format(DATE_TIME_FORMAT) };
  const dailyParams = { cashbox_id: registerId, operation_date: from && to ? `${from.format(DATE_TIME_FORMAT)},${to.format(DATE_TIME_FORMAT)}` : undefined };
  const stats = useCashboxStatistics(statsParams, registerId !== undefined);
  const daily = useCashboxDaily(dailyParams, registerId !== undefined);
  const fromDay = from?.format('YYYY-MM-DD') ?? null;
  const toDay = to?.format('YYYY-MM-DD') ?? null;
  const points = useMemo(() => buildDailySeries(daily.data, fromDay, toDay), [daily.data, fromDay, toDay]);
  const currency = stats.data?.currency.code ?? register?.currencyCode ?? '';
  const labels = useMemo(() => ({ day: t.day, income: t.income, expense: t.expense, balance: t.balance, title: `${t.chartTitle} (${register?.name ?? ''})` }), [register?.name]);

  const categoryColumns = [
    { key: 'name', title: t.category, dataIndex: 'name' },
    { key: 'income', title: `${t.income} (${currency})`, align: 'right' as const, render: (_: unknown, r: Line) => money(r.income) },
    { key: 'expense', title: `${t.expense} (${currency})`, align: 'right' as const, render: (_: unknown, r: Line) => money(r.expense) },
    { key: 'percent', title: `${t.percent} %`, align: 'right' as const, width: 100, render: (_: unknown, r: Line) => r.percent.toFixed(2) },
  ];
  const dayColumns = [
    { key: 'date', title: t.day, dataIndex: 'date' },
    { key: 'count', title: t.count, dataIndex: 'count', align: 'right' as const },
    { key: 'income', title: `${t.income} (${currency})`, align: 'right' as const, render: (_: unknown, p: DailyPoint) => money(p.income) },
    { key: 'expense', title: `${t.expense} (${currency})`, align: 'right' as const, render: (_: unknown, p: DailyPoint) => money(p.expense) },
    { key: 'balance', title: `${t.balance} (${currency})`, align: 'right' as const, render: (_: unknown, p: DailyPoint) => (p.balance === null ? '—' : money(p.balance)) },
  ];
  const rangeOptions = [...DATE_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] })), { value: 'custom', label: t.period }];

  return (
    <Card size="small" styles={{ body: { padding: 12 } }} data-testid="cashflow-analytics">
      <Typography.Title level={4} style={{ marginTop: 0 }}>{t.analyticsTitle}</Typography.Title>
      <Row gutter={[12, 12]} align="middle" style={{ marginBottom: 12 }}>
        <Col>
          <Select aria-label={t.period} value={range.preset === 'all' ? 'last90' : range.preset} options={rangeOptions} style={{ width: 170 }} data-testid="cashflow-analytics-range"
            onChange={(value: string) => set({ range: value === 'custom' ? serializeDateRange({ preset: 'custom', from: (from ?? dayjs()).format('YYYY-MM-DD'), to: (to ?? dayjs()).format('YYYY-MM-DD') }) : value })} />
        </Col>
        {range.preset === 'custom' && (
          <Col>
            <DatePicker.RangePicker value={[from ?? null, to ?? null] as [Dayjs, Dayjs]} allowClear={false} aria-label={t.period}
              onChange={(v) => v?.[0] && v[1] && set({ range: serializeDateRange({ preset: 'custom', from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') }) })} />
          </Col>
        )}
        <Col>
          <Select aria-label={t.register} value={registerId} loading={registers.isLoading} style={{ width: 240 }} data-testid="cashflow-analytics-register"
            options={(registers.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.currencyCode})` }))}
            onChange={(value: number) => set({ cashbox_id: String(value) })} showSearch optionFilterProp="label" />
        </Col>
        {stats.data && (
          <Col flex="auto" style={{ textAlign: 'right' }} data-testid="cashflow-analytics-totals">
            <Typography.Text>{t.income}: <b>{money(stats.data.total.income)} {currency}</b> · {t.expense}: <b>{money(stats.data.total.expense)} {currency}</b>
              {points.length > 0 && points.at(-1)!.balance !== null && <> · {t.balance}: <b>{money(points.at(-1)!.balance!)} {currency}</b></>}</Typography.Text>
          </Col>
        )}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t.chartTitle} extra={
            <Segmented size="small" value={view} aria-label={t.chartAsTable} data-testid="cashflow-analytics-view"
              options={[{ value: 'chart', label: t.chart }, { value: 'table', label: t.table }]} onChange={(v) => set({ view: v === 'table' ? 'table' : null })} />
          }>
            {daily.isError ? <Typography.Text type="danger">{readErrorMessage(daily.error)}</Typography.Text>
              : daily.isLoading ? <Spin style={{ display: 'block', margin: 48 }} />
                : points.length === 0 ? <Empty description={t.noData} />
                  : view === 'chart' ? (
                    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
                      <CashflowChart points={points} labels={labels} currency={currency} />
                    </Suspense>
                  ) : (
                    <Table<DailyPoint> size="small" rowKey="date" columns={dayColumns} dataSource={[...points].reverse()} pagination={{ pageSize: 15, showSizeChanger: false }}
                      aria-label={t.chartAsTable} data-testid="cashflow-analytics-daily-table" />
                  )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t.category}>
            {stats.isError ? <Typography.Text type="danger">{readErrorMessage(stats.error)}</Typography.Text> : (
              <Table<Line> size="small" rowKey="id" loading={stats.isLoading} columns={categoryColumns} dataSource={(stats.data?.categories ?? []).map((c) => ({ ...c, children: c.children.length ? c.children : undefined }))} pagination={false}
                locale={{ emptyText: t.noData }} data-testid="cashflow-analytics-categories"
                summary={() => stats.data && stats.data.categories.length > 0 ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}><b>{t.total}</b></Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right"><b>{money(stats.data.total.income)}</b></Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right"><b>{money(stats.data.total.expense)}</b></Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right"><b>{stats.data.total.percent.toFixed(2)}</b></Table.Summary.Cell>
                  </Table.Summary.Row>
                ) : null} />
            )}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
