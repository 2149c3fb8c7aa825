import type { ListResponse } from '@app/contract/common';
import type { MessageTemplateRow, TicketCategoryRow, TicketExecutor, TicketInfoReply, TicketListRow } from '@app/contract/tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type FormValue, type QueryParams } from '../../shared/http/http-client';
import { useLookup } from '../../shared/http/use-lookup';
import { counterKeys } from '../notifications/api';

/* Support tickets (issue 20 item 5): every call of the supports screens. */

export const ticketKeys = {
  all: ['tickets'] as const,
  list: ['tickets', 'list'] as const,
  one: (id: number) => ['tickets', 'one', id] as const,
};

export function fetchTicketPage(params: QueryParams, signal: AbortSignal) {
  return http.get<ListResponse<TicketListRow>>('/api/admin/tickets/list', params, signal);
}

/** The ticket and its conversation; opening it reads it on the server, so the badge is refreshed. */
export function useTicket(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ticketKeys.one(id),
    queryFn: async ({ signal }) => {
      const reply = await http.get<TicketInfoReply>('/api/admin/tickets/info', { ticket_id: id }, signal);
      void client.invalidateQueries({ queryKey: counterKeys.all });
      return reply;
    },
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useTicketCategories() {
  return useLookup<TicketCategoryRow>(['lookups', 'ticket-categories'], '/api/admin/tickets/categories', { per_page: 1000 });
}

export function useTicketExecutors() {
  return useLookup<TicketExecutor>(['lookups', 'ticket-executors'], '/api/admin/tickets/executors');
}

/** The reply box's template picker (spec: per_page 1000). */
export function useMessageTemplates() {
  return useQuery({
    queryKey: ['resource', 'ticket-templates', 'picker'],
    queryFn: ({ signal }) => http.get<ListResponse<MessageTemplateRow>>('/api/admin/message_templates', { per_page: 1000 }, signal),
    select: (reply) => reply.data,
  });
}

/** After a write: the ticket, the list and the sidebar counters. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ticketKeys.all }), client.invalidateQueries({ queryKey: counterKeys.all })]);
}

/** Files as clients send them: `document_file[0]`, `document_file[1]`… */
export function toTicketForm(fields: Record<string, FormValue>, files: readonly Blob[] = []): Record<string, FormValue> {
  const form: Record<string, FormValue> = { ...fields };
  files.forEach((file, index) => {
    form[`document_file[${index}]`] = file;
  });
  return form;
}

export function useReplyToTicket() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { ticketId: number; message: string; files: readonly Blob[] }) =>
      http.postForm<{ data: { id: number } }>('/api/admin/tickets/message/create', toTicketForm({ ticket_id: input.ticketId, message: input.message }, input.files)),
    onSuccess: refresh,
  });
}

export function useChangeTicketState() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { ids: readonly number[]; stateId: number }) =>
      http.postForm('/api/admin/tickets/changestate', {}, { params: { ticket_id: input.ids.join(','), state_id: input.stateId } }),
    onSuccess: refresh,
  });
}

export function useMarkTickets() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { ids: readonly number[]; isNew: boolean }) =>
      http.postForm('/api/admin/tickets/is_new', {}, { params: { ticket_id: input.ids.join(','), value: input.isNew ? 'true' : 'false' } }),
    onSuccess: refresh,
  });
}

export function useCancelTickets() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: readonly number[]) => http.postForm('/api/admin/tickets/cancel', {}, { params: { ticket_id: ids.join(',') } }),
    onSuccess: refresh,
  });
}

export function useCancelTicketMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (messageId: number) => http.postForm('/api/admin/tickets/cancel_message', {}, { params: { 'ticket_message_id[]': messageId } }),
    onSuccess: refresh,
  });
}

/** The executor ('' clears it) or the category of a ticket. */
export function useEditTicket() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { ticketId: number; executorId?: number | null; categoryId?: number }) =>
      http.postForm('/api/admin/tickets/edit', {
        ticket_id: input.ticketId,
        ...(input.executorId !== undefined ? { user_id_admin: input.executorId ?? '' } : {}),
        ...(input.categoryId !== undefined ? { ticket_category_id: input.categoryId } : {}),
      }),
    onSuccess: refresh,
  });
}

/** Create (no id) or edit a ticket category; the pickers' lookup is refreshed. */
export function useSaveTicketCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; name: string; hidden: boolean }) =>
      input.id
        ? http.postForm('/api/admin/tickets/edit_category', { ticket_category_id: input.id, name: input.name, hidden: input.hidden })
        : http.postForm('/api/admin/tickets/create_category', { name: input.name, hidden: input.hidden }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['lookups', 'ticket-categories'] }), client.invalidateQueries({ queryKey: ticketKeys.all })]),
  });
}

export function useCreateTicket() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { userId: number; categoryId: number; message: string; files: readonly Blob[] }) =>
      http.postForm<{ data: { id: number } }>('/api/admin/tickets/create', toTicketForm({ user_id: input.userId || '', ticket_category_id: input.categoryId || '', message: input.message }, input.files)),
    onSuccess: refresh,
  });
}
