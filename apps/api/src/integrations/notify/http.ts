import http from 'node:http';
import https from 'node:https';
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

/*
 * Keep-alive connections shared by every provider call: a bulk send makes thousands of calls to one
 * host, and node's http client costs a quarter of fetch's per call (measured: 0.6 vs 2.2 ms per call
 * with the simulator in the same process).
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 64, timeout: 60_000 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 64, timeout: 60_000 }),
};

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const timeoutError = (ms: number, cause?: unknown) => new ProviderError(`no answer within ${ms} ms`, true, 'timeout', { cause });
const networkError = (error: unknown) => new ProviderError(`request failed: ${(error as Error).message}`, true, 'network', { cause: error });

/** One request over node's http(s) with a deadline for the whole exchange (connect, send, answer). */
function requestJson(url: URL, init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number }): Promise<ProviderReply> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = client.request(url, {
      method: init.method,
      agent: agents[url.protocol as 'http:' | 'https:'],
      headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-length': Buffer.byteLength(init.body) }) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(() => resolve({ status: res.statusCode ?? 0, json: parseJson(Buffer.concat(chunks).toString('utf8')) })));
      res.on('error', (error) => done(() => reject(networkError(error))));
    });
    const timer = setTimeout(() => {
      done(() => reject(timeoutError(init.timeoutMs)));
      req.destroy();
    }, init.timeoutMs);
    req.on('error', (error) => done(() => reject(networkError(error))));
    req.end(init.body);
  });
}

/**
 * One JSON call to a provider with a time-out. A time-out or a network failure is a retryable
 * ProviderError (code 'timeout' / 'network'); any HTTP answer is returned for the adapter to classify.
 * Messages never carry the request's headers (where the keys and tokens are). `fetch` replaces the
 * http client (tests that watch the calls).
 */
export async function callProvider(url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs: number; fetch?: typeof fetch }): Promise<ProviderReply> {
  const headers = { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers };
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (!init.fetch) return requestJson(new URL(url), { method: init.method, headers, body, timeoutMs: init.timeoutMs });
  let res: Response;
  let text: string;
  try {
    res = await init.fetch(url, { method: init.method, headers, body, signal: AbortSignal.timeout(init.timeoutMs) });
    text = await res.text();
  } catch (error) {
    const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw isTimeout ? timeoutError(init.timeoutMs, error) : networkError(error);
  }
  return { status: res.status, json: parseJson(text) };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
