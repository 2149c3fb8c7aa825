import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildCbarXml, type CbarRate } from './cbar-xml';

/** How the simulated bank answers: normally, with broken XML, too slowly, or with a server error. */
export type CbarSimulatorMode = 'ok' | 'malformed' | 'slow' | 'error';

export interface CbarSimulator {
  /** Base URL to give the client, e.g. http://127.0.0.1:41234/currencies */
  url: string;
  requests: string[];
  setMode(mode: CbarSimulatorMode): void;
  close(): Promise<void>;
}

/** A day's published rates (deterministic per day so tests and the demo agree). */
export function simulatedRates(day: string): Omit<CbarRate, 'rate'>[] {
  const n = Number(day.replaceAll('-', '')) % 97;
  const drift = (base: number, spread: number) => (base + ((n % 13) - 6) * spread).toFixed(4);
  return [
    { code: 'USD', nominal: 1, name: '1 ABŞ dolları', value: '1.7000' },
    { code: 'EUR', nominal: 1, name: '1 Avro', value: drift(1.9650, 0.0021) },
    { code: 'TRY', nominal: 1, name: '1 Türkiyə lirəsi', value: drift(0.0402, 0.0001) },
    { code: 'RUB', nominal: 100, name: '100 Rusiya rublu', value: drift(2.1050, 0.0040) },
    { code: 'GBP', nominal: 1, name: '1 İngilis funt sterlinqi', value: drift(2.2380, 0.0030) },
  ];
}

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/**
 * A local stand-in for the central bank, speaking its protocol: GET /currencies/DD.MM.YYYY.xml
 * answers the ValCurs XML of that day; weekends and future days are 404 (no rates published).
 */
export async function startCbarSimulator(opts: { host?: string; port?: number; mode?: CbarSimulatorMode; slowMs?: number } = {}): Promise<CbarSimulator> {
  let mode: CbarSimulatorMode = opts.mode ?? 'ok';
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const m = /^\/currencies\/(\d{2})\.(\d{2})\.(\d{4})\.xml$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !m) {
      res.writeHead(404).end();
      return;
    }
    const day = `${m[3]}-${m[2]}-${m[1]}`;
    if (mode === 'error') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    if (mode === 'slow') {
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/xml' }).end(buildCbarXml({ date: day, rates: simulatedRates(day) })), opts.slowMs ?? 5000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (isWeekend(day) || day > new Date().toISOString().slice(0, 10)) {
      res.writeHead(404).end();
      return;
    }
    const xml = mode === 'malformed'
      ? '<?xml version="1.0" encoding="UTF-8"?><ValCurs Date="01.01.2026"><ValType><Valute Code="USD"><Value>1.7</Valute></ValCurs>'
      : buildCbarXml({ date: day, rates: simulatedRates(day) });
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(xml);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${address.port}/currencies`,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
