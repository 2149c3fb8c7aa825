import { CloseOutlined, FileExcelOutlined, FileTextOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Button, Card, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { DateRangeValue } from '../../../shared/data-table/date-range';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { exportDrillCsv, exportStatExcel, fetchDrillPage, statisticsPageKeys } from '../api';
import { DRILL_FIELDS, readDrillField, type DrillKind, type DrillRow } from '../model/drill-columns';
import { buildStatExportName } from '../model/stat-query';
import { usePermittedLink } from './use-permitted-link';

const t = azStatistics.screens;

export interface DrillDownPanelProps {
  /** What was clicked ('2026-11-03 · Anbarda'). */
  title: string;
  path: string;
  /** The aggregate's query (range and filters) narrowed to what was clicked. */
  query: QueryParams;
  kind: DrillKind;
  /** The page's name in export file names. */
  slug: string;
  range: DateRangeValue;
  /** The endpoint's own .xlsx export, called with the same query; without it the rows go to a CSV. */
  excelPath?: string;
  /** The same rows in their own list (with that list's filters), when such a list exists. */
  listLink?: string | null;
  onClose: () => void;
}

/** The kind's columns; a row's link (its record's page) only where the viewer may open it (a partner: plain text). */
function toColumns(kind: DrillKind, permit: (to: string | null | undefined) => string | undefined): DataTableColumn<DrillRow>[] {
  return DRILL_FIELDS[kind].map((field) => ({
    key: field.key,
    title: field.title,
    width: field.width,
    sortColumn: field.sortable ? field.field : undefined,
    align: field.kind === 'amount' || field.kind === 'count' ? 'right' : undefined,
    isAlwaysVisible: field.key === 'id',
    render: (row: DrillRow) => {
      const text = readDrillField(row, field) || '—';
      const to = permit(field.linkTo?.(row));
      return to ? <Link to={to}>{text}</Link> : text;
    },
  }));
}

/**
 * The rows behind a number (issue 19 item 2): a paged table with the list's columns from the
 * endpoint's getlist=true variant, with its export (.xlsx where the API has it, else a CSV of the
 * same rows) and a link to the same rows in their list.
 */
export function DrillDownPanel({ title, path, query, kind, slug, range, excelPath, listLink, onClose }: DrillDownPanelProps) {
  const toast = useToast();
  const [isExporting, setExporting] = useState(false);
  const permit = usePermittedLink();
  const columns = useMemo(() => toColumns(kind, permit), [kind, permit]);
  const openList = permit(listLink);
  const queryText = JSON.stringify(query);
  const fetchPage = useMemo(() => (table: QueryParams, signal: AbortSignal) => fetchDrillPage(path, query, table, signal), [path, queryText]); // eslint-disable-line react-hooks/exhaustive-deps

  const startExport = async () => {
    setExporting(true);
    try {
      if (excelPath) await exportStatExcel(excelPath, query, buildStatExportName(slug, range, 'xlsx'));
      else await exportDrillCsv(path, query, kind, buildStatExportName(slug, range, 'csv'));
    } catch (error) {
      toast.error(`${t.exportFailed}: ${readErrorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card size="small" style={{ marginTop: 16 }} data-testid="stat-drill-down"
      title={<Typography.Text strong>{t.drillOf.replace('{WHAT}', title)}</Typography.Text>}
      extra={<Button type="text" icon={<CloseOutlined />} aria-label={t.closeDrill} title={t.closeDrill} onClick={onClose} data-testid="stat-drill-close" />}>
      <DataTable<DrillRow>
        tableId={`statistics-drill-${kind}`}
        columns={columns}
        queryKey={[...statisticsPageKeys.drill(path, query)]}
        fetchPage={fetchPage}
        rowKey={(row) => String(row.id ?? JSON.stringify(row))}
        isSelectable={false}
        toolbar={() => (
          <Space wrap>
            <Button icon={excelPath ? <FileExcelOutlined /> : <FileTextOutlined />} loading={isExporting} onClick={() => void startExport()} data-testid="stat-drill-export">
              {excelPath ? t.exportExcel : t.exportCsv}
            </Button>
            {openList && <Link to={openList} data-testid="stat-drill-list-link"><Button icon={<UnorderedListOutlined />}>{t.openList}</Button></Link>}
          </Space>
        )}
      />
    </Card>
  );
}
