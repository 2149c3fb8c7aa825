import { ArrowLeftOutlined } from '@ant-design/icons';
import { ORDER_STATUS_COLORS, type OrderRow } from '@app/contract/orders';
import { az } from '@app/contract/texts/az';
import { azOrdersList as t } from '@app/contract/texts/az-orders';
import { Button, Card, Result, Space, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useOrderCountries, useOrderCountsByStatus, useOrderStatuses, type OrderStatusCount } from '../api';
import { buildOrderColumns } from '../components/order-columns';
import { buildStatusListSearch } from '../model/order-query';
import { readOrderUrlFilters } from '../model/url-filters';

/**
 * statistics/status/order-counts (issue 18 item 8): orders per status under the list's filters (the
 * URL the list's button carried), each count linking to the list filtered by that status and the
 * same filters, and the total.
 */
export function OrderCountsPage() {
  const { search } = useLocation();
  const statuses = useOrderStatuses();
  const countries = useOrderCountries();
  const columns = useMemo(() => buildOrderColumns({
    statuses: statuses.data ?? [], countries: countries.data ?? [], isLoading: false, renderActions: (_row: OrderRow) => null,
  }), [statuses.data, countries.data]);
  const filters = useMemo(() => readOrderUrlFilters(new URLSearchParams(search), columns), [search, columns]);
  // the status filter is what the page splits by: every status is counted under the other filters
  const { state_id: _stateId, ...params } = filters.params;
  const counts = useOrderCountsByStatus(params);
  const descriptions = filters.descriptions.filter((text) => !text.startsWith(`${t.status}:`));

  if (counts.error) {
    return <Result status="warning" title={az.errors.pageError} subTitle={readErrorMessage(counts.error)} extra={<Button onClick={() => void counts.refetch()}>{az.app.retry}</Button>} />;
  }
  const rows = counts.data?.data ?? [];
  const total = counts.data?.total ?? rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Card size="small">
      <Space style={{ marginBottom: 8 }} wrap>
        <Link to={`/@next/orders${search}`}><Button icon={<ArrowLeftOutlined />}>{t.backToList}</Button></Link>
        <Typography.Title level={4} style={{ margin: 0 }}>{t.countsTitle}</Typography.Title>
      </Space>
      {descriptions.length > 0 && (
        <div style={{ marginBottom: 8 }} data-testid="order-counts-filters">
          {descriptions.map((text) => <Tag key={text}>{text}</Tag>)}
        </div>
      )}
      <Table<OrderStatusCount> size="small" bordered loading={counts.isFetching} rowKey="state_id" pagination={false} dataSource={rows}
        data-testid="order-counts-table" style={{ maxWidth: 640 }}
        columns={[
          { dataIndex: 'name', title: t.status,
            render: (name: string, row) => <Tag color={row.color || ORDER_STATUS_COLORS[row.state_id] || 'default'}>{name}</Tag> },
          { dataIndex: 'count', title: t.count, align: 'right', width: 140,
            render: (count: number, row) => (
              <Link to={`/@next/orders${buildStatusListSearch(search, row.state_id)}`} data-testid={`order-count-${row.state_id}`}>{count}</Link>
            ) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}><strong>{t.total}</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Link to={`/@next/orders${buildStatusListSearch(search, null)}`} data-testid="order-count-total"><strong>{total}</strong></Link>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
