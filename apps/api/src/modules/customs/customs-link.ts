import type { CustomsQueueAction } from '@app/contract/customs';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { createCustomsClient, CustomsError, type CustomsClient, type CustomsExchange } from '../../integrations/customs/client';
import {
  isAcceptedItemCode, POST_STATUS,
  type CustomsBoxItem, type CustomsDeclaration, type CustomsDepeshItem, type CustomsItemResult, type CustomsParcel, type CustomsPost, type CustomsUpdateItem,
} from '../../integrations/customs/protocol';
import type { Jobs } from '../../platform/jobs';
import {
  claimQueueItems, dropQueuedAdds, findDeclarationsForCustoms, findGlobalSetting, findQueuedIdsByTrack, findParcelsToWithdraw, findStrandedQueueIds, insertCustomsTask,
  insertCustomsTasks, insertDeclarationCustomsStates, updateDeclaredFlags, insertPostDeclarations, insertQueueItems, markDeclarationsWithdrawn, markParcelsRemoved,
  updateQueueItems, upsertCustomsParcels, type CustomsParcelValues, type NewCustomsTask, type QueueItemUpdate,
} from './queries';

/*
 * The customs link: the e-carrier client (integrations/customs) wired to the database and the job
 * runner. Every call is stored as a customs task; sends go through the package queue (one row per
 * parcel and action), are sent with bounded concurrency, and the ones customs did not answer are
 * retried by the job `customs.send` with a doubling pause. What customs reports about a parcel is
 * kept in customs_parcels and fed to the declaration's customs states (spec §4 labels).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The customs link (decorated in app.ts): other domains queue sends and package runs through it. */
    customs: CustomsLink;
  }
}

export const CUSTOMS_SEND_JOB = 'customs.send';
export const CUSTOMS_SYNC_JOB = 'customs.sync';
export const CUSTOMS_SEND_MAX_ATTEMPTS = 6;
/** Parcels per add-to-boxes call. */
export const BOX_BATCH = 100;

/** A send to queue: the parcel (add), the update, the box or depesh item, or a delete. */
export type CustomsSend =
  | { action: 'add' | 'add_commercial'; declarationId?: number | null; parcel: CustomsParcel }
  | { action: 'update'; declarationId?: number | null; item: CustomsUpdateItem }
  | { action: 'delete'; declarationId?: number | null; trackingNumber: string }
  | { action: 'addtoboxes'; declarationId?: number | null; item: CustomsBoxItem }
  | { action: 'depesh'; declarationId?: number | null; item: CustomsDepeshItem };

export interface SendOutcome {
  queueId: number;
  trackingNumber: string;
  action: CustomsQueueAction;
  /** sent | declined | queued (to be retried) | failed (attempts used up) */
  status: 'sent' | 'declined' | 'queued' | 'failed';
  /** 200 when customs accepted, customs' code when it declined, 0 when it did not answer. */
  code: number;
  message: string | null;
}

/** A package run's input and output (DOMAIN §3; customs-ecarrier.md "How it maps"). */
export interface PackageRunItem {
  trackingNumber: string;
  airWaybillNumber: string;
  dispatchNumber: string;
  regNumber: string;
  declarationId?: number | null;
}

export interface CustomsLink {
  /** Whether a base URL is configured (embedded mode points it at the simulator). */
  readonly configured: boolean;
  /** A client whose every call is stored as a customs task; null when not configured. */
  client(db: DbOrTx): CustomsClient | null;
  /** The global setting sendDeclarationsToCustoms (on when never set). */
  isSendingOn(db: DbOrTx): Promise<boolean>;
  /**
   * Queues sends and a `customs.send` job for them, inside the caller's transaction when given one.
   * Nothing is queued while sending is off. Returns the queue ids (an add already queued or sent is skipped).
   */
  queue(db: DbOrTx, sends: CustomsSend[], options?: { jobRunAt?: Date }): Promise<{ ids: number[]; disabled: boolean }>;
  /**
   * Queues the add (state 0) of our declarations: the parcel is built from the declaration, its
   * customer (FIN, name, address, phone), product type (customs goods id) and country. Declarations
   * customs cannot take yet (no customer, FIN, weight or price) are returned as skipped; parcels customs
   * already holds are left out (a parcel is never added twice).
   */
  queueDeclarations(db: DbOrTx, declarationIds: number[]): Promise<{ ids: number[]; disabled: boolean; skipped: { id: number; trackCode: string; missing: string[] }[] }>;
  /**
   * Our declarations were cancelled (in the caller's transaction): their adds still waiting in the
   * queue are dropped, and each parcel customs holds and has not dispatched gets a delete send.
   * A dispatched parcel (customs post 4) cannot be deleted by the protocol and is left as it is.
   */
  withdrawDeclarations(db: DbOrTx, items: { declarationId: number; trackCode: string }[]): Promise<{ ids: number[]; disabled: boolean; dropped: number }>;
  /** Sends these queued rows now, with bounded concurrency. `jobAttempt` is the job runner's attempt (1 outside a job). */
  sendQueued(db: Db, ids: number[], jobAttempt?: number): Promise<SendOutcome[]>;
  /** Sends now the rows of `action` still queued for these parcels (e.g. their boxing before their depesh). */
  sendPending(db: Db, action: CustomsQueueAction, trackCodes: string[]): Promise<SendOutcome[]>;
  /** Package run: depesh requests for the parcels, sent now; what customs did not answer is retried by the job runner. */
  runPackages(db: Db, items: PackageRunItem[]): Promise<{ trackingNumber: string; code: number; message: string | null }[]>;
  /**
   * Pulls carrier posts, declarations and deleted declarations of the last days into customs_parcels;
   * each new declaration of a parcel of ours becomes a post declaration.
   */
  sync(db: Db, days?: number): Promise<{ posts: number; declarations: number; deleted: number; states: number; postDeclarations: number }>;
}

interface LinkDeps {
  config: Pick<Config, 'CUSTOMS_BASE_URL' | 'CUSTOMS_API_KEY' | 'CUSTOMS_TIMEOUT_MS' | 'CUSTOMS_RETRIES' | 'CUSTOMS_CONCURRENCY' | 'CUSTOMS_RETRY_SECONDS'>;
  jobs: Jobs;
  /** Pause between the client's quick retries (ms); tests pass a small one. */
  retryDelayMs?: number;
}

/** Runs `fn` over the items with at most `limit` at a time, keeping the order of the results. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

const trackOf = (send: CustomsSend): string => {
  switch (send.action) {
    case 'add': case 'add_commercial': return send.parcel.trackinG_NO;
    case 'update': return send.item.trackinG_NO;
    case 'delete': return send.trackingNumber;
    default: return send.item.trackingNumber;
  }
};
const jsonOf = (send: CustomsSend): unknown => {
  switch (send.action) {
    case 'add': case 'add_commercial': return send.parcel;
    case 'delete': return { trackingNumber: send.trackingNumber };
    default: return send.item;
  }
};

const num = (v: unknown): string | null => (v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : String(v));

/** What a carrier post says about a parcel, as customs_parcels columns. */
export function parcelFromPost(post: CustomsPost): CustomsParcelValues {
  return {
    trackCode: post.trackinG_NO,
    packageType: post.packagE_TYPE === '2' ? 2 : 1,
    postStatus: post.status,
    fin: post.fin ?? null,
    importerName: post.idxaL_NAME ?? null,
    goodsName: post.goodslist?.map((g) => g.name_of_goods).join(', ') || null,
    quantity: post.quantitY_OF_GOODS ?? null,
    weight: num(post.weighT_GOODS),
    invoicePrice: num(post.invoyS_PRICE),
    currency: post.currencY_TYPE ?? null,
    airwaybill: post.airwaybill ?? null,
    depeshNumber: post.depesH_NUMBER ?? null,
    depeshAt: post.depesH_DATE ? new Date(`${post.depesH_DATE.slice(0, 19)}Z`) : null,
    ...(post.ecoM_REGNUMBER ? { regNumber: post.ecoM_REGNUMBER } : {}),
    post,
    ...(post.inserT_DATE ? { addedAt: new Date(`${post.inserT_DATE.slice(0, 19)}Z`) } : {}),
    removedAt: null,
  };
}

export function parcelFromDeclaration(declaration: CustomsDeclaration): CustomsParcelValues {
  const usd = declaration.goodsList.reduce((sum, g) => sum + Number(g.invoicePriceUsdNumber ?? 0), 0);
  return {
    trackCode: declaration.trackingNumber,
    regNumber: declaration.regNumber,
    payStatusId: declaration.payStatus_Id,
    declaredAt: new Date(`${declaration.insertDate.slice(0, 19)}Z`),
    invoicePriceUsd: usd.toFixed(2),
    declarationDeletedAt: null,
    declaration,
  };
}

function parcelFromAdd(parcel: CustomsParcel, commercial: boolean): CustomsParcelValues {
  return {
    trackCode: parcel.trackinG_NO, packageType: commercial ? 2 : 1, postStatus: POST_STATUS.inCustoms, fin: parcel.fin,
    importerName: parcel.idxaL_NAME, goodsName: parcel.goodslist.map((g) => g.name_of_goods).join(', ') || null,
    quantity: parcel.quantitY_OF_GOODS, weight: num(parcel.weighT_GOODS), invoicePrice: num(parcel.invoyS_PRICE), currency: parcel.currencY_TYPE,
    airwaybill: parcel.airwaybill ?? null, depeshNumber: parcel.depesH_NUMBER ?? null, removedAt: null,
  };
}

/** The parcel as customs wants it, from our declaration and its customer (customs-ecarrier.md "A parcel as the carrier adds it"). */
export function parcelFromDeclarationRow(r: Awaited<ReturnType<typeof findDeclarationsForCustoms>>[number]): CustomsParcel {
  const goodsId = Number(r.customs_id);
  return {
    direction: 1,
    trackinG_NO: r.track_code,
    transP_COSTS: Number(r.delivery_price ?? 0),
    weighT_GOODS: Number(r.weight ?? 0),
    quantitY_OF_GOODS: r.quantity ?? 1,
    invoyS_PRICE: Number(r.price ?? 0),
    currencY_TYPE: r.currency_type ?? 'USD',
    fin: r.fin ?? '',
    document_type: 'PinCode',
    idxaL_NAME: `${r.name ?? ''} ${r.surname ?? ''}`.trim(),
    idxaL_ADRESS: r.address ?? '',
    phone: r.phone ?? '',
    ixraC_NAME: r.shop_name ?? '',
    ixraC_ADRESS: r.country_name ?? '',
    goodS_TRAFFIC_FR: r.country_code ?? '',
    goodS_TRAFFIC_TO: '031',
    goodslist: [{ goods_id: Number.isFinite(goodsId) && goodsId > 0 ? goodsId : 0, name_of_goods: r.product_name ?? r.shop_name ?? '' }],
    ...(r.is_commercial ? { voen: r.voen ?? '', airwaybill: r.awb ?? '', depesH_NUMBER: '' } : {}),
  };
}

export function createCustomsLink(deps: LinkDeps): CustomsLink {
  const { config, jobs } = deps;
  const configured = Boolean(config.CUSTOMS_BASE_URL);
  const backoffMs = (attempt: number) => config.CUSTOMS_RETRY_SECONDS * 1000 * 2 ** Math.max(0, attempt - 1);

  const toTask = (x: CustomsExchange, queueId: number | null): NewCustomsTask => ({
    action: x.action, method: x.method, path: x.path, query: x.query,
    statusCode: x.code ?? x.httpStatus, httpStatus: x.httpStatus, response: x.response, attempts: x.attempts,
    state: x.ok ? 'done' : x.failure === 'declined' ? 'declined' : 'failed', error: x.error, queueId,
    createdAt: x.startedAt, updatedAt: x.finishedAt,
  });

  /** A client whose exchanges go to `sink` (the send batch) or, without one, straight into customs_tasks. */
  function makeClient(db: DbOrTx, sink?: (x: CustomsExchange) => void): CustomsClient | null {
    if (!config.CUSTOMS_BASE_URL) return null;
    return createCustomsClient({
      baseUrl: config.CUSTOMS_BASE_URL,
      apiKey: config.CUSTOMS_API_KEY ?? '',
      timeoutMs: config.CUSTOMS_TIMEOUT_MS,
      retries: config.CUSTOMS_RETRIES,
      retryDelayMs: deps.retryDelayMs,
      onExchange: sink ?? (async (x) => { await insertCustomsTask(db, toTask(x, null)); }),
    });
  }
  const client = (db: DbOrTx) => makeClient(db);

  async function isSendingOn(db: DbOrTx): Promise<boolean> {
    const row = await findGlobalSetting(db, 'sendDeclarationsToCustoms');
    if (!row || row.value === null || row.value === undefined) return true;
    return !(row.value === false || row.value === 0 || row.value === '0' || row.value === 'false');
  }

  async function queue(db: DbOrTx, sends: CustomsSend[], options: { jobRunAt?: Date } = {}) {
    if (sends.length === 0) return { ids: [], disabled: false };
    if (!(await isSendingOn(db))) return { ids: [], disabled: true };
    const ids = await insertQueueItems(db, sends.map((s) => ({ action: s.action, trackCode: trackOf(s), declarationId: s.declarationId ?? null, json: jsonOf(s) })));
    if (ids.length > 0) await jobs.enqueue(db, CUSTOMS_SEND_JOB, { ids }, { runAt: options.jobRunAt });
    return { ids, disabled: false };
  }

  async function queueDeclarations(db: DbOrTx, declarationIds: number[]) {
    const rows = await findDeclarationsForCustoms(db, declarationIds);
    const skipped: { id: number; trackCode: string; missing: string[] }[] = [];
    const sends: CustomsSend[] = [];
    for (const r of rows) {
      if (r.known) continue; // customs holds it already: never added twice
      const missing = [
        ...(r.fin ? [] : ['fin']), ...(r.name ? [] : ['user_id']), ...(Number(r.weight) > 0 ? [] : ['weight']), ...(Number(r.price) > 0 ? [] : ['price']),
      ];
      if (missing.length > 0) {
        skipped.push({ id: r.id, trackCode: r.track_code, missing });
        continue;
      }
      sends.push({ action: r.is_commercial ? 'add_commercial' : 'add', declarationId: r.id, parcel: parcelFromDeclarationRow(r) });
    }
    const queued = await queue(db, sends);
    return { ...queued, skipped };
  }

  type QueueRow = Awaited<ReturnType<typeof claimQueueItems>>[number];

  /** What one send leaves to write: its calls, the queue row's outcome, what customs now knows, the customs state. */
  interface SendWrites {
    outcome: SendOutcome;
    tasks: NewCustomsTask[];
    queue: QueueItemUpdate;
    parcels: CustomsParcelValues[];
    states: { trackCode: string; code: number; json: unknown }[];
    /** Parcels customs no longer holds (deleted, or not found by the delete). */
    removed: string[];
  }

  /** Sends one queued row (HTTP only); the caller writes the results of many sends together. */
  async function sendOne(db: Db, item: QueueRow, jobAttempt: number): Promise<SendWrites> {
    const exchanges: CustomsExchange[] = [];
    const c = makeClient(db, (x) => { exchanges.push(x); });
    const attempts = item.attempts + 1;
    const base = { queueId: item.id, trackingNumber: item.trackCode, action: item.action as CustomsQueueAction };
    const parcels: CustomsParcelValues[] = [];
    const states: SendWrites['states'] = [];
    const removed: string[] = [];
    const done = (outcome: SendOutcome, queue: Omit<QueueItemUpdate, 'id' | 'attempts'>): SendWrites => ({
      outcome,
      tasks: exchanges.map((x) => ({ ...toTask(x, item.id), retryAt: x.ok ? null : queue.retryAt })),
      queue: { id: item.id, attempts, ...queue },
      parcels: outcome.status === 'sent' ? parcels : [],
      states: outcome.status === 'sent' ? states : [],
      removed,
    });
    if (!c) {
      const retryAt = new Date(Date.now() + backoffMs(jobAttempt));
      return done({ ...base, status: 'queued', code: 0, message: 'not configured' },
        { status: 'queued', statusCode: null, response: null, retryAt, lastError: 'customs link not configured (CUSTOMS_BASE_URL)' });
    }
    // A row tried before may have reached customs although its answer was lost: look first.
    const checkFirst = item.attempts > 0;
    try {
      let response: unknown;
      let itemResult: CustomsItemResult | undefined;
      switch (item.action) {
        case 'add':
        case 'add_commercial': {
          const parcel = item.json as CustomsParcel;
          response = await c.addParcels([parcel], { commercial: item.action === 'add_commercial', checkFirst });
          parcels.push(parcelFromAdd(parcel, item.action === 'add_commercial'));
          states.push({ trackCode: item.trackCode, code: 0, json: response });
          break;
        }
        case 'update': {
          const update = item.json as CustomsUpdateItem;
          await c.updateParcels([update]);
          response = { updated: update.trackinG_NO };
          parcels.push({ trackCode: update.trackinG_NO, airwaybill: update.airwaybill, depeshNumber: update.depesH_NUMBER });
          break;
        }
        case 'delete':
          try {
            await c.deleteParcel(item.trackCode);
          } catch (error) {
            // customs does not have it (never reached it, or deleted before): nothing left to delete
            if (error instanceof CustomsError && error.kind === 'declined' && error.details.code === 404) removed.push(item.trackCode);
            throw error;
          }
          response = { deleted: item.trackCode };
          removed.push(item.trackCode);
          break;
        case 'depesh': {
          const depesh = item.json as CustomsDepeshItem;
          [itemResult] = await c.depesh([depesh], { checkFirst });
          response = itemResult;
          parcels.push({
            trackCode: item.trackCode, postStatus: POST_STATUS.dispatched, airwaybill: depesh.airWaybill, depeshNumber: depesh.depeshNumber,
            depeshAt: new Date(), ...(depesh.regNumber ? { regNumber: depesh.regNumber } : {}),
          });
          states.push({ trackCode: item.trackCode, code: 3, json: itemResult });
          break;
        }
        default: // addtoboxes goes in batches (sendBoxes)
          throw new CustomsError(`unknown action ${item.action}`, 'declined');
      }
      if (itemResult && !isAcceptedItemCode(itemResult.code)) {
        return done({ ...base, status: 'declined', code: itemResult.code, message: itemResult.message ?? null },
          { status: 'declined', statusCode: itemResult.code, response: JSON.stringify(response), retryAt: null, lastError: itemResult.message ?? null });
      }
      // Accepted: 200, or '048' (already in this dispatch) kept as customs said it.
      const code = itemResult ? Number(itemResult.code) : 200;
      return done({ ...base, status: 'sent', code, message: itemResult?.message ?? null },
        { status: 'sent', statusCode: code, response: JSON.stringify(response ?? null), retryAt: null, lastError: null });
    } catch (error) {
      if (!(error instanceof CustomsError)) throw error;
      const failure = failureOf(error, jobAttempt);
      return done({ ...base, ...failure.outcome }, failure.queue);
    }
  }

  /** A call that failed: declined for good (customs refused it) or to be retried by the job (until attempts run out). */
  function failureOf(error: CustomsError, jobAttempt: number): { outcome: Pick<SendOutcome, 'status' | 'code' | 'message'>; queue: Omit<QueueItemUpdate, 'id' | 'attempts'> } {
    const statusCode = error.details.code ?? error.details.httpStatus ?? null;
    if (!error.transient) {
      const message = error.details.fields ? `${error.message}: ${Object.values(error.details.fields).join('; ')}` : error.message;
      return {
        outcome: { status: 'declined', code: statusCode ?? 400, message },
        queue: { status: 'declined', statusCode, response: error.details.response ?? null, retryAt: null, lastError: message },
      };
    }
    const lastTry = jobAttempt >= CUSTOMS_SEND_MAX_ATTEMPTS;
    const retryAt = lastTry ? null : new Date(Date.now() + backoffMs(jobAttempt));
    return {
      outcome: { status: lastTry ? 'failed' : 'queued', code: 0, message: error.message },
      queue: { status: lastTry ? 'failed' : 'queued', statusCode, response: error.details.response ?? null, retryAt, lastError: `${error.kind}: ${error.message}` },
    };
  }

  /**
   * Boxing (state 2) in one call for many parcels: the protocol takes a list and answers per parcel,
   * and a box holds a flight's worth of parcels. One customs task per call (linked to the first row).
   */
  async function sendBoxes(db: Db, items: QueueRow[], jobAttempt: number): Promise<SendWrites[]> {
    const exchanges: CustomsExchange[] = [];
    const c = makeClient(db, (x) => { exchanges.push(x); });
    const write = (item: QueueRow, index: number, outcome: Pick<SendOutcome, 'status' | 'code' | 'message'>,
      queue: Omit<QueueItemUpdate, 'id' | 'attempts'>, result?: CustomsItemResult): SendWrites => ({
      outcome: { queueId: item.id, trackingNumber: item.trackCode, action: 'addtoboxes', ...outcome },
      tasks: index === 0 ? exchanges.map((x) => ({ ...toTask(x, item.id), retryAt: x.ok ? null : queue.retryAt })) : [],
      queue: { id: item.id, attempts: item.attempts + 1, ...queue },
      parcels: outcome.status === 'sent' ? [{ trackCode: item.trackCode, postStatus: POST_STATUS.inBox }] : [],
      states: outcome.status === 'sent' ? [{ trackCode: item.trackCode, code: 2, json: result ?? null }] : [],
      removed: [],
    });
    if (!c) {
      const retryAt = new Date(Date.now() + backoffMs(jobAttempt));
      return items.map((item, i) => write(item, i, { status: 'queued', code: 0, message: 'not configured' },
        { status: 'queued', statusCode: null, response: null, retryAt, lastError: 'customs link not configured (CUSTOMS_BASE_URL)' }));
    }
    try {
      const results = await c.addToBoxes(items.map((item) => item.json as CustomsBoxItem));
      const byTrack = new Map(results.map((r) => [r.trackingNumber, r]));
      return items.map((item, i) => {
        const result = byTrack.get(item.trackCode);
        const response = JSON.stringify(result ?? null);
        if (!result) {
          // customs left this one out of its answer: asked again later
          const retryAt = jobAttempt >= CUSTOMS_SEND_MAX_ATTEMPTS ? null : new Date(Date.now() + backoffMs(jobAttempt));
          const status = retryAt ? 'queued' : 'failed';
          return write(item, i, { status, code: 0, message: 'no answer for this parcel' },
            { status, statusCode: null, response, retryAt, lastError: 'no answer for this parcel' });
        }
        if (!isAcceptedItemCode(result.code)) {
          return write(item, i, { status: 'declined', code: result.code, message: result.message ?? null },
            { status: 'declined', statusCode: result.code, response, retryAt: null, lastError: result.message ?? null }, result);
        }
        return write(item, i, { status: 'sent', code: Number(result.code), message: result.message ?? null },
          { status: 'sent', statusCode: Number(result.code), response, retryAt: null, lastError: null }, result);
      });
    } catch (error) {
      if (!(error instanceof CustomsError)) throw error;
      const failure = failureOf(error, jobAttempt);
      return items.map((item, i) => write(item, i, failure.outcome, failure.queue));
    }
  }

  /** Sends in chunks: the calls of a chunk run with bounded concurrency, then its results are written in a few statements. */
  async function sendQueued(db: Db, ids: number[], jobAttempt = 1): Promise<SendOutcome[]> {
    const claimed = await claimQueueItems(db, ids);
    // Boxing goes in calls of up to BOX_BATCH parcels; every other send is one call per parcel.
    const boxes = claimed.filter((item) => item.action === 'addtoboxes');
    const units: QueueRow[][] = [
      ...Array.from({ length: Math.ceil(boxes.length / BOX_BATCH) }, (_, k) => boxes.slice(k * BOX_BATCH, (k + 1) * BOX_BATCH)),
      ...claimed.filter((item) => item.action !== 'addtoboxes').map((item) => [item]),
    ];
    const outcomes: SendOutcome[] = [];
    const chunk = Math.max(config.CUSTOMS_CONCURRENCY * 8, 50);
    for (let i = 0; i < units.length; i += chunk) {
      const writes = (await mapLimit(units.slice(i, i + chunk), config.CUSTOMS_CONCURRENCY, (unit) => (
        unit[0]!.action === 'addtoboxes' ? sendBoxes(db, unit, jobAttempt) : sendOne(db, unit[0]!, jobAttempt).then((w) => [w])
      ))).flat();
      await db.transaction(async (tx) => {
        await insertCustomsTasks(tx, writes.flatMap((w) => w.tasks));
        await upsertCustomsParcels(tx, writes.flatMap((w) => w.parcels));
        await insertDeclarationCustomsStates(tx, writes.flatMap((w) => w.states));
        await markParcelsRemoved(tx, writes.flatMap((w) => w.removed));
        await updateQueueItems(tx, writes.map((w) => w.queue));
      });
      outcomes.push(...writes.map((w) => w.outcome));
    }
    return outcomes;
  }

  async function withdrawDeclarations(db: DbOrTx, items: { declarationId: number; trackCode: string }[]) {
    if (items.length === 0) return { ids: [], disabled: false, dropped: 0 };
    const tracks = items.map((i) => i.trackCode);
    const dropped = await dropQueuedAdds(db, tracks, 'cancelled: the declaration was deleted before it was sent');
    const atCustoms = new Set(await findParcelsToWithdraw(db, tracks));
    const sends: CustomsSend[] = items.filter((i) => atCustoms.has(i.trackCode))
      .map((i) => ({ action: 'delete' as const, declarationId: i.declarationId, trackingNumber: i.trackCode }));
    const queued = await queue(db, sends);
    return { ...queued, dropped };
  }

  async function sendPending(db: Db, action: CustomsQueueAction, trackCodes: string[]) {
    return sendQueued(db, await findQueuedIdsByTrack(db, action, trackCodes));
  }

  async function runPackages(db: Db, items: PackageRunItem[]) {
    const { ids, disabled } = await queue(db, items.map((i) => ({
      action: 'depesh' as const, declarationId: i.declarationId ?? null,
      item: { regNumber: i.regNumber, trackingNumber: i.trackingNumber, airWaybill: i.airWaybillNumber, depeshNumber: i.dispatchNumber },
    })), { jobRunAt: new Date(Date.now() + backoffMs(1)) });
    if (disabled) return items.map((i) => ({ trackingNumber: i.trackingNumber, code: 0, message: 'sending is off' }));
    // Sent right away; the job queued with them (due after the first pause) finds nothing left unless some were not answered.
    const outcomes = await sendQueued(db, ids);
    const byTrack = new Map(outcomes.map((o) => [o.trackingNumber, o]));
    return items.map((i) => {
      const o = byTrack.get(i.trackingNumber);
      return { trackingNumber: i.trackingNumber, code: o?.code ?? 0, message: o?.message ?? null };
    });
  }

  async function sync(db: Db, days = 3) {
    const c = client(db);
    if (!c) return { posts: 0, declarations: 0, deleted: 0, states: 0, postDeclarations: 0 };
    const dateFrom = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00';
    const posts = [
      ...(await c.allCarriersPosts({ packagE_TYPE: '1', dateFrom })),
      ...(await c.allCarriersPosts({ packagE_TYPE: '2', dateFrom })),
    ];
    await upsertCustomsParcels(db, posts.map(parcelFromPost));
    const declared = await c.allDeclarations({ packagE_TYPE: '1', dateFrom });
    await upsertCustomsParcels(db, declared.map(parcelFromDeclaration));
    const postDeclarations = await insertPostDeclarations(db, declared);
    const deleted = await c.allDeletedDeclarations({ packagE_TYPE: '1', dateFrom });
    await markDeclarationsWithdrawn(db, deleted.map((dd) => ({ trackCode: dd.trackingNumber, regNumber: dd.regNumber, declaration: dd })));
    let states = 0;
    states += await insertDeclarationCustomsStates(db, declared.map((dd) => ({ trackCode: dd.trackingNumber, code: 1, json: dd })));
    states += await insertDeclarationCustomsStates(db, deleted.map((dd) => ({ trackCode: dd.trackingNumber, code: 100, json: dd })));
    await updateDeclaredFlags(db, [...posts.map((p) => p.trackinG_NO), ...declared.map((dd) => dd.trackingNumber), ...deleted.map((dd) => dd.trackingNumber)]);
    // Rows left queued by an instance that stopped: send them again.
    const stranded = await findStrandedQueueIds(db, 500);
    if (stranded.length > 0) await jobs.enqueue(db, CUSTOMS_SEND_JOB, { ids: stranded });
    return { posts: posts.length, declarations: declared.length, deleted: deleted.length, states, postDeclarations };
  }

  return { configured, client, isSendingOn, queue, queueDeclarations, withdrawDeclarations, sendQueued, sendPending, runPackages, sync };
}
