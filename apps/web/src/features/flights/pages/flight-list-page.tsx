import { CalendarOutlined, CheckSquareOutlined, PlusOutlined, ShopOutlined } from '@ant-design/icons';
import type { FlightRow } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';
import { Button, Card, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { fetchFlightPage, flightKeys, useCountryOptions, useFlightStatuses } from '../api';
import { buildFlightColumns, flightPath } from '../components/flight-columns';
import { FlightRowMenu } from '../components/flight-row-menu';
import { MarketplaceStatusModal } from '../components/marketplace-status-modal';
import { useFlightActions, type FlightModalKind, type FlightRef } from '../components/use-flight-actions';

const t = az.flightsUi;
const BASE = '/@next/flights';
const DEFAULT_SORT: TableSort = { column: 'id', order: 'desc' };

const MODAL_PATHS: Record<FlightModalKind, (id: number) => string> = {
  close: (id) => `${id}/close`,
  airwaybill: (id) => `${id}/air-waybills/update`,
  currentMonth: (id) => `${id}/current-month/update`,
  manifest: (id) => `${id}/manifest/upload`,
};

/** flights (spec §2 "Flights"): the table, its toolbar and row menu; modal routes render over it. */
export function FlightListPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const statuses = useFlightStatuses();
  const countries = useCountryOptions();
  const [accountFlights, setAccountFlights] = useState<FlightRow[] | null>(null);

  // Modal routes carry the table's URL state, so closing returns to the same view.
  const openModal = useCallback((kind: FlightModalKind, flight: FlightRef) => {
    // The air waybill change is a modal over the flight's sent dispatches (spec §2 routes).
    const keepsTable = kind !== 'airwaybill';
    void navigate({ pathname: `${BASE}/${MODAL_PATHS[kind](flight.id)}`, search: keepsTable ? search : '' });
  }, [navigate, search]);
  const actions = useFlightActions(openModal);
  const { run, downloadFile } = actions;

  const columns = useMemo(() => buildFlightColumns({
    statuses: statuses.data ?? [],
    countries: countries.data ?? [],
    isLoading: statuses.isLoading || countries.isLoading,
    renderActions: (row) => <FlightRowMenu flight={row} onAction={run} onFile={(kind, flight) => void downloadFile(kind, flight)} />,
  }), [statuses.data, countries.data, statuses.isLoading, countries.isLoading, run, downloadFile]);

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{t.title}</Typography.Title>
      <DataTable<FlightRow>
        tableId="flights"
        columns={columns}
        queryKey={flightKeys.list}
        fetchPage={fetchFlightPage}
        rowKey={(row) => row.id}
        defaultSort={DEFAULT_SORT}
        onRowDoubleClick={(row) => void navigate(flightPath(row.id))}
        toolbar={({ selectedRows, selectPage }) => (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate({ pathname: `${BASE}/create`, search })} data-testid="flights-create">
              {t.create}
            </Button>
            <Button icon={<CheckSquareOutlined />} onClick={selectPage} data-testid="flights-select-all">{t.selectAll}</Button>
            <Tooltip title={t.accountHint}>
              <Button icon={<ShopOutlined />} onClick={() => setAccountFlights(selectedRows)} data-testid="flights-trendyol-account">
                {t.trendyolAccount}{selectedRows.length > 0 ? ` (${selectedRows.length})` : ''}
              </Button>
            </Tooltip>
            <Button icon={<CalendarOutlined />} onClick={() => void navigate(`${BASE}/current-month`)}>{t.currentMonthPage}</Button>
          </>
        )}
      />
      <Outlet />
      {actions.holder}
      {accountFlights && <MarketplaceStatusModal isAccount flights={accountFlights} onClose={() => setAccountFlights(null)} />}
    </Card>
  );
}
