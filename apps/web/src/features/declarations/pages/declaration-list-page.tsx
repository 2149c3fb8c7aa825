import { DECLARATION_STATUS } from '@app/contract/statuses';
import type { DeclarationListRow } from '@app/contract/declarations';
import { az } from '@app/contract/texts/az';
import { Card, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { declarationKeys, fetchDeclarationPage, useBranches, useDeclarationStatuses, useProductTypes } from '../api';
import { buildDeclarationColumns } from '../components/declaration-columns';
import { SelectionSummary } from '../components/selection-summary';

const DEFAULT_SORT: TableSort = { column: 'created_at', order: 'desc' };

export function DeclarationListPage() {
  const navigate = useNavigate();
  const statuses = useDeclarationStatuses();
  const productTypes = useProductTypes();
  const branches = useBranches();

  const columns = useMemo(
    () =>
      buildDeclarationColumns({
        statuses: statuses.data ?? [],
        productTypes: productTypes.data ?? [],
        branches: branches.data ?? [],
        isLoading: statuses.isLoading || productTypes.isLoading || branches.isLoading,
      }),
    [statuses.data, productTypes.data, branches.data, statuses.isLoading, productTypes.isLoading, branches.isLoading],
  );

  // spec §2: a double-click opens edit while the declaration awaits its declaration (5), details otherwise.
  const openDeclaration = (row: DeclarationListRow) => {
    const path = row.status.id === DECLARATION_STATUS.awaiting ? `${row.id}/update` : String(row.id);
    void navigate(`/@next/declarations/${path}`);
  };

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>
        {az.declarations.title}
      </Typography.Title>
      <DataTable<DeclarationListRow>
        tableId="declarations"
        columns={columns}
        queryKey={declarationKeys.list}
        fetchPage={fetchDeclarationPage}
        rowKey={(row) => row.id}
        defaultSort={DEFAULT_SORT}
        onRowDoubleClick={openDeclaration}
        toolbar={({ selectedRows }) => <SelectionSummary rows={selectedRows} />}
      />
    </Card>
  );
}
