import type { StateArchiveRow } from '@app/contract/history';
import { az } from '@app/contract/texts/az';
import { Card, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDateTime } from '../../../shared/format/format-date';
import { fetchStateArchivePage, historyKeys } from '../api';
import { MODEL_OPTIONS, recordPath, startPreset } from '../model/record-filter';

const BY_CREATED: TableSort = { column: 'created_at', order: 'desc' };

/** archive/state (state_changes): every status change, with filters by record, status, user and date; rows link to the record. */
export function StateArchivePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const preset = startPreset(search);
  const columns = useMemo<DataTableColumn<StateArchiveRow>[]>(() => {
    const t = az.historyUi;
    return [
      { key: 'model', title: t.model, width: 'normal', render: (row) => row.model_name,
        filter: { kind: 'select', param: 'model_id', options: MODEL_OPTIONS } },
      { key: 'object', title: t.object, width: 'large', isAlwaysVisible: true, filter: { kind: 'number', param: 'object_id', isInteger: true },
        render: (row) => {
          const path = recordPath(row.model_id, row.object_id);
          const text = row.object_code ? `${row.object_code} (#${row.object_id})` : `#${row.object_id}`;
          return path ? <Link to={path}>{text}</Link> : text;
        } },
      { key: 'from_state', title: t.fromState, width: 'normal', render: (row) => (row.from_state_id !== null ? <Tag>{row.from_state_name ?? `#${row.from_state_id}`}</Tag> : '—') },
      { key: 'state', title: t.state, width: 'normal', isAlwaysVisible: true, filter: { kind: 'number', param: 'state_id', isInteger: true },
        render: (row) => <Tag color="blue">{row.state_name || `#${row.state_id}`}</Tag> },
      { key: 'user', title: t.user, width: 'normal', render: (row) => row.user_name ?? az.declarationsUi.system,
        filter: { kind: 'text', param: 'user_name' } },
      { key: 'note', title: t.note, width: 'large', render: (row) => row.note ?? '—' },
      { key: 'created_at', title: t.date, width: 'date', sortColumn: 'created_at', render: (row) => formatDateTime(row.created_at),
        filter: { kind: 'date-range', param: 'created', defaultPreset: preset } },
    ];
  }, [preset]);
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>
        {az.historyUi.stateArchiveTitle}
      </Typography.Title>
      <DataTable<StateArchiveRow>
        tableId="state-archive"
        columns={columns}
        queryKey={historyKeys.stateArchive}
        fetchPage={fetchStateArchivePage}
        rowKey={(row) => row.id}
        defaultSort={BY_CREATED}
        isSelectable={false}
        onRowDoubleClick={(row) => {
          const path = recordPath(row.model_id, row.object_id);
          if (path) void navigate(path);
        }}
      />
    </Card>
  );
}
