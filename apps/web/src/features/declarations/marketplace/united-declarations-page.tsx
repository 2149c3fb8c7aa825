import { PROVIDER, type MarketplaceListRow } from '@app/contract/declaration-workflow';
import { az } from '@app/contract/texts/az';
import { Button, Card, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import type { TableSort } from '../../../shared/data-table/table-state';
import type { QueryParams } from '../../../shared/http/http-client';
import { PartnerStateModal } from '../workflow/declaration-workflow-panels';
import { fetchMarketplacePage, useMarketplaceStates } from '../workflow/workflow-api';

const WT = az.declarationWorkflow;
const t = az.declarations;
const DEFAULT_SORT: TableSort = { column: 'created_at', order: 'desc' };
const PAGING_KEYS = new Set(['page', 'per_page', 'sort_column', 'sort_order']);

/** Only the filters of the list's params (what the bulk updateState applies to). */
export function filtersOf(params: QueryParams): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(params)) {
    if (PAGING_KEYS.has(key) || value === undefined || value === null || value === '') continue;
    out[key] = Array.isArray(value) ? value.join(',') : (value as string | number);
  }
  return out;
}

/** spec §2 united-declarations (trendyol_declarations): marketplace parcels with the partner status actions. */
export function UnitedDeclarationsPage() {
  const navigate = useNavigate();
  const states = useMarketplaceStates();
  const [target, setTarget] = useState<{ ids?: number[]; filters?: Record<string, string | number | undefined>; count: number } | null>(null);
  const columns = useMemo<DataTableColumn<MarketplaceListRow>[]>(() => [
    { key: 'track_code', title: t.trackCode, width: 'large', isAlwaysVisible: true, sortColumn: 'track_code', render: (r) => r.track_code, filter: { kind: 'text', param: 'track_code' } },
    { key: 'global_track_code', title: t.globalTrackCode, width: 'large', render: (r) => r.global_track_code ?? '—', filter: { kind: 'text', param: 'global_track_code' } },
    { key: 'provider', title: t.provider, width: 120, render: (r) => <Tag color="geekblue">{az.providers[r.trendyol]}</Tag>,
      filter: { kind: 'select', param: 'trendyol', options: [{ value: PROVIDER.trendyol, label: az.providers[1] ?? '' }, { value: PROVIDER.united, label: az.providers[2] ?? '' }] } },
    { key: 'customer', title: t.customer, width: 'normal', render: (r) => (r.user_id ? `${r.user_code ?? ''} ${r.user_name ?? ''}` : '—'), filter: { kind: 'text', param: 'user_name' } },
    { key: 'pin', title: WT.pin, width: 'small', render: (r) => r.pin_code ?? '—', filter: { kind: 'text', param: 'pin_code' } },
    { key: 'status', title: t.status, width: 'normal', render: (r) => <Tag color="blue">{r.state_name}</Tag> },
    { key: 'partner_status', title: WT.partnerStatus, width: 'normal', render: (r) => (r.trendyol_state_name ? <Tag>{r.trendyol_state_name}</Tag> : '—'),
      filter: { kind: 'select', param: 'marketplace_state_id', options: states.data ?? [], isLoading: states.isLoading } },
    { key: 'weight', title: t.weight, width: 'small', sortColumn: 'weight', render: (r) => r.weight ?? '—' },
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at', render: (r) => r.created_at, filter: { kind: 'date-range', param: 'date' } },
  ], [states.data, states.isLoading]);
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{WT.unitedTitle}</Typography.Title>
      <DataTable<MarketplaceListRow>
        tableId="united-declarations"
        columns={columns}
        queryKey={['declarations', 'united']}
        fetchPage={fetchMarketplacePage}
        rowKey={(r) => r.id}
        defaultSort={DEFAULT_SORT}
        onRowDoubleClick={(r) => void navigate(`/@next/declarations/${r.id}`)}
        toolbar={({ selectedRows, params }) => (
          <Button
            data-testid="united-change-state"
            onClick={() => setTarget(selectedRows.length
              ? { ids: selectedRows.map((r) => r.id), count: selectedRows.length }
              : { filters: filtersOf(params), count: -1 })}
            disabled={selectedRows.length === 0 && Object.keys(filtersOf(params)).length === 0}
          >
            {WT.changePartnerStatus}
          </Button>
        )}
      />
      {target && <PartnerStateModal ids={target.ids} filters={target.filters} count={target.count < 0 ? undefined : target.count} onClose={() => setTarget(null)} />}
    </Card>
  );
}
