import { az } from '@app/contract/texts/az';
import type { UserListRow } from '@app/contract/users';
import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import type { SelectOption } from '../../../shared/form/search-select';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import { UserHoverCard } from './user-hover-card';
import { PhoneLink } from './user-phone-link';

function orDash(value: string | number | null | undefined) {
  return value === null || value === undefined || value === '' ? '—' : value;
}

export const GENDER_OPTIONS: SelectOption[] = [
  { value: 'male', label: az.users.male },
  { value: 'female', label: az.users.female },
];

export function describeGender(gender: string | null): string {
  if (gender === 'male') return az.users.male;
  if (gender === 'female') return az.users.female;
  return '—';
}

export interface UserColumnLookups {
  userTypes: SelectOption[];
  parcelStatuses: SelectOption[];
  branches: SelectOption[];
  isLoading: boolean;
  /** users/{role}: the role is fixed by the route, so the user-type filter is not offered. */
  hasFixedRole: boolean;
  renderActions: (row: UserListRow) => ReactNode;
}

/** spec §2 "Users" table columns, each with the filter client/list supports. */
export function buildUserColumns(lookups: UserColumnLookups): DataTableColumn<UserListRow>[] {
  const t = az.users;
  const columns: DataTableColumn<UserListRow>[] = [
    { key: 'actions', title: '', width: 48, isAlwaysVisible: true, align: 'center', render: lookups.renderActions },
    { key: 'code', title: t.code, width: 'small', isAlwaysVisible: true, sortColumn: 'code',
      render: (row) => <Link to={`/@next/users/${row.id}`}>{orDash(row.code ?? `#${row.id}`)}</Link>, filter: { kind: 'text', param: 'code' } },
    { key: 'name', title: t.fullName, width: 'large', isAlwaysVisible: true, sortColumn: 'name',
      render: (row) => (
        <Space size={4}>
          <UserHoverCard userId={row.id}>
            <Link to={`/@next/users/${row.id}`}>{`${row.name} ${row.surname}`}</Link>
          </UserHoverCard>
          {row.blocked === 1 && <Tag color="red">{t.blocked}</Tag>}
          {row.admin > 0 && <Tag color="blue">{t.roles[row.admin]}</Tag>}
        </Space>
      ),
      filter: { kind: 'text', param: 'name' } },
    { key: 'email', title: t.email, width: 'large', sortColumn: 'email', render: (row) => orDash(row.email), filter: { kind: 'text', param: 'email' } },
    { key: 'phone', title: t.phone, width: 180, sortColumn: 'phone', render: (row) => <PhoneLink phone={row.number} />,
      filter: { kind: 'text', param: 'phone' } },
    { key: 'gender', title: t.gender, width: 'small', sortColumn: 'gender', render: (row) => describeGender(row.gender),
      filter: { kind: 'select', param: 'gender', options: GENDER_OPTIONS } },
    { key: 'birth_date', title: t.birthDate, width: 'date', sortColumn: 'birth_date', render: (row) => formatDate(row.birth_date) },
    { key: 'balance_try', title: t.balanceTry, width: 'small', sortColumn: 'balance_try', align: 'right',
      render: (row) => formatAmount(row.balance_try, '₺') },
    { key: 'balance_usd', title: t.balanceUsd, width: 'small', sortColumn: 'balance_usd', align: 'right',
      render: (row) => formatAmount(row.balance_usd, '$') },
    { key: 'passport_number', title: t.passportNumber, width: 'normal', sortColumn: 'passport_number',
      render: (row) => orDash(row.passport_number), filter: { kind: 'text', param: 'passport' } },
    { key: 'fin', title: t.fin, width: 'small', sortColumn: 'fin', render: (row) => orDash(row.passport_secret), filter: { kind: 'text', param: 'fin' } },
    { key: 'company', title: t.company, width: 'normal', sortColumn: 'company_id', render: (row) => orDash(row.admin_company_name) },
    { key: 'branch', title: t.branch, width: 'normal', sortColumn: 'branch_id', render: (row) => orDash(row.branch_name),
      filter: { kind: 'select', param: 'branch_id', options: lookups.branches, isMulti: true, isLoading: lookups.isLoading } },
    // registration date (office days; the statistics' new customers link here with their range)
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at', render: (row) => formatDateTime(row.created_at),
      filter: { kind: 'date-range', param: 'created_at', fromParam: 'date_from', toParam: 'date_to', defaultPreset: 'all' } },
    { key: 'parcel_status', title: t.parcelStatus, isFilterOnly: true, render: () => null,
      filter: { kind: 'select', param: 'state_id', options: lookups.parcelStatuses, isMulti: true, isLoading: lookups.isLoading } },
  ];
  if (!lookups.hasFixedRole) {
    columns.push({ key: 'user_type', title: t.userType, isFilterOnly: true, render: () => null,
      filter: { kind: 'select', param: 'admin', options: lookups.userTypes } });
  }
  return columns;
}
