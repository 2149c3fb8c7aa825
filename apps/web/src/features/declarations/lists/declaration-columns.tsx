import { productPriceSign, CURRENCY_SIGN, COUNTRY } from '@app/contract/countries';
import type { DeclarationListRow } from '@app/contract/declarations';
import { az } from '@app/contract/texts/az';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { SelectOption } from '../../../shared/form/search-select';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';

/** spec §3: declaration type 1 liquid, 2 other. */
export const COMPOSITION_OPTIONS: SelectOption[] = [
  { value: 1, label: az.declarations.liquid },
  { value: 2, label: az.declarations.other },
];

const COUNTRY_OPTIONS: SelectOption[] = [
  { value: COUNTRY.turkey, label: az.countries[COUNTRY.turkey] ?? '' },
  { value: COUNTRY.america, label: az.countries[COUNTRY.america] ?? '' },
];

function renderFlag(value: boolean) {
  return value ? <Tag color="green">{az.table.yes}</Tag> : <Tag>{az.table.no}</Tag>;
}

function orDash(value: string | number | null | undefined) {
  return value === null || value === undefined || value === '' ? '—' : value;
}

export interface DeclarationLookups {
  statuses: SelectOption[];
  productTypes: SelectOption[];
  branches: SelectOption[];
  /** Plan categories (the tariff filter); without them the filter still reads an id from the URL. */
  tariffCategories?: SelectOption[];
  isLoading: boolean;
  /** The row menu (spec §2), first column. */
  renderActions?: (row: DeclarationListRow) => ReactNode;
}

/** spec §2 "Declarations table columns", each with the filter the list call supports. */
export function buildDeclarationColumns(lookups: DeclarationLookups): DataTableColumn<DeclarationListRow>[] {
  const t = az.declarations;
  const actions: DataTableColumn<DeclarationListRow>[] = lookups.renderActions
    ? [{ key: 'actions', title: '', width: 48, isAlwaysVisible: true, align: 'center', render: lookups.renderActions }]
    : [];
  return [
    ...actions,
    { key: 'customer_code', title: t.customerCode, width: 'normal', isAlwaysVisible: true,
      render: (row) => orDash(row.user_code), sortColumn: 'user_id', filter: { kind: 'text', param: 'customer_code' } },
    { key: 'customer', title: t.customer, width: 'normal',
      render: (row) => orDash(row.user_name), filter: { kind: 'text', param: 'user_name' } },
    { key: 'country', title: t.country, width: 120, sortColumn: 'country_id',
      render: (row) => az.countries[row.country_id] ?? row.country_id,
      filter: { kind: 'select', param: 'country_id', options: COUNTRY_OPTIONS } },
    { key: 'track_code', title: t.trackCode, width: 'large', isAlwaysVisible: true, sortColumn: 'track_code',
      render: (row) => row.track_code, filter: { kind: 'text', param: 'track_code' } },
    { key: 'global_track_code', title: t.globalTrackCode, width: 'large', sortColumn: 'global_track_code',
      render: (row) => orDash(row.global_track_code), filter: { kind: 'text', param: 'global_track_code' } },
    { key: 'status', title: t.status, width: 'normal', sortColumn: 'state_id',
      render: (row) => <Tag color="blue">{row.state_name}</Tag>,
      filter: { kind: 'select', param: 'state_id', options: lookups.statuses, isMulti: true, isLoading: lookups.isLoading } },
    { key: 'paid', title: t.paid, width: 120, sortColumn: 'payed', align: 'center',
      render: (row) => renderFlag(row.payed === 1), filter: { kind: 'boolean', param: 'payed' } },
    { key: 'declared', title: t.declared, width: 'normal', sortColumn: 'customs', align: 'center',
      render: (row) => renderFlag(row.customs === 1), filter: { kind: 'boolean', param: 'customs' } },
    { key: 'returned', title: t.returned, width: 120, align: 'center',
      render: (row) => renderFlag(row.return === 1), filter: { kind: 'boolean', param: 'return' } },
    { key: 'flight', title: t.flight, width: 'normal', sortColumn: 'flight_id',
      render: (row) => orDash(row.flight_name), filter: { kind: 'text', param: 'flight_name' } },
    { key: 'weight', title: t.weight, width: 120, sortColumn: 'weight', align: 'right',
      render: (row) => formatAmount(row.weight), filter: { kind: 'number', param: 'weight' } },
    { key: 'price', title: t.productPrice, width: 'normal', sortColumn: 'price', align: 'right',
      render: (row) => formatAmount(row.price, productPriceSign(row.country_id)), filter: { kind: 'number', param: 'price' } },
    { key: 'delivery_price', title: t.deliveryPrice, width: 'normal', sortColumn: 'delivery_price', align: 'right',
      render: (row) => formatAmount(row.delivery_price, CURRENCY_SIGN.USD), filter: { kind: 'number', param: 'delivery_price' } },
    { key: 'quantity', title: t.quantity, width: 'small', sortColumn: 'quantity', align: 'right',
      render: (row) => row.quantity, filter: { kind: 'number', param: 'quantity', isInteger: true } },
    { key: 'composition', title: t.composition, width: 'small',
      render: (row) => (row.type === 1 ? t.liquid : t.other),
      filter: { kind: 'select', param: 'type', options: COMPOSITION_OPTIONS } },
    { key: 'tariff', title: t.tariff, width: 'normal', render: (row) => orDash(row.tariff_category_name),
      filter: { kind: 'select', param: 'plan_category_id', options: lookups.tariffCategories ?? [], isLoading: lookups.isLoading } },
    { key: 'shop', title: t.shop, width: 'normal', render: (row) => orDash(row.shop_name), filter: { kind: 'text', param: 'shop_name' } },
    { key: 'product_type', title: t.productType, width: 'normal', render: (row) => orDash(row.product_type_name),
      filter: { kind: 'select', param: 'product_type_id', options: lookups.productTypes, isMulti: true, isLoading: lookups.isLoading } },
    { key: 'parcel', title: t.parcel, width: 'normal', render: (row) => orDash(row.box),
      filter: { kind: 'number', param: 'box_id', isInteger: true } },
    { key: 'box', title: t.box, width: 'normal', sortColumn: 'container_id', render: (row) => orDash(row.container_name),
      filter: { kind: 'text', param: 'container_name' } },
    { key: 'branch', title: t.branch, width: 'normal', sortColumn: 'branch_id', render: (row) => orDash(row.branch_name),
      filter: { kind: 'select', param: 'branch_id', options: lookups.branches, isMulti: true, isLoading: lookups.isLoading } },
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at',
      render: (row) => formatDateTime(row.created_at), filter: { kind: 'date-range', param: 'created' } },
    // filters with no column of their own (the statistics landing's "in boxes" and "no branch" open them)
    { key: 'in_box', title: t.inBox, isFilterOnly: true, render: () => null, filter: { kind: 'boolean', param: 'in_box' } },
    { key: 'has_branch', title: t.hasBranch, isFilterOnly: true, render: () => null, filter: { kind: 'boolean', param: 'has_branch' } },
  ];
}
