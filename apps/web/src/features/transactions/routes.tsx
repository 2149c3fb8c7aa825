import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TransactionsPage = lazy(() => import('./pages/transactions-page').then((m) => ({ default: m.TransactionsPage })));
const CreateTransactionRoute = lazy(() => import('./pages/create-transaction-route').then((m) => ({ default: m.CreateTransactionRoute })));
const BalanceStatisticsPage = lazy(() => import('./pages/balance-statistics-page').then((m) => ({ default: m.BalanceStatisticsPage })));

/** spec §2 "Transactions": the list with its create dialog over it, and the balances statistics page. */
export const transactionRoutes: RouteObject[] = [
  { path: 'transactions', element: <TransactionsPage />, children: [{ path: 'create', element: <CreateTransactionRoute /> }] },
  { path: 'statistics/transactions/balances', element: <BalanceStatisticsPage /> },
];
