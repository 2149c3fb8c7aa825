import type { CurrencyRow } from '@app/contract/settings';
import { az } from '@app/contract/texts/az';
import { Tag } from 'antd';
import { useMemo } from 'react';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import { fetchCurrencies, settingGroupKeys } from '../groups-api';

/** spec §2: the currencies list (no filters) with the official AZN rate and the bank's day it is from. */
export function CurrencyListPanel() {
  const columns = useMemo<DataTableColumn<CurrencyRow>[]>(() => [
    { key: 'id', title: 'ID', width: 'smaller', render: (row) => row.id, isAlwaysVisible: true },
    { key: 'currency_name', title: az.settingsUi.currencyName, render: (row) => row.currency_name },
    { key: 'currency_code', title: az.settingsUi.currencyCode, width: 'small', render: (row) => row.currency_code },
    { key: 'currency_rate', title: az.settingsUi.currencyRate, width: 'normal', align: 'right', render: (row) => row.currency_rate.toFixed(4) },
    {
      key: 'rate_date',
      title: az.settingsUi.rateDate,
      width: 'normal',
      render: (row) => row.rate_date ?? <Tag>{az.settingsUi.seededRate}</Tag>,
    },
  ], []);
  return (
    <DataTable<CurrencyRow>
      tableId="settings-currencies"
      columns={columns}
      queryKey={settingGroupKeys.currencies}
      fetchPage={(_params, signal) => fetchCurrencies(signal)}
      rowKey={(row) => row.id}
    />
  );
}
