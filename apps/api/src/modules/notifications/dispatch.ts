import { MODEL } from '@app/contract/models';
import { CHANNELS, renderTemplate, TEMPLATE_TYPES, type NotifyChannel, type TemplateTypeId } from '@app/contract/notifications';
import type { Db, DbOrTx } from '../../db/client';
import type { NotifyAdapters, OutgoingMessage, SendResult } from '../../integrations/notify';
import type { Jobs } from '../../platform/jobs';
import {
  claimMessage, countBulkOutcome, findDeclarationFacts, findRecipient, insertMessages, lockMessage, markMessageFailed, markMessageSent,
  takeStatusEvents, type DeclarationFacts, type NewMessage, type Recipient, type StatusEvent,
} from './message-queries';
import { findEventTemplates, findStatusName } from './template-queries';

/*
 * Dispatch (issue 20 item 2): an event becomes archive rows (notification_messages, one per channel the
 * template and the customer allow) and one `notifications.send` job per row, inside the caller's
 * transaction; the job sends the row through `app.notify[channel]`.
 *
 *  - Idempotent per event: `eventKey` is unique per channel and recipient (a retried job or a repeated
 *    call inserts nothing and queues nothing more).
 *  - Opt-outs: SMS needs users.send_sms, e-mail users.send_mail, WhatsApp and push the customer's
 *    user_notification_settings row (send_whatsapp / send_push; off without a row). Blocked and deleted
 *    customers get nothing. `ignoreOptOut` (a staff member writing to one customer) skips the flags only.
 *  - The template's delay (minutes) is the row's due time (`send_at`) and the job's run_at.
 *  - The send job locks the row, sends only when it is active and not sent (the provider gets the row
 *    id as its idempotency key), and records the provider id and state; a retryable ProviderError (or
 *    any other error) is recorded on the row with its next try (`retry_at`) and retried by the job
 *    queue with back-off; a non-retryable one or the last attempt leaves the row unsent with its error.
 *  - Bulk sends (bulk_id): the job counts each message's final outcome into bulk_sends.sent / failed
 *    and marks the bulk done when sent + failed reaches recipients_total.
 *  - Status changes: a trigger on status_history (migration 0009) puts every change that has an active
 *    template into notification_status_events in the changing transaction; the
 *    `notifications.status-events` job (queued by the same trigger) turns each into messages with the
 *    event key `declaration:{id}:status:{stateId}:{historyId}`.
 */

export const SEND_NOTIFICATION_JOB = 'notifications.send';
export const STATUS_EVENTS_JOB = 'notifications.status-events';
/** Attempts of one message and the wait before the second (doubled for each further one). */
export const SEND_MAX_ATTEMPTS = 5;
export const SEND_BACKOFF_SECONDS = 30;

export type Channel = NotifyChannel;
export type JobQueue = Pick<Jobs, 'enqueue'>;

export interface NotificationInput {
  /** `declaration.status.9` (model key or id, `status`, state id); any other name with a free `body`. */
  event: string;
  /** The customer (0: none, then `to` names the address). */
  userId: number;
  params: Record<string, string | number>;
  eventKey: string;
  /** `declaration`, `ticket`, `order`, `courier`, `user` or a model id. */
  objectModel?: string;
  objectId?: number;
  channels?: Channel[];
  bulkId?: number;
  /** Free text instead of a template (bulk sends, ticket replies, ad-hoc messages); placeholders are rendered. */
  body?: string;
  subject?: string;
  /** The parcel's tariff category: a template of that category is preferred to a general one. */
  tariffCategoryId?: number | null;
  /** A staff member writing to one customer: the customer's channel flags do not apply. */
  ignoreOptOut?: boolean;
  /** An explicit address (ad-hoc send to a number or e-mail without a customer); one channel. */
  to?: string;
  templateId?: number;
  createdBy?: number;
}

const MODEL_KEYS: Record<string, number> = {
  declaration: MODEL.declarations, declarations: MODEL.declarations, order: MODEL.orders, orders: MODEL.orders,
  courier: MODEL.couriers, couriers: MODEL.couriers, ticket: MODEL.tickets, tickets: MODEL.tickets, user: MODEL.users, users: MODEL.users,
};

export function modelIdOf(key: string | undefined): number | null {
  if (!key) return null;
  if (/^\d{1,9}$/.test(key)) return Number(key);
  return MODEL_KEYS[key] ?? null;
}

/** `declaration.status.9` → model 2, state 9. */
export function parseStatusEvent(event: string): { modelId: number; stateId: number } | null {
  const m = /^([a-z_]+|\d+)\.status\.(\d{1,9})$/.exec(event);
  if (!m) return null;
  const modelId = modelIdOf(m[1]);
  return modelId === null ? null : { modelId, stateId: Number(m[2]) };
}

/** A phone as providers take it: digits only, Azerbaijani local forms (050…, 50…) with 994. */
export function normalizePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 10 && digits.startsWith('0')) digits = `994${digits.slice(1)}`;
  else if (digits.length === 9) digits = `994${digits}`;
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

function isOptedIn(user: Recipient, channel: Channel): boolean {
  switch (channel) {
    case 'sms': return user.send_sms;
    case 'mail': return user.send_mail;
    case 'whatsapp': return user.send_whatsapp;
    case 'push': return user.send_push;
  }
}

function addressOf(user: Recipient, channel: Channel): string | null {
  switch (channel) {
    case 'sms':
    case 'whatsapp': return normalizePhone(user.phone);
    case 'mail': return user.email?.trim() || null;
    case 'push': return user.push_token?.trim() || null;
  }
}

interface Draft { channel: Channel; body: string; subject: string | null; templateId: number | null; delay: number }

/**
 * Creates the archive rows of one event and queues their send jobs, inside the caller's transaction.
 * Returns the ids of the rows it created (none when the event already has its messages).
 */
export async function enqueueNotification(tx: DbOrTx, jobs: JobQueue, input: NotificationInput): Promise<number[]> {
  const user = input.userId ? await findRecipient(tx, input.userId) : undefined;
  if (input.userId && (!user || !user.is_reachable)) return [];
  const params = { ...input.params };
  if (user) {
    params.customer_name ??= `${user.name} ${user.surname}`.trim();
    params.customer_first_name ??= user.name;
  }
  const drafts: Draft[] = [];
  const statusEvent = parseStatusEvent(input.event);
  if (input.body === undefined && statusEvent) {
    for (const template of await findEventTemplates(tx, statusEvent.modelId, statusEvent.stateId, input.tariffCategoryId ?? null)) {
      if (input.templateId && template.id !== input.templateId) continue;
      const channel = TEMPLATE_TYPES[template.templateTypeId as TemplateTypeId];
      if (!channel) continue;
      drafts.push({ channel, body: template.body, subject: template.title || null, templateId: template.id, delay: template.delay });
    }
  } else if (input.body !== undefined) {
    for (const channel of input.channels ?? CHANNELS) {
      drafts.push({ channel, body: input.body, subject: input.subject ?? null, templateId: input.templateId ?? null, delay: 0 });
    }
  }
  const wanted = input.channels ? new Set(input.channels) : null;
  const modelId = modelIdOf(input.objectModel) ?? statusEvent?.modelId ?? null;
  const rows: NewMessage[] = [];
  for (const draft of drafts) {
    if (wanted && !wanted.has(draft.channel)) continue;
    let to: string | null;
    if (input.to) to = draft.channel === 'sms' || draft.channel === 'whatsapp' ? normalizePhone(input.to) : input.to.trim();
    else if (user) {
      if (!input.ignoreOptOut && !isOptedIn(user, draft.channel)) continue;
      to = addressOf(user, draft.channel);
    } else to = null;
    if (!to) continue;
    rows.push({
      channel: draft.channel,
      userId: user?.id ?? null,
      to,
      subject: draft.subject === null ? null : renderTemplate(draft.subject, params).slice(0, 300),
      body: renderTemplate(draft.body, params),
      modelId,
      objectId: input.objectId ?? null,
      templateId: draft.templateId,
      params,
      bulkId: input.bulkId ?? null,
      eventKey: input.eventKey,
      sendAt: new Date(Date.now() + draft.delay * 60_000),
      createdBy: input.createdBy ?? null,
    });
  }
  const created = await insertMessages(tx, rows);
  for (const row of created) {
    await jobs.enqueue(tx, SEND_NOTIFICATION_JOB, { id: row.id }, { runAt: row.sendAt, singletonKey: `notify:${row.id}` });
  }
  return created.map((r) => r.id);
}

// ---------------------------------------------------------------- the send job

export interface SendOutcome { state: 'sent' | 'skipped' | 'retry' | 'failed'; error?: string }

interface ProviderFailure { message?: string; retryable?: boolean; code?: string }

/** A claim older than this belongs to a worker that died mid-send: the row may be sent again (same idempotency key). */
const CLAIM_STALE_SECONDS = 300;

/**
 * Sends one archive row (the `notifications.send` job). Under the row's lock it checks that the row is
 * active and not sent and claims it (`provider_state` 'sending'); the provider is called outside any
 * transaction (the mail adapter reads its layout from the database) with the row id as idempotency
 * key, and the outcome is written under the lock again. A second worker finding a fresh claim throws
 * (its job retries later and then finds the row sent). Throws when the job queue should try again (a
 * retryable failure, also on the last attempt so the job ends failed).
 */
export async function sendNotificationMessage(db: Db, notify: NotifyAdapters | undefined, id: number, attempt: number, maxAttempts = SEND_MAX_ATTEMPTS): Promise<SendOutcome> {
  const claimed = await db.transaction(async (tx) => {
    const message = await lockMessage(tx, id);
    if (!message || message.isSent || !message.active) return null;
    if (message.providerState === 'sending' && Date.now() - message.updatedAt.getTime() < CLAIM_STALE_SECONDS * 1000) {
      throw Object.assign(new Error(`message ${id} is being sent by another worker`), { retryable: true });
    }
    await claimMessage(tx, id);
    return message;
  });
  if (!claimed) return { state: 'skipped' };
  const channel = claimed.channel as Channel;
  const outgoing: OutgoingMessage = {
    id: claimed.id, channel, to: claimed.to, body: claimed.body,
    ...(claimed.subject ? { subject: claimed.subject } : {}), ...(claimed.html ? { html: claimed.html } : {}),
  };
  let result: SendResult | null = null;
  let failure: unknown = null;
  try {
    if (!notify) throw Object.assign(new Error('notification adapters are not configured'), { retryable: true });
    result = await notify[channel].send(outgoing);
  } catch (error) {
    failure = error ?? new Error('send failed');
  }
  let retryError: Error | null = null;
  const outcome = await db.transaction(async (tx): Promise<SendOutcome> => {
    await lockMessage(tx, id);
    if (result) {
      await markMessageSent(tx, id, result.providerId, result.state);
      if (claimed.bulkId) await countBulkOutcome(tx, claimed.bulkId, 'sent');
      return { state: 'sent' };
    }
    const info = failure as ProviderFailure;
    const text = `${info.code ? `${info.code}: ` : ''}${info.message ?? String(failure)}`;
    const retryable = info.retryable !== false;
    const isLast = !retryable || attempt >= maxAttempts;
    await markMessageFailed(tx, id, text, isLast ? null : SEND_BACKOFF_SECONDS * 2 ** Math.max(0, attempt - 1));
    if (isLast && claimed.bulkId) await countBulkOutcome(tx, claimed.bulkId, 'failed');
    if (retryable) retryError = failure instanceof Error ? failure : new Error(text);
    return { state: isLast ? 'failed' : 'retry', error: text };
  });
  if (retryError) throw retryError;
  return outcome;
}

// ---------------------------------------------------------------- status changes

/** The placeholders' values of a parcel. */
export function declarationParams(facts: DeclarationFacts, stateName: string | null, timeZone: string): Record<string, string | number> {
  const date = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()).replaceAll('/', '.');
  return {
    customer_name: `${facts.customer_name ?? ''} ${facts.customer_surname ?? ''}`.trim(),
    customer_first_name: facts.customer_name ?? '',
    customer_code: facts.customer_code ?? (facts.user_id ? String(facts.user_id) : ''),
    track_code: facts.track_code,
    global_track_code: facts.global_track_code ?? '',
    weight: facts.weight ?? '',
    price: facts.price ?? '',
    delivery_price: facts.delivery_price ?? '',
    branch: facts.branch_name ?? '',
    branch_address: facts.branch_address ?? '',
    status: stateName ?? facts.status_name ?? '',
    shop: facts.shop_name ?? '',
    country: facts.country_name ?? '',
    flight: facts.flight_name ?? '',
    date,
  };
}

async function enqueueStatusEvent(tx: DbOrTx, jobs: JobQueue, event: StatusEvent, timeZone: string): Promise<number> {
  // Only parcels have a builder of placeholder values today; other models' events are dropped.
  if (event.model_id !== MODEL.declarations) return 0;
  const facts = await findDeclarationFacts(tx, event.object_id);
  if (!facts?.user_id) return 0;
  const stateName = await findStatusName(tx, event.model_id, event.state_id);
  const ids = await enqueueNotification(tx, jobs, {
    event: `declaration.status.${event.state_id}`,
    userId: facts.user_id,
    params: declarationParams(facts, stateName, timeZone),
    eventKey: `declaration:${event.object_id}:status:${event.state_id}:${event.history_id}`,
    objectModel: 'declaration',
    objectId: event.object_id,
    tariffCategoryId: facts.plan_category_id,
  });
  return ids.length;
}

/** Drains the status outbox (the `notifications.status-events` job): each batch in one transaction. Returns the messages created. */
export async function dispatchStatusEvents(db: Db, jobs: JobQueue, timeZone: string, batch = 200): Promise<number> {
  let created = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const events = await takeStatusEvents(tx, batch);
      for (const event of events) created += await enqueueStatusEvent(tx, jobs, event, timeZone);
      return events.length;
    });
    if (taken < batch) return created;
  }
}
