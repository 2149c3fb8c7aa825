import type {
  LandingCustomersReply, LandingMoneyReply, LandingOrdersReply, LandingParcelsReply, LandingQueueReply,
} from '@app/contract/statistics-landing';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/http-client';

/** The landing page's calls (issue 19 item 1): one per widget group, each retried on its own. */
export const landingKeys = {
  all: ['statistics-landing'] as const,
  group: (group: string, range: LandingRangeParams | null) => ['statistics-landing', group, range] as const,
};

export interface LandingRangeParams { start_date: string; end_date: string }

const LANDING_API = '/api/admin/statistics/landing';

function useLandingGroup<Reply>(group: string, range: LandingRangeParams | null, isEnabled: boolean) {
  return useQuery({
    queryKey: landingKeys.group(group, range),
    queryFn: ({ signal }) => http.get<Reply>(`${LANDING_API}/${group}`, range ? { ...range } : {}, signal),
    enabled: isEnabled,
  });
}

export const useLandingParcels = (range: LandingRangeParams, isEnabled = true) => useLandingGroup<LandingParcelsReply>('parcels', range, isEnabled);
export const useLandingMoney = (range: LandingRangeParams, isEnabled = true) => useLandingGroup<LandingMoneyReply>('money', range, isEnabled);
export const useLandingOrders = (range: LandingRangeParams, isEnabled = true) => useLandingGroup<LandingOrdersReply>('orders', range, isEnabled);
export const useLandingCustomers = (range: LandingRangeParams, isEnabled = true) => useLandingGroup<LandingCustomersReply>('customers', range, isEnabled);
/** The queue is 'now': no range. */
export const useLandingQueue = (isEnabled = true) => useLandingGroup<LandingQueueReply>('queue', null, isEnabled);
