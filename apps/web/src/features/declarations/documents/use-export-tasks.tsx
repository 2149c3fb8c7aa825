import type { ExportTask } from '@app/contract/documents';
import { EXPORT_POLL_MAX, EXPORT_POLL_MS, IMPORT_STATUS } from '@app/contract/documents-constants';
import { az, fill } from '@app/contract/texts/az';
import { Button, notification } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { saveBlob } from '../../../shared/files/save-blob';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { downloadExportTask, fetchExportTasks } from './document-api';

const t = az.documentsUi;

/**
 * spec §4/§8: an export task is polled every 3 s, at most 50 times, while 'Sənəd hazırlanır...'
 * shows; when ready, 'Sənəd hazırdır. Yüklə butonuna klikləyin' with a download button, and
 * 'Sənəd yüklənir' while the file comes. Render `contextHolder` once.
 */
export function useExportTasks() {
  const toast = useToast();
  const [api, contextHolder] = notification.useNotification();
  const timers = useRef(new Set<number>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  const download = useCallback(async (task: Pick<ExportTask, 'id' | 'file_name'>) => {
    const key = `export-download-${task.id}`;
    toast.open({ key, type: 'loading', content: t.downloading, duration: 0 });
    try {
      saveBlob(await downloadExportTask(task.id), task.file_name ?? `export_${task.id}.xlsx`);
      toast.destroy(key);
    } catch (error) {
      toast.open({ key, type: 'error', content: readErrorMessage(error) });
    }
  }, [toast]);

  const watch = useCallback((taskId: number) => {
    const key = `export-task-${taskId}`;
    api.info({ key, message: fill(t.exportQueued, { ID: taskId }), description: t.preparing, duration: 0, placement: 'bottomRight' });
    let polls = 0;
    const poll = async () => {
      polls += 1;
      try {
        const list = await fetchExportTasks(1, 50);
        const task = list.data.find((row) => row.id === taskId);
        if (task?.status.id === IMPORT_STATUS.ready) {
          api.success({
            key,
            message: t.readyClickDownload,
            description: task.file_name,
            duration: 0,
            placement: 'bottomRight',
            btn: (
              <Button type="primary" size="small" data-testid={`export-task-download-${taskId}`} onClick={() => { api.destroy(key); void download(task); }}>
                {t.download}
              </Button>
            ),
          });
          return;
        }
        if (task?.status.id === IMPORT_STATUS.failed) {
          api.error({ key, message: t.exportFailed, description: task.error, duration: 0, placement: 'bottomRight' });
          return;
        }
      } catch (error) {
        api.error({ key, message: t.exportFailed, description: readErrorMessage(error), placement: 'bottomRight' });
        return;
      }
      if (polls >= EXPORT_POLL_MAX) {
        api.warning({ key, message: t.exportPollGaveUp, placement: 'bottomRight' });
        return;
      }
      const id = window.setTimeout(() => { timers.current.delete(id); void poll(); }, EXPORT_POLL_MS);
      timers.current.add(id);
    };
    const id = window.setTimeout(() => { timers.current.delete(id); void poll(); }, EXPORT_POLL_MS);
    timers.current.add(id);
  }, [api, download]);

  return { watch, download, contextHolder };
}
