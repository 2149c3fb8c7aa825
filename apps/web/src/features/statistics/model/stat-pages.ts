import { azStatistics } from '@app/contract/texts/az-statistics';

/** The index of every statistics page (issue 19 item 2), the landing page links to it. */
export const STATISTICS_INDEX_PATH = '/@next/statistics/pages';

const t = azStatistics.screens;

export type StatPageGroup = keyof typeof t.groups;

export interface StatPageLink {
  /** Path under /@next. */
  path: string;
  label: string;
  group: StatPageGroup;
  /** The couriers' pages are frames until the couriers section exists. */
  isFrame?: boolean;
}

/**
 * Every statistics page, by group. Pages under statistics/users, statistics/qizil-onluq and
 * statistics/transactions follow the gate of their list (app/navigation.ts); the branch page is a
 * branch section (branch_manager); the others are under statistics (stat).
 */
export const STAT_PAGES: readonly StatPageLink[] = [
  { path: 'statistics/declarations', label: t.pages.declarations, group: 'parcels' },
  { path: 'statistics/status/declaration-counts', label: t.pages.declarationCounts, group: 'parcels' },
  { path: 'statistics/payment-types', label: t.pages.paymentTypes, group: 'parcels' },
  { path: 'statistics/plans', label: t.pages.plans, group: 'parcels' },
  { path: 'statistics/orders', label: t.pages.orders, group: 'orders' },
  { path: 'statistics/orders/admins', label: t.pages.ordersByAdmin, group: 'orders' },
  { path: 'statistics/status/order-counts', label: t.pages.orderCounts, group: 'orders' },
  { path: 'statistics/users/general', label: t.pages.users, group: 'customers' },
  { path: 'statistics/qizil-onluq', label: t.pages.goldenTen, group: 'customers' },
  { path: 'statistics/payment-types/transactions', label: t.pages.transactionsByPaymentType, group: 'money' },
  { path: 'statistics/transactions/balances', label: t.pages.balances, group: 'money' },
  { path: 'cash-flow/analytics', label: t.pages.cashFlow, group: 'money' },
  { path: 'statistics/couriers', label: t.pages.couriers, group: 'couriers', isFrame: true },
  { path: 'statistics/couriers/regions', label: t.pages.couriersByRegion, group: 'couriers', isFrame: true },
  { path: 'statistics/branches-partner', label: t.pages.branchPartner, group: 'branches' },
];
