import { compareAmount } from '@app/contract/declaration-workflow';
import type { CheerioAPI } from 'cheerio';
import { absoluteUrl, cleanText, emptyFields, type FoundFields } from './fields';
import { normalizeCurrency, parseMachineAmount } from './price';

type Node = Record<string, unknown>;

/**
 * schema.org Product from the page's JSON-LD blocks: the Product may sit at the top, in an array,
 * in `@graph`, or under `mainEntity`; offers may be an Offer, an AggregateOffer or a list; image a
 * string, a list or ImageObject(s). A BreadcrumbList beside it gives the breadcrumb.
 */
export function readJsonLd($: CheerioAPI, pageUrl: string): FoundFields {
  const found = emptyFields();
  const nodes: Node[] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    const parsed = parseJson($(el).text());
    if (parsed !== undefined) collectNodes(parsed, nodes, 0);
  });
  const product = nodes.find((n) => hasType(n, 'Product')) ?? nodes.find((n) => hasType(n, 'ProductGroup'));
  const breadcrumbList = nodes.find((n) => hasType(n, 'BreadcrumbList'));
  if (breadcrumbList) found.breadcrumb = readBreadcrumb(breadcrumbList);
  if (!product) return found;

  found.name = cleanText(product.name, 500);
  found.brand = cleanText(nameOf(product.brand) ?? nameOf(product.manufacturer), 200);
  found.color = cleanText(product.color, 200);
  found.description = cleanText(product.description);
  found.images = readImages(product.image, pageUrl);
  found.canonicalUrl = absoluteUrl(product.url, pageUrl);
  if (!found.breadcrumb.length && typeof product.category === 'string') {
    found.breadcrumb = product.category.split(/\s*[>/|]\s*/).map((c) => c.trim()).filter(Boolean);
  }
  const offer = readOffer(product.offers);
  if (offer) Object.assign(found, offer);
  return found;
}

/** JSON as shops write it: tolerant of raw line breaks inside strings and a trailing ';'. */
function parseJson(text: string): unknown {
  const trimmed = text.trim().replace(/^<!--|-->$/g, '').replace(/;\s*$/, '');
  if (!trimmed) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    try {
      return JSON.parse(trimmed.replace(/[\r\n\t]+/g, ' '));
    } catch {
      return undefined;
    }
  }
}

function collectNodes(value: unknown, into: Node[], depth: number): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, into, depth + 1);
    return;
  }
  const node = value as Node;
  into.push(node);
  if (node['@graph']) collectNodes(node['@graph'], into, depth + 1);
  if (node.mainEntity) collectNodes(node.mainEntity, into, depth + 1);
  if (hasType(node, 'ProductGroup') && node.hasVariant) collectNodes(node.hasVariant, into, depth + 1);
}

function hasType(node: Node, type: string): boolean {
  const t = node['@type'];
  const matches = (v: unknown) => typeof v === 'string' && (v === type || v.endsWith(`/${type}`) || v.endsWith(`:${type}`));
  return Array.isArray(t) ? t.some(matches) : matches(t);
}

function nameOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return nameOf(value[0]);
  if (value && typeof value === 'object') return nameOf((value as Node).name);
  return undefined;
}

function readImages(value: unknown, pageUrl: string): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const urls: string[] = [];
  for (const item of list) {
    const raw = typeof item === 'string' ? item : item && typeof item === 'object' ? ((item as Node).contentUrl ?? (item as Node).url) : undefined;
    const url = absoluteUrl(Array.isArray(raw) ? raw[0] : raw, pageUrl);
    if (url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

function readBreadcrumb(list: Node): string[] {
  const items = Array.isArray(list.itemListElement) ? (list.itemListElement as Node[]) : [];
  return items
    .filter((i) => i && typeof i === 'object')
    .map((i, index) => ({ position: Number(i.position ?? index + 1), name: cleanText(i.name ?? nameOf(i.item), 200) }))
    .sort((a, b) => a.position - b.position)
    .map((i) => i.name)
    .filter((n): n is string => !!n);
}

type OfferFields = Pick<FoundFields, 'amount' | 'originalAmount' | 'currency'>;

/** The price to pay (the lowest offer with a price) and its list price when the page gives one. */
function readOffer(value: unknown): OfferFields | null {
  const offers = (Array.isArray(value) ? value : [value]).filter((o): o is Node => !!o && typeof o === 'object');
  let best: OfferFields | null = null;
  for (const offer of offers) {
    let candidate: OfferFields | null = null;
    if (hasType(offer, 'AggregateOffer')) {
      const amount = parseMachineAmount(offer.lowPrice ?? offer.price);
      if (amount) candidate = { amount, currency: normalizeCurrency(offer.priceCurrency) ?? undefined };
      else if (offer.offers) candidate = readOffer(offer.offers);
    } else {
      const spec = Array.isArray(offer.priceSpecification) ? (offer.priceSpecification as Node[]) : offer.priceSpecification ? [offer.priceSpecification as Node] : [];
      const sale = spec.find((s) => !isListPrice(s));
      const list = spec.find((s) => isListPrice(s));
      const amount = parseMachineAmount(offer.price ?? sale?.price);
      if (amount) {
        candidate = {
          amount,
          currency: normalizeCurrency(offer.priceCurrency ?? sale?.priceCurrency ?? list?.priceCurrency) ?? undefined,
          originalAmount: parseMachineAmount(list?.price) ?? undefined,
        };
      }
    }
    if (candidate?.amount && (!best?.amount || compareAmount(candidate.amount, best.amount) < 0)) best = candidate;
  }
  return best;
}

function isListPrice(spec: Node): boolean {
  return typeof spec.priceType === 'string' && /ListPrice|StrikethroughPrice|MSRP/i.test(spec.priceType);
}
