import { DownloadOutlined } from '@ant-design/icons';
import { COUNTRY } from '@app/contract/countries';
import { az } from '@app/contract/texts/az';
import type { UserDiscountListRow } from '@app/contract/users';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { exportDiscounts, fetchDiscountPage, userKeys } from '../api';
import { hasPermission } from '../model/user-access';

const DEFAULT_SORT: TableSort = { column: 'user_discount_id', order: 'desc' };
const EXPORT_TOAST_KEY = 'discounts-export';
const COUNTRY_OPTIONS = [COUNTRY.turkey, COUNTRY.america].map((id) => ({ value: String(id), label: az.countries[id] ?? String(id) }));

const t = az.users;
const COLUMNS: DataTableColumn<UserDiscountListRow>[] = [
  { key: 'user', title: az.usersUi.customer, width: 'large', isAlwaysVisible: true, filter: { kind: 'text', param: 'user_name' },
    render: (row) => <Link to={`/@next/users/${row.id}`}>{`${row.code ?? ''} ${row.user_name}`.trim()}</Link> },
  { key: 'country', title: t.discountCountry, width: 'small', sortColumn: 'country_id', filter: { kind: 'select', param: 'country_id', options: COUNTRY_OPTIONS },
    render: (row) => row.country_name ?? az.countries[row.country_id] ?? row.country_id },
  { key: 'discount', title: t.discount, width: 'small', sortColumn: 'discount', align: 'right', render: (row) => `${formatAmount(row.discount)} %` },
  { key: 'discount_date', title: t.discountDate, width: 'date', sortColumn: 'discount_date', render: (row) => formatDate(row.discount_date) },
  { key: 'descr', title: t.discountDescr, width: 'large', render: (row) => row.descr ?? '—' },
  { key: 'causer', title: t.discountCauser, width: 'normal', render: (row) => row.causer_name ?? '—' },
  { key: 'created_at', title: az.usersUi.createdAt, width: 'date', sortColumn: 'created_at', render: (row) => formatDateTime(row.discount_created_at) },
];

/** spec §2: the discounted customers, with Export. */
export function UserDiscountsPage() {
  const { user: viewer } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [isExporting, setExporting] = useState(false);

  const startExport = async (params: QueryParams) => {
    setExporting(true);
    void toast.loading({ content: az.usersUi.exportPreparing, key: EXPORT_TOAST_KEY, duration: 0 });
    try {
      await exportDiscounts(params);
      void toast.success({ content: az.usersUi.exportDownloading, key: EXPORT_TOAST_KEY });
    } catch (error) {
      void toast.error({ content: readErrorMessage(error), key: EXPORT_TOAST_KEY });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>
        {az.usersUi.discountsTitle}
      </Typography.Title>
      <DataTable<UserDiscountListRow>
        tableId="user-discounts"
        columns={COLUMNS}
        queryKey={userKeys.discounts}
        fetchPage={fetchDiscountPage}
        rowKey={(row) => row.user_discount_id}
        defaultSort={DEFAULT_SORT}
        isSelectable={false}
        onRowDoubleClick={(row) => void navigate(`/@next/users/${row.id}`)}
        toolbar={({ params }) =>
          hasPermission(viewer, 'user_edit') && (
            <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void startExport(params)}>
              {t.export}
            </Button>
          )
        }
      />
    </Card>
  );
}
