/** What one source (JSON-LD, OpenGraph, a shop's markup) found on a product page. */
export interface FoundFields {
  name?: string;
  brand?: string;
  images: string[];
  breadcrumb: string[];
  color?: string;
  description?: string;
  /** Exact 2-decimal strings. */
  amount?: string;
  originalAmount?: string;
  currency?: string;
  canonicalUrl?: string;
}

export const emptyFields = (): FoundFields => ({ images: [], breadcrumb: [] });

/** Whitespace collapsed, entities already decoded by the parser; '' → undefined. */
export function cleanText(value: unknown, max = 5000): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : undefined;
}

/** An absolute http(s) URL against the page, or undefined. */
export function absoluteUrl(value: unknown, pageUrl: string): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    const url = new URL(value.trim(), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
