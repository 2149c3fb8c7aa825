import { EXPORT_POLL_MAX, EXPORT_POLL_MS, IMPORT_STATUS } from '@app/contract/documents-constants';
import { az, fill } from '@app/contract/texts/az';
import { useCallback, useEffect, useRef } from 'react';
import { saveBlob } from '../../../shared/files/save-blob';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { downloadFlightExportTask, fetchFlightExportTasks, requestFlightFile, type FlightFileKind } from '../api';

const PREFIX: Record<FlightFileKind, string> = {
  export: 'flight_export_',
  infoexport: 'flight_info_export_',
  partnerExport: 'flight_export_partner1_',
  xml: 'flight_',
  roadsheet: 'flight_roadsheet_',
};

function extensionOf(blob: Blob, kind: FlightFileKind): string {
  const type = blob.type;
  if (kind === 'xml' || (type.includes('xml') && !type.includes('spreadsheet'))) return 'xml';
  if (type.includes('pdf')) return 'pdf';
  if (type.includes('csv')) return 'csv';
  if (type.includes('ms-excel')) return 'xls';
  return 'xlsx';
}

function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}_-]+/gu, '_');
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * A flight's files (spec §2 row menu, §8 texts): 'Sənəd hazırlanır...' while it comes, then the
 * download (spreadsheets, XML) or a new tab (the road sheet PDF). An export too big for a direct
 * download becomes a task: it is polled every 3 s (at most 50 times) and downloaded when ready.
 */
export function useFlightFiles() {
  const toast = useToast();
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => { isMounted.current = false; };
  }, []);

  const awaitTask = useCallback(async (taskId: number, key: string) => {
    toast.open({ key, type: 'loading', content: fill(az.documentsUi.exportQueued, { ID: taskId }), duration: 0 });
    for (let poll = 0; poll < EXPORT_POLL_MAX && isMounted.current; poll += 1) {
      await wait(EXPORT_POLL_MS);
      const task = (await fetchFlightExportTasks()).data.find((row) => row.id === taskId);
      if (task?.status.id === IMPORT_STATUS.failed) throw new Error(task.error ?? az.documentsUi.exportFailed);
      if (task?.status.id === IMPORT_STATUS.ready) {
        toast.open({ key, type: 'loading', content: az.documentsUi.downloading, duration: 0 });
        saveBlob(await downloadFlightExportTask(taskId), task.file_name ?? `flight_export_${taskId}.xlsx`);
        toast.open({ key, type: 'success', content: az.documentsUi.downloading, duration: 2 });
        return;
      }
    }
    toast.open({ key, type: 'warning', content: fill(az.flightsUi.exportTask, { ID: taskId }), duration: 8 });
  }, [toast]);

  return useCallback(async (kind: FlightFileKind, flight: { id: number; name: string }) => {
    const key = `flight-file-${kind}-${flight.id}`;
    // The tab is opened on the click itself, so no pop-up blocker stops the PDF.
    const tab = kind === 'roadsheet' ? window.open('', '_blank') : null;
    toast.open({ key, type: 'loading', content: az.documentsUi.preparing, duration: 0 });
    try {
      const outcome = await requestFlightFile(kind, flight.id);
      if (outcome.kind === 'task') {
        tab?.close();
        await awaitTask(outcome.taskId, key);
        return;
      }
      if (kind === 'roadsheet') {
        const pdf = outcome.blob.type === 'application/pdf' ? outcome.blob : new Blob([outcome.blob], { type: 'application/pdf' });
        const url = URL.createObjectURL(pdf);
        if (tab) tab.location.href = url;
        else window.open(url, '_blank', 'noopener');
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        saveBlob(outcome.blob, `${PREFIX[kind]}${safeName(flight.name)}.${extensionOf(outcome.blob, kind)}`);
      }
      toast.open({ key, type: 'success', content: az.documentsUi.downloading, duration: 2 });
    } catch (error) {
      tab?.close();
      toast.open({ key, type: 'error', content: readErrorMessage(error) });
    }
  }, [toast, awaitTask]);
}
