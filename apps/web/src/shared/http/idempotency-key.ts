/**
 * Replay-safe writes (api platform/idempotency.ts): every write carries an `Idempotency-Key`; the
 * server answers a repeated key with the first answer instead of running the write again.
 *
 * One key per form submission: a submission is the method, the URL and the body's content. While its
 * outcome is unknown (in flight, a network error, a 5xx, a 409 "still running") the same submission
 * sent again (the refresh-and-retry after a 401, the user pressing "save" again after a network
 * error) reuses its key; a definite answer (2xx, other 4xx) or a change of the values starts a new
 * one. Forms need nothing of their own: the client recognises the submission by its content.
 */

interface Pending {
  key: string;
  since: number;
}

/** The server keeps keys 24 h; a forgotten submission older than this starts afresh. */
const REMEMBER_MS = 60 * 60 * 1000;
const MAX_REMEMBERED = 100;
const pending = new Map<string, Pending>();

/** A random UUID; `crypto.randomUUID` exists only in secure contexts (https, localhost), getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function describeBody(body: BodyInit | null | undefined): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof FormData) {
    return JSON.stringify([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}:${v.size}:${v.type}:${v.lastModified}`]));
  }
  if (body instanceof Blob) return `blob:${body.size}:${body.type}`;
  return String(body);
}

/** What makes two calls the same submission. */
export function describeSubmission(method: string, url: string, body: BodyInit | null | undefined): string {
  return `${method} ${url}\n${describeBody(body)}`;
}

/** The key of this submission: the one of an unfinished identical submission, else a fresh one. */
export function takeSubmissionKey(submission: string, now = Date.now()): string {
  const known = pending.get(submission);
  if (known && now - known.since < REMEMBER_MS) return known.key;
  if (pending.size >= MAX_REMEMBERED) pending.delete(pending.keys().next().value!);
  const key = newIdempotencyKey();
  pending.set(submission, { key, since: now });
  return key;
}

/** A definite answer ends the submission; an unknown outcome keeps its key for the retry. */
export function settleSubmission(submission: string, key: string, status: number): void {
  const isOutcomeUnknown = status === 0 || status === 409 || status >= 500;
  if (!isOutcomeUnknown && pending.get(submission)?.key === key) pending.delete(submission);
}
