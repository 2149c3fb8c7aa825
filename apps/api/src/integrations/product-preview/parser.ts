import { load } from 'cheerio';
import { PRODUCT_PREVIEW_SYMBOLS, type ProductPreviewShop } from '@app/contract/product-preview';
import { ProductPreviewError } from './errors';
import { cleanText, type FoundFields } from './fields';
import { readJsonLd } from './json-ld';
import { readOpenGraph } from './opengraph';
import { adapterFor } from './shops';

/** A product page read, before its price is converted (the service adds the day's rates). */
export interface ParsedProduct {
  name: string;
  brand: string | null;
  images: string[];
  mainImage: string | null;
  breadcrumb: string[];
  url: string;
  color: string | null;
  price: { amount: string; originalAmount: string; currency: string; symbol: string } | null;
  description: string | null;
  shop: ProductPreviewShop;
  shopName: string;
  sources: ('json-ld' | 'opengraph' | 'shop')[];
}

const MAX_IMAGES = 20;
/** A breadcrumb's first link to the shop's home page is not a category. */
const HOME_CRUMBS = /^(trendyol|amazon(\.com)?(\.tr)?|ana ?sayfa|home|anasayfa)$/i;

/**
 * Reads a product page: schema.org JSON-LD first, then OpenGraph, then the shop family's own markup;
 * each field is taken from the first source that has it (images: all of them, strongest first, no
 * duplicates). A page without a product name is refused ('not_parsed').
 */
export function parseProductPage(html: string, pageUrl: string): ParsedProduct {
  const $ = load(html);
  const host = new URL(pageUrl).hostname;
  const adapter = adapterFor(host);
  const layers: [ParsedProduct['sources'][number], FoundFields][] = [
    ['json-ld', readJsonLd($, pageUrl)],
    ['opengraph', readOpenGraph($, pageUrl)],
    ['shop', adapter.read($, pageUrl)],
  ];
  const sources = new Set<ParsedProduct['sources'][number]>();
  const pick = <K extends 'name' | 'brand' | 'color' | 'description' | 'canonicalUrl'>(key: K): string | undefined => {
    for (const [source, fields] of layers) {
      if (fields[key]) { sources.add(source); return fields[key]; }
    }
    return undefined;
  };
  const name = pick('name');
  if (!name) throw new ProductPreviewError('not_parsed', 'no product name on the page');
  const images: string[] = [];
  for (const [source, fields] of layers) {
    for (const image of fields.images) if (!images.includes(image) && images.length < MAX_IMAGES) { images.push(image); sources.add(source); }
  }
  for (const [, fields] of layers) fields.breadcrumb = fields.breadcrumb.filter((c) => !HOME_CRUMBS.test(c));
  const breadcrumbLayer = layers.find(([, f]) => f.breadcrumb.length);
  if (breadcrumbLayer) sources.add(breadcrumbLayer[0]);
  const priceLayer = layers.find(([, f]) => f.amount);
  let price: ParsedProduct['price'] = null;
  if (priceLayer) {
    const [source, fields] = priceLayer;
    // The currency of the layer that gave the amount, else any layer's, else the shop's own.
    const currency = fields.currency ?? layers.find(([, f]) => f.currency)?.[1].currency ?? adapter.defaultCurrency(host);
    if (currency) {
      sources.add(source);
      const original = fields.originalAmount ?? layers.find(([, f]) => f.originalAmount && f.currency === currency)?.[1].originalAmount;
      price = {
        amount: fields.amount!,
        originalAmount: original ?? fields.amount!,
        currency,
        symbol: PRODUCT_PREVIEW_SYMBOLS[currency] ?? currency,
      };
    }
  }
  return {
    name,
    brand: pick('brand') ?? null,
    images,
    mainImage: images[0] ?? null,
    breadcrumb: breadcrumbLayer?.[1].breadcrumb ?? [],
    url: pick('canonicalUrl') ?? pageUrl,
    color: pick('color') ?? null,
    price,
    // The page's plain meta description is the weakest source: often the shop's slogan, not the product.
    description: pick('description') ?? cleanText($('meta[name="description"]').attr('content')) ?? null,
    shop: adapter.family,
    shopName: adapter.shopName(host, $),
    sources: (['json-ld', 'opengraph', 'shop'] as const).filter((s) => sources.has(s)),
  };
}
