import { CURRENCY_SIGN } from '@app/contract/countries';
import type { FlightRow } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import type { SelectOption } from '../../../shared/form/search-select';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import { CompletionCell, FlightCountCell, FlightStatusTag, ProviderTag, VolumeCell } from './flight-cells';

const t = az.flightsUi;

export const PROVIDER_OPTIONS: SelectOption[] = [0, 1, 2].map((value) => ({ value, label: t.providers[value] ?? String(value) }));

export interface FlightLookups {
  statuses: SelectOption[];
  countries: SelectOption[];
  isLoading: boolean;
  renderActions?: (row: FlightRow) => ReactNode;
}

export const flightPath = (id: number) => `/@next/flights/${id}`;

/** spec §2 "Flights" table columns, each with the filter and sort the list call takes. */
export function buildFlightColumns(lookups: FlightLookups): DataTableColumn<FlightRow>[] {
  const actions: DataTableColumn<FlightRow>[] = lookups.renderActions
    ? [{ key: 'actions', title: '', width: 48, isAlwaysVisible: true, align: 'center', render: lookups.renderActions }]
    : [];
  return [
    ...actions,
    { key: 'id', title: t.code, width: 'smaller', sortColumn: 'id', isAlwaysVisible: true, render: (r) => r.id },
    { key: 'name', title: t.name, width: 'normal', sortColumn: 'name', isAlwaysVisible: true, filter: { kind: 'text', param: 'name' },
      render: (r) => <Link to={flightPath(r.id)}>{r.name}</Link> },
    { key: 'provider', title: t.provider, width: 'small', filter: { kind: 'select', param: 'trendyol', options: PROVIDER_OPTIONS },
      render: (r) => <ProviderTag provider={r.trendyol} /> },
    { key: 'airwaybill', title: t.airwaybill, width: 'normal', filter: { kind: 'text', param: 'airwaybill' }, render: (r) => r.airwaybill || '—' },
    { key: 'started_at', title: t.startedAt, width: 'date', sortColumn: 'start_date', render: (r) => formatDate(r.start_date),
      filter: { kind: 'date-range', param: 'date', fromParam: 'date_from', toParam: 'date_to', defaultPreset: 'all' } },
    { key: 'ended_at', title: t.endedAt, width: 'date', sortColumn: 'end_date', render: (r) => formatDate(r.end_date) },
    { key: 'country', title: t.country, width: 'small',
      filter: { kind: 'select', param: 'country_id', options: lookups.countries, isLoading: lookups.isLoading }, render: (r) => r.country_name || '—' },
    { key: 'status', title: t.status, width: 'small', sortColumn: 'state_id',
      filter: { kind: 'select', param: 'state_id', options: lookups.statuses, isLoading: lookups.isLoading }, render: (r) => <FlightStatusTag flight={r} /> },
    { key: 'count', title: t.count, width: 'small', sortColumn: 'count', align: 'right', render: (r) => <FlightCountCell flightId={r.id} count={r.count} /> },
    { key: 'completion', title: t.completion, width: 150, render: (r) => <CompletionCell completed={r.finished} count={r.count} /> },
    { key: 'weight', title: t.weight, width: 'small', align: 'right', render: (r) => formatAmount(r.weight) },
    { key: 'volume', title: t.volume, width: 130, align: 'center', render: (r) => <VolumeCell flightId={r.id} /> },
    { key: 'product_price', title: t.productPrice, width: 'small', align: 'right', render: (r) => formatAmount(r.price, CURRENCY_SIGN.TRY) },
    { key: 'delivery_price', title: t.deliveryPrice, width: 'small', align: 'right', render: (r) => formatAmount(r.delivery_price, CURRENCY_SIGN.USD) },
    { key: 'this_month', title: t.thisMonth, width: 'small', isHiddenByDefault: true, render: (r) => r.this_month ?? '—' },
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at', isHiddenByDefault: true, render: (r) => formatDateTime(r.created_at) },
  ];
}
