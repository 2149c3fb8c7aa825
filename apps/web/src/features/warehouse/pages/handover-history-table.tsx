import type { HandoverHistoryRow } from '@app/contract/warehouse';
import { az } from '@app/contract/texts/az';
import { Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { fetchHandoverHistoryPage, warehouseKeys } from '../api';
import { customerLabel, parcelsSummary, paymentParts } from '../model/handover-history';

const W = az.warehouse;
const NEWEST_FIRST: TableSort = { column: 'created_at', order: 'desc' };

/** warehouse/handover/history: the handovers done at the counter (GET handover/history), newest first, paged. */
export function HandoverHistoryTable() {
  const columns = useMemo<DataTableColumn<HandoverHistoryRow>[]>(() => [
    { key: 'id', title: 'ID', width: 'smaller', sortColumn: 'id', isAlwaysVisible: true, render: (row) => row.id },
    { key: 'created_at', title: W.handedOverAt, width: 'date', sortColumn: 'created_at', render: (row) => row.created_at,
      filter: { kind: 'date-range', param: 'created', fromParam: 'date_from', toParam: 'date_to', defaultPreset: 'all' } },
    { key: 'customer', title: W.customer, width: 'large', isAlwaysVisible: true, render: (row) => customerLabel(row) },
    { key: 'parcels', title: W.handoverParcels, width: 320, filter: { kind: 'text', param: 'track_code' },
      render: (row) => {
        const { codes, more } = parcelsSummary(row);
        return (
          <Space size={2} wrap>
            {codes.map((code) => <Tag key={code}>{code}</Tag>)}
            {more ? <Typography.Text type="secondary">{more}</Typography.Text> : null}
          </Space>
        );
      } },
    { key: 'count', title: W.handoverCount, width: 'smaller', align: 'right', render: (row) => row.count },
    { key: 'total', title: W.handoverPaid, width: 130, align: 'right', sortColumn: 'total_azn', render: (row) => row.total_azn },
    { key: 'payment', title: W.handoverPaidBy, width: 'large', render: (row) => paymentParts(row) },
    { key: 'cashier', title: W.cashier, width: 'normal', render: (row) => row.cashier_name || '—' },
    { key: 'branch', title: W.branch, width: 'normal', render: (row) => row.branch_name ?? '—' },
    { key: 'task', title: W.handoverQueueEntry, width: 'small', isHiddenByDefault: true, render: (row) => (row.handover_task_id ? `#${row.handover_task_id}` : '—') },
  ], []);
  return (
    <DataTable<HandoverHistoryRow>
      tableId="handover-history"
      columns={columns}
      queryKey={warehouseKeys.history}
      fetchPage={fetchHandoverHistoryPage}
      rowKey={(row) => row.id}
      defaultSort={NEWEST_FIRST}
      isSelectable={false}
    />
  );
}
