import type { CheerioAPI } from 'cheerio';
import { absoluteUrl, cleanText, emptyFields, type FoundFields } from './fields';
import { normalizeCurrency, parseMachineAmount } from './price';

/** OpenGraph and product meta tags (og:title, og:image, product:price:amount/currency, og:description …). */
export function readOpenGraph($: CheerioAPI, pageUrl: string): FoundFields {
  const found = emptyFields();
  const meta = (...names: string[]) => {
    for (const name of names) {
      const value = $(`meta[property="${name}"], meta[name="${name}"]`).first().attr('content');
      if (value?.trim()) return value;
    }
    return undefined;
  };
  found.name = cleanText(meta('og:title', 'twitter:title'), 500);
  found.brand = cleanText(meta('product:brand', 'og:brand'), 200);
  found.color = cleanText(meta('product:color'), 200);
  found.description = cleanText(meta('og:description', 'twitter:description'));
  found.canonicalUrl = absoluteUrl(meta('og:url'), pageUrl) ?? absoluteUrl($('link[rel="canonical"]').attr('href'), pageUrl);
  $('meta[property="og:image"], meta[property="og:image:url"], meta[property="og:image:secure_url"], meta[name="twitter:image"]').each((_, el) => {
    const url = absoluteUrl($(el).attr('content'), pageUrl);
    if (url && !found.images.includes(url)) found.images.push(url);
  });
  // A sale price, when given, is what is paid; the regular one is then the original amount.
  const sale = parseMachineAmount(meta('product:sale_price:amount'));
  const regular = parseMachineAmount(meta('product:price:amount', 'og:price:amount'));
  const amount = sale ?? regular;
  if (amount) {
    found.amount = amount;
    found.currency = normalizeCurrency(sale ? meta('product:sale_price:currency', 'product:price:currency') : meta('product:price:currency', 'og:price:currency')) ?? undefined;
    const original = sale ? regular : parseMachineAmount(meta('product:original_price:amount'));
    if (original) found.originalAmount = original;
  }
  return found;
}
