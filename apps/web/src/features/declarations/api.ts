import type { ListResponse } from '@app/contract/common';
import type {
  DeclarationActionReply,
  DeclarationBulkReply,
  DeclarationCombineReply,
  DeclarationInfoReply,
  DeclarationListRow,
  DeclarationOrdersReply,
  DeclarationSaveReply,
  DeclarationTimelineReply,
  ReturnDetailsReply,
} from '@app/contract/declarations';
import type { DeclarationBulkStateReply } from '@app/contract/declaration-workflow';
import { MODEL } from '@app/contract/models';
import { ROLE } from '@app/contract/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type FormValue, type QueryParams } from '../../shared/http/http-client';
import { useLookup } from '../../shared/http/use-lookup';

interface Lookup {
  id: number;
  name: string;
}

export const declarationKeys = {
  all: ['declarations'] as const,
  list: ['declarations', 'list'] as const,
  statuses: ['lookups', 'states', MODEL.declarations] as const,
  productTypes: ['lookups', 'product-types'] as const,
  branches: ['lookups', 'branches'] as const,
  detail: (id: number) => ['declarations', 'detail', id] as const,
  timeline: (id: number) => ['declarations', 'timeline', id] as const,
  combine: (ids: readonly number[]) => ['declarations', 'combine', ids.join(',')] as const,
  customers: (search: string, id: number | null) => ['lookups', 'customers', search, id] as const,
  shopNames: ['lookups', 'shop-names'] as const,
  tariffCategories: ['lookups', 'tariff-categories'] as const,
  containers: ['lookups', 'containers'] as const,
  returnDetails: (id: number) => ['declarations', 'return-details', id] as const,
};

export function fetchDeclarationPage(params: QueryParams, signal: AbortSignal): Promise<ListResponse<DeclarationListRow>> {
  return http.get<ListResponse<DeclarationListRow>>('/api/admin/v2/declaration/list', params, signal);
}

/** Quick search (spec §2): partner users look up through their own endpoint. */
export async function findDeclarationByTrackCode(
  trackCode: string,
  adminCode: number,
): Promise<{ id: number; track_code: string }> {
  const path =
    adminCode === ROLE.partner
      ? '/api/branchpartner/declarations/info_by_track_code'
      : '/api/admin/declaration/info_by_track_code';
  const reply = await http.get<{ data: { id: number; track_code: string } }>(path, { track_code: trackCode.trim() });
  return reply.data;
}

function toOptions(list: Lookup[]) {
  return list.map((item) => ({ value: item.id, label: item.name }));
}

/** Lookups are cached 15 minutes (spec §9; sizes: shops 15000, plan categories 1000). */
export function useDeclarationStatuses() {
  return useLookup<Lookup, ReturnType<typeof toOptions>>(
    declarationKeys.statuses,
    '/api/admin/states/getlistbymodelid',
    { model_id: MODEL.declarations },
    { select: toOptions },
  );
}

interface StatusLookup extends Lookup {
  /** Targets a manual change may set from this status (the server's rule table, issue 13 item 2). */
  manual_targets?: number[];
}

/**
 * The statuses a bulk change may set at all: those some source status allows (the server says so
 * per status in `manual_targets`). Parcels whose own status does not allow it are skipped by the
 * server and counted.
 */
export function useManualStatusTargets() {
  return useLookup<StatusLookup, ReturnType<typeof toOptions>>(
    declarationKeys.statuses,
    '/api/admin/states/getlistbymodelid',
    { model_id: MODEL.declarations },
    {
      select: (list) => {
        const targets = new Set(list.flatMap((item) => item.manual_targets ?? []));
        return toOptions(list.filter((item) => targets.has(item.id)));
      },
    },
  );
}

export function useProductTypes() {
  return useLookup<Lookup, ReturnType<typeof toOptions>>(
    declarationKeys.productTypes,
    '/api/admin/product-types/getlist',
    { per_page: 10000 },
    { select: toOptions },
  );
}

export function useBranches() {
  return useLookup<Lookup, ReturnType<typeof toOptions>>(
    declarationKeys.branches,
    '/api/admin/branches',
    { per_page: 5000 },
    { select: toOptions },
  );
}

export function useShopNames() {
  return useLookup<Lookup & { country_id: number | null }>(declarationKeys.shopNames, '/api/admin/shop_names', {
    per_page: 15000,
  });
}

export function useTariffCategories() {
  return useLookup<Lookup & { country_id?: number | null }>(declarationKeys.tariffCategories, '/api/admin/tariff/category_list', {
    per_page: 1000,
  });
}

/** Plan categories as select options (the list's tariff filter). */
export function useTariffCategoryOptions() {
  return useLookup<Lookup, ReturnType<typeof toOptions>>(declarationKeys.tariffCategories, '/api/admin/tariff/category_list', { per_page: 1000 }, { select: toOptions });
}

export function useContainerOptions(isEnabled: boolean) {
  return useLookup<Lookup, ReturnType<typeof toOptions>>(declarationKeys.containers, '/api/admin/containers/options', undefined, {
    select: toOptions,
    isEnabled,
  });
}

export function useDeclaration(declarationId: number | undefined) {
  return useQuery({
    queryKey: declarationKeys.detail(declarationId ?? 0),
    queryFn: ({ signal }) =>
      http.get<DeclarationInfoReply>('/api/admin/declaration/info', { declaration_id: declarationId }, signal),
    select: (reply) => reply.data,
    enabled: declarationId !== undefined && declarationId > 0,
  });
}

export function useDeclarationTimeline(declarationId: number) {
  return useQuery({
    queryKey: declarationKeys.timeline(declarationId),
    queryFn: ({ signal }) =>
      http.get<DeclarationTimelineReply>('/api/admin/declaration/getstates', { declaration_id: declarationId }, signal),
    select: (reply) => reply.data,
  });
}

/** GET combine: a prefilled create form for the selected declarations. */
export function useCombinedDeclaration(ids: readonly number[]) {
  return useQuery({
    queryKey: declarationKeys.combine(ids),
    queryFn: ({ signal }) => http.get<DeclarationCombineReply>('/api/admin/declaration/combine', { combined_id: ids }, signal),
    select: (reply) => reply.data,
    enabled: ids.length >= 2,
    gcTime: 0,
  });
}

/** Every change of a declaration refreshes the lists, its details and its timeline. */
function useInvalidateDeclarations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: declarationKeys.all });
}

export function useSaveDeclaration() {
  const invalidate = useInvalidateDeclarations();
  return useMutation({
    mutationFn: ({ form, isUpdate }: { form: Record<string, FormValue>; isUpdate: boolean }) =>
      http.postForm<DeclarationSaveReply>(isUpdate ? '/api/admin/declaration/edit' : '/api/admin/declaration/create', form),
    onSuccess: () => invalidate(),
  });
}

export type DeclarationAction = 'cancel' | 'cancelDispatch' | 'removeFromFlight';

const ACTION_PATHS: Record<DeclarationAction, string> = {
  cancel: '/api/admin/declaration/cancel',
  cancelDispatch: '/api/admin/flights/canceldepesh',
  removeFromFlight: '/api/warehouse/flights/remove_item',
};

/** Delete (a soft cancel), cancel dispatch and remove from flight: POST ?declaration_id. */
export function useDeclarationAction() {
  const invalidate = useInvalidateDeclarations();
  return useMutation({
    mutationFn: ({ action, declarationId }: { action: DeclarationAction; declarationId: number }) =>
      http.postForm<DeclarationActionReply>(ACTION_PATHS[action], {}, { params: { declaration_id: declarationId } }),
    onSuccess: () => invalidate(),
  });
}

export function useCancelDeclarations() {
  const invalidate = useInvalidateDeclarations();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      http.postForm<DeclarationBulkReply>('/api/admin/declaration/cancel_many', { declaration_ids: ids.join(',') }),
    onSuccess: () => invalidate(),
  });
}

/** spec §7: one declaration's status (9 or 88; 88 with its reason in descr). */
export function useChangeDeclarationState() {
  const invalidate = useInvalidateDeclarations();
  return useMutation({
    mutationFn: ({ declarationId, stateId, descr }: { declarationId: number; stateId: number; descr?: string }) =>
      http.postForm<DeclarationActionReply>(
        '/api/admin/declaration/edit/state',
        { descr },
        { params: { declaration_id: declarationId, state_id: stateId } },
      ),
    onSuccess: () => invalidate(),
  });
}

/** spec §7: bulk status change, for a selection (declaration_ids) or for the list's filters. */
export function useBulkChangeDeclarationState() {
  const invalidate = useInvalidateDeclarations();
  return useMutation({
    mutationFn: (form: { declarationIds?: readonly number[]; filters?: QueryParams; stateId: number; descr?: string }) => {
      const filters: Record<string, FormValue> = {};
      for (const [key, value] of Object.entries(form.filters ?? {})) {
        if (['page', 'per_page', 'sort_column', 'sort_order'].includes(key)) continue;
        filters[key] = Array.isArray(value) ? value.join(',') : (value as FormValue);
      }
      return http.postForm<DeclarationBulkStateReply>('/api/admin/v2/declaration/edit/state', {
        ...filters,
        declaration_ids: form.declarationIds?.join(','),
        new_state_id: form.stateId,
        new_descr: form.descr,
      });
    },
    onSuccess: () => invalidate(),
  });
}

/** spec §7: toggle read/unread (model 2). */
export function useToggleDeclarationRead() {
  const invalidate = useInvalidateDeclarations();
  return useMutation({
    mutationFn: ({ declarationId, isNew }: { declarationId: number; isNew: boolean }) =>
      http.postForm<DeclarationActionReply>(
        '/api/admin/isnew',
        {},
        { params: { model_id: MODEL.declarations, object_id: declarationId, is_new: isNew } },
      ),
    onSuccess: () => invalidate(),
  });
}

/** The uploaded document is served behind the bearer token: fetch it, then show it in a new tab. */
/** spec §7 GET declaration/orders: the orders behind a declaration (row and detail Orders menus), fetched when a menu opens. */
export function useDeclarationOrders(declarationId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: ['declarations', 'orders', declarationId] as const,
    queryFn: ({ signal }) => http.get<DeclarationOrdersReply>('/api/admin/declaration/orders', { declaration_id: declarationId }, signal),
    select: (reply) => reply.data,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export function declarationDocumentPath(declarationId: number): string {
  return `/api/admin/declaration/document?declaration_id=${declarationId}`;
}

export async function openDeclarationDocument(path: string): Promise<void> {
  const blob = await http.getBlob(path);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** spec §7: the commercial declaration (declaration_id, awb, voen). */
export function useSaveCommercialDeclaration() {
  const invalidate = useInvalidateDeclarations();
  return useMutation({
    mutationFn: (form: { declaration_id: number; awb: string; voen: string }) =>
      http.postForm<DeclarationSaveReply>('/api/admin/declaration/commercial', form),
    onSuccess: () => invalidate(),
  });
}

/** spec §7: GET returns/run — what a return may give back; fresh every time the modal opens. */
export function useReturnDetails(declarationId: number) {
  return useQuery({
    queryKey: declarationKeys.returnDetails(declarationId),
    queryFn: ({ signal }) => http.get<ReturnDetailsReply>('/api/admin/returns/run', { declaration_id: declarationId }, signal),
    select: (reply) => reply.data,
    gcTime: 0,
  });
}

export function useReturnDeclaration() {
  const invalidate = useInvalidateDeclarations();
  return useMutation({
    mutationFn: (form: Record<string, FormValue>) => http.postForm('/api/admin/returns/run', form),
    onSuccess: () => invalidate(),
  });
}

/** How many declarations match the filters (the bulk change says so before it runs). */
export function useDeclarationCount(filters: QueryParams | undefined) {
  return useQuery({
    queryKey: ['declarations', 'count', filters],
    queryFn: ({ signal }) => fetchDeclarationPage({ ...filters, page: 1, per_page: 1 }, signal),
    select: (reply) => ({ total: reply.total, kind: reply.total_kind ?? 'exact' }),
    enabled: filters !== undefined,
    gcTime: 0,
  });
}
