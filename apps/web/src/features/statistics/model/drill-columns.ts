import { az } from '@app/contract/texts/az';
import { azStatistics } from '@app/contract/texts/az-statistics';
import type { CsvColumn } from '@app/contract/csv';

/**
 * The drill-down rows' columns per list kind: the main columns of the list each kind comes from
 * (declarations, orders, users, balance operations, courier orders; paidDeclarations: the parcels
 * of counter payments, statistics/by_declaration_count), read by their wire names.
 * One definition feeds the drill-down table and its CSV, so the file holds what the table shows.
 */
export type DrillRow = Record<string, unknown>;
export type DrillKind = 'declarations' | 'paidDeclarations' | 'orders' | 'users' | 'transactions' | 'couriers';

export interface DrillField {
  key: string;
  title: string;
  /** The wire field the column shows (a sort_column too when `sortable`). */
  field: string;
  kind?: 'text' | 'amount' | 'count' | 'flag';
  width?: number;
  sortable?: boolean;
  /** Where the row opens (a record's page), by its id. */
  linkTo?: (row: DrillRow) => string | null;
}

const t = azStatistics.screens;
const id = (row: DrillRow) => (typeof row.id === 'number' ? row.id : null);
const userLink = (row: DrillRow) => (typeof row.user_id === 'number' ? `/@next/users/${row.user_id}` : null);

export const DRILL_FIELDS: Record<DrillKind, readonly DrillField[]> = {
  declarations: [
    { key: 'id', title: 'ID', field: 'id', kind: 'count', width: 90, sortable: true, linkTo: (r) => (id(r) ? `/@next/declarations/${id(r)}` : null) },
    { key: 'track_code', title: 'İzləmə kodu', field: 'track_code', width: 170 },
    { key: 'user_name', title: 'Müştəri', field: 'user_name', width: 180, linkTo: userLink },
    { key: 'state_name', title: t.status, field: 'state_name', width: 150 },
    { key: 'branch_name', title: t.branch, field: 'branch_name', width: 140 },
    { key: 'weight', title: 'Çəki', field: 'weight', kind: 'amount', width: 90 },
    { key: 'price', title: t.price, field: 'price', kind: 'amount', width: 100 },
    { key: 'delivery_price', title: t.deliveryPrice, field: 'delivery_price', kind: 'amount', width: 120 },
    { key: 'payed', title: 'Ödənilib', field: 'payed', kind: 'flag', width: 90 },
    { key: 'created_at', title: 'Yaradılma tarixi', field: 'created_at', width: 170, sortable: true },
  ],
  // the parcels of the payments in the range (the newest payment first): when handed over and what was paid for
  paidDeclarations: [
    { key: 'id', title: 'ID', field: 'id', kind: 'count', width: 90, sortable: true, linkTo: (r) => (id(r) ? `/@next/declarations/${id(r)}` : null) },
    { key: 'track_code', title: 'İzləmə kodu', field: 'track_code', width: 170 },
    { key: 'user_name', title: 'Müştəri', field: 'user_name', width: 180, linkTo: userLink },
    { key: 'delivered_at', title: az.declarationsUi.deliveredAt, field: 'delivered_at', width: 170 },
    { key: 'delivery_price', title: t.deliveryPrice, field: 'delivery_price', kind: 'amount', width: 120, sortable: true },
    { key: 'weight', title: 'Çəki', field: 'weight', kind: 'amount', width: 90, sortable: true },
    { key: 'state_name', title: t.status, field: 'state_name', width: 150 },
    { key: 'branch_name', title: t.branch, field: 'branch_name', width: 140 },
    { key: 'payed', title: 'Ödənilib', field: 'payed', kind: 'flag', width: 90 },
    { key: 'created_at', title: 'Yaradılma tarixi', field: 'created_at', width: 170, sortable: true },
  ],
  orders: [
    { key: 'id', title: 'ID', field: 'id', kind: 'count', width: 90, sortable: true, linkTo: (r) => (id(r) ? `/@next/orders/${id(r)}` : null) },
    { key: 'user_name', title: 'Müştəri', field: 'user_name', width: 180, linkTo: userLink },
    { key: 'track_code', title: 'İzləmə kodu', field: 'track_code', width: 160 },
    { key: 'shop_name', title: 'Mağaza', field: 'shop_name', width: 140 },
    { key: 'price', title: t.price, field: 'price', kind: 'amount', width: 100, sortable: true },
    { key: 'cargo_price', title: 'Daxili çatdırılma', field: 'cargo_price', kind: 'amount', width: 120 },
    { key: 'quantity', title: 'Miqdar', field: 'quantity', kind: 'count', width: 80 },
    { key: 'state_name', title: t.status, field: 'state_name', width: 140 },
    { key: 'executive', title: t.admin, field: 'executive', width: 150 },
    { key: 'created_at', title: 'Yaradılma tarixi', field: 'created_at', width: 170, sortable: true },
  ],
  users: [
    { key: 'id', title: 'ID', field: 'id', kind: 'count', width: 90, sortable: true, linkTo: (r) => (id(r) ? `/@next/users/${id(r)}` : null) },
    { key: 'name', title: 'Ad', field: 'name', width: 140 },
    { key: 'surname', title: 'Soyad', field: 'surname', width: 140 },
    { key: 'email', title: 'E-poçt', field: 'email', width: 200 },
    { key: 'number', title: 'Telefon', field: 'number', width: 140 },
    { key: 'gender', title: t.gender, field: 'gender', width: 90 },
    { key: 'birth_date', title: 'Doğum tarixi', field: 'birth_date', width: 120 },
    { key: 'branch_name', title: t.branch, field: 'branch_name', width: 140 },
    { key: 'balance_usd', title: 'USD balans', field: 'balance_usd', kind: 'amount', width: 110 },
    { key: 'balance_try', title: 'TRY balans', field: 'balance_try', kind: 'amount', width: 110 },
  ],
  transactions: [
    { key: 'id', title: 'ID', field: 'id', kind: 'count', width: 90, sortable: true },
    { key: 'user_name', title: 'Müştəri', field: 'user_name', width: 180, linkTo: userLink },
    { key: 'model_name', title: 'Bölmə', field: 'model_name', width: 120 },
    { key: 'amount', title: t.amount, field: 'amount', kind: 'amount', width: 110, sortable: true },
    { key: 'currency', title: 'Valyuta', field: 'currency', width: 80 },
    { key: 'type_name', title: 'Növ', field: 'type_name', width: 100 },
    { key: 'payment_type_name', title: t.paymentType, field: 'payment_type_name', width: 130 },
    { key: 'state_name', title: t.status, field: 'state_name', width: 120 },
    { key: 'confirmed_by', title: 'Təsdiq edən', field: 'confirmed_by', width: 140 },
    { key: 'created_at', title: 'Yaradılma tarixi', field: 'created_at', width: 170, sortable: true },
  ],
  couriers: [
    { key: 'id', title: 'ID', field: 'id', kind: 'count', width: 90 },
    { key: 'user_name', title: 'Müştəri', field: 'user_name', width: 180, linkTo: userLink },
    { key: 'region_name', title: t.region, field: 'region_name', width: 140 },
    { key: 'recipient', title: 'Alıcı', field: 'recipient', width: 150 },
    { key: 'address', title: 'Ünvan', field: 'address', width: 200 },
    { key: 'state_name', title: t.status, field: 'state_name', width: 120 },
    { key: 'price', title: t.price, field: 'price', kind: 'amount', width: 100 },
    { key: 'created_at', title: 'Yaradılma tarixi', field: 'created_at', width: 170 },
  ],
};

/** A cell as text (table and CSV alike): amounts with 2 decimals, flags Bəli/Xeyr, nothing as '—' in the table. */
export function readDrillField(row: DrillRow, field: DrillField): string {
  const value = row[field.field];
  if (value === null || value === undefined || value === '') return '';
  if (field.kind === 'amount') {
    const number = Number(value);
    return Number.isFinite(number) ? number.toFixed(2) : String(value);
  }
  if (field.kind === 'flag') return value === true || value === 1 || value === '1' ? 'Bəli' : 'Xeyr';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function toDrillCsvColumns(kind: DrillKind): CsvColumn<DrillRow>[] {
  return DRILL_FIELDS[kind].map((field) => ({ header: field.title, value: (row) => readDrillField(row, field) }));
}
