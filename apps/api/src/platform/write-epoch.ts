import type { FastifyInstance } from 'fastify';

/**
 * Short-lived read caches of one database (issue 15: the capped list totals) and the counter that
 * drops them: every write request through the API (any method but GET, HEAD, OPTIONS) bumps it
 * before its reply leaves, so a client never reads, after its own write, a total cached before it.
 * Background jobs and other processes do not bump it: their changes show within the cache's TTL.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; epoch: number; at: number }>();

  constructor(private readonly owner: WriteEpoch, private readonly ttlMs: number, private readonly maxEntries = 2_000) {}

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.epoch === this.owner.value && now - hit.at < this.ttlMs) return hit.value;
    const epoch = this.owner.value;
    const value = await load();
    // A write that ended while loading may have changed what was read: keep the value for this request only.
    if (epoch === this.owner.value) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, epoch, at: now });
    }
    return value;
  }
}

export class WriteEpoch {
  value = 0;
  /** The capped totals of lists (platform/list-query.ts countList), per filter set. */
  readonly totals = new ReadCache<{ n: number }>(this, 3_000);
  bump(): void {
    this.value++;
  }
}

const epochs = new WeakMap<object, WriteEpoch>();

/** The caches of the app's database; undefined for a transaction or a database no app serves (no caching there). */
export function readCachesOf(db: object): WriteEpoch | undefined {
  return epochs.get(db);
}

/** How long a dashboard figure is kept when nothing is written through the API (charts/balance, the statistics landing). */
export const DASHBOARD_CACHE_MS = 3_000;
const areaCaches = new WeakMap<WriteEpoch, Map<string, ReadCache<unknown>>>();

/**
 * A read kept `ttlMs` per database, area and key, dropped by any write through the API; loaded anew
 * for a transaction or a database no app serves. The one way a module caches a figure (issue 19).
 */
export function readThrough<V>(db: object, area: string, key: string, load: () => Promise<V>, ttlMs = DASHBOARD_CACHE_MS): Promise<V> {
  const epoch = readCachesOf(db);
  if (!epoch) return load();
  let byArea = areaCaches.get(epoch);
  if (!byArea) areaCaches.set(epoch, (byArea = new Map()));
  let cache = byArea.get(area);
  if (!cache) byArea.set(area, (cache = new ReadCache<unknown>(epoch, ttlMs, 500)));
  return cache.getOrLoad(key, load) as Promise<V>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerWriteEpoch(app: FastifyInstance): void {
  const epoch = new WriteEpoch();
  epochs.set(app.db, epoch);
  app.addHook('onSend', async (req) => {
    if (!READS.has(req.method)) epoch.bump();
  });
}
