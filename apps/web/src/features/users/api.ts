import { CACHE_LOOKUP_MS } from '@app/contract/common-constants';
import { MODEL } from '@app/contract/models';
import type {
  DeclarationStatsReply,
  OperationsReply,
  PermissionsReply,
  UserAppOptionsReply,
  UserFormLookups,
  UserDetailReply,
  UserDiscountListReply,
  UserDiscountRow,
  UserListReply,
} from '@app/contract/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildExportName, saveBlob } from '../../shared/files/save-blob';
import { http, type FormValue, type QueryParams } from '../../shared/http/http-client';
import { toUserView } from './model/user-view';

export const userKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  stats: (id: number) => ['users', 'declaration-stats', id] as const,
  permissions: (id: number) => ['users', 'permissions', id] as const,
  discounts: ['users', 'discounts'] as const,
  operations: ['lookups', 'operations'] as const,
  options: ['lookups', 'users-app-options'] as const,
  parcelStatuses: ['lookups', 'states', MODEL.declarations] as const,
};

export function fetchUserPage(params: QueryParams, signal: AbortSignal): Promise<UserListReply> {
  return http.get<UserListReply>('/api/admin/v2/client/list', params, signal);
}

export function fetchDiscountPage(params: QueryParams, signal: AbortSignal): Promise<UserDiscountListReply> {
  return http.get<UserDiscountListReply>('/api/admin/user_discounts', params, signal);
}

/** spec §9: users_list_ (csv) and discount_users_export_ files, with the table's filters. */
export async function exportUsers(params: QueryParams): Promise<void> {
  const { page: _page, per_page: _perPage, ...filters } = params;
  saveBlob(await http.getBlob('/api/admin/users/export', filters), buildExportName('users_list_', 'csv'));
}

export async function exportDiscounts(params: QueryParams): Promise<void> {
  const { page: _page, per_page: _perPage, ...filters } = params;
  saveBlob(await http.getBlob('/api/admin/user_discounts_export', filters), buildExportName('discount_users_export_', 'csv'));
}

export function useUser(userId: number | undefined) {
  return useQuery({
    queryKey: userKeys.detail(userId ?? 0),
    queryFn: ({ signal }) => http.get<UserDetailReply>('/api/admin/client/user', { user_id: userId }, signal),
    select: toUserView,
    enabled: userId !== undefined && userId > 0,
  });
}

/** The hover card asks only while it is open. */
export function useUserSummary(userId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => http.get<UserDetailReply>('/api/admin/client/user', { user_id: userId }, signal),
    select: toUserView,
    enabled: isEnabled,
    staleTime: 30_000,
  });
}

export function useDeclarationStats(userId: number) {
  return useQuery({
    queryKey: userKeys.stats(userId),
    queryFn: ({ signal }) => http.get<DeclarationStatsReply>('/api/admin/users/declaration_stats', { user_id: userId }, signal),
    select: (reply) => reply.data,
  });
}

/** Lookups of the user form and permissions modal (branches, companies, cash registers, countries, roles). */
export function useUserAppOptions() {
  return useQuery({
    queryKey: userKeys.options,
    queryFn: ({ signal }) => http.get<UserAppOptionsReply>('/api/admin/users/app/options', undefined, signal),
    // `data` is the staff list other clients take; the form's lookups are at the root.
    select: ({ data: _staff, total: _total, ...lookups }): UserFormLookups => lookups,
    staleTime: CACHE_LOOKUP_MS,
    gcTime: CACHE_LOOKUP_MS,
  });
}

/** The parcel-status filter (statuses of declarations, spec §9: cached 15 minutes). */
export function useParcelStatuses() {
  return useQuery({
    queryKey: userKeys.parcelStatuses,
    queryFn: ({ signal }) =>
      http.get<{ data: { id: number; name: string }[] }>('/api/admin/states/getlistbymodelid', { model_id: MODEL.declarations }, signal),
    select: (reply) => reply.data.map((item) => ({ value: item.id, label: item.name })),
    staleTime: CACHE_LOOKUP_MS,
    gcTime: CACHE_LOOKUP_MS,
  });
}

/** spec §9: operations are asked 200 a page. */
export function useOperations(isEnabled = true) {
  return useQuery({
    queryKey: userKeys.operations,
    queryFn: ({ signal }) => http.get<OperationsReply>('/api/admin/operations', { per_page: 200 }, signal),
    select: (reply) => reply.data,
    staleTime: CACHE_LOOKUP_MS,
    enabled: isEnabled,
  });
}

export function useUserPermissions(userId: number, isEnabled = true) {
  return useQuery({
    queryKey: userKeys.permissions(userId),
    queryFn: ({ signal }) => http.get<PermissionsReply>('/api/admin/permissions', { user_id: userId }, signal),
    enabled: isEnabled,
    // The modal's view: the granted ids as a list, no company as null.
    select: (reply) => ({
      operation_id: reply.data.map((p) => p.operation_id),
      company_id: reply.company_id || null,
      cashbox_id: reply.cashbox_id,
      admin_branch_id: reply.admin_branch_id,
    }),
    // The modal must start from the saved set, never from an older copy.
    gcTime: 0,
  });
}

/** Every change of a user refreshes the lists and that user's details. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ form, isUpdate }: { form: Record<string, FormValue>; isUpdate: boolean }) =>
      http.postForm<{ data: { id: number } }>(isUpdate ? '/api/admin/client/update' : '/api/admin/client/create', form),
    onSuccess: () => invalidate(),
  });
}

export type UserAction = 'delete' | 'block' | 'unblock';

const ACTION_PATHS: Record<UserAction, string> = {
  delete: '/api/admin/client/delete',
  block: '/api/admin/client/block',
  unblock: '/api/admin/client/unblock',
};

export function useUserAction() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ action, userId }: { action: UserAction; userId: number }) =>
      http.postForm(ACTION_PATHS[action], {}, { params: { user_id: userId } }),
    onSuccess: () => invalidate(),
  });
}

export function useSetRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ userId, admin }: { userId: number; admin: number }) =>
      http.postForm('/api/admin/client/set_admin', {}, { params: { user_id: userId, admin } }),
    onSuccess: () => invalidate(),
  });
}

export function useSavePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: Record<string, FormValue>) => http.postForm('/api/admin/permissions/edit', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useApplyDiscount() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (form: Record<string, FormValue>) => http.postForm('/api/admin/users/discount', form),
    onSuccess: () => invalidate(),
  });
}

export function useCancelDiscount() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (discount: Pick<UserDiscountRow, 'id'>) =>
      http.postForm('/api/admin/users/discountCancel', { user_discount_id: discount.id }),
    onSuccess: () => invalidate(),
  });
}

