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
}

export interface ProductPageReader {
  read(link: string): Promise<ParsedProduct & { fetchMs: number; parseMs: number; bytes: number }>;
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
  return {
    async read(link) {
      const started = performance.now();
      const page = await fetchProductPage(link, options);
      const fetched = performance.now();
      const product = parseProductPage(page.html, page.url);
      return { ...product, fetchMs: fetched - started, parseMs: performance.now() - fetched, bytes: page.bytes };
    },
  };
}
