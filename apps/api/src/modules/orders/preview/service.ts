import type { ProductPreview } from '@app/contract/product-preview';
import { azProductPreview as t } from '@app/contract/texts/az-product-preview';
import { fill } from '@app/contract/texts/az';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { createProductPageReader, type ProductPageReader } from '../../../integrations/product-preview/client';
import { ProductPreviewError } from '../../../integrations/product-preview/errors';
import type { ParsedProduct } from '../../../integrations/product-preview/parser';
import { convertAmount } from '../../../integrations/product-preview/price';
import { invalid } from '../../../platform/errors';
import { readCbarRate } from '../../currencies/service';

/** The converted prices of spec §3 (try/azn/usd/eur), through AZN at the central bank's rates. */
const CONVERTED = [['try', 'TRY'], ['azn', 'AZN'], ['usd', 'USD'], ['eur', 'EUR']] as const;

const readers = new WeakMap<Config, ProductPageReader>();

/** The page reader of these settings (one per config object: the app's, or a test's). */
export function productPageReader(config: Config): ProductPageReader {
  let reader = readers.get(config);
  if (!reader) {
    reader = createProductPageReader({
      timeoutMs: config.PRODUCT_PREVIEW_TIMEOUT_MS,
      maxBytes: config.PRODUCT_PREVIEW_MAX_BYTES,
      maxRedirects: config.PRODUCT_PREVIEW_MAX_REDIRECTS,
      simulatorUrl: config.PRODUCT_PREVIEW_SIMULATOR_URL,
      trendyolBaseUrl: config.PRODUCT_PREVIEW_SHOP_BASE_URL_TRENDYOL,
      amazonBaseUrl: config.PRODUCT_PREVIEW_SHOP_BASE_URL_AMAZON,
      cacheSeconds: config.PRODUCT_PREVIEW_CACHE_SECONDS,
    });
    readers.set(config, reader);
  }
  return reader;
}

export interface PreviewDeps {
  db: Db;
  config: Config;
  /** Tests give their own reader (a fake resolver); default: productPageReader(config). */
  reader?: ProductPageReader;
}

/**
 * GET bonaz/parser?url and GET product?url (spec §3 "Product preview"): the product page read and
 * its price converted at the day's rates. Any failure is a 422 on `url` in Azerbaijani.
 *
 * For the order form (orders A): `{ orNull: true }` never throws; a link that cannot be read gives null.
 */
export async function readProductPreview(deps: PreviewDeps, url: string, options: { orNull: true }): Promise<ProductPreview | null>;
export async function readProductPreview(deps: PreviewDeps, url: string, options?: { orNull?: false }): Promise<ProductPreview>;
export async function readProductPreview(deps: PreviewDeps, url: string, options: { orNull?: boolean } = {}): Promise<ProductPreview | null> {
  try {
    const product = await (deps.reader ?? productPageReader(deps.config)).read(url);
    return await withConvertedPrice(deps.db, product);
  } catch (error) {
    if (options.orNull) return null;
    if (error instanceof ProductPreviewError) throw invalid({ url: [previewErrorText(error, deps.config)] });
    throw error;
  }
}

/** The Azerbaijani text of a preview failure (spec §8 style: what happened, for the person who pasted the link). */
export function previewErrorText(error: ProductPreviewError, config: Pick<Config, 'PRODUCT_PREVIEW_TIMEOUT_MS' | 'PRODUCT_PREVIEW_MAX_BYTES'>): string {
  switch (error.kind) {
    case 'invalid': return t.urlInvalid;
    case 'scheme': return t.urlScheme;
    case 'credentials': return t.urlCredentials;
    case 'port': return t.urlPort;
    case 'refused': return t.addressRefused;
    case 'dns': return t.hostNotFound;
    case 'timeout': return fill(t.timeout, { SECONDS: trimNumber(config.PRODUCT_PREVIEW_TIMEOUT_MS / 1000) });
    case 'too_big': return fill(t.tooBig, { MB: trimNumber(config.PRODUCT_PREVIEW_MAX_BYTES / 1024 / 1024) });
    case 'not_html': return t.notHtml;
    case 'http_status': return error.detail.status === 404 ? t.notFound : fill(t.httpStatus, { STATUS: error.detail.status ?? 0 });
    case 'redirects': return t.tooManyRedirects;
    case 'bad_redirect': return t.badRedirect;
    case 'network': return t.network;
    case 'not_parsed': return t.notParsed;
  }
}

const trimNumber = (n: number) => String(Math.round(n * 10) / 10);

async function withConvertedPrice(db: Db, product: ParsedProduct): Promise<ProductPreview> {
  const { price, ...rest } = product;
  const preview: ProductPreview = {
    name: rest.name, brand: rest.brand, images: rest.images, mainImage: rest.mainImage, breadcrumb: rest.breadcrumb, url: rest.url,
    color: rest.color, description: rest.description, shop: rest.shop, shopName: rest.shopName, sources: rest.sources, price: null,
  };
  if (!price) return preview;
  const rates = new Map<string, { rate: string; date: string | null } | null>();
  const rateOf = async (code: string) => {
    if (code === 'AZN') return { rate: '1', date: null };
    if (!rates.has(code)) rates.set(code, await readCbarRate(db, code).then((r) => ({ rate: r.data, date: r.detail.date }), () => null));
    return rates.get(code)!;
  };
  const from = await rateOf(price.currency);
  const converted = { try: null, azn: null, usd: null, eur: null } as Record<(typeof CONVERTED)[number][0], string | null>;
  const days: string[] = [];
  for (const [key, code] of CONVERTED) {
    if (code === price.currency) { converted[key] = price.amount; continue; }
    const to = await rateOf(code);
    if (!from || !to) continue;
    converted[key] = convertAmount(price.amount, from.rate, to.rate);
    for (const day of [from.date, to.date]) if (day) days.push(day);
  }
  days.sort();
  return { ...preview, price: { ...price, converted, ratesDate: days[0] ?? null } };
}
