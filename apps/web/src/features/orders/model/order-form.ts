import { fromUnits, toUnits } from '@app/contract/declaration-workflow';
import { orderCurrency, orderCurrencySymbol, type OrderRow } from '@app/contract/orders';
import { az } from '@app/contract/texts/az';
import { azOrdersDetail as t } from '@app/contract/texts/az-orders';
import type { FormValue } from '../../../shared/http/http-client';

/*
 * The order form's rules (issue 18 item 2, spec §3 "Order", §5, §9): what the create/edit dialog
 * holds, the currency its price is in, what the customer will pay, and how a product preview fills
 * the fields a person left empty. Pure functions: the dialog and the unit tests share them.
 */

/** What the create/edit form holds (numbers as typed text, selects as ids). */
export interface OrderFormValues {
  user_id: number | null;
  country_id: number | null;
  url: string;
  shop_name: string;
  product_type_id: number | null;
  color: string;
  size: string;
  quantity: string;
  price: string;
  cargo_price: string;
  urgent: boolean;
  /** Expected date 'YYYY-MM-DD' ('' none). */
  waiting: string;
  descr: string;
  coupon_id: string;
}

/** What the form reads from a product preview (GET bonaz/parser?url); mapped from the contract's reply in detail-api. */
export interface PreviewFill {
  name: string | null;
  brand: string | null;
  shop: string | null;
  color: string | null;
  size?: string | null;
  /** The price as the shop shows it: amount (decimal string) in `currency` ('TRY', 'USD' …). */
  price: { amount: string; currency: string } | null;
}

export const ORDER_COUNTRY = { turkey: 1, america: 2 } as const;

export function buildOrderCreateDefaults(): OrderFormValues {
  return {
    user_id: null,
    country_id: ORDER_COUNTRY.turkey,
    url: '',
    shop_name: '',
    product_type_id: null,
    color: '',
    size: '',
    quantity: '1',
    price: '',
    cargo_price: '0',
    urgent: false,
    waiting: '',
    descr: '',
    coupon_id: '',
  };
}

const textOf = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** An existing order (orders/info) as the edit form's values. */
export function buildOrderEditValues(order: OrderRow): OrderFormValues {
  return {
    user_id: order.user_id,
    country_id: order.country_id,
    url: order.url,
    shop_name: order.shop_name,
    product_type_id: order.product_type_id,
    color: order.color,
    size: order.size,
    quantity: textOf(order.quantity),
    price: textOf(order.price),
    cargo_price: textOf(order.cargo_price),
    urgent: order.urgent === 1,
    waiting: order.waiting ? order.waiting.slice(0, 10) : '',
    descr: textOf(order.descr),
    coupon_id: order.coupon_id ? String(order.coupon_id) : '',
  };
}

/** spec §9: the price currency follows the country (₺ for 1, $ otherwise); no country yet: Turkey's. */
export function currencyOfCountry(countryId: number | null | undefined): 'TRY' | 'USD' {
  return orderCurrency(countryId ?? ORDER_COUNTRY.turkey);
}
export function currencySignOfCountry(countryId: number | null | undefined): '₺' | '$' {
  return orderCurrencySymbol(countryId ?? ORDER_COUNTRY.turkey);
}

const isDecimal = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim());

/**
 * Amount due = round2((price × quantity + cargo_price) × (1 + service_percent / 100)), half up, exact
 * (the orders rule shared by api and web; never floats). Null while price or quantity is not a number.
 */
export function computeAmountDue(price: string, quantity: string | number, cargoPrice: string, servicePercent: string | number): string | null {
  const count = String(quantity).trim();
  if (!isDecimal(price) || !/^\d+$/.test(count)) return null;
  const cargo = cargoPrice.trim() === '' ? '0' : cargoPrice;
  if (!isDecimal(cargo)) return null;
  const base = toUnits(price) * BigInt(count) + toUnits(cargo); // scale 2
  const factor = 10_000n + toUnits(String(servicePercent)); // (100 + percent) at scale 2
  const scaled = base * factor; // scale 4 over the cents
  return fromUnits((scaled + 5_000n) / 10_000n);
}

/** What a priced field's change makes of a paid order (spec: a debt line or a refund line, never a silent edit). */
export function describePriceChange(order: Pick<OrderRow, 'payed' | 'price' | 'quantity' | 'cargo_price'>, values: Pick<OrderFormValues, 'price' | 'quantity' | 'cargo_price'>): 'none' | 'debt' | 'refund' {
  if (order.payed !== 1) return 'none';
  const before = toUnits(order.price) * BigInt(order.quantity) + toUnits(order.cargo_price);
  if (!isDecimal(values.price) || !/^\d+$/.test(values.quantity.trim())) return 'none';
  const after = toUnits(values.price) * BigInt(values.quantity.trim()) + toUnits(values.cargo_price.trim() || '0');
  if (after === before) return 'none';
  return after > before ? 'debt' : 'refund';
}

const isBlank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/** A price like '1.299,90' or '1,299.90' or '899 TL' as a plain decimal with 2 places, or null. */
export function normalizePreviewAmount(amount: string | number | null | undefined): string | null {
  if (amount === null || amount === undefined) return null;
  let text = String(amount).replace(/[^\d.,]/g, '');
  if (!text) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma > lastDot) text = text.replace(/\./g, '').replace(',', '.');
  else text = text.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return fromUnits(toUnits(text));
}

/**
 * Issue 18 item 2: a preview fills only what is still empty — shop, colour, size, the price (only
 * when the preview's currency is the order's: a dollar price never lands in a lira field) and the
 * product's name as the description. Returns the fields to set (none when nothing is empty).
 */
export function fillFromPreview(values: OrderFormValues, preview: PreviewFill): Partial<OrderFormValues> {
  const patch: Partial<OrderFormValues> = {};
  if (isBlank(values.shop_name) && !isBlank(preview.shop)) patch.shop_name = (preview.shop as string).trim();
  if (isBlank(values.color) && !isBlank(preview.color)) patch.color = (preview.color as string).trim();
  if (isBlank(values.size) && !isBlank(preview.size)) patch.size = (preview.size as string).trim();
  const isPriceEmpty = isBlank(values.price) || toUnits(values.price) === 0n;
  if (isPriceEmpty && preview.price && preview.price.currency.toUpperCase() === currencyOfCountry(values.country_id)) {
    const amount = normalizePreviewAmount(preview.price.amount);
    if (amount !== null && toUnits(amount) > 0n) patch.price = amount;
  }
  if (isBlank(values.descr) && !isBlank(preview.name)) {
    const brand = isBlank(preview.brand) ? '' : `${(preview.brand as string).trim()} `;
    const name = (preview.name as string).trim();
    patch.descr = name.toLocaleLowerCase('az').startsWith(brand.trim().toLocaleLowerCase('az')) ? name : `${brand}${name}`;
  }
  return patch;
}

/** Whether the text looks like a product link worth asking the preview for (http/https, a host with a dot). */
export function isPreviewableUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * spec §5 order field errors, checked before the call (the server checks the same and its messages
 * go onto the same fields): field → message; empty when the form can be sent.
 */
export function validateOrderForm(values: OrderFormValues): Partial<Record<keyof OrderFormValues, string>> {
  const errors: Partial<Record<keyof OrderFormValues, string>> = {};
  if (!values.user_id) errors.user_id = az.errors.required;
  if (!values.country_id) errors.country_id = az.errors.required;
  if (isBlank(values.url)) errors.url = az.errors.required;
  else if (!isPreviewableUrl(values.url)) errors.url = t.urlInvalid;
  if (!/^\d+$/.test(values.quantity.trim()) || Number(values.quantity) < 1) errors.quantity = t.quantityInvalid;
  if (isBlank(values.price)) errors.price = az.errors.required;
  else if (!isDecimal(values.price) || toUnits(values.price) <= 0n) errors.price = t.priceInvalid;
  if (!isBlank(values.cargo_price) && !isDecimal(values.cargo_price)) errors.cargo_price = t.priceInvalid;
  if (!isBlank(values.coupon_id) && !/^\d+$/.test(values.coupon_id.trim())) errors.coupon_id = t.couponInvalid;
  return errors;
}

const trimmed = (value: string | undefined) => value?.trim() ?? '';

/** Form values → the multipart fields of orders/create and orders/edit (api-requests-in-use.tsv). */
export function toOrderWireForm(values: OrderFormValues, orderId?: number): Record<string, FormValue> {
  const form: Record<string, FormValue> = {
    user_id: values.user_id ?? '',
    country_id: values.country_id ?? '',
    url: trimmed(values.url),
    shop_name: trimmed(values.shop_name),
    product_type_id: values.product_type_id ?? '',
    color: trimmed(values.color),
    size: trimmed(values.size),
    quantity: trimmed(values.quantity),
    price: trimmed(values.price),
    cargo_price: trimmed(values.cargo_price) || '0',
    urgent: values.urgent ? '1' : '0',
    descr: trimmed(values.descr),
    // blank clears the expected date (absent would keep it: the form always says what it holds)
    waiting: trimmed(values.waiting),
  };
  if (trimmed(values.coupon_id)) form.coupon_id = trimmed(values.coupon_id);
  if (orderId !== undefined) form.order_id = orderId;
  return form;
}
