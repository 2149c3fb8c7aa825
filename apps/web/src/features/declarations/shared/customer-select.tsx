import { ROLE } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import type { UserOption, UserSelectReply } from '@app/contract/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { http } from '../../../shared/http/http-client';
import { RemoteSearchSelect, type RemoteOption, type RemoteResults } from '../../../shared/form/remote-search-select';

/** Customers offered per search (spec §9 lookups are larger; a search narrows them). */
const CUSTOMER_PAGE = 50;
/** '#123' or '123': the text may be a customer's id, as the option labels show it. */
const ID_TEXT = /^#?(\d{1,9})$/;

export interface CustomerOption extends RemoteOption {
  code: string | null;
}

/** spec §2: a customer is shown as '#id - first and last name'; its code and '#id' name it exactly. */
export function toCustomerOption(user: Pick<UserOption, 'id' | 'code' | 'name' | 'surname'>): CustomerOption {
  return {
    value: user.id,
    label: `#${user.id} - ${user.name} ${user.surname}`.trim(),
    code: user.code,
    exactKeys: [...(user.code ? [user.code] : []), `#${user.id}`, String(user.id)],
  };
}

/** The customers for a search text: by code, name or e-mail, plus the customer whose id it is. */
export async function fetchCustomerOptions(search: string, signal?: AbortSignal): Promise<CustomerOption[]> {
  const idText = ID_TEXT.exec(search)?.[1];
  const [bySearch, byId] = await Promise.all([
    http.get<UserSelectReply>('/api/admin/users/select', { search: search || undefined, admin: [ROLE.client], per_page: CUSTOMER_PAGE }, signal),
    idText ? http.get<UserSelectReply>('/api/admin/users/select', { id: [Number(idText)], admin: [ROLE.client], per_page: 1 }, signal) : null,
  ]);
  const users = [...(byId?.data ?? []), ...bySearch.data.filter((user) => !byId?.data.some((other) => other.id === user.id))];
  return users.map(toCustomerOption);
}

const customerOptionsKey = (search: string) => ['lookups', 'customer-options', search] as const;
const STALE_MS = 60_000;

function useCustomerResults(search: string): RemoteResults {
  const query = useQuery({
    queryKey: customerOptionsKey(search),
    queryFn: ({ signal }) => fetchCustomerOptions(search, signal),
    staleTime: STALE_MS,
  });
  return { options: query.data, isFetching: query.isFetching };
}

interface CustomerSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The saved customer of an edited record (its label while not among the results). */
  initialOption?: { value: number; label: string };
  'data-testid'?: string;
}

/**
 * The customer field of the declaration and unknown-declaration forms (issue 16): typing a customer
 * code and Enter picks exactly that customer, never an option left from an earlier text. Its label
 * comes from the Form.Item (`id`), and it is named for assistive technology either way.
 */
export function CustomerSelect({ id, value, onChange, initialOption, ...rest }: CustomerSelectProps) {
  const queryClient = useQueryClient();
  return (
    <RemoteSearchSelect
      id={id}
      aria-label={az.declarationsUi.user}
      value={value}
      onChange={onChange}
      useResults={useCustomerResults}
      fetchResults={(search) =>
        queryClient.fetchQuery({ queryKey: customerOptionsKey(search), queryFn: ({ signal }) => fetchCustomerOptions(search, signal), staleTime: STALE_MS })}
      initialOption={initialOption ? { ...initialOption, exactKeys: [`#${initialOption.value}`] } : undefined}
      placeholder={az.declarationsUi.userSearch}
      optionRender={(option) => (
        <span>
          {option.label}
          {(option.data as CustomerOption).code && (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {(option.data as CustomerOption).code}
            </Typography.Text>
          )}
        </span>
      )}
      data-testid={rest['data-testid'] ?? 'declaration-form-user'}
    />
  );
}
