import { ArrowLeftOutlined, BarcodeOutlined } from '@ant-design/icons';
import type { SortingListItem } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Button, Card, Flex, Result, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useFlightDetail } from '../../flights/api';
import { fetchNonSortedPage, sortingKeys } from '../api';
import { buildSortingColumns } from '../components/sorting-columns';

const t = az.sortingUi;
const BY_TRACK: TableSort = { column: 'track_code', order: 'asc' };

/** sorting/{flightId}/non-sorted-declarations: the flight's parcels nobody has scanned at the sorting line yet. */
export function NonSortedPage() {
  const text = useParams().flightId ?? '';
  const flightId = /^\d+$/.test(text) ? Number(text) : 0;
  const flight = useFlightDetail(flightId);
  const fetchPage = useMemo(() => fetchNonSortedPage(flightId), [flightId]);
  const columns = useMemo(() => buildSortingColumns().filter((c) => c.key !== 'sorted_at'), []);
  if (!flightId) return <Card><Result status="404" title={az.errors.pageError} subTitle={az.errors.notFound} /></Card>;
  const name = flight.data?.name ?? `#${flightId}`;
  return (
    <Card size="small" styles={{ body: { padding: 12 } }} data-testid="non-sorted-page">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Link to={`/@next/flights/${flightId}`} aria-label={az.flightsUi.back}><Button type="text" icon={<ArrowLeftOutlined />} /></Link>
          <Typography.Title level={4} style={{ margin: 0 }}>{fill(t.nonSortedTitle, { NAME: name })}</Typography.Title>
        </Space>
        <Link to={`/@next/sorting?flight_id=${flightId}`}><Button type="primary" icon={<BarcodeOutlined />}>{t.title}</Button></Link>
      </Flex>
      {flight.isError && <Typography.Text type="warning">{readErrorMessage(flight.error)}</Typography.Text>}
      <DataTable<SortingListItem>
        tableId="non-sorted"
        columns={columns}
        queryKey={sortingKeys.nonSorted(flightId)}
        fetchPage={fetchPage}
        rowKey={(r) => r.id}
        defaultSort={BY_TRACK}
        isSelectable={false}
      />
    </Card>
  );
}
