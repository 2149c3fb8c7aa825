import { ZCurrencyEditForm, ZCurrencyForm, type CurrencyRow } from '@app/contract/settings';
import { az } from '@app/contract/texts/az';
import { Tag } from 'antd';
import type { ResourceDefinition } from '../../../shared/resource/types';
import { dateTime } from './render';

const t = az.settingsLists;
const f = t.f;

/** AZN per one unit, as the central bank gives it (4 decimals). */
export const formatRate = (rate: number) => rate.toFixed(4);
const rateDay = (row: CurrencyRow) => row.rate_date ?? <Tag>{az.settingsUi.seededRate}</Tag>;

/**
 * spec §2/§3: currencies — no filters; name, ISO code and the AZN rate (the central bank's rates
 * job replaces it once the bank publishes the code). The code is fixed once the currency exists.
 */
export const currenciesList: ResourceDefinition<CurrencyRow> = {
  id: 'currencies',
  path: 'currencies',
  title: t.lists.currencies,
  api: {
    list: '/api/client/currencies', info: '/api/admin/currencies/info', create: '/api/admin/currencies/create',
    update: '/api/admin/currencies/edit', key: 'currency_id',
  },
  permissions: { read: 'system_settings' },
  columns: () => [
    { key: 'id', title: f.id, width: 'smaller', render: (r) => r.id, isAlwaysVisible: true },
    { key: 'currency_name', title: f.currencyName, width: 'normal', render: (r) => r.currency_name },
    { key: 'currency_code', title: f.currencyCode, width: 'small', render: (r) => r.currency_code },
    { key: 'currency_rate', title: f.currencyRate, width: 'normal', align: 'right', render: (r) => formatRate(r.currency_rate) },
    { key: 'rate_date', title: f.rateDate, width: 'date', render: rateDay },
    { key: 'created_at', title: f.createdAt, width: 'date', render: (r) => dateTime(r.created_at), isHiddenByDefault: true },
  ],
  schema: { create: ZCurrencyForm, update: ZCurrencyEditForm },
  toValues: (row) => ({ currency_name: row.currency_name, currency_code: row.currency_code, currency_rate: formatRate(row.currency_rate) }),
  fields: [
    { name: 'currency_name', label: f.currencyName, kind: 'text', span: 24 },
    { name: 'currency_code', label: f.currencyCode, kind: 'text', placeholder: 'EUR', isDisabled: ({ mode }) => mode === 'update' },
    { name: 'currency_rate', label: f.currencyRate, kind: 'decimal', extra: t.currencyRateHint },
  ],
  details: () => [
    { label: f.currencyName, render: (r) => r.currency_name },
    { label: f.currencyCode, render: (r) => r.currency_code },
    { label: f.currencyRate, render: (r) => formatRate(r.currency_rate) },
    { label: f.rateDate, render: rateDay },
    { label: f.createdAt, render: (r) => dateTime(r.created_at) },
  ],
};
