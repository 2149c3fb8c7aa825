import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { addressLiteral, isPublicAddress } from './address-guard';
import { ProductPreviewError } from './errors';

/**
 * The product preview's page fetcher (README.md "Fetching"): http/https only, default ports only,
 * no credentials in the link, every address the host resolves to must be public (address-guard.ts)
 * and the connection is pinned to the checked address (the socket's own lookup returns it, so a DNS
 * answer that changes between the check and the connect is never used). Redirects are followed by
 * hand, each one checked again; one deadline covers the whole chain; the body is read up to a cap
 * (after decompression) and must be HTML.
 */
export interface FetchPageOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /**
   * A configured stand-in for a shop (its simulator): for a link the function returns a base URL,
   * the page is fetched from that base with the same path and the link's host in `Host`. Only these
   * configured bases skip the address check (they are the operator's own choice, typically loopback).
   */
  routeTo?: (url: URL) => URL | null;
  /** DNS resolution (tests give a fake resolver); default node:dns lookup with all addresses. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface FetchedPage {
  /** The link after redirects (the shop's own address, not the stand-in's). */
  url: string;
  status: number;
  html: string;
  bytes: number;
  redirects: number;
}

export const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ACCEPT_LANGUAGE = 'az,tr;q=0.9,en-US;q=0.8,en;q=0.7';
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

const defaultResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Refuses a link before any connection: scheme, credentials, port, host. */
export function checkLink(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProductPreviewError('invalid', `not a URL: ${raw.slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProductPreviewError('scheme', `scheme ${url.protocol} refused`);
  if (url.username || url.password) throw new ProductPreviewError('credentials', 'credentials in the URL');
  // Real shops answer on the default ports; any other port is how internal services are reached.
  if (url.port !== '') throw new ProductPreviewError('port', `port ${url.port} refused`);
  if (!url.hostname) throw new ProductPreviewError('invalid', 'no host');
  url.hash = '';
  return url;
}

export async function fetchProductPage(link: string, options: FetchPageOptions): Promise<FetchedPage> {
  const deadline = Date.now() + options.timeoutMs;
  let url = checkLink(link);
  for (let redirects = 0; ; redirects++) {
    const answer = await fetchOnce(url, options, deadline);
    if (answer.kind === 'page') return { ...answer.page, url: url.toString(), redirects };
    if (redirects >= options.maxRedirects) throw new ProductPreviewError('redirects', `more than ${options.maxRedirects} redirects`);
    let next: URL;
    try {
      next = new URL(answer.location, url);
    } catch {
      throw new ProductPreviewError('bad_redirect', `bad Location ${answer.location.slice(0, 100)}`);
    }
    url = checkLink(next.toString());
  }
}

type Answer = { kind: 'page'; page: Omit<FetchedPage, 'url' | 'redirects'> } | { kind: 'redirect'; location: string };

async function fetchOnce(url: URL, options: FetchPageOptions, deadline: number): Promise<Answer> {
  const base = options.routeTo?.(url) ?? null;
  const target = base ? new URL(url.pathname + url.search, base) : url;
  let pinned: { address: string; family: number } | null = null;
  if (!base) pinned = await resolvePublic(url.hostname, options.resolve ?? defaultResolve, deadline);
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw timeout(options.timeoutMs);

  return new Promise<Answer>((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http;
    const lookup = pinned ? pinnedLookup(pinned.address, pinned.family) : undefined;
    const req = client.request(target, {
      method: 'GET',
      lookup,
      agent: false,
      headers: {
        host: url.host,
        'user-agent': USER_AGENT,
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        'accept-language': ACCEPT_LANGUAGE,
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    let settled = false;
    const fail = (error: ProductPreviewError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(timeout(options.timeoutMs)), remaining);
    req.on('error', (error: NodeJS.ErrnoException) => fail(new ProductPreviewError('network', `${error.code ?? error.name}: ${error.message}`, { host: url.hostname })));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        res.resume();
        settled = true;
        clearTimeout(timer);
        req.destroy();
        const location = res.headers.location;
        if (!location) return reject(new ProductPreviewError('bad_redirect', `HTTP ${status} without Location`));
        return resolve({ kind: 'redirect', location });
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return fail(new ProductPreviewError('http_status', `HTTP ${status}`, { status }));
      }
      const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
      const mime = contentType.split(';')[0]!.trim();
      if (!HTML_TYPES.has(mime)) {
        res.resume();
        return fail(new ProductPreviewError('not_html', `content-type ${mime || 'missing'}`));
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
      if (encoding === 'identity' && declared > options.maxBytes) {
        res.resume();
        return fail(tooBig(options.maxBytes));
      }
      const body = encoding === 'gzip' || encoding === 'x-gzip' ? res.pipe(zlib.createGunzip())
        : encoding === 'deflate' ? res.pipe(zlib.createInflate())
          : encoding === 'br' ? res.pipe(zlib.createBrotliDecompress())
            : res;
      const chunks: Buffer[] = [];
      let bytes = 0;
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        // Stop reading beyond the cap (also a decompression bomb): the socket is closed at once.
        if (bytes > options.maxBytes) return fail(tooBig(options.maxBytes));
        chunks.push(chunk);
      });
      body.on('error', (error) => fail(new ProductPreviewError('network', `body: ${error.message}`)));
      body.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const buffer = Buffer.concat(chunks);
        resolve({ kind: 'page', page: { status, html: decodeHtml(buffer, contentType), bytes } });
      });
    });
    req.end();
  });
}

/**
 * The socket's name resolution, answering only the address that was checked: whatever the name
 * resolves to by the time the socket connects (DNS rebinding), the connection goes there.
 */
export function pinnedLookup(address: string, family: number): LookupFunction {
  return (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** Every address of the host must be public (a name with one private answer is refused); the first is used. */
async function resolvePublic(hostname: string, resolve: NonNullable<FetchPageOptions['resolve']>, deadline: number) {
  const literal = addressLiteral(hostname);
  if (literal) {
    if (!isPublicAddress(literal)) throw new ProductPreviewError('refused', `address ${literal} refused`, { host: hostname, address: literal });
    return { address: literal, family: literal.includes(':') ? 6 : 4 };
  }
  const lower = hostname.toLowerCase().replace(/\.$/, '');
  if (lower === 'localhost' || lower.endsWith('.localhost')) throw new ProductPreviewError('refused', `${hostname} refused`, { host: hostname });
  let addresses: { address: string; family: number }[];
  try {
    addresses = await withDeadline(resolve(hostname), deadline);
  } catch (error) {
    if (error instanceof ProductPreviewError) throw error;
    throw new ProductPreviewError('dns', `${hostname}: ${(error as Error).message}`, { host: hostname });
  }
  if (!addresses.length) throw new ProductPreviewError('dns', `${hostname}: no address`, { host: hostname });
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  if (bad) throw new ProductPreviewError('refused', `${hostname} resolves to ${bad.address}`, { host: hostname, address: bad.address });
  return addresses[0]!;
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const wait = deadline - Date.now();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeout(0)), Math.max(0, wait));
    promise.then((v) => { clearTimeout(timer); resolve(v); }, (e: unknown) => { clearTimeout(timer); reject(e as Error); });
  });
}

const timeout = (ms: number) => new ProductPreviewError('timeout', `no answer within ${ms} ms`);
const tooBig = (max: number) => new ProductPreviewError('too_big', `more than ${max} bytes`);

/** The charset of the Content-Type, else of a <meta> in the first bytes, else UTF-8. */
function decodeHtml(buffer: Buffer, contentType: string): string {
  const fromHeader = /charset=["']?([\w.:-]+)/.exec(contentType)?.[1];
  const head = buffer.subarray(0, 2048).toString('latin1');
  const fromMeta = /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head)?.[1];
  const label = (fromHeader ?? fromMeta ?? 'utf-8').toLowerCase();
  try {
    return new TextDecoder(label).decode(buffer);
  } catch {
    return new TextDecoder('utf-8').decode(buffer);
  }
}
