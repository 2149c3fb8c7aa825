import { ProviderError } from './types';

export interface ProviderReply {
  status: number;
  /** The parsed JSON body, or null when the body was empty or not JSON. */
  json: unknown;
}

/** HTTP statuses worth another try later: time-outs, conflicts in flight, rate limits, server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/**
 * One JSON call to a provider with a time-out. A time-out or a network failure is a retryable
 * ProviderError (code 'timeout' / 'network'); any HTTP answer is returned for the adapter to classify.
 * Messages never carry the request's headers (where the keys and tokens are).
 */
export async function callProvider(url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs: number; fetch?: typeof fetch }): Promise<ProviderReply> {
  const doFetch = init.fetch ?? globalThis.fetch;
  let res: Response;
  let text: string;
  const signal = AbortSignal.timeout(init.timeoutMs);
  try {
    res = await doFetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
    });
    text = await res.text();
  } catch (error) {
    const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw isTimeout
      ? new ProviderError(`no answer within ${init.timeoutMs} ms`, true, 'timeout', { cause: error })
      : new ProviderError(`request failed: ${(error as Error).message}`, true, 'network', { cause: error });
  }
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  return { status: res.status, json };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
