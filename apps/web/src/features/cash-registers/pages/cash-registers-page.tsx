import { CheckSquareOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { CashRegisterRow } from '@app/contract/cash-registers';
import { az } from '@app/contract/texts/az';
import { azCashRegisters } from '@app/contract/texts/az-cash-registers';
import { Button, Card, Typography } from 'antd';
import { Fragment, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { canDo } from '../../../shared/resource/permissions';
import { resourceKeys } from '../../../shared/resource/resource-api';
import { ResourceRowMenu, type RowMenuItem } from '../../../shared/resource/resource-row-menu';
import type { FormValues, ResourceDefinition } from '../../../shared/resource/types';
import { useDeleteConfirm } from '../../../shared/resource/use-delete-confirm';
import { useToast } from '../../../shared/toast/toast-provider';
import { exportCashRegisters, fetchCashRegisterPage } from '../api';
import { cashRegisterDefinition as def } from '../definitions';
import { registerTransactionsPath } from '../model/cash-register-model';

const tr = azCashRegisters.registers;
const anyDef = def as unknown as ResourceDefinition<{ id: number }, FormValues>;
const BASE = '/@next/cash-flow/cash-registers';

/**
 * spec §2 "Cash flow" cash registers: the table (code, name, balance with currency code, initial
 * amount, currency, date), toolbar New (cashboxes.cud), select all, refresh, reset, Export when
 * nothing is selected; row menu edit and delete (asked first); a double-click opens the register's
 * transactions. Create and edit open over the table (child routes).
 */
export function CashRegistersPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const { contextHolder, confirmDelete } = useDeleteConfirm(anyDef);
  const [isExporting, setExporting] = useState(false);
  const canCreate = canDo(user, def.permissions, 'create');
  const canUpdate = canDo(user, def.permissions, 'update');
  const canDelete = canDo(user, def.permissions, 'delete');

  const columns = useMemo<DataTableColumn<CashRegisterRow>[]>(() => {
    const menuItems = (row: CashRegisterRow): RowMenuItem[] => [
      { key: 'transactions', label: tr.openTransactions, onClick: () => void navigate(registerTransactionsPath(row.id)) },
      ...(canUpdate ? [{ key: 'edit', label: tr.edit, onClick: () => void navigate(`${BASE}/${row.id}/update`) }] : []),
      ...(canDelete ? [{ key: 'delete', label: tr.delete, isDanger: true, onClick: () => confirmDelete({ cashbox_id: row.id }, row.cashbox_name) }] : []),
    ];
    return [
      { key: 'actions', title: '', width: 'actions', isAlwaysVisible: true, align: 'center', render: (row) => <ResourceRowMenu rowId={row.id} items={menuItems(row)} /> },
      ...def.columns({ options: {}, isLoading: false }),
    ];
  }, [canUpdate, canDelete, navigate, confirmDelete]);

  const startExport = async (params: QueryParams) => {
    setExporting(true);
    try {
      await exportCashRegisters(params);
    } catch (error) {
      void toast.error(readErrorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Fragment key="delete-confirm">{contextHolder}</Fragment>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{tr.title}</Typography.Title>
      <DataTable<CashRegisterRow>
        tableId={def.id}
        columns={columns}
        queryKey={resourceKeys.list(def)}
        fetchPage={fetchCashRegisterPage}
        rowKey={(row) => row.id}
        defaultSort={def.defaultSort}
        onRowDoubleClick={(row) => void navigate(registerTransactionsPath(row.id))}
        toolbar={({ selectPage, selectedKeys, params }) => (
          <>
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${BASE}/create`)} data-testid="cash-registers-create">
                {tr.create}
              </Button>
            )}
            <Button icon={<CheckSquareOutlined />} onClick={selectPage}>{az.table.selectAll}</Button>
            {/* spec §2: the cash registers list has Export when nothing is selected */}
            {selectedKeys.length === 0 && (
              <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void startExport(params)} data-testid="cash-registers-export">
                {tr.export}
              </Button>
            )}
          </>
        )}
      />
      <Outlet />
    </Card>
  );
}
