import type { CsvColumn } from '@app/contract/csv';
import type { OrderRow } from '@app/contract/orders';
import { azOrdersCore as t } from '@app/contract/texts/az-orders';
import type { XlsxColumn } from '../../platform/xlsx';

/** .xlsx name prefix of the orders export (decision 0007: timestamped, like the other list exports). */
export const ORDER_EXPORT_PREFIX = 'orders_export_';

const num = (v: string | number | null) => (v === null ? null : Number(v));
const yesNo = (v: 0 | 1) => (v ? t.yes : t.no);

/** spec §2 "Orders" table columns (actions left out), then the detail's money and reference fields. */
const COLUMNS: { header: string; width?: number; value: (r: OrderRow) => string | number | null }[] = [
  { header: 'ID', value: (r) => r.id, width: 10 },
  { header: t.customerCode, value: (r) => r.user_code },
  { header: t.customer, value: (r) => r.user_name, width: 24 },
  { header: t.country, value: (r) => r.country_name },
  { header: t.trackCode, value: (r) => r.track_code, width: 20 },
  { header: t.price, value: (r) => num(r.price) },
  { header: t.cargoPrice, value: (r) => num(r.cargo_price) },
  { header: t.currency, value: (r) => r.currency },
  { header: t.link, value: (r) => r.url, width: 40 },
  { header: t.paid, value: (r) => yesNo(r.payed) },
  { header: t.paidAmount, value: (r) => num(r.paid_amount) },
  { header: t.quantity, value: (r) => r.quantity },
  { header: t.status, value: (r) => r.state_name, width: 16 },
  { header: t.executive, value: (r) => r.executive, width: 20 },
  { header: t.waiting, value: (r) => r.waiting, width: 20 },
  { header: t.createdAt, value: (r) => r.created_at, width: 20 },
  { header: t.shop, value: (r) => r.shop_name, width: 18 },
  { header: t.productType, value: (r) => r.product_type_name },
  { header: t.color, value: (r) => r.color },
  { header: t.size, value: (r) => r.size },
  { header: t.declaration, value: (r) => r.track_code_declaration, width: 20 },
  { header: t.urgent, value: (r) => yesNo(r.urgent) },
  { header: t.rejectReason, value: (r) => r.client_descr, width: 30 },
  { header: t.description, value: (r) => r.descr, width: 30 },
];

export const ORDER_XLSX_COLUMNS: XlsxColumn<OrderRow>[] = COLUMNS;
export const ORDER_CSV_COLUMNS: CsvColumn<OrderRow>[] = COLUMNS.map(({ header, value }) => ({ header, value }));
