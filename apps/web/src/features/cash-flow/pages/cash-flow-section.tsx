import { azCashflow as t } from '@app/contract/texts/az-cashflow';
import { Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';

const BASE = '/@next/cash-flow';
/** spec §2 "Cash flow": the section's tabs, each a route under cash-flow/ (the analytics path is ours). */
export const CASH_FLOW_TABS = [
  { key: 'transactions', label: t.tabs.transactions },
  { key: 'operations', label: t.tabs.operations },
  { key: 'cash-registers', label: t.tabs.cashRegisters },
  { key: 'analytics', label: t.tabs.analytics },
] as const;

/** The tab a path belongs to: cash-flow/transactions/12/update → transactions. */
export function tabOfPath(pathname: string): string {
  const rest = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  const first = rest.split('/').filter(Boolean)[0] ?? 'transactions';
  return CASH_FLOW_TABS.some((tab) => tab.key === first) ? first : 'transactions';
}

/**
 * The cash-flow section (sidebar entry cash-flow, gate `cashflow`): Transactions, Operations (cash
 * categories), Cash registers (M2's pages) and Analytics as tabs over one outlet. A tab is a link:
 * the keyboard moves between them, Enter opens one, and each has its own address.
 */
export function CashFlowSection() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div data-testid="cash-flow-section">
      <Tabs
        activeKey={tabOfPath(location.pathname)}
        items={CASH_FLOW_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
        onChange={(key) => void navigate(`${BASE}/${key}`)}
        style={{ marginBottom: 0 }}
      />
      <Outlet />
    </div>
  );
}
