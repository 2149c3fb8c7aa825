import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/platform';
import { escapeText, toStorable } from './input-safety';

export interface AuditEntry {
  userId: number | null;
  action: string;
  entity?: string;
  entityId?: string | number;
  changes?: unknown;
  method?: string;
  path?: string;
  statusCode?: number;
  ip?: string;
}

/**
 * Services call this inside their transaction for the detailed "what changed" of a write. Texts are
 * made storable first (a NUL or a lone surrogate would make PostgreSQL refuse the whole row, and the
 * entry of a refused hostile request is the one most worth keeping).
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: escapeText(entry.action),
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined ? null : escapeText(String(entry.entityId)),
    changes: toStorable(entry.changes ?? null),
    method: entry.method ?? null,
    path: entry.path === undefined ? null : escapeText(entry.path.slice(0, 300)),
    statusCode: entry.statusCode ?? null,
    ip: entry.ip ?? null,
  });
}

const SECRET_FIELDS = /pass|token|secret/i;

/** Removes secrets and file contents from a logged request body. */
export function redactBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body ?? null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (SECRET_FIELDS.test(k)) out[k] = '***';
    // multipart files arrive as Buffers (attachFieldsToBody: 'keyValues'): the log keeps their size, not their bytes.
    else if (v instanceof Uint8Array) out[k] = `[file ${v.byteLength} bytes]`;
    else if (Array.isArray(v) && v.some((x) => x instanceof Uint8Array)) out[k] = v.map((x) => (x instanceof Uint8Array ? `[file ${x.byteLength} bytes]` : x));
    else if (v && typeof v === 'object' && 'file' in (v as object)) out[k] = '[file]';
    else out[k] = v;
  }
  return out;
}

/**
 * Every write by a signed-in user leaves an audit entry (who, when, which call, what was sent,
 * the outcome), whatever the module; services add their own detailed entries where it matters.
 */
export function registerWriteAudit(app: FastifyInstance): void {
  // onSend, not onResponse: the entry is written before the client reads the reply.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || !req.user || req.routeOptions.config.isReadOnly) return payload;
    try {
      await recordAudit(req.server.db, {
        userId: req.user.id,
        action: `${req.method} ${req.routeOptions.url ?? req.url}`,
        method: req.method,
        path: req.url,
        statusCode: reply.statusCode,
        ip: req.ip,
        changes: { query: req.query ?? null, body: redactBody(req.body) },
      });
    } catch (err) {
      req.log.error({ err }, 'audit entry could not be written');
    }
    return payload;
  });
}
