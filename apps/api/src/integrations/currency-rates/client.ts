import { parseCbarXml, type CbarDay } from './cbar-xml';

export interface CbarClientOptions {
  /** e.g. https://www.cbar.az/currencies (the day's file is {base}/DD.MM.YYYY.xml). */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

/** The bank could not be reached, answered an error, timed out, or sent something else than its XML. */
export class CbarFetchError extends Error {
  override name = 'CbarFetchError';
  constructor(message: string, readonly url: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface CbarClient {
  /** The rates published for this day, or null when the bank has none for it (weekend, not yet published). */
  fetchDay(day: string): Promise<CbarDay | null>;
  /** The most recent published day on or before `day`, looking back up to `lookbackDays`. */
  fetchLatest(day: string, lookbackDays?: number): Promise<CbarDay | null>;
}

/** YYYY-MM-DD → DD.MM.YYYY (the bank's path). */
export function toBankDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The central bank's daily XML over HTTP (integrations/currency-rates.md): GET {base}/DD.MM.YYYY.xml
 * with a timeout. 404 or a document without currencies means "no rates that day".
 */
export function createCbarClient(options: CbarClientOptions): CbarClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function fetchDay(day: string): Promise<CbarDay | null> {
    const url = `${base}/${toBankDate(day)}.xml`;
    let res: Response;
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: 'application/xml, text/xml' } });
    } catch (error) {
      const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new CbarFetchError(isTimeout ? `timed out after ${options.timeoutMs} ms` : `request failed: ${(error as Error).message}`, url, { cause: error });
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new CbarFetchError(`HTTP ${res.status}`, url);
    }
    let body: string;
    try {
      body = await res.text();
    } catch (error) {
      throw new CbarFetchError(`reading the reply failed: ${(error as Error).message}`, url, { cause: error });
    }
    try {
      const parsed = parseCbarXml(body);
      return parsed.rates.length ? parsed : null;
    } catch (error) {
      throw new CbarFetchError((error as Error).message, url, { cause: error });
    }
  }

  async function fetchLatest(day: string, lookbackDays = 7): Promise<CbarDay | null> {
    let current = day;
    for (let i = 0; i <= lookbackDays; i++) {
      const found = await fetchDay(current);
      if (found) return found;
      current = previousDay(current);
    }
    return null;
  }

  return { fetchDay, fetchLatest };
}
