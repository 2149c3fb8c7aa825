import { DownloadOutlined, DownOutlined, FileExcelOutlined, FileTextOutlined, MoreOutlined, PrinterOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { EXPORT_FILE_PREFIX } from '@app/contract/documents-constants';
import { az } from '@app/contract/texts/az';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { toCsv } from '@app/contract/csv';
import { buildExportName, saveBlob } from '../../../shared/files/save-blob';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { fetchDeclarationPage } from '../api';
import { DOCUMENT_PATHS, requestExport } from './document-api';
import { hasPermission } from '../shared/declaration-access';
import { DECLARATION_CSV_COLUMNS, fetchAllPages, hasActiveFilters } from './declaration-csv';
import { usePrintDocument } from './declaration-print-menu';
import { LazyExportTasksDrawer } from '../shared/lazy-list-parts';
import { useExportTasks } from './use-export-tasks';

const t = az.documentsUi;
const LIST_KEYS = ['page', 'per_page'];

interface DeclarationFileMenuProps {
  /** The table's current parameters (filters, sort, page). */
  params: QueryParams;
  /** Opens a modal route over the table (declarations/import, /handover-export, /bulk-handover). */
  navigate: (to: string) => void;
  /** With a selection only "Proforma print" shows (spec §2 selection menu). */
  selectedIds?: readonly number[];
}

/**
 * The declarations toolbar's file items (spec §2 action bar): import from Excel, export (full and
 * mini), handover export, the Other menu, and the CSV of the filtered list (only with filters).
 * Big exports become export tasks, watched until their file is ready.
 */
export function DeclarationFileMenu({ params, navigate, selectedIds = [] }: DeclarationFileMenuProps) {
  const { user: viewer } = useAuth();
  const toast = useToast();
  const tasks = useExportTasks();
  const print = usePrintDocument();
  const [isBusy, setBusy] = useState(false);
  const [showTasks, setShowTasks] = useState(false);
  // The drawer loads on its first opening and stays mounted after (its closing animation).
  const [hasOpenedTasks, setOpenedTasks] = useState(false);
  const openTasks = () => {
    setOpenedTasks(true);
    setShowTasks(true);
  };
  const filters = Object.fromEntries(Object.entries(params).filter(([key]) => !LIST_KEYS.includes(key)));

  const runExport = async (kind: 'full' | 'mini', asTask = false) => {
    const key = 'declaration-export';
    setBusy(true);
    toast.open({ key, type: 'loading', content: t.preparing, duration: 0 });
    try {
      const outcome = await requestExport(kind === 'full' ? DOCUMENT_PATHS.exportFull : DOCUMENT_PATHS.exportMini, { ...filters, as_task: asTask ? 1 : undefined });
      toast.destroy(key);
      if (outcome.kind === 'task') tasks.watch(outcome.taskId);
      else saveBlob(outcome.blob, buildExportName(EXPORT_FILE_PREFIX[kind], 'xlsx'));
    } catch (error) {
      toast.open({ key, type: 'error', content: readErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const runCsv = async () => {
    const key = 'declaration-csv';
    setBusy(true);
    toast.open({ key, type: 'loading', content: t.preparing, duration: 0 });
    try {
      const rows = await fetchAllPages(filters, (p) => fetchDeclarationPage(p, new AbortController().signal));
      const blob = new Blob([toCsv(DECLARATION_CSV_COLUMNS, rows)], { type: 'text/csv;charset=utf-8' });
      toast.open({ key, type: 'success', content: t.downloading, duration: 2 });
      saveBlob(blob, buildExportName(EXPORT_FILE_PREFIX.csvList, 'csv'));
    } catch (error) {
      toast.open({ key, type: 'error', content: readErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const exportItems: NonNullable<MenuProps['items']> = [
    { key: 'full', label: t.export, onClick: () => void runExport('full') },
    { key: 'mini', label: t.exportMini, onClick: () => void runExport('mini') },
  ];
  const otherItems: NonNullable<MenuProps['items']> = [
    { key: 'export', label: t.export, onClick: () => void runExport('full', true) },
    { key: 'mini', label: t.exportMini, onClick: () => void runExport('mini', true) },
    { key: 'handover', label: t.handoverExcel, onClick: () => navigate('/@next/declarations/handover-export') },
    ...(hasPermission(viewer, 'bulkdeclarationhandover')
      ? [{ key: 'bulkHandover', label: t.bulkHandover, onClick: () => navigate('/@next/declarations/bulk-handover') }]
      : []),
    { key: 'excelFilter', label: t.excelFilter, onClick: () => navigate('/@next/declarations/import') },
    { type: 'divider' },
    { key: 'tasks', label: t.exportTasks, onClick: openTasks },
  ];

  if (selectedIds.length > 0) {
    return (
      <>
        {tasks.contextHolder}
        <Button icon={<PrinterOutlined />} onClick={() => void print('proforma', selectedIds)} data-testid="declarations-print-proforma">
          {t.proforma}
        </Button>
      </>
    );
  }

  return (
    <Space wrap size={8}>
      {tasks.contextHolder}
      <Button icon={<UploadOutlined />} onClick={() => navigate('/@next/declarations/import')} data-testid="declarations-import">
        {t.importExcel}
      </Button>
      <Dropdown trigger={['click']} menu={{ items: exportItems }} disabled={isBusy}>
        <Button icon={<FileExcelOutlined />} loading={isBusy} data-testid="declarations-export">
          {t.export} <DownOutlined />
        </Button>
      </Dropdown>
      <Button icon={<DownloadOutlined />} onClick={() => navigate('/@next/declarations/handover-export')} data-testid="declarations-handover-export">
        {t.handoverExport}
      </Button>
      <Dropdown trigger={['click']} menu={{ items: otherItems }} disabled={isBusy}>
        <Button icon={<MoreOutlined />} data-testid="declarations-other">
          {t.other} <DownOutlined />
        </Button>
      </Dropdown>
      <Button icon={<UnorderedListOutlined />} onClick={openTasks} data-testid="declarations-export-tasks">
        {t.exportTasks}
      </Button>
      {hasOpenedTasks && (
        <LazyExportTasksDrawer open={showTasks} onClose={() => setShowTasks(false)} onDownload={(task) => void tasks.download(task)} />
      )}
      {hasActiveFilters(filters) && (
        <Button icon={<FileTextOutlined />} onClick={() => void runCsv()} disabled={isBusy} data-testid="declarations-csv">
          {t.csv}
        </Button>
      )}
    </Space>
  );
}
