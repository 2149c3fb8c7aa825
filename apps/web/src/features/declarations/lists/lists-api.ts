import type { ListResponse } from '@app/contract/common';
import type {
  ConflictedAcceptReply, ConflictedInfoReply, ConflictedListRow,
} from '@app/contract/conflicted-declarations';
import type { DeletedDeclarationRow, PostDeclarationRow } from '@app/contract/declaration-lists';
import type { DeclarationListRow, PartnerDeclarationRow } from '@app/contract/declarations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type FormValue, type QueryParams } from '../../../shared/http/http-client';

/* Calls of the declaration list screens beside the main list (spec §2, §7). */

export const declarationListKeys = {
  unknowns: ['declarations', 'unknowns'] as const,
  unknown: (id: number) => ['declarations', 'unknowns', 'detail', id] as const,
  deleted: ['declarations', 'deleted'] as const,
  post: ['declarations', 'post'] as const,
  partners: ['declarations', 'partners'] as const,
  mini: ['declarations', 'mini'] as const,
  currentMonth: (userId: number) => ['declarations', 'current-month', userId] as const,
  archive: ['declarations', 'archive'] as const,
};

const lister = <Row,>(path: string) => (params: QueryParams, signal: AbortSignal) => http.get<ListResponse<Row>>(path, params, signal);

export const fetchUnknownPage = lister<ConflictedListRow>('/api/admin/v2/conflicted_declaration/list');
export const fetchDeletedPage = lister<DeletedDeclarationRow>('/api/admin/customs/deleteddeclarations');
export const fetchPostPage = lister<PostDeclarationRow>('/api/admin/post_declarations');
export const fetchPartnerPage = lister<PartnerDeclarationRow>('/api/admin/declaration/partner_declarations');
export const fetchMiniPage = lister<DeclarationListRow>('/api/admin/declaration/minilist');
export const fetchArchivePage = lister<DeclarationListRow>('/api/admin/declaration/archive');
export function fetchCurrentMonthPage(userId: number) {
  return (params: QueryParams, signal: AbortSignal) =>
    http.get<ListResponse<DeclarationListRow>>('/api/admin/declaration/this_month', { ...params, user_id: userId }, signal);
}

export function useUnknownDeclaration(id: number | undefined) {
  return useQuery({
    queryKey: declarationListKeys.unknown(id ?? 0),
    queryFn: ({ signal }) => http.get<ConflictedInfoReply>('/api/admin/conflicted_declaration/info', { conflicted_declaration_id: id }, signal),
    select: (reply) => reply.data,
    enabled: !!id,
  });
}

function useInvalidateUnknowns() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: declarationListKeys.unknowns });
}

/** create (no conflicted_declaration_id) or edit. */
export function useSaveUnknownDeclaration() {
  const invalidate = useInvalidateUnknowns();
  return useMutation({
    mutationFn: (form: Record<string, FormValue>) =>
      http.postForm<ConflictedInfoReply>(form.conflicted_declaration_id ? '/api/admin/conflicted_declaration/edit' : '/api/admin/conflicted_declaration/create', form),
    onSuccess: () => invalidate(),
  });
}

export function useAcceptUnknownDeclaration() {
  const invalidate = useInvalidateUnknowns();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: Record<string, FormValue>) => http.postForm<ConflictedAcceptReply>('/api/admin/conflicted_declaration/accept', form),
    onSuccess: async () => {
      await invalidate();
      await client.invalidateQueries({ queryKey: ['declarations', 'list'] });
    },
  });
}

export function useDeleteUnknownDeclaration() {
  const invalidate = useInvalidateUnknowns();
  return useMutation({
    mutationFn: (id: number) => http.postForm('/api/admin/conflicted_declaration/cancel', {}, { params: { conflicted_declaration_id: id } }),
    onSuccess: () => invalidate(),
  });
}
