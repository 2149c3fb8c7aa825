import { az, fill } from '@app/contract/texts/az';
import { Alert, Card, Flex, Table, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { SearchSelect } from '../../../shared/form/search-select';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useFlightBoxes, useFlightDetail, useFlightOptions } from '../api';
import { FlightLoadError, FlightPageCard, FlightPageSkeleton, useFlightIdParam } from '../components/flight-page';
import { hasPallets } from '../model/flight-access';

const t = az.flightsUi;
const BASE = '/@next/flights';

/** flights/{id}/palets with an unknown flight: pick the flight first. */
function PalletFlightPicker() {
  const navigate = useNavigate();
  const options = useFlightOptions();
  return (
    <Card size="small" title={t.palletsTitle} data-testid="pallets-picker">
      <Flex vertical gap={8} style={{ maxWidth: 420 }}>
        <Typography.Text type="secondary">{t.palletsChooseHint}</Typography.Text>
        <SearchSelect
          autoFocus
          options={options.data ?? []}
          loading={options.isLoading}
          placeholder={t.chooseFlight}
          onChange={(value) => value !== undefined && void navigate(`${BASE}/${String(value)}/palets`)}
        />
        {options.isError && <Alert type="warning" showIcon title={readErrorMessage(options.error)} />}
      </Flex>
    </Card>
  );
}

function FlightPallets({ flightId }: { flightId: number }) {
  const flight = useFlightDetail(flightId);
  const boxes = useFlightBoxes(flightId);
  if (flight.isLoading) return <FlightPageSkeleton />;
  // A failed refetch keeps the page it had (and any dialog on it, e.g. a package run's result); only a page never loaded shows the error.
  if (!flight.data) return <FlightLoadError error={flight.error} onRetry={() => void flight.refetch()} />;
  const data = flight.data;
  const isTrendyol = data.can.pallets || hasPallets({ statusId: data.state_id, provider: data.trendyol });
  return (
    <FlightPageCard title={`${t.palletsTitle}: ${data.name}`} flight={data} backTo={`${BASE}/${flightId}`} testId="flight-pallets-page">
      {!isTrendyol && <Alert type="info" showIcon title={t.palletsOnlyTrendyol} style={{ marginBottom: 8 }} />}
      {boxes.isError ? <Alert type="warning" showIcon title={readErrorMessage(boxes.error)} /> : (
        <Table
          size="small"
          bordered
          rowKey="id"
          loading={boxes.isLoading}
          dataSource={boxes.data ?? []}
          locale={{ emptyText: az.table.empty }}
          pagination={{ pageSize: 25, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { key: 'box', title: t.box, render: (_, r) => <Link to={`${BASE}/${flightId}/box/declarations?box_id=${r.id}`}>{r.box}</Link> },
            { key: 'count', title: t.totalCount, align: 'right', render: (_, r) => r.total_count },
            { key: 'weight', title: t.totalWeight, align: 'right', render: (_, r) => formatAmount(r.total_weight) },
          ]}
          summary={(rows) => rows.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}><b>{fill(az.table.total, { N: rows.length })}</b></Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right"><b>{rows.reduce((s, r) => s + r.total_count, 0)}</b></Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right"><b>{formatAmount(rows.reduce((s, r) => s + Number(r.total_weight), 0))}</b></Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null}
        />
      )}
    </FlightPageCard>
  );
}

/** flights/{id}/palets and flights/:unknown/palets (spec §2). */
export function FlightPalletsPage() {
  const flightId = useFlightIdParam();
  return flightId > 0 ? <FlightPallets flightId={flightId} /> : <PalletFlightPicker />;
}
