import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  POST_STATUS,
  type CustomsBoxItem, type CustomsDeclaration, type CustomsDepeshItem, type CustomsEnvelope, type CustomsGoodsGroup, type CustomsItemResult,
  type CustomsParcel, type CustomsPost, type CustomsSearch, type CustomsUpdateItem,
} from './protocol';

/**
 * A local stand-in for the customs e-carrier service, speaking exactly its protocol on loopback
 * (customs-ecarrier.md), with its state in memory: parcels added (carrier posts), declarations that
 * simulated citizens write a while after the add, boxes and dispatches. It can be told to fail:
 * a 5xx, an empty answer, a slow answer (a client time-out), a garbage answer — each either before
 * or after doing the work (the latter is the "lost answer" case) — or to decline a parcel.
 *
 * Control: the returned object's functions (tests), or POST /__control with JSON
 * `{ fault: {...} }`, `{ decline: { trackingNumber, message } }`, `{ declareAll: true }`, `{ reset: true }`.
 */
export interface CustomsFault {
  kind: '5xx' | 'empty' | 'slow' | 'garbage' | 'code500';
  /** Only requests whose path contains this (e.g. '/carriersposts', '/depesh'); all when absent. */
  path?: string;
  /** Only requests with this method. */
  method?: string;
  /** Do the work first, then fail the answer (customs has it, the carrier does not know). */
  afterWork?: boolean;
  /** How many matching requests to fail (default 1). */
  times?: number;
  /** Delay of a 'slow' answer (default 30 s, i.e. beyond any client time-out). */
  delayMs?: number;
}

export interface CustomsSimulatorOptions {
  host?: string;
  port?: number;
  apiKey?: string;
  /** Citizens declare a parcel this long after it was added (default 2 min; tests pass 0). */
  declareAfterMs?: number;
  /** Share of added parcels that citizens declare (0–1, deterministic per tracking number; default 0.85). */
  declareRatio?: number;
  /** Latency of every answer (ms, default 0). */
  latencyMs?: number;
  /**
   * Carrier posts customs already holds from before, as the real service always does: parcels a
   * marketplace sent under our carrier code 40 days ago, declared and one dispatched (default 3;
   * 0 starts empty). Older than any sync window, so a sync of the last days does not see them.
   */
  history?: number;
}

export interface CustomsSimulator {
  url: string;
  apiKey: string;
  /** Every request seen: method, path and body. */
  requests: { method: string; path: string; body: unknown }[];
  posts: Map<string, CustomsPost & { addedAt: number }>;
  fail(fault: CustomsFault): void;
  /** Forget the faults not yet used: customs works again. */
  clearFaults(): void;
  /** The next add of this parcel is refused with a validation error. */
  decline(trackingNumber: string, message?: string): void;
  /** The citizen declares this parcel now (whatever the delay and ratio); returns the declaration. */
  declare(trackingNumber: string): CustomsDeclaration | null;
  /** Every added parcel gets its declaration now (whatever the ratio). */
  declareAll(): void;
  /** A citizen withdraws the declaration of this parcel. */
  withdraw(trackingNumber: string): void;
  /** How many times a parcel was added (a correct carrier never exceeds 1). */
  addCount(trackingNumber: string): number;
  declarationOf(trackingNumber: string): CustomsDeclaration | null;
  /** Loads what customs already knows (an embedded restart: the parcels sent before, with their declarations, live or withdrawn). */
  preload(items: { post: CustomsPost; declaration?: CustomsDeclaration | null; withdrawn?: CustomsDeclaration | null }[]): void;
  configure(options: Partial<Pick<CustomsSimulatorOptions, 'declareAfterMs' | 'declareRatio' | 'latencyMs'>>): void;
  reset(): void;
  close(): Promise<void>;
}

export const SIMULATOR_API_KEY = 'simulator-key';

const GOODS_GROUPS: CustomsGoodsGroup[] = [
  { id: 1, parentId: null, goodsNameAz: 'Geyim və ayaqqabı', goodsNameEn: 'Clothes and shoes', goodsNameRu: 'Одежда и обувь', isDeleted: false },
  { id: 11, parentId: 1, goodsNameAz: 'Geyim', goodsNameEn: 'Clothes', goodsNameRu: 'Одежда', isDeleted: false },
  { id: 12, parentId: 1, goodsNameAz: 'Ayaqqabı', goodsNameEn: 'Shoes', goodsNameRu: 'Обувь', isDeleted: false },
  { id: 2, parentId: null, goodsNameAz: 'Elektronika', goodsNameEn: 'Electronics', goodsNameRu: 'Электроника', isDeleted: false },
  { id: 21, parentId: 2, goodsNameAz: 'Telefon və aksesuarlar', goodsNameEn: 'Phones and accessories', goodsNameRu: 'Телефоны и аксессуары', isDeleted: false },
  { id: 22, parentId: 2, goodsNameAz: 'Kompüter texnikası', goodsNameEn: 'Computers', goodsNameRu: 'Компьютерная техника', isDeleted: false },
  { id: 3, parentId: null, goodsNameAz: 'Kosmetika', goodsNameEn: 'Cosmetics', goodsNameRu: 'Косметика', isDeleted: false },
  { id: 4, parentId: null, goodsNameAz: 'Ev əşyaları', goodsNameEn: 'Household goods', goodsNameRu: 'Товары для дома', isDeleted: false },
  { id: 5, parentId: null, goodsNameAz: 'Oyuncaqlar', goodsNameEn: 'Toys', goodsNameRu: 'Игрушки', isDeleted: false },
  { id: 6, parentId: null, goodsNameAz: 'Kitablar', goodsNameEn: 'Books', goodsNameRu: 'Книги', isDeleted: true },
];

const REQUIRED: (keyof CustomsParcel)[] = ['trackinG_NO', 'fin', 'idxaL_NAME', 'weighT_GOODS', 'invoyS_PRICE', 'currencY_TYPE', 'goodS_TRAFFIC_FR'];

/** A stable number 0–1 from a string (who declares, and their registration numbers). */
function unit(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

const isoNow = (t = Date.now()) => new Date(t).toISOString().slice(0, 19);

const HISTORY_AGE_MS = 40 * 86_400_000;

/** The posts customs holds from before (see CustomsSimulatorOptions.history), with their citizens' declarations. */
export function historyPosts(count: number, now = Date.now()): { post: CustomsPost; declaration: CustomsDeclaration }[] {
  return Array.from({ length: count }, (_, i) => {
    const at = isoNow(now - HISTORY_AGE_MS + i * 60_000);
    const track = `MP${String(7_700_001 + i)}AZ`;
    const regNumber = `2025${String(900_001 + i).padStart(8, '0')}`;
    const price = 20 + i * 7.5;
    const dispatched = i === 0;
    const post: CustomsPost = {
      direction: 1, trackinG_NO: track, transP_COSTS: 4.5, weighT_GOODS: 0.4 + i / 10, quantitY_OF_GOODS: 1 + (i % 2),
      invoyS_PRICE: price, currencY_TYPE: 'USD', fin: `7MP${String(1000 + i)}`, document_type: 'PinCode',
      idxaL_NAME: ['Leyla Quliyeva', 'Murad Həsənov', 'Nigar Əliyeva'][i % 3]!, idxaL_ADRESS: 'Bakı, Nizami küç. 12',
      phone: '994501234567', ixraC_NAME: 'Marketplace Ltd', ixraC_ADRESS: 'İstanbul, Türkiyə', goodS_TRAFFIC_FR: '792', goodS_TRAFFIC_TO: '031',
      goodslist: [{ goods_id: 11, name_of_goods: 'Geyim' }],
      inserT_DATE: at, airwaybill: dispatched ? '235-77000001' : null, depesH_NUMBER: dispatched ? 'MP-DEP-1' : null,
      depesH_DATE: dispatched ? at : null, status: dispatched ? POST_STATUS.dispatched : POST_STATUS.declared, ecoM_REGNUMBER: regNumber, packagE_TYPE: '1',
    };
    const declaration: CustomsDeclaration = {
      trackingNumber: track, regNumber, payStatus_Id: 1, insertDate: at, fin: post.fin, importerName: post.idxaL_NAME,
      goodsList: [{ currencyType: 'USD', invoicePrice: price, invoicePriceUsdNumber: price, goodsName: 'Geyim', quantity: post.quantitY_OF_GOODS }],
    };
    return { post, declaration };
  });
}

export async function startCustomsSimulator(options: CustomsSimulatorOptions = {}): Promise<CustomsSimulator> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? SIMULATOR_API_KEY;
  let declareAfterMs = options.declareAfterMs ?? 120_000;
  let declareRatio = options.declareRatio ?? 0.85;
  let latencyMs = options.latencyMs ?? 0;
  const requests: CustomsSimulator['requests'] = [];
  const posts = new Map<string, CustomsPost & { addedAt: number }>();
  const adds = new Map<string, number>();
  const declared = new Map<string, CustomsDeclaration>();
  const forcedDeclared = new Set<string>();
  const withdrawn = new Map<string, CustomsDeclaration>();
  const declines = new Map<string, string>();
  let faults: CustomsFault[] = [];
  let regSeq = 0;

  /** Citizens write declarations lazily: a parcel added long enough ago (and chosen) is declared. */
  function declarationOf(track: string): CustomsDeclaration | null {
    const existing = declared.get(track);
    if (existing) return existing;
    const post = posts.get(track);
    if (!post || withdrawn.has(track)) return null;
    const due = forcedDeclared.has(track) || (Date.now() - post.addedAt >= declareAfterMs && unit(track) < declareRatio);
    if (!due) return null;
    regSeq++;
    const price = Number(post.invoyS_PRICE ?? 0);
    const usd = post.currencY_TYPE === 'USD' ? price : Math.round(price * (post.currencY_TYPE === 'TRY' ? 0.024 : 1.08) * 100) / 100;
    const declaration: CustomsDeclaration = {
      trackingNumber: track,
      regNumber: `2026${String(100000 + regSeq).padStart(8, '0')}`,
      payStatus_Id: unit(`${track}:pay`) < 0.9 ? 1 : 2,
      insertDate: isoNow(),
      fin: post.fin,
      importerName: post.idxaL_NAME,
      goodsList: (post.goodslist ?? [{ goods_id: 11, name_of_goods: 'Geyim' }]).map((g) => ({
        currencyType: post.currencY_TYPE ?? 'USD', invoicePrice: price, invoicePriceUsdNumber: usd,
        goodsName: g.name_of_goods, quantity: post.quantitY_OF_GOODS ?? 1,
      })),
    };
    declared.set(track, declaration);
    if (post.status === POST_STATUS.inCustoms) post.status = POST_STATUS.declared;
    post.ecoM_REGNUMBER = declaration.regNumber;
    return declaration;
  }

  function inRange(date: string, search: CustomsSearch): boolean {
    if (search.dateFrom && date < search.dateFrom.replace(' ', 'T').slice(0, 19)) return false;
    if (search.dateTo && date > search.dateTo.replace(' ', 'T').slice(0, 19)) return false;
    return true;
  }

  function findPosts(search: CustomsSearch): CustomsPost[] {
    const rows: CustomsPost[] = [];
    for (const post of posts.values()) {
      declarationOf(post.trackinG_NO);
      if (search.trackingNumber && post.trackinG_NO !== search.trackingNumber) continue;
      if (search.packagE_TYPE && (post.packagE_TYPE ?? '1') !== search.packagE_TYPE) continue;
      if (search.status !== undefined && search.status !== null && post.status !== Number(search.status)) continue;
      if (!inRange(post.inserT_DATE, search)) continue;
      const { addedAt: _addedAt, ...row } = post;
      rows.push(row);
    }
    return rows;
  }

  function findDeclarations(search: CustomsSearch, source: 'live' | 'deleted'): CustomsDeclaration[] {
    if (source === 'live') for (const track of posts.keys()) declarationOf(track);
    const all = source === 'live' ? [...declared.values()] : [...withdrawn.values()];
    return all.filter((d) => (!search.trackingNumber || d.trackingNumber === search.trackingNumber)
      && (search.packagE_TYPE ? (posts.get(d.trackingNumber)?.packagE_TYPE ?? '1') === search.packagE_TYPE : true)
      && inRange(d.insertDate, search));
  }

  const envelope = <T>(data: T, code = 200, exception: CustomsEnvelope['exception'] = null): CustomsEnvelope<T> => ({ code, data, exception });

  function handle(method: string, path: string, body: unknown, headers: http.IncomingHttpHeaders): { status: number; body: CustomsEnvelope } {
    if (headers.apikey !== apiKey) return { status: 401, body: envelope(null, 401, { errorMessage: 'ApiKey yanlışdır' }) };
    const paged = /^\/api\/v2\/carriers\/(carriersposts|declarations|deleteddeclarations)\/(\d+)\/(\d+)$/.exec(path);
    if (paged && method === 'POST') {
      const [, kind, offset, limit] = paged;
      const search = (body ?? {}) as CustomsSearch;
      const rows = kind === 'carriersposts' ? findPosts(search) : findDeclarations(search, kind === 'declarations' ? 'live' : 'deleted');
      return { status: 200, body: envelope(rows.slice(Number(offset), Number(offset) + Math.min(Number(limit), 1000))) };
    }
    if (path === '/api/v2/carriers/Ping' && method === 'GET') return { status: 200, body: envelope('pong') };
    if (path === '/api/v2/carriers/goodsgroupslist' && method === 'GET') return { status: 200, body: envelope(GOODS_GROUPS) };
    if ((path === '/api/v2/carriers' || path === '/api/v2/carriers/commercial') && method === 'POST') {
      const parcels = Array.isArray(body) ? (body as CustomsParcel[]) : [];
      if (parcels.length === 0) return { status: 400, body: envelope(null, 400, { errorMessage: 'Bağlama siyahısı boşdur' }) };
      const errors: Record<string, string> = {};
      parcels.forEach((p, i) => {
        for (const field of REQUIRED) if (p[field] === undefined || p[field] === null || p[field] === '') errors[`[${i}].${field}`] = `${field} tələb olunur`;
        const declineMessage = declines.get(p.trackinG_NO);
        if (declineMessage) errors[`[${i}].trackinG_NO`] = declineMessage;
        if (posts.has(p.trackinG_NO)) errors[`[${i}].trackinG_NO`] = `${p.trackinG_NO} artıq əlavə olunub`;
      });
      if (Object.keys(errors).length > 0) {
        return { status: 200, body: envelope(null, 400, { errorMessage: 'Validasiya xətası', validationError: errors }) };
      }
      const now = Date.now();
      for (const p of parcels) {
        adds.set(p.trackinG_NO, (adds.get(p.trackinG_NO) ?? 0) + 1);
        posts.set(p.trackinG_NO, {
          ...p, trackinG_NO: p.trackinG_NO, inserT_DATE: isoNow(now), airwaybill: p.airwaybill ?? null, depesH_NUMBER: p.depesH_NUMBER ?? null,
          depesH_DATE: null, status: POST_STATUS.inCustoms, ecoM_REGNUMBER: null, weighT_GOODS: Number(p.weighT_GOODS),
          packagE_TYPE: path.endsWith('/commercial') ? '2' : '1', addedAt: now,
        });
      }
      return { status: 200, body: envelope(parcels.map((p) => p.trackinG_NO)) };
    }
    if (path === '/api/v2/carriers' && method === 'PUT') {
      const items = Array.isArray(body) ? (body as CustomsUpdateItem[]) : [];
      const missing = items.filter((i) => !posts.has(i.trackinG_NO));
      if (missing.length) return { status: 200, body: envelope(null, 404, { errorMessage: `Tapılmadı: ${missing.map((m) => m.trackinG_NO).join(', ')}` }) };
      for (const item of items) Object.assign(posts.get(item.trackinG_NO)!, { airwaybill: item.airwaybill, depesH_NUMBER: item.depesH_NUMBER });
      return { status: 200, body: envelope(items.length) };
    }
    const deleted = /^\/api\/v2\/carriers\/([^/]+)$/.exec(path);
    if (deleted && method === 'DELETE') {
      const track = decodeURIComponent(deleted[1]!);
      const post = posts.get(track);
      if (!post) return { status: 200, body: envelope(null, 404, { errorMessage: `${track} tapılmadı` }) };
      if (post.status === POST_STATUS.dispatched) return { status: 200, body: envelope(null, 400, { errorMessage: `${track} depeşdədir, silinə bilməz` }) };
      posts.delete(track);
      const declaration = declared.get(track);
      if (declaration) {
        declared.delete(track);
        withdrawn.set(track, declaration);
      }
      return { status: 200, body: envelope(true) };
    }
    if (path === '/api/v2/carriers/approvesearch' && method === 'POST') {
      const wanted = new Set((Array.isArray(body) ? (body as { regNumber: string }[]) : []).map((r) => r.regNumber));
      for (const track of posts.keys()) declarationOf(track);
      return { status: 200, body: envelope([...declared.values()].filter((d) => wanted.has(d.regNumber))) };
    }
    if (path === '/api/v2/carriers/addtoboxes' && method === 'POST') {
      const items = Array.isArray(body) ? (body as CustomsBoxItem[]) : [];
      const results: CustomsItemResult[] = items.map((item) => {
        const post = posts.get(item.trackingNumber);
        const declaration = declarationOf(item.trackingNumber);
        if (!post) return { trackingNumber: item.trackingNumber, code: 404, message: 'Bağlama tapılmadı' };
        if (!declaration || declaration.regNumber !== item.regNumber) return { trackingNumber: item.trackingNumber, code: 400, message: 'Bəyannamə tapılmadı' };
        if (post.status < POST_STATUS.inBox) post.status = POST_STATUS.inBox;
        return { trackingNumber: item.trackingNumber, code: 200, message: null };
      });
      return { status: 200, body: envelope(results) };
    }
    if (path === '/api/v2/carriers/depesh' && method === 'POST') {
      const items = Array.isArray(body) ? (body as CustomsDepeshItem[]) : [];
      const results: CustomsItemResult[] = items.map((item) => {
        const post = posts.get(item.trackingNumber);
        const declaration = declarationOf(item.trackingNumber);
        if (!post) return { trackingNumber: item.trackingNumber, code: 404, message: 'Bağlama tapılmadı' };
        if (!declaration || (item.regNumber && declaration.regNumber !== item.regNumber)) {
          return { trackingNumber: item.trackingNumber, code: 400, message: 'Bəyan edilməyib' };
        }
        if (post.status === POST_STATUS.dispatched) {
          // The same depesh sent again (an answer that was lost): accepted as '048', already in this dispatch.
          if (post.depesH_NUMBER === item.depeshNumber) return { trackingNumber: item.trackingNumber, code: 48, message: 'Artıq bu depeşdədir' };
          return { trackingNumber: item.trackingNumber, code: 409, message: 'Artıq başqa depeşdədir' };
        }
        Object.assign(post, { status: POST_STATUS.dispatched, airwaybill: item.airWaybill, depesH_NUMBER: item.depeshNumber, depesH_DATE: isoNow() });
        return { trackingNumber: item.trackingNumber, code: 200, message: null };
      });
      return { status: 200, body: envelope(results) };
    }
    return { status: 404, body: envelope(null, 404, { errorMessage: 'Belə ünvan yoxdur' }) };
  }

  function takeFault(method: string, path: string): CustomsFault | null {
    const index = faults.findIndex((f) => (!f.path || path.includes(f.path)) && (!f.method || f.method === method));
    if (index < 0) return null;
    const fault = faults[index]!;
    const left = (fault.times ?? 1) - 1;
    if (left <= 0) faults.splice(index, 1);
    else faults[index] = { ...fault, times: left };
    return fault;
  }

  const sim: CustomsSimulator = {
    url: '',
    apiKey,
    requests,
    posts,
    fail: (fault) => { faults.push(fault); },
    clearFaults: () => { faults = []; },
    decline: (track, message = 'FİN kodu yanlışdır') => { declines.set(track, message); },
    declare: (track) => {
      if (!posts.has(track)) return null;
      withdrawn.delete(track);
      forcedDeclared.add(track);
      return declarationOf(track);
    },
    declareAll: () => { for (const track of posts.keys()) { forcedDeclared.add(track); declarationOf(track); } },
    withdraw: (track) => {
      const declaration = declarationOf(track);
      if (!declaration) return;
      declared.delete(track);
      withdrawn.set(track, { ...declaration, insertDate: isoNow() });
      const post = posts.get(track);
      if (post && post.status === POST_STATUS.declared) post.status = POST_STATUS.inCustoms;
    },
    preload: (items) => {
      for (const { post, declaration, withdrawn: gone } of items) {
        const addedAt = Date.parse(`${post.inserT_DATE.slice(0, 19)}Z`) || Date.now();
        posts.set(post.trackinG_NO, { ...post, addedAt });
        adds.set(post.trackinG_NO, 1);
        if (gone && !declaration) withdrawn.set(post.trackinG_NO, gone);
        if (declaration) {
          declared.set(post.trackinG_NO, declaration);
          const n = Number(declaration.regNumber.slice(-6));
          if (Number.isFinite(n) && n > regSeq) regSeq = n;
        }
      }
    },
    addCount: (track) => adds.get(track) ?? 0,
    declarationOf,
    configure: (next) => {
      if (next.declareAfterMs !== undefined) declareAfterMs = next.declareAfterMs;
      if (next.declareRatio !== undefined) declareRatio = next.declareRatio;
      if (next.latencyMs !== undefined) latencyMs = next.latencyMs;
    },
    reset: () => {
      requests.length = 0;
      posts.clear(); adds.clear(); declared.clear(); forcedDeclared.clear(); withdrawn.clear(); declines.clear();
      faults = [];
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const method = req.method ?? 'GET';
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(envelope(null, 400, { errorMessage: 'JSON oxunmadı' })));
        return;
      }
      if (path === '/__control' && method === 'POST') {
        const c = (body ?? {}) as { fault?: CustomsFault; decline?: { trackingNumber: string; message?: string }; declareAll?: boolean; reset?: boolean; configure?: Parameters<CustomsSimulator['configure']>[0] };
        if (c.reset) sim.reset();
        if (c.fault) sim.fail(c.fault);
        if (c.decline) sim.decline(c.decline.trackingNumber, c.decline.message);
        if (c.declareAll) sim.declareAll();
        if (c.configure) sim.configure(c.configure);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, posts: posts.size }));
        return;
      }
      requests.push({ method, path, body });
      const fault = takeFault(method, path);
      const answer = (status: number, text: string) => {
        const send = () => {
          if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
        };
        if (latencyMs > 0) setTimeout(send, latencyMs);
        else send();
      };
      if (fault && !fault.afterWork) {
        sendFault(fault, res, answer);
        return;
      }
      const result = handle(method, path, body, req.headers);
      if (fault) {
        sendFault(fault, res, answer);
        return;
      }
      answer(result.status, JSON.stringify(result.body));
    });
  });

  function sendFault(fault: CustomsFault, res: http.ServerResponse, answer: (status: number, text: string) => void): void {
    if (fault.kind === '5xx') answer(503, 'Service Unavailable');
    else if (fault.kind === 'empty') answer(200, '');
    else if (fault.kind === 'garbage') answer(200, '<html>Gateway</html>');
    else if (fault.kind === 'code500') answer(200, JSON.stringify(envelope(null, 500, { errorMessage: 'Daxili xəta' })));
    else {
      const timer = setTimeout(() => answer(200, JSON.stringify(envelope(null))), fault.delayMs ?? 30_000);
      res.on('close', () => clearTimeout(timer));
    }
  }

  // Customs' older posts (not through preload: their registration numbers leave the sequence of new ones alone).
  for (const { post, declaration } of historyPosts(options.history ?? 3)) {
    posts.set(post.trackinG_NO, { ...post, addedAt: Date.parse(`${post.inserT_DATE}Z`) });
    adds.set(post.trackinG_NO, 1);
    declared.set(post.trackinG_NO, declaration);
  }
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  sim.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return sim;
}
