import { AppstoreOutlined, CarryOutOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { CURRENCY_SIGN } from '@app/contract/countries';
import type { FlightCloseType, FlightDetail } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Button, Card, Col, Descriptions, Flex, Row, Table, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useFlightBoxes, useFlightDetail } from '../api';
import { AirwaybillModal } from '../components/airwaybill-modal';
import { CloseFlightModal } from '../components/close-flight-modal';
import { CompletionCell, FlightStatusTag, ProviderTag, VolumeCell, useFlightStatsRows } from '../components/flight-cells';
import { FlightLoadError, FlightPageCard, FlightPageSkeleton, useFlightIdParam } from '../components/flight-page';
import { FlightActionsButton } from '../components/flight-row-menu';
import { CurrentMonthModal } from '../components/current-month-modal';
import { ManifestUploadModal } from '../components/manifest-upload-modal';
import { PackageRunsTable } from '../components/package-runs';
import { useFlightActions, type FlightModalKind } from '../components/use-flight-actions';
import { hasPallets } from '../model/flight-access';

const t = az.flightsUi;
const BASE = '/@next/flights';
/** spec §9: the detail page's packages table shows 5 a page. */
const PACKAGES_PAGE_SIZE = 5;

function InfoCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ height: '100%' }} data-testid={testId}>
      <Descriptions size="small" column={1}>{children}</Descriptions>
    </Card>
  );
}

function FlightCards({ flight }: { flight: FlightDetail }) {
  const statsRows = useFlightStatsRows(flight.id);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={8}>
        <InfoCard title={t.general} testId="flight-card-general">
          <Descriptions.Item label={t.code}>{flight.id}</Descriptions.Item>
          <Descriptions.Item label={t.name}>{flight.name}</Descriptions.Item>
          <Descriptions.Item label={t.provider}><ProviderTag provider={flight.trendyol} /></Descriptions.Item>
          <Descriptions.Item label={t.country}>{flight.country_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t.status}><FlightStatusTag flight={flight} /></Descriptions.Item>
          <Descriptions.Item label={t.airwaybill}><span data-testid="flight-airwaybill">{flight.airwaybill || '—'}</span></Descriptions.Item>
          <Descriptions.Item label={t.startedAt}>{formatDate(flight.start_date)}</Descriptions.Item>
          <Descriptions.Item label={t.endedAt}>{formatDate(flight.end_date)}</Descriptions.Item>
          <Descriptions.Item label={t.closedAt}>{formatDateTime(flight.closed_at)}</Descriptions.Item>
          <Descriptions.Item label={t.thisMonth}>{flight.this_month ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t.createdAt}>{formatDateTime(flight.created_at)}</Descriptions.Item>
        </InfoCard>
      </Col>
      <Col xs={24} lg={8}>
        <InfoCard title={t.parcels} testId="flight-card-parcels">
          <Descriptions.Item label={t.count}><span data-testid="flight-count">{flight.count}</span></Descriptions.Item>
          <Descriptions.Item label={t.completion}><div style={{ width: 160 }}><CompletionCell completed={flight.finished} count={flight.count} /></div></Descriptions.Item>
          <Descriptions.Item label={t.declared}>{flight.declared}</Descriptions.Item>
          <Descriptions.Item label={t.undeclared}>{flight.undeclared}</Descriptions.Item>
          <Descriptions.Item label={t.dispatched}><span data-testid="flight-dispatched">{flight.dispatched}</span></Descriptions.Item>
          <Descriptions.Item label={t.bags}>{flight.bags}</Descriptions.Item>
          <Descriptions.Item label={t.weight}>{formatAmount(flight.weight)}</Descriptions.Item>
          <Descriptions.Item label={t.volume}><VolumeCell flightId={flight.id} initial={flight.volume_calculated ? flight.volume : null} /></Descriptions.Item>
          <Descriptions.Item label={t.packageRuns}>{flight.package_runs_executed} / {flight.package_runs}</Descriptions.Item>
        </InfoCard>
      </Col>
      <Col xs={24} lg={8}>
        <InfoCard title={t.money} testId="flight-card-money">
          <Descriptions.Item label={t.productPrice}>{formatAmount(flight.price, CURRENCY_SIGN.TRY)}</Descriptions.Item>
          <Descriptions.Item label={t.deliveryPrice}>{formatAmount(flight.delivery_price, CURRENCY_SIGN.USD)}</Descriptions.Item>
          {statsRows.map((row) => <Descriptions.Item key={row.key} label={row.label}>{row.children}</Descriptions.Item>)}
        </InfoCard>
      </Col>
    </Row>
  );
}

function PalletsCard({ flightId }: { flightId: number }) {
  const boxes = useFlightBoxes(flightId);
  return (
    <Card size="small" title={t.palletsTitle} data-testid="flight-pallets"
      extra={<Link to={`${BASE}/${flightId}/palets`}>{t.pallets}</Link>}>
      {boxes.isError ? <Typography.Text type="warning">{readErrorMessage(boxes.error)}</Typography.Text> : (
        <Table
          size="small"
          bordered
          rowKey="id"
          loading={boxes.isLoading}
          dataSource={boxes.data ?? []}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: az.table.empty }}
          columns={[
            { key: 'box', title: t.box, render: (_, r) => <Link to={`${BASE}/${flightId}/box/declarations?box_id=${r.id}`}>{r.box}</Link> },
            { key: 'count', title: t.totalCount, align: 'right', render: (_, r) => r.total_count },
            { key: 'weight', title: t.totalWeight, align: 'right', render: (_, r) => formatAmount(r.total_weight) },
          ]}
        />
      )}
    </Card>
  );
}

/** flights/{id} (spec §2): info cards, the package runs (5 a page) and, for Trendyol flights, pallets. */
export function FlightDetailsPage() {
  const flightId = useFlightIdParam();
  const flight = useFlightDetail(flightId);
  const navigate = useNavigate();
  const [modal, setModal] = useState<FlightModalKind | null>(null);
  const [closeType, setCloseType] = useState<FlightCloseType>('with-dispatch');
  const actions = useFlightActions((kind) => setModal(kind));

  if (flight.isLoading) return <FlightPageSkeleton />;
  // A failed refetch keeps the page it had (and any dialog on it, e.g. a package run's result); only a page never loaded shows the error.
  if (!flight.data) return <FlightLoadError error={flight.error} onRetry={() => void flight.refetch()} />;
  const data = flight.data;
  const closeModal = () => setModal(null);

  return (
    <Flex vertical gap={12} data-testid="flight-details">
      <FlightPageCard
        title={fill(t.detailsTitle, { NAME: data.name })}
        flight={data}
        extra={
          <>
            <Button icon={<UnorderedListOutlined />} onClick={() => actions.run('declarations', data)}>{t.declarations}</Button>
            <Button icon={<AppstoreOutlined />} onClick={() => actions.run('packages', data)}>{t.packages}</Button>
            <Button icon={<SendOutlined />} onClick={() => actions.run('airWaybills', data)}>{t.airWaybills}</Button>
            {data.can.close && (
              <Button type="primary" danger icon={<CarryOutOutlined />} onClick={() => setModal('close')} data-testid="flight-close">{t.close}</Button>
            )}
            <FlightActionsButton flight={data} onAction={actions.run} onFile={(kind, f) => void actions.downloadFile(kind, f)} />
          </>
        }
      >
        <FlightCards flight={data} />
      </FlightPageCard>
      <Card size="small" title={t.packageRuns} data-testid="flight-package-runs"
        extra={data.package_runs === 0 ? <Typography.Text type="secondary">{t.noRuns}</Typography.Text> : <Link to={`${BASE}/${flightId}/packages`}>{t.packages}</Link>}>
        <PackageRunsTable flightId={flightId} tableId="flight-packages" pageSize={PACKAGES_PAGE_SIZE} />
      </Card>
      {(data.can.pallets || hasPallets({ statusId: data.state_id, provider: data.trendyol })) && <PalletsCard flightId={flightId} />}
      {actions.holder}
      {modal === 'close' && (
        <CloseFlightModal flightId={flightId} type={closeType} onTypeChange={setCloseType} onClose={closeModal}
          onOpenPackages={() => void navigate(`${BASE}/${flightId}/packages`)} />
      )}
      {modal === 'airwaybill' && <AirwaybillModal flightId={flightId} onClose={closeModal} />}
      {modal === 'currentMonth' && <CurrentMonthModal flightId={flightId} onClose={closeModal} />}
      {modal === 'manifest' && <ManifestUploadModal flightId={flightId} onClose={closeModal} />}
    </Flex>
  );
}
