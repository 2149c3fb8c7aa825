import { az } from '@app/contract/texts/az';
import type { BoxTransfer } from '@app/contract/declaration-workflow';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { http } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';

const W = az.warehouse;
const PATHS: Record<string, { path: string; param: string }> = {
  branch: { path: '/api/admin/containers/containers-transfers', param: 'branch_id' },
  container: { path: '/api/admin/containers/containers-transfers/by-container', param: 'container_id' },
  declaration: { path: '/api/admin/containers/containers-transfers/by-declaration', param: 'declaration_id' },
};

/** box-transfers and box-transfers/{id}/{type} (type: declaration, container, branch): the transfer log. */
export function BoxTransfersPage() {
  const { id, type } = useParams();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const target = type ? PATHS[type] : undefined;
  const query = useQuery({
    queryKey: ['warehouse', 'transfers', type ?? 'all', id ?? '', page, perPage],
    queryFn: ({ signal }) => http.get<{ data: BoxTransfer[]; meta: { total: number } }>(
      target?.path ?? PATHS.branch!.path, { ...(target ? { [target.param]: id } : {}), page, per_page: perPage }, signal),
  });
  const title = type ? `${W.transfersOf[type] ?? W.transferLogs} #${id}` : W.transferLogs;
  return (
    <Card title={title}>
      {query.isError ? <Alert type="warning" showIcon message={readErrorMessage(query.error)} /> : null}
      <Table<BoxTransfer>
        rowKey="id" size="small" loading={query.isLoading} dataSource={query.data?.data ?? []}
        pagination={{ current: page, pageSize: perPage, total: query.data?.meta.total ?? 0, pageSizeOptions: [5, 10, 15, 25, 50], showSizeChanger: true, onChange: (p, s) => { setPage(p); setPerPage(s); } }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 75 },
          { title: W.declaration, key: 'd', render: (_, r) => <Link to={`/@next/declarations/${r.declaration.id}`}>{r.declaration.trackCode}</Link> },
          { title: W.fromBox, key: 'f', render: (_, r) => (r.fromContainer ? <Link to={`/@next/box-transfers/${r.fromContainer.id}/container`}>{r.fromContainer.name}</Link> : '—') },
          { title: W.toBox, key: 't', render: (_, r) => (r.toContainer ? <Link to={`/@next/box-transfers/${r.toContainer.id}/container`}>{r.toContainer.name}</Link> : '—') },
          { title: W.user, key: 'u', render: (_, r) => r.user?.name ?? '—' },
          { title: W.branch, key: 'b', render: (_, r) => r.branch?.name ?? '—' },
          { title: W.note, dataIndex: 'note', render: (v: string | null) => v ?? '—' },
          { title: W.createdAt, dataIndex: 'createdAt', width: 200 },
        ]}
      />
    </Card>
  );
}
