import type { TemplateListReply, TemplatePreviewReply, TemplateRow } from '@app/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type FormValue, type QueryParams } from '../../shared/http/http-client';
import { joinDateRanges } from './model/archive-query';

export const templateKeys = {
  all: ['notifications', 'templates'] as const,
  list: ['notifications', 'templates', 'list'] as const,
  one: (id: number) => ['notifications', 'templates', 'one', id] as const,
};

export function fetchTemplatePage(params: QueryParams, signal: AbortSignal) {
  return http.get<TemplateListReply>('/api/admin/templates/list', joinDateRanges(params, ['created_at']), signal);
}

/** GET templates/info?id= (plain 'id', requests file). */
export function useTemplate(id: number | undefined) {
  return useQuery({
    queryKey: templateKeys.one(id ?? 0),
    queryFn: ({ signal }) => http.get<{ data: TemplateRow }>('/api/admin/templates/info', { id }, signal),
    select: (reply): TemplateRow => reply.data,
    enabled: !!id,
  });
}

/** templates/create (answers the new id bare) or templates/edit (template_id in the form). */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: Record<string, FormValue>) =>
      http.postForm<{ data: unknown }>(form.template_id ? '/api/admin/templates/edit' : '/api/admin/templates/create', form),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** templates/cancel?template_id= (a soft delete). */
export function useCancelTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.postForm('/api/admin/templates/cancel', {}, { params: { template_id: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** templates/active?template_id=1,2&active=1|0 (ids joined with ','). */
export function useSetTemplatesActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, active }: { ids: number[]; active: boolean }) =>
      http.postForm('/api/admin/templates/active', {}, { params: { template_id: ids.join(','), active: active ? 1 : 0 } }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export interface PreviewInput {
  title: string;
  body: string;
  state_id: number | null;
  declaration_id?: number;
}

/** templates/preview: the form's unsaved text rendered with a real parcel's data (the newest one of the status unless told). */
export function usePreviewTemplate() {
  return useMutation({
    mutationFn: (input: PreviewInput) =>
      http.postForm<TemplatePreviewReply>('/api/admin/templates/preview', {
        title: input.title || undefined,
        body: input.body,
        state_id: input.state_id ?? undefined,
        declaration_id: input.declaration_id,
      }),
  });
}
