import { ORDER_STATUS_COLORS, orderCurrencySymbol, type OrderRow } from '@app/contract/orders';
import { azOrdersList as t } from '@app/contract/texts/az-orders';
import { fill } from '@app/contract/texts/az';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import type { SelectOption } from '../../../shared/form/search-select';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import { rangeParams } from '../model/order-query';

export interface OrderColumnLookups {
  statuses: SelectOption[];
  countries: SelectOption[];
  isLoading: boolean;
  renderActions: (row: OrderRow) => ReactNode;
}

const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);

/** Unread orders (is_new 1) are bold, as in the other inbox-like lists. */
const strong = (row: OrderRow, content: ReactNode) => (row.is_new === 1 ? <b>{content}</b> : content);

/** The host of a shop link, for when the order names no shop. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Only http(s) links open (a stored `javascript:` text must never run). */
export function isOpenableLink(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * spec §2 "Orders" columns, each with the filter of api-requests-in-use.tsv (user_id, user_name,
 * country_id, track_code, shop_name, state_id, payed, executive, waiting, created_at) and the sorts
 * the list call takes.
 */
export function buildOrderColumns(lookups: OrderColumnLookups): DataTableColumn<OrderRow>[] {
  return [
    { key: 'actions', title: '', width: 'actions', isAlwaysVisible: true, align: 'center', render: lookups.renderActions },
    { key: 'user_code', title: t.customerCode, width: 'small', isAlwaysVisible: true, sortColumn: 'user_id',
      render: (row) => strong(row, orDash(row.user_code)), filter: { kind: 'text', param: 'user_id' } },
    { key: 'user_name', title: t.customer, width: 'large',
      render: (row) => <Link to={`/@next/users/${row.user_id}`}>{strong(row, row.user_name || `#${row.user_id}`)}</Link>,
      filter: { kind: 'text', param: 'user_name' } },
    { key: 'country', title: t.country, width: 'small', render: (row) => strong(row, orDash(row.country_name)),
      filter: { kind: 'select', param: 'country_id', options: lookups.countries, isMulti: true, isLoading: lookups.isLoading } },
    { key: 'track_code', title: t.trackCode, width: 'normal', render: (row) => strong(row, orDash(row.track_code)),
      filter: { kind: 'text', param: 'track_code' } },
    { key: 'price', title: t.productPrice, width: 'small', align: 'right', sortColumn: 'price',
      // spec §9: ₺ for Turkey's orders, $ for the others
      render: (row) => strong(row, <span data-testid={`order-price-${row.id}`}>{formatAmount(row.price, orderCurrencySymbol(row.country_id))}</span>) },
    { key: 'cargo_price', title: t.cargoPrice, width: 'small', align: 'right', sortColumn: 'cargo_price',
      render: (row) => (
        <span title={row.diff_cargo_price ? fill(t.debtHint, { AMOUNT: formatAmount(row.diff_cargo_price, orderCurrencySymbol(row.country_id)) }) : undefined}>
          {strong(row, formatAmount(row.cargo_price, orderCurrencySymbol(row.country_id)))}
          {row.diff_cargo_price > 0 && <Typography.Text type="danger"> +{formatAmount(row.diff_cargo_price)}</Typography.Text>}
        </span>
      ) },
    { key: 'link', title: t.link, width: 'normal',
      render: (row) => (isOpenableLink(row.url)
        ? <a href={row.url} target="_blank" rel="noopener noreferrer" title={t.openLink} onDoubleClick={(event) => event.stopPropagation()}>{row.shop_name || hostOf(row.url)}</a>
        : orDash(row.shop_name)),
      filter: { kind: 'text', param: 'shop_name' } },
    { key: 'payed', title: t.paid, width: 120,
      render: (row) => (row.payed === 1 ? <Tag color="green">{t.paidYes}</Tag> : <Tag>{t.paidNo}</Tag>),
      filter: { kind: 'boolean', param: 'payed' } },
    { key: 'quantity', title: t.quantity, width: 'smaller', align: 'right', sortColumn: 'quantity', render: (row) => strong(row, row.quantity) },
    { key: 'status', title: t.status, width: 'normal', sortColumn: 'state_id',
      render: (row) => <Tag color={ORDER_STATUS_COLORS[row.state_id] ?? 'default'} data-testid={`order-status-${row.id}`}>{row.state_name}</Tag>,
      filter: { kind: 'select', param: 'state_id', options: lookups.statuses, isMulti: true, isLoading: lookups.isLoading } },
    { key: 'executive', title: t.editor, width: 'normal', render: (row) => strong(row, orDash(row.executive)),
      filter: { kind: 'text', param: 'executive' } },
    { key: 'waiting', title: t.expectedDate, width: 'date', sortColumn: 'waiting',
      render: (row) => strong(row, row.waiting ? formatDateTime(row.waiting) : '—'),
      filter: { kind: 'date-range', param: 'waiting', ...rangeParams('waiting'), defaultPreset: 'all' } },
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at',
      render: (row) => strong(row, formatDateTime(row.created_at)),
      filter: { kind: 'date-range', param: 'created_at', ...rangeParams('created_at') } },
    // exact ids the list call takes (contract ZOrderListFilters) for links into the list: the orders of
    // one executor (statistics by admin) or one customer; their editors sit in the toolbar
    { key: 'executive_id', title: t.executiveId, isFilterOnly: true, render: () => null,
      filter: { kind: 'number', param: 'executive_id', isInteger: true } },
    { key: 'customer_id', title: t.customerId, isFilterOnly: true, render: () => null,
      filter: { kind: 'number', param: 'customer_id', isInteger: true } },
  ];
}
