import { az } from '@app/contract/texts/az';
import { Button, Card, Result, Table, Typography } from 'antd';
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

/** statistics/status/declaration-counts: declarations per status, each linking to the filtered list. */
export function DeclarationCountsPage() {
  const counts = useStatusCounts(true);
  if (counts.error) return <Result status="warning" title={az.errors.pageError} subTitle={readErrorMessage(counts.error)} extra={<Button onClick={() => void counts.refetch()}>{az.app.retry}</Button>} />;
  return (
    <Card size="small">
      <Typography.Title level={4} style={{ marginTop: 0 }}>{WT.countsByStatus}</Typography.Title>
      <Table size="small" loading={counts.isLoading} rowKey="state_id" pagination={false} dataSource={counts.data?.data ?? []}
        columns={[
          { dataIndex: 'state_id', title: 'ID', width: 75 },
          { dataIndex: 'name', title: az.declarations.status, render: (name: string, r) => <Link to={`/@next/declarations?state_id=${r.state_id}&created=all`}>{name}</Link> },
          { dataIndex: 'count', title: '#', align: 'right' },
        ]}
        summary={() => <Table.Summary.Row><Table.Summary.Cell index={0} /><Table.Summary.Cell index={1}><strong>Cəmi</strong></Table.Summary.Cell><Table.Summary.Cell index={2} align="right"><strong>{counts.data?.total ?? 0}</strong></Table.Summary.Cell></Table.Summary.Row>}
      />
    </Card>
  );
}
