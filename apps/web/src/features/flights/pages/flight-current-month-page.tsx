import { EditOutlined } from '@ant-design/icons';
import type { FlightRow } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';
import { Button, Card, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDateTime } from '../../../shared/format/format-date';
import { fetchFlightPage, flightKeys, useFlightStatuses } from '../api';
import { CurrentMonthModal } from '../components/current-month-modal';
import { FlightStatusTag } from '../components/flight-cells';
import { flightPath } from '../components/flight-columns';

const t = az.flightsUi;
const DEFAULT_SORT: TableSort = { column: 'id', order: 'desc' };

/** flights/current-month: each flight's accounting month, changed from its row. */
export function FlightCurrentMonthPage() {
  const statuses = useFlightStatuses();
  const [editing, setEditing] = useState<number | null>(null);
  const columns = useMemo<DataTableColumn<FlightRow>[]>(() => [
    { key: 'edit', title: '', width: 48, align: 'center', isAlwaysVisible: true,
      render: (r) => <Button size="small" type="text" icon={<EditOutlined />} aria-label={t.changeCurrentMonth} onClick={() => setEditing(r.id)} data-testid={`current-month-edit-${r.id}`} /> },
    { key: 'id', title: t.code, width: 'smaller', sortColumn: 'id', isAlwaysVisible: true, render: (r) => r.id },
    { key: 'name', title: t.name, width: 'normal', sortColumn: 'name', filter: { kind: 'text', param: 'name' }, render: (r) => <Link to={flightPath(r.id)}>{r.name}</Link> },
    { key: 'this_month', title: t.thisMonth, width: 'small', render: (r) => <Typography.Text strong>{r.this_month ?? '—'}</Typography.Text> },
    { key: 'status', title: t.status, width: 'small', sortColumn: 'state_id',
      filter: { kind: 'select', param: 'state_id', options: statuses.data ?? [], isLoading: statuses.isLoading }, render: (r) => <FlightStatusTag flight={r} /> },
    { key: 'count', title: t.count, width: 'small', sortColumn: 'count', align: 'right', render: (r) => r.count },
    { key: 'closed_at', title: t.closedAt, width: 'date', render: (r) => formatDateTime(r.closed_at) },
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at', render: (r) => formatDateTime(r.created_at),
      filter: { kind: 'date-range', param: 'date', fromParam: 'date_from', toParam: 'date_to', defaultPreset: 'all' } },
  ], [statuses.data, statuses.isLoading]);
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{t.currentMonthListTitle}</Typography.Title>
      <DataTable<FlightRow>
        tableId="flights-current-month"
        columns={columns}
        queryKey={flightKeys.currentMonth}
        fetchPage={fetchFlightPage}
        rowKey={(r) => r.id}
        defaultSort={DEFAULT_SORT}
        isSelectable={false}
        onRowDoubleClick={(r) => setEditing(r.id)}
      />
      {editing !== null && <CurrentMonthModal flightId={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
