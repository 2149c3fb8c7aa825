import type { ListResponse } from '@app/contract/common';
import type { DeclarationListRow } from '@app/contract/declarations';
import { CSV_PAGE_SIZE } from '@app/contract/documents-constants';
import { az } from '@app/contract/texts/az';
import type { CsvColumn } from '@app/contract/csv';
import type { QueryParams } from '../../../shared/http/http-client';

const t = az.documentsUi;
const yesNo = (v: boolean) => (v ? t.yes : t.no);

/** The CSV's columns: the declarations table's (spec §2), by its header texts. */
export const DECLARATION_CSV_COLUMNS: CsvColumn<DeclarationListRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: t.customerCode, value: (r) => r.user_code },
  { header: t.customer, value: (r) => r.user_name },
  { header: t.country, value: (r) => az.countries[r.country_id] ?? r.country_id },
  { header: t.trackCode, value: (r) => r.track_code },
  { header: t.globalTrackCode, value: (r) => r.global_track_code },
  { header: t.status, value: (r) => r.state_name },
  { header: t.paid, value: (r) => yesNo(r.payed === 1) },
  { header: t.declared, value: (r) => yesNo(r.customs === 1) },
  { header: t.returned, value: (r) => yesNo(r.return === 1) },
  { header: t.flight, value: (r) => r.flight_name },
  { header: t.weight, value: (r) => r.weight },
  { header: t.price, value: (r) => r.price },
  { header: t.deliveryPrice, value: (r) => r.delivery_price },
  { header: t.quantity, value: (r) => r.quantity },
  { header: t.tariff, value: (r) => r.tariff_category_name },
  { header: t.shop, value: (r) => r.shop_name },
  { header: t.productType, value: (r) => r.product_type_name },
  { header: t.parcel, value: (r) => r.box },
  { header: t.box, value: (r) => r.container_name },
  { header: t.branch, value: (r) => r.branch_name },
  { header: t.createdAt, value: (r) => r.created_at },
];

const LIST_KEYS = new Set(['page', 'per_page', 'sort_column', 'sort_order']);

/** spec §2: the CSV button shows only while a filter is set. */
export function hasActiveFilters(params: QueryParams): boolean {
  return Object.entries(params).some(([key, value]) =>
    !LIST_KEYS.has(key) && value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0));
}

/**
 * Every row of the filtered list, in the list's order: pages of 500 (spec §9) fetched `parallel`
 * at a time until a page comes back short.
 */
export async function fetchAllPages(
  params: QueryParams,
  fetchPage: (params: QueryParams) => Promise<ListResponse<DeclarationListRow>>,
  parallel = 4,
): Promise<DeclarationListRow[]> {
  const rows: DeclarationListRow[] = [];
  for (let first = 1; ; first += parallel) {
    const pages = await Promise.all(
      Array.from({ length: parallel }, (_, i) => fetchPage({ ...params, page: first + i, per_page: CSV_PAGE_SIZE })),
    );
    for (const page of pages) rows.push(...page.data);
    if (pages.some((page) => page.data.length < CSV_PAGE_SIZE)) return rows;
  }
}
