import { z } from 'zod';
import { zDecimalOut } from './common';

/*
 * Product preview (issue 18 item 3; spec §3 "Product preview", §7 `GET bonaz/parser?url` and
 * `GET /api/admin/product?url`): what the server reads from a shop's product page. Names as spec §3
 * gives them (camelCase). Amounts are exact decimal strings ('1299.90'), never floats.
 */

/** The shop families the server has an adapter for; 'generic' reads any other shop by JSON-LD/OpenGraph. */
export const PRODUCT_PREVIEW_SHOPS = ['trendyol', 'amazon', 'generic'] as const;
export type ProductPreviewShop = (typeof PRODUCT_PREVIEW_SHOPS)[number];

/** Where the fields came from, strongest first (schema.org JSON-LD beats OpenGraph beats the shop's markup). */
export const PRODUCT_PREVIEW_SOURCES = ['json-ld', 'opengraph', 'shop'] as const;

export const PRODUCT_PREVIEW_CURRENCIES = ['TRY', 'USD', 'EUR', 'AZN', 'GBP'] as const;
export const PRODUCT_PREVIEW_SYMBOLS: Record<string, string> = { TRY: '₺', USD: '$', EUR: '€', AZN: '₼', GBP: '£' };

/** The longest link accepted. */
export const PRODUCT_URL_MAX = 2048;

/** Missing, blank or too long: the platform's own texts (required, too long) on `url`. */
export const ZProductPreviewQuery = z.object({
  url: z.string().trim().min(1).max(PRODUCT_URL_MAX),
});
export type ProductPreviewQuery = z.infer<typeof ZProductPreviewQuery>;

/**
 * The price converted at the day's central-bank rates (AZN per unit, `modules/currencies`); a value is
 * null when the office stores no rate of its currency (or of the price's currency).
 */
export const ZProductPreviewConverted = z.object({
  try: zDecimalOut.nullable(),
  azn: zDecimalOut.nullable(),
  usd: zDecimalOut.nullable(),
  eur: zDecimalOut.nullable(),
});

export const ZProductPreviewPrice = z.object({
  /** The price to pay now (the sale price when there is one). */
  amount: zDecimalOut,
  /** The price before a discount; equals amount when there is none. */
  originalAmount: zDecimalOut,
  /** ISO 4217 code. */
  currency: z.string(),
  /** '₺', '$', '€' …; the code itself when unknown. */
  symbol: z.string(),
  converted: ZProductPreviewConverted,
  /** The day of the rates used (YYYY-MM-DD, the oldest of them), null when none was a fetched rate. */
  ratesDate: z.string().nullable(),
});

export const ZProductPreview = z.object({
  name: z.string(),
  brand: z.string().nullable(),
  /** Absolute image URLs, main image first, no duplicates. */
  images: z.array(z.string()),
  mainImage: z.string().nullable(),
  /** Category path, top first. */
  breadcrumb: z.array(z.string()),
  /** The page the data came from (after redirects), as the shop names it (canonical when it gives one). */
  url: z.string(),
  color: z.string().nullable(),
  /** Null when the page shows no price. */
  price: ZProductPreviewPrice.nullable(),
  description: z.string().nullable(),
  // ours (not in the spec): which adapter read it, a shop name for the order form, and the sources used
  shop: z.enum(PRODUCT_PREVIEW_SHOPS),
  shopName: z.string(),
  sources: z.array(z.enum(PRODUCT_PREVIEW_SOURCES)),
});
export type ProductPreview = z.infer<typeof ZProductPreview>;
export type ProductPreviewPrice = z.infer<typeof ZProductPreviewPrice>;

/** `GET bonaz/parser?url` and `GET product?url` reply. Errors: 422 `{ errors: { url: [message] } }`. */
export const ZProductPreviewReply = z.object({ data: ZProductPreview });
export type ProductPreviewReply = z.infer<typeof ZProductPreviewReply>;
