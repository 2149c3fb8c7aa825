import type { CheerioAPI } from 'cheerio';
import type { ProductPreviewShop } from '@app/contract/product-preview';
import { z } from 'zod';
import { absoluteUrl, cleanText, emptyFields, type FoundFields } from './fields';
import { currencyOf, normalizeCurrency, parseMachineAmount, parsePriceText } from './price';

/**
 * Shop families (README.md "Shops"): each knows its hosts, its own markup (read after JSON-LD and
 * OpenGraph) and the currency its prices are in when the page does not say.
 */
export interface ShopAdapter {
  family: ProductPreviewShop;
  matches(host: string): boolean;
  shopName(host: string, $: CheerioAPI): string;
  defaultCurrency(host: string): string | undefined;
  read($: CheerioAPI, pageUrl: string): FoundFields;
}

const bare = (host: string) => host.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
const isHost = (host: string, ...domains: string[]) => domains.some((d) => bare(host) === d || bare(host).endsWith(`.${d}`));

/** Trendyol and shops built like it: the product's state as JSON in a script, else its price/brand markup. */
export const trendyolAdapter: ShopAdapter = {
  family: 'trendyol',
  matches: (host) => isHost(host, 'trendyol.com'),
  shopName: () => 'Trendyol',
  defaultCurrency: () => 'TRY',
  read($, pageUrl) {
    const found = emptyFields();
    const state = readInitialState($);
    const product = state?.product;
    if (product) {
      found.name = cleanText(product.name, 500);
      found.brand = cleanText(typeof product.brand === 'object' ? product.brand.name : product.brand, 200);
      found.color = cleanText(product.color, 200);
      const description = Array.isArray(product.contentDescriptions)
        ? product.contentDescriptions.map((d) => d.description).filter(Boolean).join(' ')
        : product.description;
      found.description = cleanText(description);
      const cdn = state.configuration?.cdnUrl ?? 'https://cdn.dsmcdn.com';
      for (const image of product.images ?? []) {
        const url = absoluteUrl(image, image.startsWith('/') ? cdn : pageUrl);
        if (url && !found.images.includes(url)) found.images.push(url);
      }
      const price = product.price ?? {};
      found.amount = parseMachineAmount(price.discountedPrice?.value ?? price.sellingPrice?.value) ?? undefined;
      const original = parseMachineAmount(price.originalPrice?.value);
      if (original) found.originalAmount = original;
      found.currency = normalizeCurrency(price.currency) ?? undefined;
      if (product.category?.hierarchy) found.breadcrumb = product.category.hierarchy.split('/').map((c) => c.trim()).filter(Boolean);
      found.canonicalUrl = absoluteUrl(product.url, pageUrl);
    }
    // The page's own markup, for what the state did not give.
    if (!found.name) found.name = cleanText($('h1.pr-new-br span').first().text() || $('h1.product-name').first().text(), 500);
    if (!found.brand) found.brand = cleanText($('h1.pr-new-br a').first().text() || $('[data-brand]').first().attr('data-brand'), 200);
    if (!found.amount) {
      const text = $('.prc-dsc').first().text() || $('[data-product-price]').first().attr('data-product-price') || '';
      found.amount = parsePriceText(text) ?? undefined;
      if (found.amount) found.currency = currencyOf(text) ?? found.currency;
      const original = parsePriceText($('.prc-org').first().text());
      if (original) found.originalAmount = original;
    }
    if (!found.breadcrumb.length) found.breadcrumb = texts($, '.product-detail-breadcrumb a, .breadcrumb-wrapper a');
    if (!found.images.length) {
      $('.gallery-container img, .product-slide img').each((_, el) => {
        const url = absoluteUrl($(el).attr('data-src') ?? $(el).attr('src'), pageUrl);
        if (url && !found.images.includes(url)) found.images.push(url);
      });
    }
    if (!found.color) found.color = cleanText($('[data-color]').first().attr('data-color') ?? $('.selected-color-name').first().text(), 200);
    return found;
  },
};

/** Amazon (.com, .com.tr …): the product page's well-known element ids. */
export const amazonAdapter: ShopAdapter = {
  family: 'amazon',
  matches: (host) => isHost(host, 'amazon.com', 'amazon.com.tr'),
  shopName: () => 'Amazon',
  defaultCurrency: (host) => (isHost(host, 'amazon.com.tr') ? 'TRY' : 'USD'),
  read($, pageUrl) {
    const found = emptyFields();
    found.name = cleanText($('#productTitle').first().text(), 500);
    // '#bylineInfo' reads 'Visit the Apple Store', 'Brand: Apple' or 'Marka: Apple'.
    const byline = cleanText($('#bylineInfo').first().text(), 200);
    if (byline) found.brand = byline.replace(/^(Visit the|Brand:|Marka:)\s*/i, '').replace(/\s*(Store|Mağazası(nı ziyaret edin)?)$/i, '').trim() || undefined;
    const landing = $('#landingImage, #imgBlkFront').first();
    const main = absoluteUrl(landing.attr('data-old-hires') || landing.attr('src'), pageUrl);
    if (main) found.images.push(main);
    const dynamic = landing.attr('data-a-dynamic-image');
    if (dynamic) {
      try {
        for (const url of Object.keys(JSON.parse(dynamic) as Record<string, unknown>)) {
          const absolute = absoluteUrl(url, pageUrl);
          if (absolute && !found.images.includes(absolute)) found.images.push(absolute);
        }
      } catch { /* a broken attribute leaves the main image */ }
    }
    $('#altImages img').each((_, el) => {
      const url = absoluteUrl($(el).attr('data-old-hires') ?? $(el).attr('src'), pageUrl);
      if (url && !found.images.includes(url)) found.images.push(url);
    });
    const priceText = $('#corePrice_feature_div .a-price .a-offscreen, #corePriceDisplay_desktop_feature_div .a-price .a-offscreen, .a-price .a-offscreen').first().text();
    found.amount = parsePriceText(priceText) ?? undefined;
    if (found.amount) found.currency = currencyOf(priceText) ?? undefined;
    const listText = $('.a-price.a-text-price .a-offscreen, .basisPrice .a-offscreen').first().text();
    const listAmount = parsePriceText(listText);
    if (listAmount && listAmount !== found.amount) found.originalAmount = listAmount;
    found.breadcrumb = texts($, '#wayfinding-breadcrumbs_feature_div li a');
    found.color = cleanText($('#variation_color_name .selection').first().text(), 200);
    const bullets = texts($, '#feature-bullets li span.a-list-item');
    found.description = cleanText($('#productDescription').first().text()) ?? cleanText(bullets.join(' '));
    found.canonicalUrl = absoluteUrl($('link[rel="canonical"]').attr('href'), pageUrl);
    return found;
  },
};

/** Any other shop: schema.org microdata (itemprop) beside what JSON-LD and OpenGraph give. */
export const genericAdapter: ShopAdapter = {
  family: 'generic',
  matches: () => true,
  shopName: (host, $) => cleanText($('meta[property="og:site_name"]').attr('content'), 100) ?? bare(host),
  defaultCurrency: (host) => (/\.tr$/.test(bare(host)) ? 'TRY' : undefined),
  read($, pageUrl) {
    const found = emptyFields();
    const scope = $('[itemtype*="schema.org/Product"]').first();
    if (!scope.length) return found;
    const prop = (name: string) => {
      const el = scope.find(`[itemprop="${name}"]`).first();
      return el.attr('content') ?? el.attr('href') ?? el.attr('src') ?? el.text();
    };
    found.name = cleanText(prop('name'), 500);
    found.brand = cleanText(scope.find('[itemprop="brand"] [itemprop="name"]').first().text() || prop('brand'), 200);
    found.color = cleanText(prop('color'), 200);
    found.description = cleanText(prop('description'));
    scope.find('[itemprop="image"]').each((_, el) => {
      const url = absoluteUrl($(el).attr('content') ?? $(el).attr('src') ?? $(el).attr('href'), pageUrl);
      if (url && !found.images.includes(url)) found.images.push(url);
    });
    found.amount = parseMachineAmount(prop('price')) ?? undefined;
    found.currency = normalizeCurrency(prop('priceCurrency')) ?? undefined;
    return found;
  },
};

export const SHOP_ADAPTERS: readonly ShopAdapter[] = [trendyolAdapter, amazonAdapter, genericAdapter];

export function adapterFor(host: string): ShopAdapter {
  return SHOP_ADAPTERS.find((a) => a.matches(host)) ?? genericAdapter;
}

function texts($: CheerioAPI, selector: string): string[] {
  return $(selector).toArray().map((el) => cleanText($(el).text(), 200)).filter((t): t is string => !!t);
}

/** A field that is dropped (not the whole state) when the shop sends something else there. */
const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const zPrice = opt(z.object({ value: opt(z.union([z.number(), z.string()])) }));
/** The part of a Trendyol-like page state the preview reads. */
const ZTrendyolState = z.object({
  configuration: opt(z.object({ cdnUrl: opt(z.string()) })),
  product: opt(z.object({
    name: opt(z.string()),
    brand: opt(z.union([z.string(), z.object({ name: opt(z.string()) })])),
    color: opt(z.string()),
    images: opt(z.array(z.string())),
    url: opt(z.string()),
    description: opt(z.string()),
    contentDescriptions: opt(z.array(z.object({ description: opt(z.string()) }))),
    category: opt(z.object({ hierarchy: opt(z.string()) })),
    price: opt(z.object({ sellingPrice: zPrice, originalPrice: zPrice, discountedPrice: zPrice, currency: opt(z.string()) })),
  })),
});
type TrendyolState = z.infer<typeof ZTrendyolState>;

/** `window.__PRODUCT_DETAIL_APP_INITIAL_STATE__ = {...};` as Trendyol-like pages carry it. */
function readInitialState($: CheerioAPI): TrendyolState | null {
  const marker = '__PRODUCT_DETAIL_APP_INITIAL_STATE__';
  for (const el of $('script:not([src])').toArray()) {
    const text = $(el).text();
    const at = text.indexOf(marker);
    if (at < 0) continue;
    const start = text.indexOf('{', at);
    const json = start >= 0 ? balancedJson(text, start) : null;
    if (!json) continue;
    try {
      return ZTrendyolState.safeParse(JSON.parse(json)).data ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The JSON object starting at `start`, braces counted outside strings. */
function balancedJson(text: string, start: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}
