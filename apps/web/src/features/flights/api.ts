import {
  FLIGHT_MARKETPLACE_STATUS_GROUP, FLIGHT_STATUS_GROUP,
  type AirwaybillChangeReply, type AirwaybillInfoReply, type AirwaybillPackagesReply, type BoxDeclarationsReply, type ExecutePackageRunReply, type FlightCalculateReply,
  type FlightCloseReply, type FlightCloseType, type FlightCountReply, type FlightDetail, type FlightBoxesReply, type FlightListReply, type FlightOptionsReply,
  type FlightPackagesReply, type FlightStatsReply, type FlightWriteReply, type ManifestResult,
} from '@app/contract/flights';
import type { ListResponse } from '@app/contract/common';
import type { ExportTask } from '@app/contract/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryParams } from '../../shared/http/http-client';
import { useLookup } from '../../shared/http/use-lookup';
import type { SelectOption } from '../../shared/form/search-select';

/* Flights (spec §2 "Flights", §7 "Flights"): every call of the flight screens. */

const ADMIN = '/api/admin/flights';

export const flightKeys = {
  all: ['flights'] as const,
  list: ['flights', 'list'] as const,
  currentMonth: ['flights', 'current-month'] as const,
  detail: (id: number) => ['flights', 'detail', id] as const,
  stats: (id: number) => ['flights', 'stats', id] as const,
  calculate: (id: number) => ['flights', 'calculate', id] as const,
  packages: (id: number) => ['flights', 'packages', id] as const,
  airwaybillInfo: (id: number) => ['flights', 'airwaybill-info', id] as const,
  airwaybillPackages: (id: number) => ['flights', 'airwaybill-packages', id] as const,
  boxes: (id: number) => ['flights', 'boxes', id] as const,
  boxDeclarations: (id: number) => ['flights', 'box-declarations', id] as const,
  declarations: (id: number) => ['flights', 'declarations', id] as const,
  options: (params: QueryParams) => ['flights', 'options', params] as const,
  // Shared with the other screens' lookups (same path, same cache).
  statuses: ['lookups', 'states', FLIGHT_STATUS_GROUP] as const,
  marketplaceStatuses: ['lookups', 'states', FLIGHT_MARKETPLACE_STATUS_GROUP] as const,
  countries: ['lookups', 'countries'] as const,
};

interface Named { id: number; name?: string; country_name?: string }
const toOptions = (items: Named[]): SelectOption[] => items.map((i) => ({ value: i.id, label: i.name ?? i.country_name ?? String(i.id) }));

/** The contract's date filters are days; the table sends day-times (start and end of day). */
function toDayParams(params: QueryParams): QueryParams {
  const next = { ...params };
  for (const key of ['date_from', 'date_to']) {
    const value = next[key];
    if (typeof value === 'string') next[key] = value.slice(0, 10);
  }
  return next;
}

export function fetchFlightPage(params: QueryParams, signal: AbortSignal): Promise<FlightListReply> {
  return http.get<FlightListReply>('/api/admin/v2/flights/list', toDayParams(params), signal);
}

export function fetchFlightPackages(flightId: number) {
  return (params: QueryParams, signal: AbortSignal) => http.get<FlightPackagesReply>(`${ADMIN}/packages`, { ...params, flight_id: flightId }, signal);
}

export function fetchBoxDeclarations(flightId: number) {
  return (params: QueryParams, signal: AbortSignal) =>
    http.get<BoxDeclarationsReply>(`${ADMIN}/box_declarations`, { ...params, flight_id: flightId }, signal);
}

export function fetchAirwaybillPackages(flightId: number, params: QueryParams, signal: AbortSignal) {
  return http.get<AirwaybillPackagesReply>(`${ADMIN}/airwaybillpackages`, { ...params, flight_id: flightId }, signal);
}

/** Lookup group 8 (flight statuses) and 43 (Trendyol statuses), cached 15 minutes like every lookup. */
export function useFlightStatuses() {
  return useLookup<Named, SelectOption[]>(flightKeys.statuses, '/api/admin/states/getlistbymodelid', { model_id: FLIGHT_STATUS_GROUP }, { select: toOptions });
}

export function useMarketplaceStatuses(isEnabled = true) {
  return useLookup<Named, SelectOption[]>(
    flightKeys.marketplaceStatuses, '/api/admin/states/getlistbymodelid', { model_id: FLIGHT_MARKETPLACE_STATUS_GROUP }, { select: toOptions, isEnabled },
  );
}

export function useCountryOptions() {
  return useLookup<Named, SelectOption[]>(flightKeys.countries, '/api/admin/countries', { per_page: 10000 }, { select: toOptions });
}

/** GET flights/options: id and name, for the pickers (open flights only with `open: 1`). */
export function useFlightOptions(params: { open?: 0 | 1; name?: string; country_id?: number } = {}, isEnabled = true) {
  return useQuery({
    queryKey: flightKeys.options(params),
    queryFn: ({ signal }) => http.get<FlightOptionsReply>(`${ADMIN}/options`, params, signal),
    select: (reply) => reply.data.map((f) => ({ value: f.id, label: f.name })),
    staleTime: 60_000,
    enabled: isEnabled,
  });
}

export function useFlightDetail(flightId: number) {
  return useQuery({
    queryKey: flightKeys.detail(flightId),
    queryFn: ({ signal }) => http.get<{ data: FlightDetail }>(`${ADMIN}/detail`, { flight_id: flightId }, signal),
    select: (reply) => reply.data,
    enabled: flightId > 0,
  });
}

/** spec §2: the package count's popover (handovers and what they paid, $), asked when first shown. */
export function useFlightStats(flightId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: flightKeys.stats(flightId),
    queryFn: ({ signal }) => http.get<FlightStatsReply>(`${ADMIN}/stats`, { flight_id: flightId }, signal),
    select: (reply) => reply.data,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

/** Dimensional weight, computed on demand (spec §2). */
export function useFlightVolume(flightId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: flightKeys.calculate(flightId),
    queryFn: ({ signal }) => http.get<FlightCalculateReply>(`${ADMIN}/calculate`, { flight_id: flightId }, signal),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export function useFlightBoxes(flightId: number, isEnabled = true) {
  return useQuery({
    queryKey: flightKeys.boxes(flightId),
    queryFn: ({ signal }) => http.get<FlightBoxesReply>(`${ADMIN}/boxes`, { flight_id: flightId }, signal),
    select: (reply) => reply.data,
    enabled: isEnabled && flightId > 0,
  });
}

export function useAirwaybillInfo(flightId: number) {
  return useQuery({
    queryKey: flightKeys.airwaybillInfo(flightId),
    queryFn: ({ signal }) => http.get<AirwaybillInfoReply>(`${ADMIN}/airwaybillinfo`, { flight_id: flightId }, signal),
    select: (reply) => reply.data,
    enabled: flightId > 0,
  });
}

/** After any write the flight's lists, detail and counters are read again. */
function useInvalidateFlights() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: flightKeys.all }),
    client.invalidateQueries({ queryKey: ['declarations'] }),
  ]);
}

export interface FlightCreateForm { name: string; start_date?: string; end_date?: string; state_id: number; country_id: number; trendyol?: number }

export function useCreateFlight() {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: (form: FlightCreateForm) => http.postForm<FlightWriteReply>(`${ADMIN}/create`, { ...form }),
    onSuccess: () => invalidate(),
  });
}

export interface FlightCloseForm { flight_id: number; airWaybill: string; limit: number }

/** close=false answers what closing would do (preview counts); close=true closes. */
export function useCloseFlight() {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: ({ form, type, isFinal }: { form: FlightCloseForm; type: FlightCloseType; isFinal: boolean }) =>
      http.postForm<FlightCloseReply>(`${ADMIN}/close?close=${isFinal ? 'true' : 'false'}&type=${type}`, { ...form }),
    onSuccess: (_reply, input) => (input.isFinal ? invalidate() : undefined),
  });
}

export function useExecutePackageRun() {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: (runId: number) => http.postForm<ExecutePackageRunReply>(`${ADMIN}/execute?queue_id=${runId}`),
    onSettled: () => invalidate(),
  });
}

export function useChangeAirwaybill() {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: (form: { flight_id: number; airwaybill: string }) => http.postForm<AirwaybillChangeReply>(`${ADMIN}/airwaybill`, form),
    onSuccess: () => invalidate(),
  });
}

export function useChangeFlightStatus() {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: ({ flightId, stateId }: { flightId: number; stateId: number }) =>
      http.postForm<FlightWriteReply>(`${ADMIN}/state_change?state_id=${stateId}`, { flight_id: flightId }),
    onSuccess: () => invalidate(),
  });
}

export function useChangeMarketplaceStatus() {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: ({ flightId, stateId }: { flightId: number; stateId: number }) =>
      http.postForm<FlightCountReply>(`${ADMIN}/trendyol/updateStates`, { flight_id: flightId, state_id: stateId }),
    onSettled: () => invalidate(),
  });
}

export function useChangeCurrentMonth() {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: (form: { flight_id: number; this_month: string }) => http.postForm<FlightWriteReply>('/api/admin/this_month/change', form),
    onSuccess: () => invalidate(),
  });
}

export function useUploadManifest() {
  const invalidate = useInvalidateFlights();
  return useMutation({
    mutationFn: ({ flightId, file }: { flightId: number; file: File }) =>
      http.postForm<{ data?: ManifestResult } & Partial<ManifestResult>>(`${ADMIN}/manifests`, { flight_id: flightId, document_file: file }),
    onSuccess: () => invalidate(),
  });
}

/** The manifest reply may come bare or under `data`. */
export function readManifestResult(reply: { data?: ManifestResult } & Partial<ManifestResult>): ManifestResult {
  const result = reply.data ?? (reply as ManifestResult);
  return {
    zip_url: result.zip_url ?? null,
    empty_bags: result.empty_bags ?? 0,
    archived_bags: result.archived_bags ?? 0,
    bags: result.bags ?? 0,
    found: result.found ?? [],
    not_found: result.not_found ?? [],
  };
}

/** The zip of a manifest upload: our own download path (bearer needed), or a file name for it. */
export function downloadManifestZip(zipUrl: string): Promise<Blob> {
  if (zipUrl.startsWith('/api/')) return http.getBlob(zipUrl);
  const url = zipUrl.startsWith('http') ? new URL(zipUrl) : null;
  if (url && url.pathname.startsWith('/api/')) return http.getBlob(`${url.pathname}${url.search}`);
  return http.getBlob(`${ADMIN}/manifests/download`, { file: zipUrl });
}

export type FlightFileKind = 'export' | 'infoexport' | 'roadsheet' | 'xml' | 'partnerExport';

const FILE_PATHS: Record<FlightFileKind, string> = {
  export: `${ADMIN}/export`,
  infoexport: `${ADMIN}/infoexport`,
  roadsheet: `${ADMIN}/roadsheet`,
  xml: '/api/admin/declaration/get_xml',
  partnerExport: `${ADMIN}/export`,
};

export type FlightFileOutcome = { kind: 'file'; blob: Blob } | { kind: 'task'; taskId: number };

/** Flight export tasks (a big export becomes one: 202 with its task_id), id descending. */
export function fetchFlightExportTasks(): Promise<ListResponse<ExportTask>> {
  return http.get<ListResponse<ExportTask>>(`${ADMIN}/export/task_list`, { page: 1, per_page: 50 });
}

export function downloadFlightExportTask(id: number): Promise<Blob> {
  return http.getBlob(`${ADMIN}/export/download/${id}`);
}

/** A flight's file (spec §7): a direct download, or (a JSON reply) the export task it became. */
export async function requestFlightFile(kind: FlightFileKind, flightId: number): Promise<FlightFileOutcome> {
  const params: QueryParams = { flight_id: flightId, partner_id: kind === 'partnerExport' ? 1 : undefined };
  const blob = await http.getBlob(FILE_PATHS[kind], params);
  if (blob.type.startsWith('application/json')) {
    const reply = JSON.parse(await blob.text()) as { data?: { task_id?: number } };
    if (reply.data?.task_id) return { kind: 'task', taskId: reply.data.task_id };
  }
  return { kind: 'file', blob };
}

