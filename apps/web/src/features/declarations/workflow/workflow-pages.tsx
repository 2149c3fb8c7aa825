import { ArrowLeftOutlined } from '@ant-design/icons';
import type { StatusCount } from '@app/contract/declaration-workflow';
import { az } from '@app/contract/texts/az';
import { Button, Card, Result, Space, Table, Tag, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useTariffCategories } from '../api';
import { BulkHandoverModal } from './handover-modal';
import { useStatusCounts } from './workflow-api';

const WT = az.declarationWorkflow;

/** declarations/bulk-handover over the table (spec §2 modal routes). */
export function BulkHandoverRoute() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const plans = useTariffCategories();
  const close = () => void navigate({ pathname: '/@next/declarations', search }, { replace: true });
  return <BulkHandoverModal plans={(plans.data ?? []).map((p) => ({ value: p.id, label: p.name }))} onClose={close} />;
}

/** The declarations list with a status (null: every status) over all time, as the counts page counts (not deleted, any date). */
export function declarationCountLink(stateId: number | null): string {
  const params = new URLSearchParams();
  if (stateId !== null) params.set('state_id', String(stateId));
  params.set('created', 'all');
  return `/@next/declarations?${params.toString()}`;
}

/**
 * statistics/status/declaration-counts (H6 #8, the twin of statistics/status/order-counts): the
 * declarations (not deleted) per status over all time, the range shown as a tag; each status and
 * its count open the declarations list with that status and the same range ('Bütün dövr'), the
 * total the list of every status.
 */
export function DeclarationCountsPage() {
  const counts = useStatusCounts(true);
  if (counts.error) return <Result status="warning" title={az.errors.pageError} subTitle={readErrorMessage(counts.error)} extra={<Button onClick={() => void counts.refetch()}>{az.app.retry}</Button>} />;
  const rows = counts.data?.data ?? [];
  const total = counts.data?.total ?? rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Card size="small">
      <Space style={{ marginBottom: 8 }} wrap>
        <Link to="/@next/declarations"><Button icon={<ArrowLeftOutlined />}>{WT.backToDeclarations}</Button></Link>
        <Typography.Title level={4} style={{ margin: 0 }}>{WT.countsTitle}</Typography.Title>
      </Space>
      <div style={{ marginBottom: 8 }} data-testid="declaration-counts-filters">
        <Tag>{`${az.declarations.createdAt}: ${az.table.allTime}`}</Tag>
      </div>
      <Table<StatusCount> size="small" bordered loading={counts.isFetching} rowKey="state_id" pagination={false} dataSource={rows}
        data-testid="declaration-counts-table" style={{ maxWidth: 640 }}
        columns={[
          { dataIndex: 'name', title: az.declarations.status, render: (name: string, row) => <Link to={declarationCountLink(row.state_id)}>{name}</Link> },
          { dataIndex: 'count', title: WT.countsColumn, align: 'right', width: 140,
            render: (count: number, row) => <Link to={declarationCountLink(row.state_id)} data-testid={`declaration-count-${row.state_id}`}>{count}</Link> },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}><strong>{WT.countsTotal}</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Link to={declarationCountLink(null)} data-testid="declaration-count-total"><strong>{total}</strong></Link>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
