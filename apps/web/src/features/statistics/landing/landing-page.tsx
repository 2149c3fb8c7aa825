import { ROLE } from '@app/contract/roles';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Typography, type TableColumnType } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { fillDays, formatChartShare, formatChartValue, type ChartData } from '../../../shared/charts/chart-model';
import { ChartView } from '../../../shared/charts/chart-view';
import { ShareBars } from '../../../shared/charts/share-bars';
import { StatRangePicker } from '../components/stat-range-picker';
import { usePermittedLink } from '../components/use-permitted-link';
import { STATISTICS_INDEX_PATH } from '../model/stat-pages';
import { readStatRange, resolveStatDays, writeStatRange } from '../model/stat-query';
import { customersListLink, customersOfBranchLink } from '../model/users-links';
import { landingKeys, useLandingCustomers, useLandingMoney, useLandingOrders, useLandingParcels, useLandingQueue } from './landing-api';
import {
  balanceOperationsLink, branchDeclarationsLink, cashFlowLink, declarationsLink, HANDOVER_QUEUE_PATH, ordersLink, statusChangesLink, type DayPair,
} from './landing-links';
import { CountLink, FigureTable, KpiStrip, WidgetCard, type KpiItem } from './landing-widgets';
import { moneyPartsOf } from './money-scope';
import { handedOverTodayLink } from './queue-links';

const t = azStatistics.landing;

/** A day's number of 'parcels per day' (its table cell or its point on the chart) → that day's list. */
function perDayLink(x: string, seriesKey: string | null): string | undefined {
  const day = { from: x, to: x };
  if (seriesKey === 'created') return declarationsLink(day);
  if (seriesKey === 'arrived') return statusChangesLink(day, 9);
  if (seriesKey === 'handed_over') return statusChangesLink(day, 10);
  return undefined;
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const money = (value: string | number) => formatChartValue(Number(value), 'amount');

/**
 * The statistics landing page (issue 19 item 1): what a manager opening the office needs at a
 * glance for the chosen range (the data table's presets, in the URL): the day's queue, parcels by
 * status, country and day, customs progress, money in and out, orders, new customers, branches.
 * Every number links to the list it counts with the same filters. Each widget group is one call
 * with its own skeleton, error and retry. A branch partner sees its company's parcels only.
 */
export function LandingPage() {
  const { user } = useAuth();
  const isPartner = user.admin === ROLE.partner;
  const [search, setSearch] = useSearchParams();
  const range = readStatRange(search);
  const [from, to] = resolveStatDays(range);
  const days: DayPair = useMemo(() => ({ from, to }), [from, to]);
  const params = useMemo(() => ({ start_date: from, end_date: to }), [from, to]);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // a number, label, bar or point links only to a list the viewer may open (H6: else the refusal page)
  const permit = usePermittedLink();

  const parcels = useLandingParcels(params);
  const queue = useLandingQueue(!isPartner);
  const mayMoney = moneyPartsOf(user);
  const moneyQuery = useLandingMoney(params, mayMoney.cash || mayMoney.balance);
  const orders = useLandingOrders(params, !isPartner);
  const customers = useLandingCustomers(params, !isPartner);

  const p = parcels.data?.data;
  const perDay: ChartData = useMemo(() => {
    const x = fillDays(from, to);
    const byDay = new Map((p?.by_day ?? []).map((d) => [d.date, d]));
    return {
      xKind: 'date', x,
      series: [
        { key: 'created', label: t.created, values: x.map((d) => byDay.get(d)?.created ?? 0), color: '#0A4755' },
        { key: 'arrived', label: t.arrived, values: x.map((d) => byDay.get(d)?.arrived ?? 0), color: '#E69F00' },
        { key: 'handed_over', label: t.handedOver, values: x.map((d) => byDay.get(d)?.handed_over ?? 0), color: '#009E73' },
      ],
    };
  }, [p, from, to]);
  const c = customers.data?.data;
  const customersPerDay: ChartData = useMemo(() => {
    const x = fillDays(from, to);
    const byDay = new Map((c?.by_day ?? []).map((d) => [d.date, d.count]));
    return { xKind: 'date', x, series: [{ key: 'customers', label: t.customers, values: x.map((d) => byDay.get(d) ?? 0) }] };
  }, [c, from, to]);
  const pickDay = (index: number, seriesKey: string | null) => permit(perDayLink(perDay.x[index]!, seriesKey));
  const pickCustomersDay = (index: number) => permit(customersListLink({ from: customersPerDay.x[index]!, to: customersPerDay.x[index]! }));

  const kpis: KpiItem[] = [
    { key: 'parcels', label: t.parcelsTotal, value: p ? p.total : null, to: declarationsLink(days) },
    { key: 'arrived', label: t.arrived, value: p ? sum(p.by_day.map((d) => d.arrived)) : null, to: statusChangesLink(days, 9) },
    { key: 'handed', label: t.handedOver, value: p ? sum(p.by_day.map((d) => d.handed_over)) : null, to: statusChangesLink(days, 10) },
    ...(isPartner ? [] : [
      { key: 'queue-waiting', label: t.queueWaiting, value: queue.data?.data.waiting ?? null, to: HANDOVER_QUEUE_PATH, hint: t.queue },
      { key: 'queue-progress', label: t.queueInProgress, value: queue.data?.data.in_progress ?? null, to: HANDOVER_QUEUE_PATH, hint: t.queue },
      { key: 'orders', label: t.ordersTotal, value: orders.data ? orders.data.data.total : null, to: ordersLink(days) },
      { key: 'customers', label: t.customers, value: c ? c.total : null, to: customersListLink(days) },
    ]),
  ];

  type MoneyRow = { key: string; id: number; name: string; currency: string; income: string; expense: string; income_count: number; expense_count: number };
  const registerColumns: TableColumnType<MoneyRow>[] = [
    { key: 'name', title: t.register, render: (_, r) => `${r.name} (${r.currency})` },
    { key: 'income', title: t.income, align: 'right', render: (_, r) => <CountLink value={Number(r.income)} format="amount" to={r.income_count ? cashFlowLink(days, r.id, 1) : undefined} testId={`register-${r.id}-income`} /> },
    { key: 'income_count', title: t.count, align: 'right', render: (_, r) => <CountLink value={r.income_count} to={cashFlowLink(days, r.id, 1)} /> },
    { key: 'expense', title: t.expense, align: 'right', render: (_, r) => <CountLink value={Number(r.expense)} format="amount" to={r.expense_count ? cashFlowLink(days, r.id, 2) : undefined} /> },
    { key: 'expense_count', title: t.count, align: 'right', render: (_, r) => <CountLink value={r.expense_count} to={cashFlowLink(days, r.id, 2)} /> },
  ];
  const m = moneyQuery.data?.data;
  // spec §6: a money part the viewer can't open the list of is not there at all (not 'no data')
  const moneyParts = moneyPartsOf(user, moneyQuery.data);
  const registerRows: MoneyRow[] = (m?.registers ?? []).filter((r) => r.income_count + r.expense_count > 0)
    .map((r) => ({ key: String(r.cash_register_id), id: r.cash_register_id, ...r }));
  type PayRow = { key: string; name: string; currency: string; income: string; expense: string; count: number };
  const payRows: PayRow[] = (m?.by_payment_type ?? []).map((r) => ({ key: `${r.payment_type}-${r.currency}`, name: r.payment_type_name, currency: r.currency, income: r.income, expense: r.expense, count: r.count }));
  const payColumns: TableColumnType<PayRow>[] = [
    { key: 'name', title: t.paymentType, render: (_, r) => r.name },
    { key: 'currency', title: t.currency, dataIndex: 'currency' },
    { key: 'income', title: t.income, align: 'right', render: (_, r) => money(r.income) },
    { key: 'expense', title: t.expense, align: 'right', render: (_, r) => money(r.expense) },
    { key: 'count', title: t.count, align: 'right', dataIndex: 'count' },
  ];
  type BalanceRow = { key: string; currency: string; type: number; count: number; amount: string; amount_azn: string };
  const balanceRows: BalanceRow[] = (m?.balance ?? []).map((r) => ({ key: `${r.currency}-${r.type}`, ...r }));
  const balanceColumns: TableColumnType<BalanceRow>[] = [
    { key: 'currency', title: t.currency, dataIndex: 'currency' },
    { key: 'type', title: t.type, render: (_, r) => (r.type === 1 ? t.income : t.expense) },
    { key: 'count', title: t.count, align: 'right', render: (_, r) => <CountLink value={r.count} to={balanceOperationsLink(days, r.currency, r.type)} testId={`balance-${r.currency}-${r.type}`} /> },
    { key: 'amount', title: t.total, align: 'right', render: (_, r) => `${money(r.amount)} ${r.currency}` },
    { key: 'amount_azn', title: 'AZN', align: 'right', render: (_, r) => money(r.amount_azn) },
  ];
  type CustomsRow = { key: string; label: string; value: number; to?: string };
  const customsRows: CustomsRow[] = p ? [
    { key: 'total', label: t.customsTotal, value: p.customs.total, to: declarationsLink(days) },
    { key: 'declared', label: t.customsDeclared, value: p.customs.declared, to: declarationsLink(days, { customs: 1 }) },
    // the declarations list has no 'in a box' filter: the number stays plain (no list shows exactly these)
    { key: 'boxed', label: t.customsBoxed, value: p.customs.boxed, to: declarationsLink(days, { in_box: 1 }) },
    { key: 'dispatch', label: t.customsDispatch, value: p.customs.dispatch_sent, to: declarationsLink(days, { state_id: 8 }) },
  ] : [];
  const customsColumns: TableColumnType<CustomsRow>[] = [
    { key: 'label', title: t.customs, dataIndex: 'label' },
    { key: 'value', title: t.count, align: 'right', render: (_, r) => <CountLink value={r.value} to={r.to} testId={`customs-${r.key}`} /> },
    { key: 'share', title: '%', align: 'right', width: 70, render: (_, r) => (p && p.customs.total ? formatChartShare((r.value / p.customs.total) * 100) : '—') },
  ];

  const queueColumns: TableColumnType<CustomsRow>[] = [
    { key: 'label', title: t.queueState, dataIndex: 'label' },
    { key: 'value', title: t.count, align: 'right', render: (_, r) => <CountLink value={r.value} to={r.to} testId={`queue-${r.key}`} /> },
  ];

  return (
    <Flex vertical gap={12} data-testid="statistics-landing" style={{ padding: 4 }}>
      <Flex wrap gap={12} justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>{t.title}</Typography.Title>
        <Flex wrap gap={8} align="center">
          <StatRangePicker value={range} onChange={(next) => setSearch((prev) => writeStatRange(prev, next), { replace: true })} />
          <Button icon={<ReloadOutlined />} onClick={() => void queryClient.invalidateQueries({ queryKey: landingKeys.all })}>{t.refresh}</Button>
          <Link to={STATISTICS_INDEX_PATH}><Button type="link">{azStatistics.screens.indexTitle}</Button></Link>
        </Flex>
      </Flex>
      {isPartner && <Alert type="info" showIcon title={t.partnerOnly} />}
      <KpiStrip items={kpis} />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <WidgetCard title={t.parcelsPerDay} testId="widget-per-day" query={parcels} rows={8}>
            <ChartView data={perDay} title={t.parcelsPerDay} kind="line" height={280} testId="per-day"
              renderValue={(value, cell) => <CountLink value={value} to={perDayLink(cell.x, cell.seriesKey)} />} showRowTotal={false}
              canPick={(index, seriesKey) => Boolean(pickDay(index, seriesKey))}
              onPick={(index, seriesKey) => {
                const link = pickDay(index, seriesKey);
                if (link) void navigate(link);
              }} />
          </WidgetCard>
        </Col>
        <Col xs={24} xl={8}>
          <WidgetCard title={t.parcelsByStatus} testId="widget-by-status" query={parcels} isEmpty={p?.by_status.length === 0}>
            <ShareBars title={t.parcelsByStatus} testId="by-status"
              items={(p?.by_status ?? []).map((r) => ({ key: String(r.state_id), label: r.state_name, value: r.count }))}
              renderValue={(item) => <CountLink value={item.value} to={declarationsLink(days, { state_id: item.key })} testId={`by-status-${item.key}`} />}
              linkOf={(item) => permit(declarationsLink(days, { state_id: item.key }))} />
          </WidgetCard>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <WidgetCard title={t.parcelsByCountry} testId="widget-by-country" query={parcels} isEmpty={p?.by_country.length === 0}>
            <ShareBars title={t.parcelsByCountry} testId="by-country" color="#56B4E9"
              items={(p?.by_country ?? []).map((r) => ({ key: String(r.country_id), label: r.country_name, value: r.count }))}
              renderValue={(item) => <CountLink value={item.value} to={declarationsLink(days, { country_id: item.key })} testId={`by-country-${item.key}`} />}
              linkOf={(item) => permit(declarationsLink(days, { country_id: item.key }))} />
          </WidgetCard>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <WidgetCard title={t.customs} testId="widget-customs" query={parcels}>
            <FigureTable rows={customsRows} columns={customsColumns} testId="customs-table" />
          </WidgetCard>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <WidgetCard title={t.topBranches} testId="widget-branches" query={parcels} isEmpty={p?.top_branches.length === 0}>
            <ShareBars title={t.topBranches} testId="branches" color="#009E73"
              items={(p?.top_branches ?? []).map((r) => ({ key: String(r.branch_id), label: r.branch_name, value: r.count }))}
              renderValue={(item) => <CountLink value={item.value} to={branchDeclarationsLink(days, item.key)} testId={`branches-${item.key}`} />}
              linkOf={(item) => permit(branchDeclarationsLink(days, item.key))} />
          </WidgetCard>
        </Col>
      </Row>
      {!isPartner && (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={8}>
            <WidgetCard title={queue.data?.data.branch_id != null ? `${t.queue} · ${t.queueOwnBranch}` : t.queue} testId="widget-queue" query={queue}>
              <FigureTable testId="queue-table" columns={queueColumns} rows={queue.data ? [
                { key: 'waiting', label: t.queueWaiting, value: queue.data.data.waiting, to: HANDOVER_QUEUE_PATH },
                { key: 'progress', label: t.queueInProgress, value: queue.data.data.in_progress, to: HANDOVER_QUEUE_PATH },
                // the status archive has no branch filter: a branch's figure stays plain
                { key: 'done', label: t.queueDoneToday, value: queue.data.data.done_today, to: queue.data.data.branch_id === null ? handedOverTodayLink(queue.data.data.today) : undefined },
              ] : []} />
            </WidgetCard>
          </Col>
          {moneyParts.cash && <Col xs={24} xl={16}>
            <WidgetCard title={t.money} testId="widget-money" query={moneyQuery} isEmpty={registerRows.length === 0}>
              <FigureTable rows={registerRows} columns={registerColumns} testId="money-registers" />
            </WidgetCard>
          </Col>}
          {moneyParts.cash && <Col xs={24} xl={12}>
            <WidgetCard title={t.byPaymentType} testId="widget-payment-types" query={moneyQuery} isEmpty={payRows.length === 0}>
              <FigureTable rows={payRows} columns={payColumns} testId="money-payment-types" />
            </WidgetCard>
          </Col>}
          {moneyParts.balance && <Col xs={24} xl={12}>
            <WidgetCard title={t.balanceOps} testId="widget-balance" query={moneyQuery} isEmpty={balanceRows.length === 0}>
              <FigureTable rows={balanceRows} columns={balanceColumns} testId="money-balance" />
            </WidgetCard>
          </Col>}
          <Col xs={24} md={12} xl={8}>
            <WidgetCard title={t.orders} testId="widget-orders" query={orders} isEmpty={orders.data?.data.by_status.length === 0}>
              <ShareBars title={t.orders} testId="orders-by-status" color="#CC79A7"
                items={(orders.data?.data.by_status ?? []).map((r) => ({ key: String(r.state_id), label: r.state_name, value: r.count }))}
                renderValue={(item) => <CountLink value={item.value} to={ordersLink(days, { state_id: item.key })} testId={`orders-${item.key}`} />}
                linkOf={(item) => permit(ordersLink(days, { state_id: item.key }))} />
            </WidgetCard>
          </Col>
          <Col xs={24} md={12} xl={10}>
            <WidgetCard title={t.customers} testId="widget-customers" query={customers} isEmpty={c?.total === 0}>
              <ChartView data={customersPerDay} title={t.customers} kind="bar" height={200} testId="customers-per-day" showRowTotal={false}
                renderValue={(value, cell) => <CountLink value={value} to={customersListLink({ from: cell.x, to: cell.x })} />}
                canPick={(index) => Boolean(pickCustomersDay(index))}
                onPick={(index) => {
                  const link = pickCustomersDay(index);
                  if (link) void navigate(link);
                }} />
            </WidgetCard>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <WidgetCard title={t.customersByBranch} testId="widget-customers-branches" query={customers} isEmpty={c?.by_branch.length === 0}>
              {/* customers without a branch (0) have no users-list filter: that number stays plain */}
              <ShareBars title={t.customersByBranch} testId="customers-branches" color="#E69F00"
                items={(c?.by_branch ?? []).map((r) => ({ key: String(r.branch_id), label: r.branch_name, value: r.count }))}
                renderValue={(item) => <CountLink value={item.value} to={customersOfBranchLink(days, item.key)} testId={`customers-branch-${item.key}`} />}
                linkOf={(item) => permit(customersOfBranchLink(days, item.key))} />
            </WidgetCard>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
