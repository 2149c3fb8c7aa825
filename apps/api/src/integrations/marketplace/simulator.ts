import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local marketplace speaking PROTOCOL.md, for tests and the demo. Keeps parcels' PINs in memory,
 * answers repeated request ids with the first answer, and can be told to fail or reject.
 */
export interface MarketplaceSimulator {
  url: string;
  calls: { method: string; path: string; body: unknown }[];
  failNext(n: number): void;
  reject(trackCodes: string[]): void;
  close(): Promise<void>;
}

export async function startMarketplaceSimulator(opts: { port?: number; host?: string } = {}): Promise<MarketplaceSimulator> {
  const pins = new Map<string, string>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const calls: MarketplaceSimulator['calls'] = [];
  let failures = 0;
  const rejected = new Set<string>();
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try { body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}; } catch { body = {}; }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (path === '/__control' && req.method === 'POST') {
        if (typeof body.failNext === 'number') failures = body.failNext;
        if (Array.isArray(body.reject)) for (const t of body.reject) rejected.add(String(t));
        return send(200, { ok: true });
      }
      if (path === '/__calls') return send(200, calls);
      calls.push({ method: req.method ?? 'GET', path, body });
      if (calls.length > 1000) calls.shift(); // the demo runs it for days: keep the recent calls only
      if (failures > 0) { failures--; return send(503, { status: 'error', error: 'temporarily unavailable' }); }
      const pinMatch = /^\/v1\/parcels\/([^/]+)\/pin$/.exec(path);
      if (pinMatch && req.method === 'POST') {
        const trackCode = decodeURIComponent(pinMatch[1]!);
        const requestId = String(body.request_id ?? req.headers['x-request-id'] ?? '');
        const earlier = requestId ? answered.get(requestId) : undefined;
        if (earlier) return send(earlier.status, earlier.body);
        let answer: { status: number; body: unknown };
        if (rejected.has(trackCode)) answer = { status: 422, body: { status: 'rejected', error: 'parcel not found at the marketplace' } };
        else if (typeof body.pin !== 'string' || !/^[A-Z0-9]{7}$/.test(body.pin)) answer = { status: 422, body: { status: 'rejected', error: 'invalid pin' } };
        else {
          pins.set(trackCode, body.pin);
          answer = { status: 200, body: { status: 'accepted', track_code: trackCode, pin: body.pin, reference: `MP-${(++counter).toString(16)}` } };
        }
        if (requestId) answered.set(requestId, answer);
        return send(answer.status, answer.body);
      }
      const parcelMatch = /^\/v1\/parcels\/([^/]+)$/.exec(path);
      if (parcelMatch && req.method === 'GET') {
        const trackCode = decodeURIComponent(parcelMatch[1]!);
        const pin = pins.get(trackCode);
        return pin ? send(200, { track_code: trackCode, pin, state: 'accepted' }) : send(404, { status: 'rejected', error: 'not found' });
      }
      return send(404, { status: 'rejected', error: 'no such route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    calls,
    failNext: (n) => { failures = n; },
    reject: (codes) => { for (const c of codes) rejected.add(c); },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

// Run by hand: PORT=9480 node --import tsx apps/api/src/integrations/marketplace/simulator.ts
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const sim = await startMarketplaceSimulator({ port: Number(process.env.PORT ?? 9480), host: process.env.HOST ?? '127.0.0.1' });
  console.log(`marketplace simulator on ${sim.url}`);
}
