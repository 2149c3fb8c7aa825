import type { CashboxBalanceReply } from '@app/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../shared/http/http-client';

export const cashboxKeys = { balance: ['money', 'cashbox-balance'] as const };

/** The top bar's cash register summary (spec §3): name, amount and currency code, when the user has one. */
export function useCashboxBalance(isEnabled: boolean) {
  return useQuery({
    queryKey: cashboxKeys.balance,
    queryFn: ({ signal }) => http.get<CashboxBalanceReply>('/api/admin/cashboxes/balance', undefined, signal),
    select: (reply) => reply.data,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
