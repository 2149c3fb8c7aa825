/**
 * HTTP client of the marketplace link (PROTOCOL.md): base URL from config, a timeout per request,
 * a few quick retries on network errors, timeouts and 5xx. Permanent refusals are returned, not thrown.
 */
export interface MarketplaceClientOptions {
  baseUrl: string;
  token?: string;
  timeoutMs?: number;
  retries?: number;
  /** Pause between quick retries (ms × attempt); tests pass 0. */
  retryDelayMs?: number;
}

export type PinChangeResult = { ok: true; reference: string | null } | { ok: false; permanent: true; error: string };

export interface MarketplaceClient {
  changePin(input: { trackCode: string; pin: string; previousPin: string | null; requestId: string }): Promise<PinChangeResult>;
}

export class MarketplaceUnavailableError extends Error {}

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const retries = options.retries ?? 2;
  const delay = options.retryDelayMs ?? 300;

  async function call(method: string, path: string, body: unknown, requestId: string): Promise<{ status: number; json: Record<string, unknown> }> {
    let lastError = 'unknown error';
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0 && delay > 0) await new Promise((r) => setTimeout(r, delay * attempt));
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: {
            'content-type': 'application/json', accept: 'application/json', 'x-request-id': requestId,
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        let json: Record<string, unknown> = {};
        try { json = text ? (JSON.parse(text) as Record<string, unknown>) : {}; } catch { json = { error: text.slice(0, 200) }; }
        if (res.status >= 500) { lastError = `marketplace ${res.status}`; continue; }
        return { status: res.status, json };
      } catch (error) {
        lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
    }
    throw new MarketplaceUnavailableError(lastError);
  }

  return {
    async changePin({ trackCode, pin, previousPin, requestId }) {
      const { status, json } = await call('POST', `/v1/parcels/${encodeURIComponent(trackCode)}/pin`, { pin, previous_pin: previousPin, request_id: requestId }, requestId);
      if (status === 200 && json.status === 'accepted') return { ok: true, reference: typeof json.reference === 'string' ? json.reference : null };
      if (status === 409 || status === 422 || status === 404 || status === 400) return { ok: false, permanent: true, error: String(json.error ?? `marketplace ${status}`) };
      throw new MarketplaceUnavailableError(`unexpected marketplace reply ${status}`);
    },
  };
}
