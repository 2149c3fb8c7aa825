import { EditOutlined } from '@ant-design/icons';
import type { DispatchPackage } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Button, Col, Row, Statistic, Tooltip } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import type { QueryParams } from '../../../shared/http/http-client';
import { fetchAirwaybillPackages, flightKeys, useAirwaybillInfo, useFlightDetail } from '../api';
import { FlightLoadError, FlightPageCard, FlightPageSkeleton, useFlightIdParam } from '../components/flight-page';
import { PackageCodeTag } from '../components/package-runs';

const t = az.flightsUi;
/** spec §9: sent dispatches show 20 a page. */
const DISPATCH_PAGE_SIZE = 20;

/** flights/{id}/air-waybills (sent dispatches): the dispatched parcels with totals over every page. */
export function FlightAirWaybillsPage() {
  const flightId = useFlightIdParam();
  const flight = useFlightDetail(flightId);
  const info = useAirwaybillInfo(flightId);
  const navigate = useNavigate();
  const [totals, setTotals] = useState<{ count: number; weight: number } | null>(null);
  const fetchPage = useCallback(async (params: QueryParams, signal: AbortSignal) => {
    const reply = await fetchAirwaybillPackages(flightId, params, signal);
    setTotals({ count: reply.data.count, weight: reply.data.totalWeight });
    return { data: reply.data.packages, total: reply.total };
  }, [flightId]);
  const columns = useMemo<DataTableColumn<DispatchPackage>[]>(() => [
    { key: 'track_code', title: t.trackingNumber, width: 'normal', isAlwaysVisible: true, render: (r) => r.trackinG_NO },
    { key: 'customer', title: t.customer, width: 'normal', render: (r) => r.user_name ?? '—' },
    { key: 'reg_number', title: t.regNumber, width: 'normal', render: (r) => r.reg_number ?? '—' },
    { key: 'dispatch_number', title: t.dispatchNumber, width: 'normal', render: (r) => r.depesH_NUMBER || '—' },
    { key: 'airwaybill', title: t.airwaybill, width: 'normal', render: (r) => r.airwaybill || '—' },
    { key: 'weight', title: t.weight, width: 'small', align: 'right', render: (r) => formatAmount(r.weight) },
    { key: 'code', title: t.outputCode, width: 'small', align: 'center', render: (r) => <PackageCodeTag code={r.code} /> },
    { key: 'sent_at', title: t.sentAt, width: 'date', render: (r) => (r.sent ? formatDateTime(r.depesH_DATE) : '—') },
  ], []);

  if (flight.isLoading) return <FlightPageSkeleton />;
  // A failed refetch keeps the page it had (and any dialog on it, e.g. a package run's result); only a page never loaded shows the error.
  if (!flight.data) return <FlightLoadError error={flight.error} onRetry={() => void flight.refetch()} />;
  const data = flight.data;
  const canChange = info.data?.can_change ?? data.can.change_airwaybill;

  return (
    <FlightPageCard
      title={fill(t.airWaybillsTitle, { NAME: data.name })}
      flight={data}
      backTo={`/@next/flights/${flightId}`}
      testId="flight-air-waybills"
      extra={
        <Tooltip title={canChange ? undefined : t.airwaybillOnlyClosed}>
          <Button icon={<EditOutlined />} disabled={!canChange} onClick={() => void navigate('update')} data-testid="airwaybill-change">
            {t.changeAirwaybill}
          </Button>
        </Tooltip>
      }
    >
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col xs={24} sm={8}><Statistic title={t.airwaybill} value={info.data?.airwaybill || data.airwaybill || '—'} data-testid="awb-number" /></Col>
        <Col xs={12} sm={8}><Statistic title={t.dispatchedCount} value={totals?.count ?? info.data?.dispatched ?? '—'} data-testid="awb-count" /></Col>
        <Col xs={12} sm={8}><Statistic title={t.totalWeight} value={formatAmount(totals?.weight ?? info.data?.total_weight)} data-testid="awb-weight" /></Col>
      </Row>
      <DataTable<DispatchPackage>
        tableId="flight-dispatches"
        columns={columns}
        queryKey={flightKeys.airwaybillPackages(flightId)}
        fetchPage={fetchPage}
        rowKey={(r) => r.declaration_id}
        defaultPageSize={DISPATCH_PAGE_SIZE}
        isSelectable={false}
      />
      <Outlet />
    </FlightPageCard>
  );
}
