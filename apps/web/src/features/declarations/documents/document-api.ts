import type { ListResponse } from '@app/contract/common';
import type { ExportKind, ExportTask, TrackCodeImportResult } from '@app/contract/documents';
import { http, type QueryParams } from '../../../shared/http/http-client';

/** Documents, exports and imports of declarations (issue 6; spec §7). */
export const DOCUMENT_PATHS = {
  proforma: '/api/admin/declaration/proforma',
  waybill: '/api/admin/declaration/manifesto',
  handoverDocument: '/api/admin/declaration/handover_document',
  individualHandover: '/api/admin/declaration/handover_document/individual',
  receipt: '/api/admin/handover/delivery_receipt',
  exportFull: '/api/admin/declaration/export',
  exportMini: '/api/admin/declaration/export/mini',
  handoverExport: '/api/admin/declaration/handing_export',
  taskList: '/api/admin/export/declaration/task_list',
  taskDownload: (id: number) => `/api/admin/export/declaration/download/${id}`,
  importMatch: '/api/admin/declaration/import/match',
  importRequest: '/api/admin/export/declaration/import',
} as const;

export type ExportOutcome = { kind: 'file'; blob: Blob } | { kind: 'task'; taskId: number };

/** A direct download, or (202 with a JSON body) the id of the export task it became. */
export async function requestExport(path: string, params: QueryParams): Promise<ExportOutcome> {
  const blob = await http.getBlob(path, params);
  if (blob.type.startsWith('application/json')) {
    const reply = JSON.parse(await blob.text()) as { data: { task_id: number } };
    return { kind: 'task', taskId: reply.data.task_id };
  }
  return { kind: 'file', blob };
}

/** Export tasks, id descending; `type: 'import'` lists the partner import requests. */
export function fetchExportTasks(page = 1, perPage = 25, type?: ExportKind, signal?: AbortSignal): Promise<ListResponse<ExportTask>> {
  return http.get<ListResponse<ExportTask>>(DOCUMENT_PATHS.taskList, { page, per_page: perPage, type }, signal);
}

export function downloadExportTask(id: number): Promise<Blob> {
  return http.getBlob(DOCUMENT_PATHS.taskDownload(id));
}

export async function matchImportFile(file: Blob): Promise<TrackCodeImportResult> {
  return (await http.postForm<{ data: TrackCodeImportResult }>(DOCUMENT_PATHS.importMatch, { document_file: file })).data;
}

export function sendImportRequest(file: Blob): Promise<{ message?: string; data: { task_id: number } }> {
  return http.postForm(DOCUMENT_PATHS.importRequest, { document_file: file });
}
