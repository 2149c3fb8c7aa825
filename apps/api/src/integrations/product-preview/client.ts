import { fetchProductPage, type FetchPageOptions } from './fetcher';
import { parseProductPage, type ParsedProduct } from './parser';
import { amazonAdapter, trendyolAdapter } from './shops';

/** The product preview's settings (config.ts PRODUCT_PREVIEW_*; README "Product preview"). */
export interface ProductPreviewSettings {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** One stand-in for every simulated shop (Trendyol-like, Amazon-like and the `.example` demo shops). */
  simulatorUrl?: string;
  /** Per family stand-ins; they win over simulatorUrl. */
  trendyolBaseUrl?: string;
  amazonBaseUrl?: string;
  /** How long a page read stays reused for the same link (0: never); the form's preview and the save read it once. */
  cacheSeconds?: number;
}

/** Links remembered at most (the oldest are forgotten first). */
const CACHE_MAX = 500;

export type ReadProduct = ParsedProduct & { fetchMs: number; parseMs: number; bytes: number };
export interface ProductPageReader {
  read(link: string): Promise<ReadProduct>;
}

/**
 * Which links are fetched from a configured stand-in instead of the shop: Trendyol-like and
 * Amazon-like hosts when their base (or the simulator) is set, and hosts under `.example` (RFC 2606,
 * never a real shop) when the simulator is set. Everything else goes to the shop itself, guarded.
 */
export function routeToStandIn(settings: ProductPreviewSettings): (url: URL) => URL | null {
  const trendyol = settings.trendyolBaseUrl ?? settings.simulatorUrl;
  const amazon = settings.amazonBaseUrl ?? settings.simulatorUrl;
  return (url) => {
    const host = url.hostname.toLowerCase();
    if (trendyol && trendyolAdapter.matches(host)) return new URL(trendyol);
    if (amazon && amazonAdapter.matches(host)) return new URL(amazon);
    if (settings.simulatorUrl && /\.example\.?$/.test(host)) return new URL(settings.simulatorUrl);
    return null;
  };
}

export function createProductPageReader(settings: ProductPreviewSettings, extra: Pick<FetchPageOptions, 'resolve'> = {}): ProductPageReader {
  const options: FetchPageOptions = {
    timeoutMs: settings.timeoutMs,
    maxBytes: settings.maxBytes,
    maxRedirects: settings.maxRedirects,
    routeTo: routeToStandIn(settings),
    ...extra,
  };
  const ttlMs = (settings.cacheSeconds ?? 0) * 1000;
  // Successful reads only: a failure (time-out, refused) is tried again on the next call.
  const cache = new Map<string, { at: number; product: ReadProduct }>();
  return {
    async read(link) {
      const key = link.trim();
      const hit = ttlMs > 0 ? cache.get(key) : undefined;
      if (hit && Date.now() - hit.at < ttlMs) return hit.product;
      const started = performance.now();
      const page = await fetchProductPage(link, options);
      const fetched = performance.now();
      const product = { ...parseProductPage(page.html, page.url), fetchMs: fetched - started, parseMs: performance.now() - fetched, bytes: page.bytes };
      if (ttlMs > 0) {
        cache.delete(key);
        cache.set(key, { at: Date.now(), product });
        if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
      }
      return product;
    },
  };
}
