import type { Writable } from 'node:stream';
import type { ListResponse, TotalKind } from '@app/contract/common';
import type { DeclarationListQuery, DeclarationListRow } from '@app/contract/declarations';
import { PAYMENT_TYPE_NAMES, TRANSACTION_STATUS } from '@app/contract/money';
import {
  ONLINE_PAYMENT_TYPE, declarationListParams, paymentListParams,
  type CourierCountsQuery, type DeclarationCountsAggregateReply, type DeclarationCountsQuery, type PaidDeclarationCountsAggregateReply,
  type PaidDeclarationCountsQuery, type PartnerDeclarationCountsAggregateReply, type PartnerDeclarationCountsQuery,
  type PaymentTypeCountsAggregateReply, type PaymentTypeCountsQuery, type TariffCountsQuery, type TariffCountsReply,
} from '@app/contract/statistics';
import { azStatistics } from '@app/contract/texts/az-statistics';
import type { TransactionListQuery, TransactionListReply } from '@app/contract/transactions';
import type { Db } from '../../../db/client';
import type { RequestUser } from '../../../platform/access';
import { partnerScopeOf } from '../../../platform/partner-scope';
import { writeXlsx } from '../../../platform/xlsx';
import { listDeclarations } from '../../declarations/service';
import { listTransactions } from '../../transactions/service';
import {
  declarationSortColumn, findBranchNames, findDeclarationStatusNames, findPaidParcelPage, findPlanCategoryNames, readDeclarationListRows, sumBalanceStats,
  sumDeclarationStats, sumPaidDeclarations, type BalanceStatsFilter, type CompanyFilter, type DeclarationStatsFilter, type DeclarationStatsRow,
} from './queries';

/*
 * Statistics pages (issue 19 item 2). Every figure is the total of the list it links to with the
 * same filters (item 3): the drill-down (getlist=true) IS that list, called with the query the
 * contract's declarationListParams / paymentListParams build, so the page, the drill-down and the
 * list a user opens cannot disagree. Ranges are whole office days, both ends inside.
 */

const t = azStatistics.pages;
const DEFAULT_DAYS = 30;

/** The calendar day now in the office time zone ('YYYY-MM-DD'). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The page's range: what was sent, else the last 30 office days up to today (a lone end or start anchors it). */
export function resolveRange(q: { start_date?: string; end_date?: string }, timeZone: string): { start_date: string; end_date: string } {
  const end = q.end_date ?? (q.start_date ? addDays(q.start_date, DEFAULT_DAYS - 1) : todayIn(timeZone));
  const start = q.start_date ?? addDays(end, -(DEFAULT_DAYS - 1));
  return { start_date: start, end_date: end };
}

const isDrillDown = (q: { getlist?: boolean }) => q.getlist === true;

/**
 * A drill-down's reply: the list's rows with the figure's own total (item 3: the number clicked),
 * exact past the lists' 10,000 cap, summed from the same aggregate with the same filters (the rollup
 * for Asia/Baku days: decision 0004 addendum), never a count(*) over the source table's range.
 */
async function withFigureTotal<R extends { total: number; total_kind?: TotalKind }>(list: Promise<R>, figure: Promise<number>): Promise<R> {
  const [reply, total] = await Promise.all([list, figure]);
  return { ...reply, total, total_kind: 'exact' };
}

// ---------------------------------------------------------------- exact decimal sums (cents)

const cents = (v: string) => {
  const [whole = '0', frac = ''] = v.replace('-', '').split('.');
  const c = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return v.startsWith('-') ? -c : c;
};
const decimal = (c: bigint) => {
  const sign = c < 0n ? '-' : '';
  const a = c < 0n ? -c : c;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

const figuresOf = (r: DeclarationStatsRow) => ({ declaration_count: r.count, price: decimal(cents(r.price)), delivery_price: decimal(cents(r.deliveryPrice)) });
const ofSet = (rows: readonly DeclarationStatsRow[], set: DeclarationStatsRow['set']) => rows.filter((r) => r.set === set);
/** The total row (always there: the empty grouping set answers one row even over no rows). */
const totalOf = (rows: readonly DeclarationStatsRow[]): DeclarationStatsRow =>
  ofSet(rows, 'total')[0] ?? { set: 'total', day: null, statusId: null, branchId: null, planCategoryId: null, count: 0, price: '0', deliveryPrice: '0' };
/** The parcels a declarations figure counts (its total grouping alone). */
const countDeclarations = async (db: Db, f: DeclarationStatsFilter, timeZone: string) => totalOf(await sumDeclarationStats(db, f, timeZone, ['total'])).count;

// ---------------------------------------------------------------- declarations by status per branch

/** A partner counts only its own company; office staff everything, or one company they name. */
function companyOf(user: RequestUser, companyId: number | undefined, officeDefault: CompanyFilter): CompanyFilter {
  const scope = partnerScopeOf(user);
  if (scope.kind === 'partner') return { kind: 'company', companyId: scope.companyId ?? -1 };
  return companyId ? { kind: 'company', companyId } : officeDefault;
}

function listQueryOf(params: Record<string, string>, q: { page: number; per_page: number; sort_column?: string; sort_order?: 'asc' | 'desc' }, company: CompanyFilter): DeclarationListQuery {
  const ids = (v?: string) => (v ? v.split(',').map(Number) : undefined);
  return {
    page: q.page, per_page: q.per_page, sort_column: q.sort_column as DeclarationListQuery['sort_column'], sort_order: q.sort_order,
    date_from: params.date_from, date_to: params.date_to, state_id: ids(params.state_id), branch_id: ids(params.branch_id),
    plan_category_id: params.plan_category_id ? Number(params.plan_category_id) : undefined,
    partner_id: company.kind === 'company' ? company.companyId : undefined,
    has_partner: company.kind === 'partners' ? true : undefined,
  };
}

function drillParams(range: { start_date: string; end_date: string }, q: { changed_date?: string; state_id?: number[]; branch_id?: number[] }) {
  return declarationListParams(range, { day: q.changed_date, state_id: q.state_id, branch_id: q.branch_id });
}

/** The figure's filter for the rollup: the range (or the one day clicked), statuses, branches, company (as drillParams for the list). */
function statsFilterOf(range: { start_date: string; end_date: string }, q: { changed_date?: string; state_id?: number[]; branch_id?: number[] }, company: CompanyFilter): DeclarationStatsFilter {
  return { from: q.changed_date ?? range.start_date, to: q.changed_date ?? range.end_date, states: q.state_id, branches: q.branch_id, company };
}

/**
 * GET statistics/by_declarations_count: declarations created in the range by status and branch,
 * per day; getlist=true: the declarations list of the same parcels.
 */
export async function readDeclarationCounts(db: Db, user: RequestUser, q: DeclarationCountsQuery, timeZone: string)
  : Promise<DeclarationCountsAggregateReply | ListResponse<DeclarationListRow>> {
  const range = resolveRange(q, timeZone);
  const company = companyOf(user, q.company_id, { kind: 'all' });
  const filter = statsFilterOf(range, q, company);
  if (isDrillDown(q)) return withFigureTotal(listDeclarations(db, listQueryOf(drillParams(range, q), q, company), timeZone), countDeclarations(db, filter, timeZone));
  const rows = await sumDeclarationStats(db, filter, timeZone, ['day', 'state', 'branch', 'cell', 'total']);
  const [statusNames, branchNames] = await Promise.all([
    findDeclarationStatusNames(db), findBranchNames(db, [...new Set(ofSet(rows, 'branch').map((r) => r.branchId!).filter((id) => id > 0))]),
  ]);
  const branchName = (id: number) => (id > 0 ? branchNames.get(id) ?? `#${id}` : t.noBranch);
  const stateName = (id: number) => statusNames.get(id) ?? `#${id}`;
  const total = totalOf(rows);
  return {
    data: ofSet(rows, 'day').sort((a, b) => a.day!.localeCompare(b.day!)).map((r) => ({ changed_date: r.day!, ...figuresOf(r) })),
    by_state: ofSet(rows, 'state').sort((a, b) => a.statusId! - b.statusId!).map((r) => ({ state_id: r.statusId!, state_name: stateName(r.statusId!), ...figuresOf(r) })),
    by_branch: ofSet(rows, 'branch').sort((a, b) => a.branchId! - b.branchId!)
      .map((r) => ({ branch_id: r.branchId! > 0 ? r.branchId! : null, branch_name: branchName(r.branchId!), ...figuresOf(r) })),
    by_branch_state: ofSet(rows, 'cell').sort((a, b) => a.branchId! - b.branchId! || a.statusId! - b.statusId!).map((r) => ({
      branch_id: r.branchId! > 0 ? r.branchId! : null, branch_name: branchName(r.branchId!), state_id: r.statusId!, state_name: stateName(r.statusId!), ...figuresOf(r),
    })),
    total: { declaration_count: total.count, price: Number(total.price), delivery_price: Number(total.deliveryPrice) },
    ...range,
  };
}

/** Rows of the .xlsx export: the drill-down's rows, read page by page. */
export const DECLARATION_EXPORT_MAX_ROWS = 100_000;
const EXPORT_PAGE = 1000;

/** GET statistics/by_declarations_count/export: the drill-down rows (same filters) as .xlsx. */
export async function exportDeclarationCounts(db: Db, user: RequestUser, q: DeclarationCountsQuery, timeZone: string, out: Writable): Promise<number> {
  const range = resolveRange(q, timeZone);
  const company = companyOf(user, q.company_id, { kind: 'all' });
  const params = drillParams(range, q);
  async function* pages() {
    for (let page = 1; (page - 1) * EXPORT_PAGE < DECLARATION_EXPORT_MAX_ROWS; page++) {
      const { data } = await listDeclarations(db, listQueryOf(params, { ...q, page, per_page: EXPORT_PAGE }, company), timeZone);
      if (data.length) yield data;
      if (data.length < EXPORT_PAGE) return;
    }
  }
  const h = t.exportColumns;
  return writeXlsx<DeclarationListRow>(out, [{
    name: t.exportSheet,
    columns: [
      { header: h.id, value: (r) => r.id },
      { header: h.trackCode, value: (r) => r.track_code, width: 22 },
      { header: h.customerCode, value: (r) => r.user_code },
      { header: h.customer, value: (r) => r.user_name, width: 24 },
      { header: h.status, value: (r) => r.state_name, width: 18 },
      { header: h.branch, value: (r) => r.branch_name, width: 18 },
      { header: h.flight, value: (r) => r.flight_name },
      { header: h.weight, value: (r) => (r.weight === null ? null : Number(r.weight)) },
      { header: h.price, value: (r) => (r.price === null ? null : Number(r.price)) },
      { header: h.deliveryPrice, value: (r) => (r.delivery_price === null ? null : Number(r.delivery_price)) },
      { header: h.createdAt, value: (r) => r.created_at, width: 20 },
    ],
    rows: pages(),
  }]);
}

/**
 * GET statistics/partner_by_declarations_count: a partner company's parcels per day (the branch
 * partner's own company only; office staff: `company_id`, or every partner company).
 */
export async function readPartnerDeclarationCounts(db: Db, user: RequestUser, q: PartnerDeclarationCountsQuery, timeZone: string)
  : Promise<PartnerDeclarationCountsAggregateReply | ListResponse<DeclarationListRow>> {
  const range = resolveRange(q, timeZone);
  const company = companyOf(user, q.company_id, { kind: 'partners' });
  const filter = statsFilterOf(range, q, company);
  if (isDrillDown(q)) return withFigureTotal(listDeclarations(db, listQueryOf(drillParams(range, q), q, company), timeZone), countDeclarations(db, filter, timeZone));
  const rows = await sumDeclarationStats(db, filter, timeZone, ['day', 'total']);
  return {
    data: ofSet(rows, 'day').sort((a, b) => a.day!.localeCompare(b.day!)).map((r) => ({ changed_date: r.day!, ...figuresOf(r) })),
    total: figuresOf(totalOf(rows)),
    company_id: company.kind === 'company' ? company.companyId : null,
    ...range,
  };
}

/**
 * GET statistics/by_tariff_count: declarations created in the range per plan category (one with
 * plan_category_id); getlist=true: the declarations list of those parcels.
 */
export async function readTariffCounts(db: Db, q: TariffCountsQuery, timeZone: string): Promise<TariffCountsReply> {
  const range = resolveRange(q, timeZone);
  const filter: DeclarationStatsFilter = {
    from: range.start_date, to: range.end_date, states: q.state_id, branches: q.branch_id, planCategoryId: q.plan_category_id, company: { kind: 'all' },
  };
  if (isDrillDown(q)) {
    const params = declarationListParams(range, { state_id: q.state_id, branch_id: q.branch_id, plan_category_id: q.plan_category_id });
    return withFigureTotal(listDeclarations(db, listQueryOf(params, q, { kind: 'all' }), timeZone), countDeclarations(db, filter, timeZone));
  }
  const rows = await sumDeclarationStats(db, filter, timeZone, ['plan', 'total']);
  const groups = ofSet(rows, 'plan').sort((a, b) => a.planCategoryId! - b.planCategoryId!);
  const names = await findPlanCategoryNames(db, groups.map((r) => r.planCategoryId!).filter((id) => id > 0));
  const total = totalOf(rows);
  return {
    data: groups.map((r) => ({
      plan_category_id: r.planCategoryId! > 0 ? r.planCategoryId! : null,
      tariff_category_name: r.planCategoryId! > 0 ? names.get(r.planCategoryId!) ?? `#${r.planCategoryId}` : t.noPlanCategory, ...figuresOf(r),
    })),
    total: { declaration_count: total.count, price: Number(total.price), delivery_price: Number(total.deliveryPrice) },
    ...range,
  };
}

// ---------------------------------------------------------------- payments

const paymentTypeName = (id: number) => PAYMENT_TYPE_NAMES[id] ?? `#${id}`;
/** The customer's side of a counter payment: the expense (2) of a confirmed declaration payment. */
const EXPENSE = 2;
const DECLARATION_PAYMENT_KIND = 1;

function transactionQueryOf(params: Record<string, string>, q: { page: number; per_page: number; sort_column?: string; sort_order?: 'asc' | 'desc' }): TransactionListQuery {
  const [from, to] = params.created_at!.split(',');
  return {
    page: q.page, per_page: q.per_page, sort_column: q.sort_column as TransactionListQuery['sort_column'], sort_order: q.sort_order,
    created_at: { from, to }, state_id: params.state_id!.split(',').map(Number), model_id: params.model_id, type: Number(params.type),
    payment_type: params.payment_type ? params.payment_type.split(',').map(Number) : undefined,
  };
}

/**
 * GET statistics/by_payment_type_count: confirmed payments for parcels (the customer's expense of a
 * counter payment) per day, online / office, in AZN; getlist=true: those operations (transactions list).
 */
export async function readPaymentTypeCounts(db: Db, q: PaymentTypeCountsQuery, timeZone: string): Promise<PaymentTypeCountsAggregateReply | TransactionListReply> {
  const range = resolveRange(q, timeZone);
  const filter: BalanceStatsFilter = {
    from: q.changed_date ?? range.start_date, to: q.changed_date ?? range.end_date,
    objectKind: DECLARATION_PAYMENT_KIND, type: EXPENSE, statusId: TRANSACTION_STATUS.confirmed, paymentTypes: q.payment_type,
  };
  if (isDrillDown(q)) {
    const figure = sumBalanceStats(db, filter, timeZone).then((rows) => rows.reduce((n, r) => n + r.count, 0));
    return withFigureTotal(listTransactions(db, transactionQueryOf(paymentListParams(range, { day: q.changed_date, payment_type: q.payment_type }), q), timeZone), figure);
  }
  const rows = await sumBalanceStats(db, filter, timeZone);
  const byDay = new Map<string, { count: number; price: bigint; online: bigint; office: bigint }>();
  const byType = new Map<number, { count: number; price: bigint }>();
  const total = { count: 0, price: 0n, online: 0n, office: 0n };
  for (const r of rows) {
    const c = cents(r.amountAzn);
    const day = byDay.get(r.day) ?? { count: 0, price: 0n, online: 0n, office: 0n };
    byDay.set(r.day, day);
    const type = byType.get(r.paymentType) ?? { count: 0, price: 0n };
    byType.set(r.paymentType, type);
    for (const into of [day, total]) {
      into.count += r.count;
      into.price += c;
      if (r.paymentType === ONLINE_PAYMENT_TYPE) into.online += c;
      else into.office += c;
    }
    type.count += r.count;
    type.price += c;
  }
  const n = (c: bigint) => Number(decimal(c));
  return {
    data: [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([date, v]) => ({ date, count: v.count, price: n(v.price), online: n(v.online), office: n(v.office) })),
    by_payment_type: [...byType].sort(([a], [b]) => a - b).map(([id, v]) => ({ payment_type: id, payment_type_name: paymentTypeName(id), count: v.count, price: n(v.price) })),
    total: { count: total.count, price: n(total.price), online: n(total.online), office: n(total.office) },
    ...range,
  };
}

/**
 * GET statistics/by_declaration_count: parcels paid at the counter in the range by the payment's
 * main type; getlist=true: those parcels (declarations list rows, one per parcel of each payment),
 * their total the figure's count of parcels.
 */
export async function readPaidDeclarationCounts(db: Db, q: PaidDeclarationCountsQuery, timeZone: string)
  : Promise<PaidDeclarationCountsAggregateReply | ListResponse<DeclarationListRow>> {
  const range = resolveRange(q, timeZone);
  const filter = { from: q.changed_date ?? range.start_date, to: q.changed_date ?? range.end_date, paymentTypes: q.payment_type };
  if (isDrillDown(q)) {
    const column = declarationSortColumn(q.sort_column, timeZone);
    const page = findPaidParcelPage(db, filter, timeZone, {
      sort: column ? { column, order: q.sort_order ?? 'asc' } : undefined, limit: q.per_page, offset: (q.page - 1) * q.per_page,
    }).then((ids) => readDeclarationListRows(db, ids, timeZone)).then((data) => ({ data, total: 0 }));
    const figure = sumPaidDeclarations(db, filter, timeZone).then((rows) => rows.reduce((n, r) => n + r.parcels, 0));
    return withFigureTotal(page, figure);
  }
  const rows = await sumPaidDeclarations(db, filter, timeZone);
  let parcels = 0;
  let paid = 0n;
  let usd = 0n;
  const perType = new Map<number, bigint>();
  for (const r of rows) {
    parcels += r.parcels;
    paid += cents(r.paidAzn);
    usd += cents(r.debtUsd);
    perType.set(r.paymentType, (perType.get(r.paymentType) ?? 0n) + cents(r.debtAzn));
  }
  return {
    data: rows.map((r) => ({
      payed_date: r.day, payment_type: r.paymentType, payment_type_name: paymentTypeName(r.paymentType), declaration_count: r.parcels,
      delivery_price: decimal(cents(r.debtUsd)), delivery_price_azn: decimal(cents(r.debtAzn)),
    })),
    total: {
      declaration_count: parcels, amount: Number(decimal(paid)), delivery_price: Number(decimal(usd)),
      payment_type_total: [...perType].sort(([a], [b]) => a - b)
        .map(([id, c]) => ({ payment_type_id: id, payment_type_name: paymentTypeName(id), payment_type_sum: Number(decimal(c)) })),
    },
    ...range,
  };
}

// ---------------------------------------------------------------- couriers (no couriers section yet)

/** The couriers pages' frame: the shapes clients read, no rows (couriers come with a later issue). */
export function readCourierCounts(q: CourierCountsQuery) {
  return isDrillDown(q)
    ? { data: [], total: 0, couriers_ready: false }
    : { data: [], total: { courier_count: 0, cash: '0.00', online: '0.00' }, couriers_ready: false };
}
export function readRegionCourierCounts(q: CourierCountsQuery) {
  return isDrillDown(q)
    ? { data: [], total: 0, couriers_ready: false }
    : { data: [], total: { courier_count: 0, price: '0.00', price_azn: '0.00' }, couriers_ready: false };
}
export function readCouriersByRegion() {
  return { data: [], couriers_ready: false };
}
