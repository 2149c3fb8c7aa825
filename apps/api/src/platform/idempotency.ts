import { createHash } from 'node:crypto';
import { az } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { AppError, invalid } from './errors';

/**
 * Replay-safe writes (issue 13 item 8). A client that lost the reply of a write sends it again with
 * the same `Idempotency-Key` header and gets the first answer back instead of a second execution.
 *
 * Which routes: every non-GET /api route called by a signed-in user, except read-only POSTs
 * (`config.isReadOnly`) and routes that opt out with `config.idempotent: false`. The header is
 * optional; without it a write runs as before. Public routes (login, refresh) have their own rules.
 *
 * Per (user, key), stored in `idempotency_keys`:
 * - the row is claimed (insert … on conflict do nothing) before validation and the handler run;
 * - the same key with the same request (method, URL with its query, canonical body with the bytes
 *   of uploaded files) after the first answer: that answer again (status, body, content type and
 *   disposition) with `Idempotent-Replayed: true`; the handler does not run;
 * - the same key with another request: 422 on `Idempotency-Key`, nothing runs;
 * - the same key while the first is still running: 409, nothing runs (never two executions);
 * - a 5xx or a thrown error releases the claim so a retry runs again; 2xx–4xx answers are kept
 *   (a retry gets the same 422). A streamed or over-1-MB reply is not kept either: it is released;
 * - keys live 24 hours (`idempotency.cleanup` removes them hourly; an expired key is claimed anew);
 *   a claim still running after 15 minutes belongs to a crashed request and may be claimed again.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency.cleanup';
/** 1–128 printable ASCII characters. */
const KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;
const KEY_TTL_HOURS = 24;
const ABANDONED_AFTER_MINUTES = 15;
const MAX_STORED_REPLY_BYTES = 1024 * 1024;
const REPLAYED_REPLY_HEADERS = ['content-type', 'content-disposition'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a write whose replay makes no sense (none today); every other write accepts Idempotency-Key. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: { id: number } | null;
  }
}

interface KeyRow {
  id: number | string;
  request_hash: string;
  state: string;
  status_code: number | null;
  reply_headers: Record<string, string> | null;
  reply: Uint8Array | null;
  is_reclaimable: boolean;
}

const conflict = (message: string) => new AppError(409, message);

function isReplaySafeRoute(req: FastifyRequest): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  const config = req.routeOptions.config;
  return Boolean(req.user) && !config.isReadOnly && config.idempotent !== false && req.url.startsWith('/api/');
}

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Keys sorted, files (Buffers of multipart bodies) as the hash of their bytes: equal requests hash equally. */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: sha256(value), size: value.byteLength };
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(object).sort().map((k) => [k, canonical(object[k])]));
  }
  return value ?? null;
}

export function hashRequest(method: string, url: string, body: unknown): string {
  return sha256(JSON.stringify([method, url, canonical(body)]));
}

function readKey(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw invalid({ 'Idempotency-Key': [az.idempotency.invalidKey] });
  return raw;
}

async function claimKey(db: DbOrTx, userId: number, key: string, hash: string, req: FastifyRequest): Promise<number | null> {
  const path = req.url.slice(0, 300);
  const inserted = await db.execute(sql`
    insert into idempotency_keys (user_id, key, request_hash, method, path)
    values (${userId}, ${key}, ${hash}, ${req.method}, ${path})
    on conflict (user_id, key) do nothing
    returning id`);
  const row = inserted.rows[0] as { id: number | string } | undefined;
  return row ? Number(row.id) : null;
}

/** An expired key, or a claim whose request died, is taken over; the condition is checked again under the row lock. */
async function reclaimKey(db: DbOrTx, id: number, hash: string, req: FastifyRequest): Promise<number | null> {
  const updated = await db.execute(sql`
    update idempotency_keys set request_hash = ${hash}, method = ${req.method}, path = ${req.url.slice(0, 300)},
      state = 'running', status_code = null, reply_headers = null, reply = null, created_at = now(), completed_at = null
    where id = ${id} and (created_at < now() - make_interval(hours => ${KEY_TTL_HOURS})
      or (state = 'running' and created_at < now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})))
    returning id`);
  const row = updated.rows[0] as { id: number | string } | undefined;
  return row ? Number(row.id) : null;
}

async function findKey(db: DbOrTx, userId: number, key: string): Promise<KeyRow | null> {
  const found = await db.execute(sql`
    select id, request_hash, state, status_code, reply_headers, reply,
      (created_at < now() - make_interval(hours => ${KEY_TTL_HOURS})
        or (state = 'running' and created_at < now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES}))) as is_reclaimable
    from idempotency_keys where user_id = ${userId} and key = ${key}`);
  return (found.rows[0] as KeyRow | undefined) ?? null;
}

async function storeReply(db: DbOrTx, id: number, statusCode: number, headers: Record<string, string>, body: Buffer): Promise<void> {
  await db.execute(sql`
    update idempotency_keys set state = 'done', status_code = ${statusCode}, reply_headers = ${JSON.stringify(headers)}::jsonb,
      reply = ${body}, completed_at = now()
    where id = ${id}`);
}

async function releaseKey(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from idempotency_keys where id = ${id} and state = 'running'`);
}

/** Removes keys older than 24 hours; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx): Promise<number> {
  const deleted = await db.execute(sql`
    delete from idempotency_keys where created_at < now() - make_interval(hours => ${KEY_TTL_HOURS}) returning id`);
  return deleted.rows.length;
}

/** The reply as bytes when it can be kept: not a stream, at most 1 MB. */
function replyBytes(payload: unknown): Buffer | null {
  let bytes: Buffer | null = null;
  if (payload === null || payload === undefined) bytes = Buffer.alloc(0);
  else if (typeof payload === 'string') bytes = Buffer.from(payload, 'utf8');
  else if (payload instanceof Uint8Array) bytes = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  return bytes && bytes.byteLength <= MAX_STORED_REPLY_BYTES ? bytes : null;
}

function sendStoredReply(reply: FastifyReply, row: KeyRow): FastifyReply {
  const headers = row.reply_headers ?? {};
  for (const name of REPLAYED_REPLY_HEADERS) if (headers[name]) void reply.header(name, headers[name]);
  return reply.status(row.status_code ?? 200).header(REPLAYED_HEADER, 'true').send(Buffer.from(row.reply ?? new Uint8Array()));
}

export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyClaim', null);

  // preValidation: the user is known (guard, onRequest) and the body parsed, multipart files included;
  // the route's own validation runs after the claim, so a retried 422 is answered from the store too.
  app.addHook('preValidation', async (req, reply) => {
    if (!isReplaySafeRoute(req)) return;
    const key = readKey(req);
    if (key === null) return;
    const userId = req.user!.id;
    const hash = hashRequest(req.method, req.url, req.body);
    const db = req.server.db;
    let claimed = await claimKey(db, userId, key, hash, req);
    if (claimed === null) {
      const row = await findKey(db, userId, key);
      if (!row || row.is_reclaimable) {
        // Gone (cleaned up or released meanwhile) or expired: claim it afresh.
        claimed = row ? await reclaimKey(db, Number(row.id), hash, req) : await claimKey(db, userId, key, hash, req);
        if (claimed === null) throw conflict(az.idempotency.inProgress);
      } else if (row.request_hash !== hash) {
        throw invalid({ 'Idempotency-Key': [az.idempotency.keyReused] });
      } else if (row.state !== 'done') {
        throw conflict(az.idempotency.inProgress);
      } else {
        return sendStoredReply(reply, row);
      }
    }
    req.idempotencyClaim = { id: claimed };
  });

  // onSend: the answer is kept before the client reads it, so a retry that follows sees it.
  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = null;
    const db = req.server.db;
    try {
      const bytes = reply.statusCode >= 500 ? null : replyBytes(payload);
      if (bytes === null) {
        await releaseKey(db, claim.id);
      } else {
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_REPLY_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await storeReply(db, claim.id, reply.statusCode, headers, bytes);
      }
    } catch (err) {
      req.log.error({ err }, 'idempotency key could not be stored');
      await releaseKey(db, claim.id).catch(() => undefined);
    }
    return payload;
  });

  // A request that ended without onSend (hijacked, connection lost before the reply) frees its claim.
  app.addHook('onResponse', async (req) => {
    const claim = req.idempotencyClaim;
    if (!claim) return;
    req.idempotencyClaim = null;
    await releaseKey(req.server.db, claim.id).catch((err: unknown) => req.log.error({ err }, 'idempotency key could not be released'));
  });

  app.jobs.define(IDEMPOTENCY_CLEANUP_JOB, async (_payload, ctx) => {
    ctx.log(`${await deleteExpiredIdempotencyKeys(ctx.db)} expired idempotency keys removed`);
  }, { maxAttempts: 3, backoffSeconds: 60 });
  // Tests run their own jobs with runDue(); a schedule there would run in theirs.
  if (app.config.NODE_ENV !== 'test') app.jobs.every(IDEMPOTENCY_CLEANUP_JOB, 3600);
}
