import type { ListResponse } from '@app/contract/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type FormValue, type QueryParams } from '../http/http-client';
import type { FieldSpec, FormValues, ResourceDefinition } from './types';

type AnyDef = ResourceDefinition<{ id: number }, FormValues>;

/**
 * The calls of a list that follows the api's usual shape (spec §7): `{base}` lists, `{base}/info`,
 * `/create`, `/edit` and `/cancel`, keyed by `key` (branch_id…). Lists with other paths spell theirs out.
 */
export function crudApi(base: string, key: string) {
  return { list: base, info: `${base}/info`, create: `${base}/create`, update: `${base}/edit`, remove: `${base}/cancel`, key };
}

export const resourceKeys = {
  all: (def: { id: string }) => ['resource', def.id] as const,
  list: (def: { id: string }) => ['resource', def.id, 'list'] as const,
  one: (def: { id: string }, key: string) => ['resource', def.id, 'one', key] as const,
};

export function fetchResourcePage<Row>(def: { api: { list: string } }, params: QueryParams, signal: AbortSignal) {
  return http.get<ListResponse<Row>>(def.api.list, params, signal);
}

/** The key query of info/delete: `{ branch_id: 3 }` (plus model_id for statuses). */
export function keyParams(def: AnyDef, id: number, extra: Record<string, number> = {}): Record<string, number> {
  return { ...extra, [def.api.key]: id };
}

export function useResourceRow<Row>(def: AnyDef, params: Record<string, number> | null) {
  return useQuery({
    queryKey: resourceKeys.one(def, JSON.stringify(params)),
    queryFn: ({ signal }) => http.get<{ data: Row }>(def.api.info, params ?? {}, signal),
    select: (reply) => reply.data,
    enabled: params !== null,
  });
}

/** Form values → the urlencoded form: blanks as '' (clears on edit), flags as 1/0, local fields left out. */
export function toWireForm(fields: readonly FieldSpec[] | undefined, values: FormValues): Record<string, FormValue> {
  const local = new Set((fields ?? []).filter((f) => f.isLocal).map((f) => f.name));
  const wire: Record<string, FormValue> = {};
  for (const [key, value] of Object.entries(values)) {
    if (local.has(key)) continue;
    if (value === undefined || value === null) wire[key] = '';
    else if (typeof value === 'object' && !Array.isArray(value)) wire[key] = JSON.stringify(value);
    else wire[key] = value as FormValue;
  }
  return wire;
}

export function useSaveResource(def: AnyDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ form, isUpdate }: { form: Record<string, FormValue>; isUpdate: boolean }) =>
      http.postForm<{ data: { id: number } }>((isUpdate ? def.api.update : def.api.create) ?? '', form),
    // the list, and every cached lookup of forms elsewhere (branches, shop names…)
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: resourceKeys.all(def) }), client.invalidateQueries({ queryKey: ['lookups'] })]),
  });
}

export function useDeleteResource(def: AnyDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: Record<string, number>) =>
      def.api.removeMethod === 'GET'
        ? http.get<{ data: { id: number } }>(def.api.remove ?? '', params)
        : http.postForm<{ data: { id: number } }>(def.api.remove ?? '', {}, { params }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: resourceKeys.all(def) }), client.invalidateQueries({ queryKey: ['lookups'] })]),
  });
}
