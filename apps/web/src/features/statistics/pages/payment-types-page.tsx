import type { PaidDeclarationCountsAggregateReply, PaymentTypeCountsAggregateReply } from '@app/contract/statistics';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Col, Row, Select } from 'antd';
import { useMemo } from 'react';
import type { ChartData } from '../../../shared/charts/chart-model';
import { usePaymentTypes } from '../../transactions/api';
import { STAT_API, useStatAggregate } from '../api';
import { DrillDownPanel } from '../components/drill-down-panel';
import { StatChartCard } from '../components/stat-chart-card';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { useStatPage } from '../components/use-stat-page';
import { buildCategorySeries, buildDaySeries } from '../model/day-series';
import { paymentsListLink } from '../model/list-links';
import { toStatDates } from '../model/stat-query';

const t = azStatistics.screens;

function PaymentTypeFilter({ value, onChange }: { value?: string; onChange: (v?: string) => void }) {
  const types = usePaymentTypes();
  return (
    <Select mode="multiple" allowClear placeholder={t.paymentType} aria-label={t.paymentType} style={{ minWidth: 200 }} loading={types.isLoading} maxTagCount="responsive"
      value={value ? value.split(',').map(Number) : []} options={(types.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      onChange={(v: number[]) => onChange(v.length ? v.join(',') : undefined)} data-testid="stat-filter-payment-type" />
  );
}

/**
 * statistics/payment-types: parcels paid in the range, per day and payment type
 * (statistics/by_declaration_count); each number opens the parcels behind it (as many as it says).
 */
export function PaidDeclarationsPage() {
  const path = `${STAT_API}/by_declaration_count`;
  const page = useStatPage(['payment_type']);
  const dates = toStatDates(page.range);
  const base = { ...dates, payment_type: page.filters.payment_type };
  const stats = useStatAggregate<PaidDeclarationCountsAggregateReply>(path, base);
  const reply = stats.data;
  // a stacked bar per day, one band per payment type
  const daily = useMemo<ChartData & { typeIds: number[] }>(() => {
    const rows = reply?.data ?? [];
    const types = [...new Map(rows.map((r) => [r.payment_type, r.payment_type_name])).entries()];
    // by day; a long range by week or month (buildDaySeries)
    const data = buildDaySeries(dates.start_date, dates.end_date, rows, (r) => r.payed_date, types.map(([id, name]) => ({
      key: String(id), label: name, value: (r: (typeof rows)[number]) => (r.payment_type === id ? r.declaration_count : 0),
    })));
    return { ...data, typeIds: types.map(([id]) => id) };
  }, [reply, dates.start_date, dates.end_date]);
  const drill = page.drill;
  const drillQuery = drill ? { ...base, changed_date: drill.day, payment_type: drill.payment_type ?? base.payment_type } : base;
  return (
    <StatisticsFrame title={t.pages.paymentTypes} testId="stat-payment-types" range={page.range} onRangeChange={page.setRange} error={stats.error}
      filters={<PaymentTypeFilter value={page.filters.payment_type} onChange={(v) => page.setFilter('payment_type', v)} />}>
      <StatFigures isLoading={stats.isLoading} figures={[
        { key: 'declaration_count', label: t.declarationCount, value: reply?.total.declaration_count, onOpen: () => page.openDrill({}) },
        { key: 'amount', label: `${t.amount} (AZN)`, value: reply?.total.amount, format: 'amount', unit: 'AZN' },
        { key: 'delivery_price', label: `${t.deliveryPrice} (USD)`, value: reply?.total.delivery_price, format: 'amount', unit: '$' },
        ...(reply?.total.payment_type_total ?? []).map((p) => ({
          key: `type-${p.payment_type_id}`, label: `${p.payment_type_name} (AZN)`, value: p.payment_type_sum, format: 'amount' as const, unit: 'AZN',
          onOpen: () => page.openDrill({ payment_type: String(p.payment_type_id), payment_type_name: p.payment_type_name }),
        })),
      ]} />
      <StatChartCard title={t.pages.paymentTypes} data={daily} kind="bar" isLoading={stats.isLoading} error={stats.error} onRetry={() => void stats.refetch()}
        onOpenCell={(c) => page.openDrill({ day: c.x, ...(c.seriesKey ? { payment_type: c.seriesKey, payment_type_name: daily.series.find((s) => s.key === c.seriesKey)?.label ?? '' } : {}) })}
        testId="stat-payment-types-daily" />
      {drill && (
        // the parcels themselves (as many as the figure); no list screen filters parcels by their payment's day, so no list link
        <DrillDownPanel title={[drill.day, drill.payment_type_name].filter(Boolean).join(' · ') || t.total} path={path} kind="paidDeclarations" slug="payment_types"
          range={page.range} onClose={page.closeDrill} query={drillQuery} />
      )}
    </StatisticsFrame>
  );
}

/**
 * statistics/payment-types/transactions: confirmed payments for parcels per day, online and at the
 * office, and per payment type (statistics/by_payment_type_count), in AZN.
 */
export function PaymentTypeTransactionsPage() {
  const path = `${STAT_API}/by_payment_type_count`;
  const page = useStatPage(['payment_type']);
  const dates = toStatDates(page.range);
  const base = { ...dates, payment_type: page.filters.payment_type };
  const stats = useStatAggregate<PaymentTypeCountsAggregateReply>(path, base);
  const reply = stats.data;
  const daily = useMemo(() => buildDaySeries(dates.start_date, dates.end_date, reply?.data ?? [], (r) => r.date, [
    { key: 'online', label: t.online, value: (r) => r.online },
    { key: 'office', label: t.office, value: (r) => r.office },
  ]), [reply, dates.start_date, dates.end_date]);
  const byType = useMemo(() => buildCategorySeries(reply?.by_payment_type ?? [], (r) => r.payment_type_name, [
    { key: 'count', label: t.transactionCount, value: (r) => r.count },
  ]), [reply]);
  const drill = page.drill;
  const drillQuery = drill ? { ...base, changed_date: drill.day, payment_type: drill.payment_type ?? base.payment_type } : base;
  return (
    <StatisticsFrame title={t.pages.transactionsByPaymentType} testId="stat-payment-transactions" range={page.range} onRangeChange={page.setRange} error={stats.error}
      filters={<PaymentTypeFilter value={page.filters.payment_type} onChange={(v) => page.setFilter('payment_type', v)} />}>
      <StatFigures isLoading={stats.isLoading} figures={[
        { key: 'count', label: t.transactionCount, value: reply?.total.count, onOpen: () => page.openDrill({}) },
        { key: 'price', label: `${t.amount} (AZN)`, value: reply?.total.price, format: 'amount', unit: 'AZN' },
        { key: 'online', label: `${t.online} (AZN)`, value: reply?.total.online, format: 'amount', unit: 'AZN' },
        { key: 'office', label: `${t.office} (AZN)`, value: reply?.total.office, format: 'amount', unit: 'AZN' },
      ]} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <StatChartCard title={`${t.amount} (AZN)`} data={daily} kind="bar" format="amount" unit="AZN" isLoading={stats.isLoading} error={stats.error}
            onRetry={() => void stats.refetch()} onOpenCell={(c) => page.openDrill({ day: c.x })} testId="stat-payment-transactions-daily" />
        </Col>
        <Col xs={24} xl={10}>
          <StatChartCard title={t.paymentType} data={byType} kind="bar" xLabel={t.paymentType} isLoading={stats.isLoading} error={stats.error}
            onOpenCell={(c) => {
              const row = reply?.by_payment_type[c.index];
              if (row) page.openDrill({ payment_type: String(row.payment_type), payment_type_name: row.payment_type_name });
            }} testId="stat-payment-transactions-types" />
        </Col>
      </Row>
      {drill && (
        <DrillDownPanel title={[drill.day, drill.payment_type_name].filter(Boolean).join(' · ') || t.total} path={path} kind="transactions" slug="transactions_by_payment_type"
          range={page.range} onClose={page.closeDrill} query={drillQuery}
          listLink={paymentsListLink(page.range, { day: drill.day, payment_type: drillQuery.payment_type })} />
      )}
    </StatisticsFrame>
  );
}
