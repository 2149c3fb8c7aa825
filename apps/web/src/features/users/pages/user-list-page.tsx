import { BarChartOutlined, CheckSquareOutlined, DownloadOutlined, PercentageOutlined, PlusOutlined, TrophyOutlined } from '@ant-design/icons';
import { ROLE, ROLE_NAMES, type RoleCode } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import { USER_TYPE_FILTERS, type UserListRow } from '@app/contract/users';
import { Button, Card, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { fetchUserPage, exportUsers, useParcelStatuses, useUserAppOptions, userKeys } from '../api';
import { buildUserColumns } from '../components/user-columns';
import { UserRowMenu } from '../components/user-row-menu';
import { useUserActions } from '../components/use-user-actions';
import { canSeeRole, hasPermission } from '../model/user-access';

const DEFAULT_SORT: TableSort = { column: 'id', order: 'desc' };
const EXPORT_TOAST_KEY = 'users-export';

/** spec §2 "Users": the table of every user, or of one role (users/admin, users/warehouseman, users/back_office). */
export function UserListPage({ role }: { role?: RoleCode }) {
  const { user: viewer } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const statuses = useParcelStatuses();
  const options = useUserAppOptions();
  const { contextHolder, confirmAction, confirmRole } = useUserActions();
  const [isExporting, setExporting] = useState(false);
  const base = role === undefined ? '/@next/users' : `/@next/users/${ROLE_NAMES[role]}`;

  const columns = useMemo(
    () =>
      buildUserColumns({
        // customers (0) besides the staff types: the statistics' new customers open the list filtered to them
        userTypes: [ROLE.client, ...USER_TYPE_FILTERS].filter((type) => canSeeRole(viewer, type)).map((type) => ({
          value: String(type),
          label: az.users.roles[type] ?? String(type),
        })),
        parcelStatuses: (statuses.data ?? []).map((option) => ({ ...option, value: String(option.value) })),
        branches: (options.data?.branches ?? []).map((branch) => ({ value: String(branch.id), label: branch.name })),
        isLoading: statuses.isLoading || options.isLoading,
        hasFixedRole: role !== undefined,
        renderActions: (row: UserListRow) => (
          <UserRowMenu
            row={row}
            onRole={confirmRole}
            onAction={confirmAction}
            onPermissions={(target) => void navigate(`${base}/${target.id}/update/permissions`)}
          />
        ),
      }),
    [viewer, statuses.data, statuses.isLoading, options.data, options.isLoading, role, confirmRole, confirmAction, navigate, base],
  );

  // The role of users/{role} is part of every call, so the table keeps it apart in its cache.
  const fetchPage = useMemo(
    () => (params: QueryParams, signal: AbortSignal) => fetchUserPage(role === undefined ? params : { ...params, admin: role }, signal),
    [role],
  );

  const startExport = async (params: QueryParams) => {
    setExporting(true);
    void toast.loading({ content: az.usersUi.exportPreparing, key: EXPORT_TOAST_KEY, duration: 0 });
    try {
      await exportUsers(role === undefined ? params : { ...params, admin: role });
      void toast.success({ content: az.usersUi.exportDownloading, key: EXPORT_TOAST_KEY });
    } catch (error) {
      void toast.error({ content: readErrorMessage(error), key: EXPORT_TOAST_KEY });
    } finally {
      setExporting(false);
    }
  };

  const title = role === undefined ? az.users.title : `${az.users.title}: ${az.usersUi.roleLists[ROLE_NAMES[role]]}`;

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      {contextHolder}
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>
        {title}
      </Typography.Title>
      <DataTable<UserListRow>
        tableId="users"
        columns={columns}
        queryKey={[...userKeys.list, role ?? 'all']}
        fetchPage={fetchPage}
        rowKey={(row) => row.id}
        defaultSort={DEFAULT_SORT}
        onRowDoubleClick={(row) => void navigate(`/@next/users/${row.id}`)}
        toolbar={({ selectPage, params }) => (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${base}/create`)} data-testid="users-create">
              {az.users.create}
            </Button>
            <Button icon={<CheckSquareOutlined />} onClick={selectPage}>
              {az.table.selectAll}
            </Button>
            {hasPermission(viewer, 'user_edit') && (
              <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void startExport(params)}>
                {az.users.export}
              </Button>
            )}
            <Link to="/@next/statistics/qizil-onluq">
              <Button icon={<TrophyOutlined />}>{az.users.goldenTen}</Button>
            </Link>
            <Link to="/@next/statistics/users/general">
              <Button icon={<BarChartOutlined />}>{az.users.generalStatistics}</Button>
            </Link>
            <Link to="/@next/users/discounts">
              <Button icon={<PercentageOutlined />}>{az.users.discountedCustomers}</Button>
            </Link>
          </>
        )}
      />
      <Outlet />
    </Card>
  );
}
