import type {
  CarriersPostsQuery, CarriersPostsReply, CustomsDeclarationListQuery, CustomsDeclarationListReply, CustomsPingReply, CustomsPostRow,
  CustomsQueueListQuery, CustomsQueueListReply, CustomsStatsReply, CustomsTaskListQuery, CustomsTaskListReply, CustomsTaskRow, CustomsUploadReply,
} from '@app/contract/customs';
import { az } from '@app/contract/texts/az';
import type { Db } from '../../db/client';
import { CustomsError } from '../../integrations/customs/client';
import type { Config } from '../../config';
import type { CustomsDeclaration, CustomsPost } from '../../integrations/customs/protocol';
import { startCustomsSimulator, type CustomsSimulator } from '../../integrations/customs/simulator';
import { AppError, invalid, notFound } from '../../platform/errors';
import { readImportRows } from '../../platform/import-reader';
import { parcelFromPost, type CustomsLink } from './customs-link';
import {
  findCustomsDeclarationPage, findCustomsParcelsByTrack, findDeclarationsByTrack, findQueuePage, findStats, findStoredPosts, findTask, findTaskPage,
  upsertCustomsParcels,
} from './queries';

/* Customs screens (spec §2 "Customs", §7 "Customs") over the customs link. */

export {
  createCustomsLink, CUSTOMS_SEND_JOB, CUSTOMS_SYNC_JOB,
  type CustomsLink, type CustomsSend, type PackageRunItem, type SendOutcome,
} from './customs-link';
export { isAcceptedItemCode } from '../../integrations/customs/protocol';

const T = az.customsUi;
const UPLOAD_MAX_CODES = 20_000;
const LOOKUP_CHUNK = 250;

/** 503 with the customs' own words when it could not be reached or refused us. */
function unavailable(error: unknown): AppError {
  if (error instanceof CustomsError && error.kind === 'declined') return new AppError(400, `${T.declined}: ${error.message}`);
  return new AppError(503, T.unavailable, undefined, error instanceof Error ? error.message : undefined);
}

function requireClient(db: Db, link: CustomsLink) {
  const client = link.client(db);
  if (!client) throw new AppError(503, T.unavailable, undefined, 'CUSTOMS_BASE_URL is not configured');
  return client;
}

/** GET /api/admin/customs/ping: the ping indicator (success or warning). */
export async function pingCustoms(db: Db, link: CustomsLink): Promise<CustomsPingReply> {
  const sending = await link.isSendingOn(db);
  const client = link.client(db);
  if (!client) return { data: false, ok: false, ms: 0, message: T.pingFailed, sending };
  const result = await client.ping();
  return { data: result.ok, ok: result.ok, ms: result.ms, message: result.ok ? (sending ? T.pingOk : T.sendingOff) : T.pingFailed, sending };
}

/** GET /api/admin/customs: what customs knows of our parcels, joined with our declarations, and the counts. */
export async function listCustomsDeclarations(db: Db, query: CustomsDeclarationListQuery, timeZone: string): Promise<CustomsDeclarationListReply> {
  const { rows, total, counts } = await findCustomsDeclarationPage(db, query, timeZone);
  return { data: rows, total, total_kind: 'exact', counts };
}

/** The customs service's ISO time ('2026-11-20T14:05:31.123') as 'YYYY-MM-DD HH:mm:ss' (its own clock, as it sent it). */
const customsTime = (v: string | null | undefined) => (v ? v.slice(0, 19).replace('T', ' ') : null);

/** A carrier post in the customs service's own casing (real clients read those names). */
function toPostRow(p: CustomsPost, n: number): CustomsPostRow {
  const extra = p as CustomsPost & { invoyS_AZN?: number; invoyS_USD?: number };
  const price = Number(p.invoyS_PRICE ?? 0);
  const currency = p.currencY_TYPE ?? '';
  return {
    id: n, direction: Number(p.direction ?? 1), trackinG_NO: p.trackinG_NO, transP_COSTS: Number(p.transP_COSTS ?? 0), weighT_GOODS: Number(p.weighT_GOODS ?? 0),
    quantitY_OF_GOODS: Number(p.quantitY_OF_GOODS ?? 0), idxaL_NAME: p.idxaL_NAME ?? '', idxaL_ADRESS: p.idxaL_ADRESS ?? '',
    ixraC_NAME: p.ixraC_NAME ?? '', ixraC_ADRESS: p.ixraC_ADRESS ?? '', fin: p.fin ?? '', voen: p.voen ?? null,
    invoyS_PRICE: price, currencY_TYPE: currency,
    // Customs sends the converted prices on its own posts; a post without them has only its own currency's.
    invoyS_AZN: Number(extra.invoyS_AZN ?? (currency === 'AZN' ? price : 0)), invoyS_USD: Number(extra.invoyS_USD ?? (currency === 'USD' ? price : 0)),
    goodS_TRAFFIC_FR: p.goodS_TRAFFIC_FR ?? null, goodS_TRAFFIC_TO: p.goodS_TRAFFIC_TO ?? null,
    goodsList: (p.goodslist ?? []).map((g) => ({ goodS_ID: Number(g.goods_id), namE_OF_GOODS: g.name_of_goods })),
    documenT_TYPE: p.document_type ?? '', airwaybill: p.airwaybill ?? null, depesH_NUMBER: p.depesH_NUMBER ?? null, status: String(p.status),
    ecoM_REGNUMBER: p.ecoM_REGNUMBER ?? '', packagE_TYPE: p.packagE_TYPE ?? '1', inserT_DATE: customsTime(p.inserT_DATE) ?? '', depesH_DATE: customsTime(p.depesH_DATE),
  };
}

const dayStart = (v: string) => (v.length === 10 ? `${v}T00:00:00` : v.replace(' ', 'T'));
const dayEnd = (v: string) => (v.length === 10 ? `${v}T23:59:59` : v.replace(' ', 'T'));

/**
 * GET /api/admin/customs/carriersposts: customs' own carrier posts, one page asked live. Customs
 * searches by tracking number, status and dates; the FIN filter applies to the page it returns.
 * The total is estimated from offset and limit (spec §7), exact on a short (last) page. What it returns refreshes customs_parcels.
 */
export async function listCarriersPosts(db: Db, link: CustomsLink, asked: CarriersPostsQuery): Promise<CarriersPostsReply> {
  const client = requireClient(db, link);
  const query = {
    ...asked,
    date_from: asked.date_from ?? asked.dateFrom,
    date_to: asked.date_to ?? asked.dateTo,
    fin: asked.fin ?? asked.documentNumber,
    track_code: asked.track_code ?? asked.trackingNumber,
  };
  const offset = (query.page - 1) * query.per_page;
  let posts: CustomsPost[];
  try {
    posts = await client.carriersPosts({
      packagE_TYPE: query.package_type ?? '1',
      ...(query.track_code ? { trackingNumber: query.track_code } : {}),
      ...(query.status !== undefined ? { status: query.status } : {}),
      ...(query.date_from ? { dateFrom: dayStart(query.date_from) } : {}),
      ...(query.date_to ? { dateTo: dayEnd(query.date_to) } : {}),
    }, { offset, limit: query.per_page });
  } catch (error) {
    throw unavailable(error);
  }
  await upsertCustomsParcels(db, posts.map(parcelFromPost));
  const shown = query.fin ? posts.filter((p) => (p.fin ?? '').toUpperCase() === query.fin!.toUpperCase()) : posts;
  const total = offset + posts.length + (posts.length === query.per_page ? query.per_page : 0);
  // A short page is the last one: without the FIN filter (which applies to the page) the total is then known.
  const exact = posts.length < query.per_page && !query.fin;
  return { data: shown.map((p, i) => toPostRow(p, offset + i + 1)), total, total_kind: exact ? 'exact' : 'estimated' };
}

export async function listCustomsTasks(db: Db, query: CustomsTaskListQuery, timeZone: string): Promise<CustomsTaskListReply> {
  const { rows, total } = await findTaskPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

export async function readCustomsTask(db: Db, id: number, timeZone: string): Promise<{ data: CustomsTaskRow }> {
  const row = await findTask(db, id, timeZone);
  if (!row) throw notFound('customs_task_id');
  return { data: row };
}

/** GET /api/customs_queues/packages: the package queue (DNS queues screen). */
export async function listCustomsQueue(db: Db, query: CustomsQueueListQuery, timeZone: string): Promise<CustomsQueueListReply> {
  const { rows, total } = await findQueuePage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** GET /api/admin/customs/stats: posts customs holds by status, declarations, withdrawn ones, the queue, today's calls, the last sync (office time). */
export async function readCustomsStats(db: Db, timeZone: string): Promise<CustomsStatsReply> {
  const s = await findStats(db, timeZone);
  const posts: CustomsStatsReply['posts'] = { 0: 0, 1: 0, 3: 0, 4: 0 };
  for (const p of s.posts) if (p.status in posts) posts[p.status as keyof typeof posts] = p.n;
  const queue = { queued: 0, sent: 0, declined: 0, failed: 0 } as CustomsStatsReply['queue'];
  for (const q of s.queue) {
    const key = (q.status === 'sending' ? 'queued' : q.status) as keyof typeof queue;
    if (key in queue) queue[key] += q.n;
  }
  const tasks = { done: 0, failed: 0, declined: 0 };
  for (const t of s.tasks) if (t.state in tasks) tasks[t.state as keyof typeof tasks] = t.n;
  return {
    data: { declared: s.counts.declared, unuser: s.counts.undeclared, nonExistUsers: s.counts.unknown },
    posts, counts: s.counts, withdrawn: s.withdrawn, queue, tasks_today: tasks, last_sync: s.lastSync };
}

/** A tracking number has a digit: a header cell ("track") does not. */
const TRACKING_NUMBER = /^(?=.*\d)[A-Za-z0-9-]{5,80}$/;

/**
 * Tracking numbers of an uploaded list: an .xlsx's first column, or a text/CSV file's first field
 * per line; more than UPLOAD_MAX_CODES rows is a 422 as soon as the reader meets the next row.
 */
async function readTrackCodes(file: Buffer): Promise<string[]> {
  const read = await readImportRows(file, { maxRows: UPLOAD_MAX_CODES, columns: 1, lenientText: true, isHeader: ([first = '']) => !TRACKING_NUMBER.test(first) });
  if (!read) throw invalid({ document_file: [T.fileNoTracks] });
  return [...new Set(read.rows.map(([code = '']) => code).filter((c) => TRACKING_NUMBER.test(c)))];
}

/**
 * POST /api/admin/customs/upload (multipart document_file): the file's tracking numbers sorted out —
 * declared at customs, added but undeclared (a withdrawn declaration counts as undeclared), not
 * ours or ours without a customer (unuser), and ours that customs does not hold (not_found).
 */
export async function uploadCustomsList(db: Db, file: unknown): Promise<CustomsUploadReply> {
  if (!Buffer.isBuffer(file) || file.length === 0) throw invalid({ document_file: [T.fileRequired] });
  const codes = await readTrackCodes(file);
  if (codes.length === 0) throw invalid({ document_file: [T.fileNoTracks] });
  const reply = { declared: 0, undeclared: 0, unuser: 0, not_found: 0 };
  // Lookups in chunks of 250: on the embedded PGlite a query runs on the event loop, so short ones keep other requests moving.
  for (let i = 0; i < codes.length; i += LOOKUP_CHUNK) {
    const chunk = codes.slice(i, i + LOOKUP_CHUNK);
    const atCustoms = new Map((await findCustomsParcelsByTrack(db, chunk)).map((p) => [p.trackCode, p]));
    const ours = new Map((await findDeclarationsByTrack(db, chunk)).map((d) => [d.trackCode, d]));
    for (const code of chunk) {
      const mine = ours.get(code);
      const customs = atCustoms.get(code);
      if (!mine || !mine.userId) reply.unuser++;
      else if (!customs) reply.not_found++;
      else if (customs.regNumber && !customs.declarationDeletedAt) reply.declared++;
      else reply.undeclared++;
    }
  }
  // Real clients read `unuser` as the undeclared count and `nonExistUsers` as the parcels without a customer of ours.
  return { data: { declared: reply.declared, unuser: reply.undeclared, nonExistUsers: reply.unuser }, ...reply };
}

/**
 * Embedded mode (no DATABASE_URL, no CUSTOMS_BASE_URL): the customs simulator on a free loopback
 * port, told what was sent before, and the configuration pointed at it. Citizens declare a parcel
 * a minute after it is added.
 */
export async function startEmbeddedCustoms(db: Db, config: Config): Promise<CustomsSimulator> {
  const sim = await startCustomsSimulator({ declareAfterMs: 60_000, declareRatio: 0.85 });
  const stored = await findStoredPosts(db, 50_000);
  sim.preload(stored.map((r) => ({
    post: r.post as CustomsPost,
    declaration: r.declarationDeletedAt ? null : (r.declaration as CustomsDeclaration | null),
    withdrawn: r.declarationDeletedAt ? (r.declaration as CustomsDeclaration | null) : null,
  })));
  config.CUSTOMS_BASE_URL = sim.url;
  config.CUSTOMS_API_KEY = sim.apiKey;
  return sim;
}
