import { ExportOutlined } from '@ant-design/icons';
import { CURRENCY_SIGN, productPriceSign } from '@app/contract/countries';
import type { DeclarationListRow } from '@app/contract/declarations';
import { az, fill } from '@app/contract/texts/az';
import { Button, Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import type { QueryParams } from '../../../shared/http/http-client';
import { fetchDeclarationPage, useDeclarationStatuses } from '../../declarations/api';
import { flightKeys, useFlightDetail } from '../api';
import { FlightLoadError, FlightPageCard, FlightPageSkeleton, useFlightIdParam } from '../components/flight-page';

const t = az.flightsUi;
const d = az.declarations;
const BY_TRACK: TableSort = { column: 'track_code', order: 'asc' };

/**
 * flights/{id}/declarations: the flight's parcels (the declarations list call with flight_id), with
 * the columns that matter on a flight, and a way to the full declarations list of this flight.
 */
export function FlightDeclarationsPage() {
  const flightId = useFlightIdParam();
  const flight = useFlightDetail(flightId);
  const statuses = useDeclarationStatuses();
  const fetchPage = useCallback(
    (params: QueryParams, signal: AbortSignal) => fetchDeclarationPage({ ...params, flight_id: flightId }, signal),
    [flightId],
  );
  const columns = useMemo<DataTableColumn<DeclarationListRow>[]>(() => [
    { key: 'track_code', title: d.trackCode, width: 'large', sortColumn: 'track_code', isAlwaysVisible: true, filter: { kind: 'text', param: 'track_code' },
      render: (r) => <Link to={`/@next/declarations/${r.id}`}>{r.track_code}</Link> },
    { key: 'customer', title: d.customer, width: 'normal', filter: { kind: 'text', param: 'user_name' },
      render: (r) => (r.user_id ? `${r.user_code ?? ''} · ${r.user_name ?? ''}` : '—') },
    { key: 'status', title: d.status, width: 'normal', sortColumn: 'state_id',
      filter: { kind: 'select', param: 'state_id', options: statuses.data ?? [], isMulti: true, isLoading: statuses.isLoading },
      render: (r) => <Tag color="blue" data-testid="declaration-status">{r.state_name}</Tag> },
    { key: 'customs', title: d.declared, width: 'small', align: 'center', filter: { kind: 'boolean', param: 'customs' },
      render: (r) => (r.customs === 1 ? <Tag color="green">{az.table.yes}</Tag> : <Tag>{az.table.no}</Tag>) },
    { key: 'parcel', title: t.box, width: 'normal', render: (r) => r.box ?? '—' },
    { key: 'weight', title: d.weight, width: 'small', sortColumn: 'weight', align: 'right', render: (r) => formatAmount(r.weight) },
    { key: 'price', title: d.productPrice, width: 'small', sortColumn: 'price', align: 'right', render: (r) => formatAmount(r.price, productPriceSign(r.country_id)) },
    { key: 'delivery_price', title: d.deliveryPrice, width: 'small', sortColumn: 'delivery_price', align: 'right',
      render: (r) => formatAmount(r.delivery_price, CURRENCY_SIGN.USD) },
    { key: 'branch', title: d.branch, width: 'normal', render: (r) => r.branch_name ?? '—' },
    { key: 'created_at', title: d.createdAt, width: 'date', sortColumn: 'created_at', render: (r) => formatDateTime(r.created_at),
      filter: { kind: 'date-range', param: 'created', defaultPreset: 'all' } },
  ], [statuses.data, statuses.isLoading]);

  if (flight.isLoading) return <FlightPageSkeleton />;
  // A failed refetch keeps the page it had (and any dialog on it, e.g. a package run's result); only a page never loaded shows the error.
  if (!flight.data) return <FlightLoadError error={flight.error} onRetry={() => void flight.refetch()} />;
  const data = flight.data;
  return (
    <FlightPageCard
      title={fill(t.declarationsTitle, { NAME: data.name })}
      flight={data}
      backTo={`/@next/flights/${flightId}`}
      testId="flight-declarations"
      extra={
        <Link to={`/@next/declarations?flight_name=${encodeURIComponent(data.name)}&created=all`}>
          <Button icon={<ExportOutlined />}>{t.openInDeclarations}</Button>
        </Link>
      }
    >
      <DataTable<DeclarationListRow>
        tableId="flight-declarations"
        columns={columns}
        queryKey={flightKeys.declarations(flightId)}
        fetchPage={fetchPage}
        rowKey={(r) => r.id}
        defaultSort={BY_TRACK}
        isSelectable={false}
      />
    </FlightPageCard>
  );
}
