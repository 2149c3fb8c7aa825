import type { CashboxBalanceReply } from '@app/contract/money';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../shared/http/http-client';

export const cashboxKeys = { balance: ['money', 'cashbox-balance'] as const };

/** The top bar's view of the register (the flat wire row mapped once, here). */
export interface CashboxSummary {
  id: number;
  name: string;
  amount: string;
  currency: { id: number; code: string };
}

export function toCashboxSummary(row: NonNullable<CashboxBalanceReply['data']>): CashboxSummary {
  return { id: row.id, name: row.cashbox_name, amount: row.amount, currency: { id: row.currency_id, code: row.currency_code } };
}

/** The top bar's cash register summary (spec §3): name, amount and currency code, when the user has one. */
export function useCashboxBalance(isEnabled: boolean) {
  return useQuery({
    queryKey: cashboxKeys.balance,
    queryFn: ({ signal }) => http.get<CashboxBalanceReply>('/api/admin/cashboxes/balance', undefined, signal),
    select: (reply): CashboxSummary | null => (reply.data ? toCashboxSummary(reply.data) : null),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
