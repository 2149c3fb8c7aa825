import {
  BULK_BODY_MAX, BULK_CHANNEL, BULK_PLACEHOLDERS, bulkQueuedMessage, bulkStatusName, type BulkFilters, type BulkHistoryQuery, type BulkKind,
  type BulkPreviewQuery, type BulkRecipientRow, type BulkSendForm, type BulkSendRow, type BulkStatus,
} from '@app/contract/bulk-notifications';
import { toCsv } from '@app/contract/csv';
import { placeholderProblems, TEMPLATE_TYPE_OF_CHANNEL, type NotifyChannel } from '@app/contract/notifications';
import { fill } from '@app/contract/texts/az';
import { azBulkNotifications as t } from '@app/contract/texts/az-bulk-notifications';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { ProviderError, type NotifyAdapters } from '../../integrations/notify/types';
import type { RequestUser } from '../../platform/access';
import { invalid, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import {
  addBulkEnqueued, addBulkOutcomes, countAudience, findAudiencePage, findBulkHistory, findBulkSendForUpdate, findBulkStatus,
  findPendingMessages, findTemplateForChannel, holdBackBulkMessages, insertBulkChunk, insertBulkSend, markBulkExpanded,
  markBulkMessagesFailed, markBulkMessagesSent, setBulkStatus, toInstant, type AudienceSpec, type PendingMessage,
} from './queries';

/*
 * Bulk sends (issue 20 item 4). The request only validates, counts and records the bulk with its
 * expansion job, so it never waits for the sending:
 *   1. `bulk-notifications.expand` turns the audience into notification_messages rows in chunks of
 *      EXPAND_CHUNK (one INSERT … SELECT each, with the batch jobs of its rows in the same transaction);
 *   2. `bulk-notifications.send` sends one batch (≤ SEND_BATCH ids) through app.notify with bounded
 *      concurrency, writes the outcomes set-based per slice and adds them to bulk_sends.sent/failed;
 *      retryable failures wait in their rows (retry_at) for a retry job of just those ids.
 * A re-run of either job repeats nothing: expansion rows are unique per (bulk, channel, address), and
 * the batch reads only rows that are active, unsent and not given up. A crash between a provider's
 * answer and the slice's write can send that slice's messages again (the SMS gateway drops the
 * repeat by client_ref = row id).
 */

export const EXPAND_JOB = 'bulk-notifications.expand';
export const SEND_BATCH_JOB = 'bulk-notifications.send';
export const EXPAND_CHUNK = 5000;
export const SEND_BATCH = 1000;
/** Rows whose outcomes are written together (the window a crash could repeat). */
const SEND_SLICE = 500;
export const BULK_MAX_ATTEMPTS = 5;

type JobQueue = Pick<Jobs, 'enqueue'>;

/** What bulk_sends.filters keeps: the audience as resolved at send time (typed addresses normalised). */
interface StoredFilters { search_id: BulkFilters['search_id']; filters: BulkFilters; addresses?: string[]; planned_at?: string }

// ---------------------------------------------------------------- audience

/**
 * A typed phone as providers take it: the rule of notifications/dispatch.ts normalizePhone (and of the
 * SQL in queries.ts): digits only, 00 dropped, local 0XXXXXXXXX / XXXXXXXXX with 994; 7–15 digits.
 */
export function normalizePhone(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 10 && digits.startsWith('0')) digits = `994${digits.slice(1)}`;
  else if (digits.length === 9) digits = `994${digits}`;
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

const zEmail = z.email();

/** The audience of a request: checks the audience's own list and normalises typed addresses. */
function resolveAudience(channel: NotifyChannel, filters: BulkFilters, timeZone: string): { spec: AudienceSpec; addresses?: string[] } {
  switch (filters.search_id) {
    case 'users':
      if (!filters.user_id?.length) throw invalid({ user_id: [t.usersRequired] });
      return { spec: { kind: 'customers', channel, filters, everyone: true, userIds: filters.user_id, timeZone } };
    case 'user_numbers': {
      if (channel !== 'sms' && channel !== 'whatsapp') throw invalid({ search_id: [t.audienceNotForChannel] });
      if (!filters.number?.length) throw invalid({ number: [t.numbersRequired] });
      const bad = filters.number.filter((n) => !normalizePhone(n));
      if (bad.length) throw invalid({ number: bad.slice(0, 5).map((v) => fill(t.numberInvalid, { VALUE: v })) });
      const addresses = [...new Set(filters.number.map((n) => normalizePhone(n)!))];
      return { spec: { kind: 'typed', addresses }, addresses };
    }
    case 'user_emails': {
      if (channel !== 'mail') throw invalid({ search_id: [t.audienceNotForChannel] });
      if (!filters.email?.length) throw invalid({ email: [t.emailsRequired] });
      const bad = filters.email.filter((e) => !zEmail.safeParse(e).success);
      if (bad.length) throw invalid({ email: bad.slice(0, 5).map((v) => fill(t.emailInvalid, { VALUE: v })) });
      const addresses = [...new Set(filters.email.map((e) => e.toLowerCase()))];
      return { spec: { kind: 'typed', addresses }, addresses };
    }
    case 'all':
    case 'filter':
      return { spec: { kind: 'customers', channel, filters, everyone: filters.search_id === 'all', timeZone } };
  }
}

function specOfStored(channel: NotifyChannel, stored: StoredFilters, timeZone: string): AudienceSpec {
  if (stored.addresses) return { kind: 'typed', addresses: stored.addresses };
  const f = stored.filters;
  return f.search_id === 'users'
    ? { kind: 'customers', channel, filters: f, everyone: true, userIds: f.user_id ?? [], timeZone }
    : { kind: 'customers', channel, filters: f, everyone: f.search_id === 'all', timeZone };
}

function toRecipientRow(channel: NotifyChannel, row: { user_id: number | null; to: string; name: string; surname: string }): BulkRecipientRow {
  const base = { id: row.user_id ?? 0, firstname: row.name ?? '', lastname: row.surname ?? '' };
  if (channel === 'sms' || channel === 'whatsapp') return { ...base, phoneNumber: row.to };
  if (channel === 'mail') return { ...base, email: row.to };
  return base;
}

/** getlist: a page of the recipients the filters give, and their number. */
export async function previewRecipients(db: Db, kind: BulkKind, query: BulkPreviewQuery, timeZone: string) {
  const channel = BULK_CHANNEL[kind];
  const { spec } = resolveAudience(channel, query, timeZone);
  const [total, rows] = await Promise.all([
    countAudience(db, spec),
    findAudiencePage(db, spec, query.per_page, (query.page - 1) * query.per_page),
  ]);
  return { data: rows.map((r) => toRecipientRow(channel, r)), total };
}

/** count: only the number of recipients (the confirmation 'Diqqət' shows it before sending). */
export async function countRecipients(db: Db, kind: BulkKind, query: BulkPreviewQuery, timeZone: string) {
  const { spec } = resolveAudience(BULK_CHANNEL[kind], query, timeZone);
  return { total: await countAudience(db, spec) };
}

/** bulk_mail/export: every recipient as CSV (id, first name, last name, e-mail), at most 100,000. */
export async function exportRecipients(db: Db, kind: BulkKind, query: BulkPreviewQuery, timeZone: string): Promise<string> {
  const channel = BULK_CHANNEL[kind];
  const { spec } = resolveAudience(channel, query, timeZone);
  const rows = (await findAudiencePage(db, spec, 100_000, 0)).map((r) => toRecipientRow(channel, r));
  return toCsv<BulkRecipientRow>([
    { header: 'id', value: (r) => r.id },
    { header: 'firstname', value: (r) => r.firstname },
    { header: 'lastname', value: (r) => r.lastname },
    { header: channel === 'mail' ? 'email' : 'phoneNumber', value: (r) => r.email ?? r.phoneNumber ?? '' },
  ], rows);
}

// ---------------------------------------------------------------- send

const PLACEHOLDER_RE = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

/** The text per recipient in SQL (over the picked row `p`): the customer's placeholders replaced. */
function bodyPerRecipient(body: string): SQL {
  const text = body.replace(PLACEHOLDER_RE, '{$1}');
  if (!text.includes('{')) return sql`${text}::text`;
  let expr = sql`${text}::text`;
  expr = sql`replace(${expr}, '{customer_name}', trim(coalesce(p.name, '') || ' ' || coalesce(p.surname, '')))`;
  expr = sql`replace(${expr}, '{customer_first_name}', coalesce(p.name, ''))`;
  expr = sql`replace(${expr}, '{customer_code}', coalesce(p.code, p.user_id::text, ''))`;
  return expr;
}

/**
 * send: checks the text (or the channel's template), counts the recipients and records the bulk with
 * its expansion job (at `planned_at` when given). Answers at once; the sending runs in the background.
 */
export async function startBulkSend(db: Db, jobs: JobQueue, user: RequestUser, kind: BulkKind, form: BulkSendForm, timeZone: string) {
  const channel = BULK_CHANNEL[kind];
  let body = form.body;
  let title = form.title ?? '';
  if (form.template_id) {
    const template = await findTemplateForChannel(db, form.template_id, TEMPLATE_TYPE_OF_CHANNEL[channel]);
    if (!template) throw invalid({ template_id: [t.templateNotFound] });
    body ??= template.body;
    if (!form.title) title = template.title;
  }
  if (!body?.trim()) throw invalid({ body: [t.bodyRequired] });
  if (body.length > BULK_BODY_MAX[channel]) throw invalid({ body: [fill(t.tooLong, { MAX: BULK_BODY_MAX[channel] })] });
  const problems = placeholderProblems(body, BULK_PLACEHOLDERS);
  if (problems.length) throw invalid({ body: problems });
  const { spec, addresses } = resolveAudience(channel, form, timeZone);
  let sendAt = new Date();
  if (form.planned_at) {
    const at = await toInstant(db, form.planned_at, timeZone);
    if (at.getTime() < Date.now() - 5 * 60_000) throw invalid({ planned_at: [t.plannedInPast] });
    if (at > sendAt) sendAt = at;
  }
  const total = await countAudience(db, spec);
  if (total === 0) throw invalid({ search_id: [t.noRecipients] });
  const stored: StoredFilters = { search_id: form.search_id, filters: pickFilters(form), ...(addresses ? { addresses } : {}), ...(form.planned_at ? { planned_at: sendAt.toISOString() } : {}) };
  const id = await db.transaction(async (tx) => {
    const bulkId = await insertBulkSend(tx, {
      channel, filters: stored, templateId: form.template_id ?? null, title, body, recipientsTotal: total, status: 'queued', createdBy: user.id,
    });
    await jobs.enqueue(tx, EXPAND_JOB, { bulkId }, { runAt: sendAt, singletonKey: `bulk-expand:${bulkId}` });
    return bulkId;
  });
  return { message: bulkQueuedMessage(total), data: { id, recipients_total: total, status: 'queued' as const } };
}

function pickFilters(form: BulkSendForm): BulkFilters {
  const { template_id: _t, body: _b, title: _ti, planned_at: _p, ...filters } = form;
  return filters;
}

/**
 * The expansion job: the audience into notification_messages, EXPAND_CHUNK rows per transaction,
 * each with the send batch jobs of its rows; then the bulk's total is what was created and it runs.
 */
export async function expandBulkSend(db: Db, jobs: JobQueue, bulkId: number, timeZone: string, log: (m: string) => void = () => {}): Promise<void> {
  const bulk = await findBulkSendForUpdate(db, bulkId);
  if (!bulk || bulk.status !== 'queued') return;
  const stored = bulk.filters as unknown as StoredFilters;
  const spec = specOfStored(bulk.channel, stored, timeZone);
  const sendAt = stored.planned_at ? new Date(stored.planned_at) : new Date();
  const body = bodyPerRecipient(bulk.body);
  let afterKey = 0;
  for (;;) {
    const chunk = await db.transaction(async (tx) => {
      const locked = await findBulkSendForUpdate(tx, bulkId);
      if (!locked || locked.status !== 'queued') return null;
      const result = await insertBulkChunk(tx, {
        bulkId, channel: bulk.channel, spec, afterKey, limit: EXPAND_CHUNK, subject: bulk.title || null, body,
        templateId: bulk.template_id, createdBy: bulk.created_by, sendAt,
      });
      if (result.inserted > 0 && result.minId !== null && result.maxId !== null) {
        await addBulkEnqueued(tx, bulkId, result.inserted);
        for (let from = result.minId; from <= result.maxId; from += SEND_BATCH) {
          const to = Math.min(from + SEND_BATCH - 1, result.maxId);
          await jobs.enqueue(tx, SEND_BATCH_JOB, { bulkId, from, to }, { runAt: sendAt, singletonKey: `bulk-send:${bulkId}:${from}` });
        }
      }
      return result;
    });
    if (!chunk) return; // cancelled meanwhile
    log(`bulk ${bulkId}: ${chunk.inserted} of ${chunk.picked} recipients queued`);
    if (chunk.picked < EXPAND_CHUNK || chunk.lastKey === null) break;
    afterKey = chunk.lastKey;
  }
  await markBulkExpanded(db, bulkId);
}

export type SendBatchPayload = { bulkId: number; from: number; to: number; attempt?: number } | { bulkId: number; ids: number[]; attempt?: number };

/** Runs fn over items with at most `limit` at a time. */
async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

type Outcome = { id: number; ok: true; providerId: string; state: string } | { id: number; ok: false; retryable: boolean; error: string; attempts: number };

async function sendOne(notify: NotifyAdapters, m: PendingMessage): Promise<Outcome> {
  try {
    const result = await notify.get(m.channel).send({
      id: m.id, channel: m.channel, to: m.to, body: m.body, ...(m.subject ? { subject: m.subject } : {}), ...(m.html ? { html: m.html } : {}),
    });
    return { id: m.id, ok: true, providerId: result.providerId, state: result.state };
  } catch (error) {
    const e = error as Partial<ProviderError> & { message?: string };
    const text = `${e.code ? `${e.code}: ` : ''}${e.message ?? String(error)}`;
    // anything but a ProviderError (a bug, an unexpected reply) is treated as temporary
    return { id: m.id, ok: false, retryable: error instanceof ProviderError ? error.retryable : true, error: text, attempts: m.attempts + 1 };
  }
}

/**
 * The send job: one batch of a bulk's messages through the channel adapter, `concurrency` at a time;
 * outcomes are written per slice in one transaction with the bulk's counters and the retry job of
 * the slice's retryable failures (after retrySeconds · 2^(attempt-1)).
 */
export async function sendBulkBatch(db: Db, jobs: JobQueue, notify: NotifyAdapters, payload: SendBatchPayload, options: { concurrency: number; retrySeconds: number }) {
  const status = await findBulkStatus(db, payload.bulkId);
  if (!status || status === 'cancelled') return { sent: 0, failed: 0, retrying: 0 };
  const pending = await findPendingMessages(db, payload.bulkId, 'ids' in payload ? { ids: payload.ids } : { from: payload.from, to: payload.to });
  const totals = { sent: 0, failed: 0, retrying: 0 };
  // A slice's outcomes are written while the next slice is being sent (one write in flight at most).
  let writing: Promise<void> = Promise.resolve();
  let writeError: unknown = null;
  for (let i = 0; i < pending.length; i += SEND_SLICE) {
    const slice = pending.slice(i, i + SEND_SLICE);
    const outcomes = await mapPool(slice, options.concurrency, (m) => sendOne(notify, m));
    await writing;
    if (writeError) throw writeError;
    const sent = outcomes.filter((o): o is Extract<Outcome, { ok: true }> => o.ok);
    const failures = outcomes.filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);
    const finalFailures = failures.filter((f) => !f.retryable || f.attempts >= BULK_MAX_ATTEMPTS);
    const retries = failures.filter((f) => f.retryable && f.attempts < BULK_MAX_ATTEMPTS);
    const attempt = Math.max(1, ...retries.map((r) => r.attempts));
    const wait = options.retrySeconds * 2 ** (attempt - 1);
    writing = db.transaction(async (tx) => {
      await markBulkMessagesSent(tx, sent);
      await markBulkMessagesFailed(tx, finalFailures, null);
      await markBulkMessagesFailed(tx, retries, wait);
      if (retries.length) {
        await jobs.enqueue(tx, SEND_BATCH_JOB, { bulkId: payload.bulkId, ids: retries.map((r) => r.id), attempt: attempt + 1 },
          { runAt: new Date(Date.now() + wait * 1000) });
      }
      await addBulkOutcomes(tx, payload.bulkId, sent.length, finalFailures.length);
    }).catch((error: unknown) => {
      writeError = error;
    });
    totals.sent += sent.length;
    totals.failed += finalFailures.length;
    totals.retrying += retries.length;
  }
  await writing;
  if (writeError) throw writeError;
  return totals;
}

// ---------------------------------------------------------------- history, cancel

function toSendRow(r: Record<string, unknown>): BulkSendRow {
  const total = Number(r.recipients_total);
  const done = Number(r.sent) + Number(r.failed);
  const status = r.status as BulkStatus;
  return {
    id: Number(r.id), channel: r.channel as NotifyChannel, search_id: String(r.search_id), template_id: r.template_id === null ? null : Number(r.template_id),
    title: String(r.title ?? ''), body: String(r.body ?? ''), recipients_total: total, enqueued: Number(r.enqueued), sent: Number(r.sent),
    failed: Number(r.failed), progress: total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : status === 'done' ? 100 : 0,
    status, status_name: bulkStatusName(status), error: (r.error as string | null) ?? null,
    created_by: r.created_by === null ? null : Number(r.created_by), created_by_name: (r.created_by_name as string | null) ?? null,
    created_at: String(r.created_at), planned_at: (r.planned_at as string | null) ?? null, finished_at: (r.finished_at as string | null) ?? null,
  };
}

/** history: the channel's bulk sends, newest first, with their progress. */
export async function listBulkSends(db: Db, kind: BulkKind, query: BulkHistoryQuery, timeZone: string) {
  const { rows, total } = await findBulkHistory(db, BULK_CHANNEL[kind], query, timeZone);
  return { data: rows.map(toSendRow), total };
}

/** cancel: a queued or running bulk stops; its unsent messages are held back (active = 0). */
export async function cancelBulkSend(db: Db, kind: BulkKind, id: number, timeZone: string) {
  const channel = BULK_CHANNEL[kind];
  await db.transaction(async (tx: DbOrTx) => {
    const bulk = await findBulkSendForUpdate(tx, id);
    if (!bulk || bulk.channel !== channel) throw notFound('id', t.notFound);
    if (bulk.status !== 'queued' && bulk.status !== 'running') throw invalid({ id: [t.cannotCancel] });
    await setBulkStatus(tx, id, 'cancelled');
    await holdBackBulkMessages(tx, id);
  });
  const { rows } = await findBulkHistory(db, channel, { page: 1, per_page: 1, id }, timeZone);
  return { message: t.cancelled, data: toSendRow(rows[0]!) };
}
