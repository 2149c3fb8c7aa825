import { PAYMENT_TYPE_NAMES } from '@app/contract/money';
import type {
  ChartsByStatusReply, ChartsWidgetReply, LandingCustomersReply, LandingMoneyReply, LandingOrdersReply, LandingParcelsReply,
  LandingQueueReply, LandingRange,
} from '@app/contract/statistics-landing';
import { azStatistics } from '@app/contract/texts/az-statistics';
import type { Db } from '../../db/client';
import { STATISTICS_TIME_ZONE } from '../../db/schema/statistics';
import { badRequest } from '../../platform/errors';
import { hasPermission, type RequestUser } from '../../platform/access';
import { partnerScopeOf, type PartnerScope } from '../../platform/partner-scope';
import { readThrough } from '../../platform/write-epoch';
import { readBalanceChart } from '../transactions/service';
import {
  countClients, countHandoverQueue, findOfficeToday, sumAllDeclarationsByStatus, sumBalanceOperations, sumCashByPaymentType, sumCashByRegister,
  sumCustomersByBranch, sumCustomersPerDay, sumCustomsProgress, sumDeclarationsByBranch, sumDeclarationsByCountry, sumDeclarationsByStatus,
  sumDeclarationsPerDay, sumOrdersByCountry, sumOrdersByStatus, type DayRange,
} from './queries';

const t = azStatistics.landing;
/** spec §2: the data table's default range, last 31 days with today. */
const DEFAULT_DAYS = 31;
const TOP_BRANCHES = 10;

/**
 * The range a landing call answers: start_date..end_date, office days, both inclusive; a missing
 * end is today and a missing start the 31 days up to the end. The rollups keep office days of
 * STATISTICS_TIME_ZONE; an app configured for another zone is refused rather than answered wrong.
 */
export async function resolveLandingRange(db: Db, query: LandingRange, timeZone: string): Promise<DayRange> {
  if (timeZone !== STATISTICS_TIME_ZONE) throw badRequest(`APP_TIMEZONE ${timeZone}: statistics rollups keep ${STATISTICS_TIME_ZONE} days`);
  const to = query.end_date ?? (await findOfficeToday(db, timeZone));
  const from = query.start_date ?? shiftDay(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw badRequest(t.endBeforeStart, { end_date: [t.endBeforeStart] });
  return { from, to };
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The landing's replies kept 3 s per database and range (as charts/balance and the lists' capped
 * totals): a morning's managers open the same range at once, and the rollups move with every write.
 * Any write through the API drops them (platform/write-epoch.ts); other writers show within 3 s.
 */
const cached = <V>(db: Db, key: string, load: () => Promise<V>) => readThrough(db, 'statistics-landing', key, load);

const scopeKey = (scope: PartnerScope) => (scope.kind === 'office' ? 'office' : `partner:${scope.companyId ?? 'none'}`);

const asRange = (range: DayRange) => ({ start_date: range.from, end_date: range.to });
const nameOr = (name: string | null, id: number) => name ?? `#${id}`;

/** GET statistics/landing/parcels: declarations created in the range by status, country, branch, per day; customs progress. */
export async function readLandingParcels(db: Db, user: RequestUser, query: LandingRange, timeZone: string): Promise<LandingParcelsReply> {
  const range = await resolveLandingRange(db, query, timeZone);
  const scope = partnerScopeOf(user);
  return cached(db, `parcels:${scopeKey(scope)}:${range.from}:${range.to}`, () => sumLandingParcels(db, range, scope));
}

async function sumLandingParcels(db: Db, range: DayRange, scope: PartnerScope): Promise<LandingParcelsReply> {
  const [byStatus, byCountry, byDay, customs, branches] = await Promise.all([
    sumDeclarationsByStatus(db, range, scope),
    sumDeclarationsByCountry(db, range, scope),
    sumDeclarationsPerDay(db, range, scope),
    sumCustomsProgress(db, range, scope),
    sumDeclarationsByBranch(db, range, scope, TOP_BRANCHES),
  ]);
  return {
    data: {
      range: asRange(range),
      total: customs.total,
      by_status: byStatus.map((r) => ({ state_id: r.state_id, state_name: nameOr(r.state_name, r.state_id), count: r.count })),
      by_country: byCountry.map((r) => ({ country_id: r.country_id, country_name: nameOr(r.country_name, r.country_id), count: r.count })),
      by_day: byDay,
      customs,
      top_branches: branches.map((r) => ({ branch_id: r.branch_id, branch_name: r.branch_id === 0 ? t.noBranch : nameOr(r.branch_name, r.branch_id), count: r.count })),
    },
  };
}

/**
 * GET statistics/landing/queue: the handover queue now, in the scope the queue screen shows the
 * viewer (their branch, or every branch for staff without one), so a number opens that many entries.
 */
export async function readLandingQueue(db: Db, branchId: number | null, timeZone: string): Promise<LandingQueueReply> {
  return cached(db, `queue:${branchId ?? 'all'}`, async () => {
    const today = await findOfficeToday(db, timeZone);
    const counts = await countHandoverQueue(db, today, timeZone, branchId);
    return { data: { ...counts, today, branch_id: branchId } };
  });
}

/**
 * Which money parts a viewer may see (spec §6): the registers' figures and the payment-type sums are
 * the cash-flow list's (permission cashflow), the customers' balance operations the transactions
 * list's (permission transactions). A part the viewer can't open comes back empty and flagged false.
 */
export function moneyScopeOf(user: RequestUser): { cash: boolean; balance: boolean } {
  return { cash: hasPermission(user, 'cashflow'), balance: hasPermission(user, 'transactions') };
}

/** GET statistics/landing/money: registers' income and expense, per payment type, and customers' balance operations, as far as the viewer may see them. */
export async function readLandingMoney(db: Db, user: RequestUser, query: LandingRange, timeZone: string): Promise<LandingMoneyReply> {
  const range = await resolveLandingRange(db, query, timeZone);
  const shown = moneyScopeOf(user);
  return cached(db, `money:${shown.cash ? 'cash' : '-'}:${shown.balance ? 'balance' : '-'}:${range.from}:${range.to}`, () => sumLandingMoney(db, range, shown));
}

async function sumLandingMoney(db: Db, range: DayRange, shown: { cash: boolean; balance: boolean }): Promise<LandingMoneyReply> {
  const [registers, byPayment, balance] = await Promise.all([
    shown.cash ? sumCashByRegister(db, range) : [],
    shown.cash ? sumCashByPaymentType(db, range) : [],
    shown.balance ? sumBalanceOperations(db, range) : [],
  ]);
  return {
    data: {
      range: asRange(range),
      shown,
      registers,
      by_payment_type: byPayment.map((r) => ({ ...r, payment_type_name: r.payment_type === 0 ? t.noPayment : PAYMENT_TYPE_NAMES[r.payment_type] ?? `#${r.payment_type}` })),
      balance,
    },
  };
}

/** GET statistics/landing/orders: orders created in the range by status and country. */
export async function readLandingOrders(db: Db, query: LandingRange, timeZone: string): Promise<LandingOrdersReply> {
  const range = await resolveLandingRange(db, query, timeZone);
  return cached(db, `orders:${range.from}:${range.to}`, () => sumLandingOrders(db, range));
}

async function sumLandingOrders(db: Db, range: DayRange): Promise<LandingOrdersReply> {
  const [byStatus, byCountry] = await Promise.all([sumOrdersByStatus(db, range), sumOrdersByCountry(db, range)]);
  return {
    data: {
      range: asRange(range),
      total: byStatus.reduce((sum, r) => sum + r.count, 0),
      by_status: byStatus.map((r) => ({ state_id: r.state_id, state_name: nameOr(r.state_name, r.state_id), count: r.count })),
      by_country: byCountry.map((r) => ({ country_id: r.country_id, country_name: nameOr(r.country_name, r.country_id), count: r.count })),
    },
  };
}

/** GET statistics/landing/customers: customers registered in the range, per day and per branch. */
export async function readLandingCustomers(db: Db, query: LandingRange, timeZone: string): Promise<LandingCustomersReply> {
  const range = await resolveLandingRange(db, query, timeZone);
  return cached(db, `customers:${range.from}:${range.to}`, () => sumLandingCustomers(db, range));
}

async function sumLandingCustomers(db: Db, range: DayRange): Promise<LandingCustomersReply> {
  const [byDay, byBranch] = await Promise.all([sumCustomersPerDay(db, range), sumCustomersByBranch(db, range, TOP_BRANCHES)]);
  return {
    data: {
      range: asRange(range),
      total: byDay.reduce((sum, r) => sum + r.count, 0),
      by_day: byDay,
      by_branch: byBranch.map((r) => ({ branch_id: r.branch_id, branch_name: r.branch_id === 0 ? t.noBranch : nameOr(r.branch_name, r.branch_id), count: r.count })),
    },
  };
}

/**
 * POST charts/widget: every customer, customers with an order, and customers' balances (charts/balance
 * totals). The balances are the transactions list's money: a viewer without that permission gets
 * zeros (the clients read balance_try.USD/TRY as numbers, so the shape stays).
 */
export async function readChartsWidget(db: Db, user: RequestUser, timeZone: string): Promise<ChartsWidgetReply> {
  const seesBalance = moneyScopeOf(user).balance;
  const [clients, balance] = await Promise.all([
    cached(db, 'clients', () => countClients(db)),
    seesBalance ? readBalanceChart(db, timeZone) : null,
  ]);
  return {
    data: {
      clients: clients.clients,
      orders: clients.with_orders,
      balance_try: balance ? { USD: Number(balance.data.total.USD), TRY: Number(balance.data.total.TRY) } : { USD: 0, TRY: 0 },
    },
  };
}

/**
 * POST charts/bystatus?model_id=1 (orders) | 2 (declarations): all-time counts by status. Both lists
 * are answered whatever the model (clients read data.orders for 1 and data.declarations for 2, and
 * both are a few rows of the rollups); a partner gets its own parcels only and no orders.
 */
export async function readChartsByStatus(db: Db, user: RequestUser): Promise<ChartsByStatusReply> {
  const scope: PartnerScope = partnerScopeOf(user);
  const [orders, declarations] = await Promise.all([
    scope.kind === 'partner' ? Promise.resolve([]) : cached(db, 'bystatus:orders', () => sumOrdersByStatus(db, null)),
    cached(db, `bystatus:declarations:${scopeKey(scope)}`, () => sumAllDeclarationsByStatus(db, scope)),
  ]);
  const row = (r: { state_id: number; state_name: string | null; count: number }) => ({ state_id: r.state_id, state_name: nameOr(r.state_name, r.state_id), count: r.count });
  return { data: { orders: orders.map(row), declarations: declarations.map(row) } };
}
