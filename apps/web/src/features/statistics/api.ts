import type { ListResponse, TotalKind } from '@app/contract/common';
import { ROLE } from '@app/contract/roles';
import type { UserOption } from '@app/contract/users';
import { toCsv } from '@app/contract/csv';
import { useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../shared/files/save-blob';
import { http, type QueryParams } from '../../shared/http/http-client';
import { useLookup } from '../../shared/http/use-lookup';
import { toDrillCsvColumns, type DrillKind, type DrillRow } from './model/drill-columns';
import { buildDrillParams, compactParams } from './model/stat-query';

/** The statistics pages' calls (issue 19 item 2): each page's aggregate, its drill-down and exports. */
export const statisticsPageKeys = {
  all: ['statistics-pages'] as const,
  aggregate: (path: string, params: QueryParams) => ['statistics-pages', 'aggregate', path, params] as const,
  drill: (path: string, base: QueryParams) => ['statistics-pages', 'drill', path, base] as const,
  lookup: (path: string, params: QueryParams) => ['statistics-pages', 'lookup', path, params] as const,
};

export const STAT_API = '/api/admin/statistics';

/** One page's aggregate (the endpoint without getlist): rows per day/category and the totals. */
export function useStatAggregate<Reply>(path: string, params: QueryParams, isEnabled = true) {
  const query = compactParams(params);
  return useQuery({
    queryKey: statisticsPageKeys.aggregate(path, query),
    queryFn: ({ signal }) => http.get<Reply>(path, query, signal),
    // no previous range's figures while the new range loads: a number on screen is always of the range shown
    enabled: isEnabled,
  });
}

/** A filter's options (branches, countries, admins, statuses, regions): looked up once per page visit. */
export function useStatLookup<Reply>(path: string, params: QueryParams = {}, isEnabled = true) {
  return useQuery({
    queryKey: statisticsPageKeys.lookup(path, params),
    queryFn: ({ signal }) => http.get<Reply>(path, params, signal),
    staleTime: 15 * 60_000,
    enabled: isEnabled,
  });
}

/**
 * One page of the rows behind a number: the endpoint's getlist=true variant with the same query.
 * Its total is the figure's exact count (`total_kind` 'exact', past the lists' 10,000 cap too:
 * decision 0004 addendum), which the table shows as it came.
 */
export async function fetchDrillPage(path: string, base: QueryParams, table: QueryParams, signal?: AbortSignal): Promise<ListResponse<DrillRow>> {
  const reply = await http.get<{ data: DrillRow[]; total: number | { count?: number }; total_kind?: TotalKind }>(path, buildDrillParams(base, table), signal);
  const total = typeof reply.total === 'number' ? reply.total : Number(reply.total?.count ?? reply.data.length);
  return { data: reply.data, total, ...(reply.total_kind ? { total_kind: reply.total_kind } : {}) };
}

/** spec §9: exports fetch pages of 500 rows in parallel; a drill-down's CSV stops at 20,000 rows. */
const CSV_PAGE_SIZE = 500;
const CSV_MAX_PAGES = 40;

/** Every row behind a number (for the client-side CSV where the endpoint has no file export). */
export async function fetchAllDrillRows(path: string, base: QueryParams): Promise<DrillRow[]> {
  const first = await fetchDrillPage(path, base, { page: 1, per_page: CSV_PAGE_SIZE });
  const pages = Math.min(CSV_MAX_PAGES, Math.ceil(first.total / CSV_PAGE_SIZE));
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => fetchDrillPage(path, base, { page: i + 2, per_page: CSV_PAGE_SIZE })),
  );
  return [first, ...rest].flatMap((page) => page.data);
}

export async function exportDrillCsv(path: string, base: QueryParams, kind: DrillKind, fileName: string): Promise<void> {
  const rows = await fetchAllDrillRows(path, base);
  saveBlob(new Blob([toCsv(toDrillCsvColumns(kind), rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** The endpoint's own .xlsx (statistics/by_declarations_count/export). */
export async function exportStatExcel(path: string, params: QueryParams, fileName: string): Promise<void> {
  saveBlob(await http.getBlob(path, compactParams(params)), fileName);
}

interface Lookup { id: number; name: string }
const toOptions = (list: Lookup[]) => list.map((item) => ({ value: item.id, label: item.name }));

/** Statuses of one model (1 orders, 2 declarations) for a page's status filter. */
export function useStatusOptions(modelId: number) {
  return useLookup<Lookup, { value: number; label: string }[]>(['statistics-pages', 'statuses', modelId], '/api/admin/states/getlistbymodelid', { model_id: modelId }, { select: toOptions });
}

/** spec §6: the executor filter lists users with the admin role. */
export function useAdminOptions() {
  return useLookup<UserOption, { value: number; label: string }[]>(['statistics-pages', 'admins'], '/api/admin/users/select', { admin: ROLE.admin }, {
    select: (list) => list.map((u) => ({ value: u.id, label: [u.name, u.surname].filter(Boolean).join(' ') || `#${u.id}` })),
  });
}
