import { ROLE } from '@app/contract/roles';
import type { UserSelectReply } from '@app/contract/users';
import { azTickets } from '@app/contract/texts/az-tickets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RemoteSearchSelect, type RemoteOption, type RemoteResults } from '../../../shared/form/remote-search-select';
import { http } from '../../../shared/http/http-client';

/** '#123' or '123': a customer's id as the labels show it. */
const ID_TEXT = /^#?(\d{1,9})$/;
const STALE_MS = 60_000;

/** Customers for a search text (users/select: by code, name or e-mail), plus the one whose id it is. */
async function fetchCustomers(search: string, signal?: AbortSignal): Promise<RemoteOption[]> {
  const idText = ID_TEXT.exec(search)?.[1];
  const [bySearch, byId] = await Promise.all([
    http.get<UserSelectReply>('/api/admin/users/select', { search: search || undefined, admin: [ROLE.client], per_page: 50 }, signal),
    idText ? http.get<UserSelectReply>('/api/admin/users/select', { id: [Number(idText)], admin: [ROLE.client], per_page: 1 }, signal) : null,
  ]);
  const users = [...(byId?.data ?? []), ...bySearch.data.filter((u) => !byId?.data.some((o) => o.id === u.id))];
  return users.map((u) => ({ value: u.id, label: `#${u.id} - ${u.name} ${u.surname}${u.code ? ` (${u.code})` : ''}`.trim(), exactKeys: [...(u.code ? [u.code] : []), `#${u.id}`, String(u.id)] }));
}

const keyOf = (search: string) => ['lookups', 'ticket-customers', search] as const;

function useCustomerResults(search: string): RemoteResults {
  const query = useQuery({ queryKey: keyOf(search), queryFn: ({ signal }) => fetchCustomers(search, signal), staleTime: STALE_MS });
  return { options: query.data, isFetching: query.isFetching };
}

/** The customer of a new ticket: type a code, a name or '#id'; Enter picks the exact match. */
export function CustomerField({ id, value, onChange }: { id?: string; value?: number | null; onChange?: (value: number | null) => void }) {
  const client = useQueryClient();
  return (
    <RemoteSearchSelect
      id={id}
      aria-label={azTickets.fields.customer}
      value={value}
      onChange={onChange}
      useResults={useCustomerResults}
      fetchResults={(search) => client.fetchQuery({ queryKey: keyOf(search), queryFn: ({ signal }) => fetchCustomers(search, signal), staleTime: STALE_MS })}
      data-testid="ticket-create-customer"
    />
  );
}
