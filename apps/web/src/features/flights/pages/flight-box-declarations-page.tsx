import type { BoxDeclarationRow } from '@app/contract/flights';
import { CURRENCY_SIGN } from '@app/contract/countries';
import { az, fill } from '@app/contract/texts/az';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import { formatAmount } from '../../../shared/format/format-number';
import { fetchBoxDeclarations, flightKeys, useFlightBoxes, useFlightDetail } from '../api';
import { FlightLoadError, FlightPageCard, FlightPageSkeleton, useFlightIdParam } from '../components/flight-page';

const t = az.flightsUi;

/** flights/{id}/box/declarations: the parcels in the flight's bags, by bag and track code. */
export function FlightBoxDeclarationsPage() {
  const flightId = useFlightIdParam();
  const flight = useFlightDetail(flightId);
  const boxes = useFlightBoxes(flightId);
  const fetchPage = useMemo(() => fetchBoxDeclarations(flightId), [flightId]);
  const boxOptions = useMemo(() => (boxes.data ?? []).map((b) => ({ value: b.id, label: b.box })), [boxes.data]);
  const columns = useMemo<DataTableColumn<BoxDeclarationRow>[]>(() => [
    { key: 'track_code', title: t.trackingNumber, width: 'large', isAlwaysVisible: true, filter: { kind: 'text', param: 'track_code' },
      render: (r) => <Link to={`/@next/declarations/${r.id}`}>{r.track_code}</Link> },
    { key: 'global_track_code', title: az.declarations.globalTrackCode, width: 'large', render: (r) => r.global_track_code ?? '—' },
    { key: 'customer', title: t.customer, width: 'normal', render: (r) => r.user_name ?? '—' },
    { key: 'box', title: t.box, width: 'normal', filter: { kind: 'select', param: 'box_id', options: boxOptions, isLoading: boxes.isLoading },
      render: (r) => r.box ?? '—' },
    { key: 'weight', title: t.weight, width: 'small', align: 'right', render: (r) => formatAmount(r.weight) },
    { key: 'status', title: t.status, width: 'normal', render: (r) => <Tag color="blue">{r.state_name}</Tag> },
    { key: 'price', title: t.price, width: 'small', align: 'right', render: (r) => formatAmount(r.price) },
    { key: 'delivery_price', title: t.deliveryPrice, width: 'small', align: 'right', render: (r) => formatAmount(r.delivery_price, CURRENCY_SIGN.USD) },
  ], [boxOptions, boxes.isLoading]);

  if (flight.isLoading) return <FlightPageSkeleton />;
  // A failed refetch keeps the page it had (and any dialog on it, e.g. a package run's result); only a page never loaded shows the error.
  if (!flight.data) return <FlightLoadError error={flight.error} onRetry={() => void flight.refetch()} />;
  return (
    <FlightPageCard title={fill(t.boxDeclarationsTitle, { NAME: flight.data.name })} flight={flight.data} backTo={`/@next/flights/${flightId}/palets`} testId="flight-box-declarations">
      <DataTable<BoxDeclarationRow>
        tableId="flight-box-declarations"
        columns={columns}
        queryKey={flightKeys.boxDeclarations(flightId)}
        fetchPage={fetchPage}
        rowKey={(r) => r.id}
        isSelectable={false}
      />
    </FlightPageCard>
  );
}
