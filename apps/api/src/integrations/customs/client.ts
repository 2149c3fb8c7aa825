import {
  CUSTOMS_PATHS, POST_STATUS,
  type CustomsAction, type CustomsBoxItem, type CustomsDeclaration, type CustomsDepeshItem, type CustomsEnvelope, type CustomsGoodsGroup,
  type CustomsItemResult, type CustomsParcel, type CustomsPost, type CustomsSearch, type CustomsUpdateItem,
} from './protocol';

/**
 * HTTP client of the customs e-carrier protocol (customs-ecarrier.md). Base URL and API key come
 * from configuration. Each call has a timeout and a few retries with a doubling pause; an envelope
 * whose `code` is not 200 is a failure even on HTTP 200; empty bodies and time-outs are retried.
 *
 * The protocol has no idempotency key. An add or a depesh whose answer was lost (time-out, empty
 * body, 5xx, garbage) may still have been done by customs, so before sending it again the client
 * looks the parcels up in the carrier posts and resends only those customs does not have: a parcel
 * is never added (or dispatched) twice.
 *
 * Every logical call is reported once to `onExchange` (action, request, HTTP status, envelope code,
 * raw answer, attempts): the customs module stores it as a customs task.
 */
export interface CustomsClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** Extra attempts after the first on a transient failure (default 2). */
  retries?: number;
  /** Pause before the first retry, doubled for each further one (default 300 ms); tests pass small values. */
  retryDelayMs?: number;
  /** Page size of the paged searches (default 100). */
  pageSize?: number;
  onExchange?: (exchange: CustomsExchange) => void | Promise<void>;
  fetch?: typeof globalThis.fetch;
}

export type CustomsFailureKind =
  | 'timeout' | 'network' | 'http' | 'empty' | 'malformed' | 'code' // transient: retried
  | 'refused' | 'declined'; // permanent: not retried

export interface CustomsExchange {
  action: CustomsAction;
  method: string;
  path: string;
  /** The request body (or the path parameters of a call without one). */
  query: unknown;
  /** HTTP status of the last attempt; null when no answer came (time-out, network). */
  httpStatus: number | null;
  /** Envelope code of the last attempt, or null when there was none. */
  code: number | null;
  /** Raw text of the last answer (null when none). */
  response: string | null;
  attempts: number;
  ok: boolean;
  failure: CustomsFailureKind | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date;
}

export class CustomsError extends Error {
  override name = 'CustomsError';
  constructor(
    message: string,
    readonly kind: CustomsFailureKind,
    readonly details: { httpStatus?: number | null; code?: number | null; response?: string | null; fields?: Record<string, string> } = {},
  ) {
    super(message);
  }
  /** Worth another try later (the job runner retries these). */
  get transient(): boolean {
    return this.kind !== 'refused' && this.kind !== 'declined';
  }
  /** Customs may have done the call although we have no answer. */
  get ambiguous(): boolean {
    return this.transient && this.kind !== 'network';
  }
}

export interface AddResult {
  /** Sent now and accepted. */
  added: string[];
  /** Found in the carrier posts before (re)sending: customs already had them. */
  alreadyThere: string[];
}

export interface CustomsClient {
  ping(): Promise<{ ok: boolean; ms: number; error: string | null }>;
  /** Adds parcels (state 0). `checkFirst`: look them up first (a resend after a lost answer). Declined → CustomsError 'declined'. */
  addParcels(parcels: CustomsParcel[], options?: { commercial?: boolean; checkFirst?: boolean }): Promise<AddResult>;
  updateParcels(items: CustomsUpdateItem[]): Promise<void>;
  deleteParcel(trackingNumber: string): Promise<void>;
  /** One page of carrier posts. */
  carriersPosts(search: CustomsSearch, page: { offset: number; limit: number }): Promise<CustomsPost[]>;
  /** Every page until a short one. */
  allCarriersPosts(search: CustomsSearch): Promise<CustomsPost[]>;
  /** The carrier post of one parcel, or null when customs does not have it. */
  findPost(trackingNumber: string, packageType?: '1' | '2'): Promise<CustomsPost | null>;
  declarations(search: CustomsSearch, page: { offset: number; limit: number }): Promise<CustomsDeclaration[]>;
  allDeclarations(search: CustomsSearch): Promise<CustomsDeclaration[]>;
  deletedDeclarations(search: CustomsSearch, page: { offset: number; limit: number }): Promise<CustomsDeclaration[]>;
  allDeletedDeclarations(search: CustomsSearch): Promise<CustomsDeclaration[]>;
  approveSearch(regNumbers: string[]): Promise<CustomsDeclaration[]>;
  addToBoxes(items: CustomsBoxItem[]): Promise<CustomsItemResult[]>;
  /** The dispatch request (state 3); per-parcel answers. `checkFirst` as for adds. */
  depesh(items: CustomsDepeshItem[], options?: { checkFirst?: boolean }): Promise<CustomsItemResult[]>;
  goodsGroups(): Promise<CustomsGoodsGroup[]>;
}

const MAX_PAGES = 1000;

interface Attempt<T> {
  ok: true;
  data: T;
  httpStatus: number;
  code: number;
  text: string;
}

export function createCustomsClient(options: CustomsClientOptions): CustomsClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const pageSize = options.pageSize ?? 100;
  const doFetch = options.fetch ?? globalThis.fetch;

  /** One HTTP exchange; throws CustomsError on any failure. */
  async function attempt<T>(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Attempt<T>> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          ApiKey: options.apiKey, lang: 'az', accept: 'text/plain',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') throw new CustomsError(`no answer within ${timeoutMs} ms`, 'timeout');
      throw new CustomsError(`request failed: ${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)}`, 'network');
    }
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      throw new CustomsError(`reading the answer failed: ${(error as Error).message}`, name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network', { httpStatus: res.status });
    }
    const details = { httpStatus: res.status, response: text };
    if (res.status === 401 || res.status === 403) throw new CustomsError(`customs refused the API key (HTTP ${res.status})`, 'refused', details);
    if (res.status >= 500) throw new CustomsError(`HTTP ${res.status}`, 'http', details);
    if (text.trim() === '') throw new CustomsError(`empty answer (HTTP ${res.status})`, 'empty', details);
    let envelope: CustomsEnvelope<T>;
    try {
      envelope = JSON.parse(text) as CustomsEnvelope<T>;
    } catch {
      throw new CustomsError(`not JSON (HTTP ${res.status})`, 'malformed', details);
    }
    if (typeof envelope !== 'object' || envelope === null || typeof envelope.code !== 'number') {
      throw new CustomsError(`no envelope code (HTTP ${res.status})`, 'malformed', details);
    }
    const withCode = { ...details, code: envelope.code };
    if (envelope.code === 200 && res.status < 300) return { ok: true, data: envelope.data, httpStatus: res.status, code: envelope.code, text };
    const message = envelope.exception?.errorMessage || `customs code ${envelope.code}`;
    const fields = envelope.exception?.validationError ?? undefined;
    if (envelope.code >= 500) throw new CustomsError(message, 'code', withCode);
    if (envelope.code === 401 || envelope.code === 403) throw new CustomsError(message, 'refused', withCode);
    // 400, 404, 409, 422 …: customs looked at the request and said no.
    throw new CustomsError(message, 'declined', { ...withCode, fields });
  }

  const pause = (n: number) => new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (n - 1) * (0.75 + Math.random() * 0.5)));

  /**
   * A logical call: attempts with back-off on transient failures, reported once. `beforeResend`
   * runs before each retry that follows an ambiguous failure; it may shrink the body or finish
   * the call (`{ done }`) when customs turns out to have done it already.
   */
  async function call<T, R = T>(
    action: CustomsAction, method: string, path: string, body: unknown,
    extra: {
      headers?: Record<string, string>;
      query?: unknown;
      beforeResend?: (body: unknown) => Promise<{ body: unknown } | { done: R }>;
      map?: (data: T, body: unknown) => R;
    } = {},
  ): Promise<R> {
    const startedAt = new Date();
    let current = body;
    let attempts = 0;
    let last: CustomsError | null = null;
    let lastOk: Attempt<T> | null = null;
    let result: R | undefined;
    let finished = false;
    try {
      for (let n = 1; n <= retries + 1; n++) {
        if (n > 1) {
          await pause(n - 1);
          if (last?.ambiguous && extra.beforeResend) {
            const checked = await extra.beforeResend(current);
            if ('done' in checked) {
              result = checked.done;
              finished = true;
              last = null;
              break;
            }
            current = checked.body;
          }
        }
        attempts = n;
        try {
          lastOk = await attempt<T>(method, path, current, extra.headers ?? {});
          result = extra.map ? extra.map(lastOk.data, current) : (lastOk.data as unknown as R);
          finished = true;
          last = null;
          break;
        } catch (error) {
          if (!(error instanceof CustomsError)) throw error;
          last = error;
          if (!error.transient) break;
        }
      }
      if (!finished) throw last ?? new CustomsError('no attempt made', 'network');
      return result as R;
    } finally {
      if (options.onExchange) {
        await options.onExchange({
          action, method, path, query: extra.query ?? current,
          httpStatus: last ? last.details.httpStatus ?? null : lastOk?.httpStatus ?? null,
          code: last ? last.details.code ?? null : lastOk?.code ?? (finished ? 200 : null),
          response: last ? last.details.response ?? null : lastOk?.text ?? (finished ? '(done before resending: found in carrier posts)' : null),
          attempts, ok: finished, failure: last?.kind ?? null, error: last?.message ?? null,
          startedAt, finishedAt: new Date(),
        });
      }
    }
  }

  const list = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

  async function paged<T>(fetchPage: (page: { offset: number; limit: number }) => Promise<T[]>): Promise<T[]> {
    const all: T[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const rows = await fetchPage({ offset: page * pageSize, limit: pageSize });
      all.push(...rows);
      if (rows.length < pageSize) break;
    }
    return all;
  }

  const client: CustomsClient = {
    async ping() {
      const started = Date.now();
      try {
        await call('ping', 'GET', CUSTOMS_PATHS.ping, undefined, { query: null });
        return { ok: true, ms: Date.now() - started, error: null };
      } catch (error) {
        return { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.message : String(error) };
      }
    },

    async addParcels(parcels, { commercial = false, checkFirst = false } = {}) {
      const tracks = parcels.map((p) => p.trackinG_NO);
      const packageType = commercial ? '2' : '1';
      /** Splits the parcels into those customs already has and those still to send. */
      const sortOut = async (pending: CustomsParcel[]) => {
        const there: string[] = [];
        const rest: CustomsParcel[] = [];
        for (const parcel of pending) {
          if (await client.findPost(parcel.trackinG_NO, packageType)) there.push(parcel.trackinG_NO);
          else rest.push(parcel);
        }
        return { there, rest };
      };
      let pending = parcels;
      const alreadyThere: string[] = [];
      if (checkFirst) {
        const { there, rest } = await sortOut(pending);
        alreadyThere.push(...there);
        pending = rest;
        if (pending.length === 0) return { added: [], alreadyThere };
      }
      return call<unknown, AddResult>(commercial ? 'add_commercial' : 'add', 'POST', commercial ? CUSTOMS_PATHS.addCommercial : CUSTOMS_PATHS.add, pending, {
        beforeResend: async (body) => {
          const { there, rest } = await sortOut(body as CustomsParcel[]);
          alreadyThere.push(...there);
          return rest.length === 0 ? { done: { added: [], alreadyThere } } : { body: rest };
        },
        map: (_data, body) => ({ added: (body as CustomsParcel[]).map((p) => p.trackinG_NO), alreadyThere }),
      }).then((r) => ({ added: r.added.filter((t) => tracks.includes(t)), alreadyThere: r.alreadyThere }));
    },

    async updateParcels(items) {
      await call('update', 'PUT', CUSTOMS_PATHS.update, items);
    },

    async deleteParcel(trackingNumber) {
      await call('delete', 'DELETE', CUSTOMS_PATHS.delete(trackingNumber), undefined, { query: { trackingNumber } });
    },

    carriersPosts(search, { offset, limit }) {
      return call('carriersposts', 'POST', CUSTOMS_PATHS.carriersPosts(offset, limit), search, {
        query: { ...search, offset, limit }, map: (data) => list<CustomsPost>(data),
      });
    },
    allCarriersPosts: (search) => paged((page) => client.carriersPosts(search, page)),

    async findPost(trackingNumber, packageType = '1') {
      const rows = await client.carriersPosts({ trackingNumber, packagE_TYPE: packageType }, { offset: 0, limit: 10 });
      return rows.find((r) => r.trackinG_NO === trackingNumber) ?? null;
    },

    declarations(search, { offset, limit }) {
      return call('declarations', 'POST', CUSTOMS_PATHS.declarations(offset, limit), search, {
        query: { ...search, offset, limit }, map: (data) => list<CustomsDeclaration>(data),
      });
    },
    allDeclarations: (search) => paged((page) => client.declarations(search, page)),

    deletedDeclarations(search, { offset, limit }) {
      return call('deleteddeclarations', 'POST', CUSTOMS_PATHS.deletedDeclarations(offset, limit), search, {
        query: { ...search, offset, limit }, map: (data) => list<CustomsDeclaration>(data),
      });
    },
    allDeletedDeclarations: (search) => paged((page) => client.deletedDeclarations(search, page)),

    approveSearch(regNumbers) {
      return call('approvesearch', 'POST', CUSTOMS_PATHS.approveSearch, regNumbers.map((regNumber) => ({ regNumber })), {
        headers: { dataType: 'Declarations' }, map: (data) => list<CustomsDeclaration>(data),
      });
    },

    addToBoxes(items) {
      return call('addtoboxes', 'POST', CUSTOMS_PATHS.addToBoxes, items, { map: (data) => list<CustomsItemResult>(data) });
    },

    async depesh(items, { checkFirst = false } = {}) {
      const done: CustomsItemResult[] = [];
      /** Parcels whose carrier post already shows this dispatch are answered from it. */
      const sortOut = async (pending: CustomsDepeshItem[]) => {
        const rest: CustomsDepeshItem[] = [];
        for (const item of pending) {
          const post = await client.findPost(item.trackingNumber);
          if (post && post.status === POST_STATUS.dispatched && post.depesH_NUMBER === item.depeshNumber) {
            done.push({ trackingNumber: item.trackingNumber, code: 200, message: 'already dispatched' });
          } else rest.push(item);
        }
        return rest;
      };
      let pending = items;
      if (checkFirst) {
        pending = await sortOut(pending);
        if (pending.length === 0) return done;
      }
      return call<unknown, CustomsItemResult[]>('depesh', 'POST', CUSTOMS_PATHS.depesh, pending, {
        beforeResend: async (body) => {
          const rest = await sortOut(body as CustomsDepeshItem[]);
          return rest.length === 0 ? { done: [...done] } : { body: rest };
        },
        map: (data) => [...done, ...list<CustomsItemResult>(data)],
      });
    },

    goodsGroups() {
      return call('goodsgroups', 'GET', CUSTOMS_PATHS.goodsGroups, undefined, { query: null, map: (data) => list<CustomsGoodsGroup>(data) });
    },
  };
  return client;
}
