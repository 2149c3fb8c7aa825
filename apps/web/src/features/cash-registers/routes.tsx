import { lazy, type ComponentType, type ReactNode } from 'react';
import { useParams, type RouteObject } from 'react-router';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const forms = () => import('./pages/form-routes');

const CashRegistersPage = page(() => import('./pages/cash-registers-page'), 'CashRegistersPage');
const CashCategoriesPage = page(() => import('./pages/cash-categories-page'), 'CashCategoriesPage');
const CashRegisterFormRoute = lazy(() => forms().then((m) => ({ default: m.CashRegisterFormRoute })));
const CashCategoryFormRoute = lazy(() => forms().then((m) => ({ default: m.CashCategoryFormRoute })));
const SectionFallback = lazy(() => import('../../app/pages/section-fallback').then((m) => ({ default: m.SectionFallback })));

/** An update route takes digits only; anything else is a section not built. */
function DigitsOnly({ children }: { children: ReactNode }) {
  const { id } = useParams();
  return /^\d+$/.test(id ?? '') ? children : <SectionFallback />;
}

/**
 * spec §2 "Cash flow" cash registers: cash-flow/cash-registers, .../create, .../{id}/update (the
 * forms over the table). M3's cash-flow section shell shows them as its tab.
 */
export const cashRegisterRoutes: RouteObject[] = [
  {
    path: 'cash-flow/cash-registers',
    element: <CashRegistersPage />,
    children: [
      { path: 'create', element: <CashRegisterFormRoute mode="create" /> },
      { path: ':id/update', element: <DigitsOnly><CashRegisterFormRoute mode="update" /></DigitsOnly> },
    ],
  },
];

/** spec §2 "Cash flow" operations (cash categories): cash-flow/operations, .../create, .../{id}/update. */
export const cashCategoryRoutes: RouteObject[] = [
  {
    path: 'cash-flow/operations',
    element: <CashCategoriesPage />,
    children: [
      { path: 'create', element: <CashCategoryFormRoute mode="create" /> },
      { path: ':id/update', element: <DigitsOnly><CashCategoryFormRoute mode="update" /></DigitsOnly> },
    ],
  },
];
