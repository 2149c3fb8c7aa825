import { ROLE } from '@app/contract/roles';
import type { UserSelectReply } from '@app/contract/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { RemoteSearchSelect, type RemoteOption, type RemoteResults } from './remote-search-select';
import { http } from '../http/http-client';

/** Customers offered per search (a search narrows them). */
const CUSTOMER_PAGE = 50;
const ID_TEXT = /^#?(\d{1,9})$/;
const STALE_MS = 60_000;

interface CustomerOption extends RemoteOption {
  code: string | null;
}

/** By code, name or e-mail, plus the customer whose id the text is; a customer is '#id - name', its code and '#id' pick it exactly. */
async function fetchCustomerOptions(search: string, signal?: AbortSignal): Promise<CustomerOption[]> {
  const idText = ID_TEXT.exec(search)?.[1];
  const [bySearch, byId] = await Promise.all([
    http.get<UserSelectReply>('/api/admin/users/select', { search: search || undefined, admin: [ROLE.client], per_page: CUSTOMER_PAGE }, signal),
    idText ? http.get<UserSelectReply>('/api/admin/users/select', { id: [Number(idText)], admin: [ROLE.client], per_page: 1 }, signal) : null,
  ]);
  const users = [...(byId?.data ?? []), ...bySearch.data.filter((user) => !byId?.data.some((other) => other.id === user.id))];
  return users.map((user) => ({
    value: user.id,
    label: `#${user.id} - ${user.name} ${user.surname}`.trim(),
    code: user.code,
    exactKeys: [...(user.code ? [user.code] : []), `#${user.id}`, String(user.id)],
  }));
}

const optionsKey = (search: string) => ['lookups', 'customer-select-options', search] as const;

function useCustomerResults(search: string): RemoteResults {
  const query = useQuery({ queryKey: optionsKey(search), queryFn: ({ signal }) => fetchCustomerOptions(search, signal), staleTime: STALE_MS });
  return { options: query.data, isFetching: query.isFetching };
}

/**
 * A customer (role client) searched on the server by code, name, e-mail or #id; its code and '#id'
 * pick it exactly. Used by the balance operation form (transactions) and the order form.
 */
export function CustomerSelect({ id, value, onChange, initialOption, ariaLabel, placeholder, testId }: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  initialOption?: RemoteOption;
  ariaLabel: string;
  placeholder: string;
  testId: string;
}) {
  const queryClient = useQueryClient();
  return (
    <RemoteSearchSelect
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={onChange}
      initialOption={initialOption}
      useResults={useCustomerResults}
      fetchResults={(search) => queryClient.fetchQuery({ queryKey: optionsKey(search), queryFn: ({ signal }) => fetchCustomerOptions(search, signal), staleTime: STALE_MS })}
      placeholder={placeholder}
      optionRender={(option) => (
        <span>
          {option.label}
          {(option.data as CustomerOption).code && (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>{(option.data as CustomerOption).code}</Typography.Text>
          )}
        </span>
      )}
      data-testid={testId}
    />
  );
}
