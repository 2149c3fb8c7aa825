import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TransactionsPage = lazy(() => import('./pages/transactions-page').then((m) => ({ default: m.TransactionsPage })));
const CreateTransactionRoute = lazy(() => import('./pages/create-transaction-route').then((m) => ({ default: m.CreateTransactionRoute })));

/** spec §2 "Transactions": the list with its create dialog over it (the balances statistics page is in features/statistics). */
export const transactionRoutes: RouteObject[] = [
  { path: 'transactions', element: <TransactionsPage />, children: [{ path: 'create', element: <CreateTransactionRoute /> }] },
];
