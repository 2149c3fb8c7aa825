import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ExportTask } from '@app/contract/documents';
import { EXPORT_POLL_MS, IMPORT_STATUS, type ExportKind } from '@app/contract/documents-constants';
import { az, fill } from '@app/contract/texts/az';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Table, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatCount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { fetchExportTasks } from './document-api';

const t = az.exportTasksUi;
const PAGE_SIZE = 10;

const TYPE_LABEL: Partial<Record<string, string>> = { full: t.typeFull, mini: t.typeMini, handover: t.typeHandover, import: t.typeImport } satisfies Record<ExportKind, string>;
const STATUS_COLOR: Record<number, string> = {
  [IMPORT_STATUS.inProgress]: 'processing',
  [IMPORT_STATUS.loading]: 'gold',
  [IMPORT_STATUS.ready]: 'success',
  [IMPORT_STATUS.failed]: 'error',
};
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });
const isPending = (task: ExportTask) => task.status.id === IMPORT_STATUS.inProgress || task.status.id === IMPORT_STATUS.loading;

export function ExportTaskStatusTag({ task }: { task: ExportTask }) {
  const tag = (
    <Tag color={STATUS_COLOR[task.status.id] ?? 'default'} data-testid={`export-task-status-${task.id}`}>
      {task.status.name || task.status.id}
    </Tag>
  );
  return task.error ? <Tooltip title={fill(t.failedHint, { ERROR: task.error })}>{tag}</Tooltip> : tag;
}

interface ExportTaskTableProps {
  type?: ExportKind;
  onDownload: (task: ExportTask) => void;
}

/** One page of tasks (id descending), refetched every 3 s while one of them is still being built. */
function ExportTaskTable({ type, onDownload }: ExportTaskTableProps) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['export-tasks', type ?? 'all', page],
    queryFn: ({ signal }) => fetchExportTasks(page, PAGE_SIZE, type, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(isPending) ? EXPORT_POLL_MS : false),
  });
  const download = (task: ExportTask) => (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      disabled={task.status.id !== IMPORT_STATUS.ready}
      onClick={() => onDownload(task)}
      data-testid={`export-task-row-download-${task.id}`}
    >
      {az.documentsUi.download}
    </Button>
  );
  const columns: TableColumnsType<ExportTask> = type === 'import'
    ? [
      { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
      { key: 'status', title: az.documentsUi.status, render: (_, task) => <ExportTaskStatusTag task={task} /> },
      { key: 'date', title: t.createdAt, dataIndex: 'created_at', onCell: noWrap },
      { key: 'download', title: '', width: 110, render: (_, task) => download(task) },
    ]
    : [
      { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
      { key: 'type', title: t.type, render: (_, task) => TYPE_LABEL[task.type] ?? task.type },
      { key: 'status', title: az.documentsUi.status, render: (_, task) => <ExportTaskStatusTag task={task} /> },
      { key: 'rows', title: t.rows, align: 'right', onCell: noWrap, render: (_, task) => (task.rows === null ? '' : formatCount(task.rows)) },
      { key: 'user', title: t.user, render: (_, task) => task.user?.name ?? '' },
      { key: 'date', title: t.createdAt, dataIndex: 'created_at', onCell: noWrap },
      { key: 'download', title: '', width: 110, render: (_, task) => download(task) },
    ];
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t.autoRefresh}</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching} data-testid="export-tasks-refresh">
          {t.refresh}
        </Button>
      </Flex>
      {query.isError && <Alert type="error" showIcon message={readErrorMessage(query.error)} />}
      <Table<ExportTask>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.data ?? []}
        loading={query.isLoading}
        locale={{ emptyText: type === 'import' ? t.emptyImports : t.empty }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
        data-testid={type === 'import' ? 'import-requests-table' : 'export-tasks-table'}
      />
    </Flex>
  );
}

interface ExportTasksDrawerProps {
  open: boolean;
  onClose: () => void;
  onDownload: (task: ExportTask) => void;
}

/**
 * spec §3/§4/§7: the export tasks (sorted by id descending, statuses 131/132/134, 133 when failed)
 * with their downloads, and the partner import requests (id, status, date).
 */
export function ExportTasksDrawer({ open, onClose, onDownload }: ExportTasksDrawerProps) {
  return (
    <Drawer title={t.title} open={open} onClose={onClose} size={760} destroyOnHidden data-testid="export-tasks-drawer">
      <Tabs
        items={[
          { key: 'tasks', label: t.tasksTab, children: <ExportTaskTable onDownload={onDownload} /> },
          { key: 'imports', label: t.importsTab, children: <ExportTaskTable type="import" onDownload={onDownload} /> },
        ]}
      />
    </Drawer>
  );
}
