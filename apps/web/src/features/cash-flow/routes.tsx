import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { cashCategoryRoutes, cashRegisterRoutes } from '../cash-registers/routes';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const forms = () => import('./pages/transaction-form-routes');

const CashFlowSection = page(() => import('./pages/cash-flow-section'), 'CashFlowSection');
const TransactionsPage = page(() => import('./pages/transactions-page'), 'TransactionsPage');
const TransactionDetailPage = page(() => import('./pages/transaction-detail-page'), 'TransactionDetailPage');
const AnalyticsPage = page(() => import('./pages/analytics-page'), 'AnalyticsPage');
const CreateTransactionRoute = page(forms, 'CreateTransactionRoute');
const UpdateTransactionRoute = page(forms, 'UpdateTransactionRoute');
const SectionFallback = lazy(() => import('../../app/pages/section-fallback').then((m) => ({ default: m.SectionFallback })));

/** A transaction page takes digits only; anything else is a section not built. */
function DigitsOnly({ children }: { children: ReactNode }) {
  const { id } = useParams();
  return /^\d+$/.test(id ?? '') ? children : <SectionFallback />;
}

/** M2's routes are written from the app's root (cash-flow/cash-registers); inside the section they are relative. */
const underSection = (routes: RouteObject[]) => routes.map((route) => ({ ...route, path: route.path?.replace(/^cash-flow\//, '') }));

/**
 * spec §2 "Cash flow": the section (sidebar entry cash-flow) with its tabs — transactions (default;
 * create and {id}/update over the table, {id} the detail page), operations (cash categories) and
 * cash registers (M2's pages), analytics (cash-flow/analytics).
 */
export const cashFlowRoutes: RouteObject[] = [
  {
    path: 'cash-flow',
    element: <CashFlowSection />,
    children: [
      { index: true, element: <Navigate to="transactions" replace /> },
      {
        path: 'transactions',
        element: <TransactionsPage />,
        children: [
          { path: 'create', element: <CreateTransactionRoute /> },
          { path: ':id/update', element: <DigitsOnly><UpdateTransactionRoute /></DigitsOnly> },
        ],
      },
      { path: 'transactions/:id', element: <DigitsOnly><TransactionDetailPage /></DigitsOnly> },
      ...underSection(cashCategoryRoutes),
      ...underSection(cashRegisterRoutes),
      { path: 'analytics', element: <AnalyticsPage /> },
    ],
  },
];
