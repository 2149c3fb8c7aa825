import { randomUUID } from 'node:crypto';
import type { ArchiveQuery, ArchiveSendForm, MailArchiveReply, PhoneArchiveReply, ArchiveSendReply, NotifyChannel, SmsBalanceReply } from '@app/contract/notifications';
import { fill } from '@app/contract/texts/az';
import { azNotifications as t } from '@app/contract/texts/az-notifications';
import type { Db, DbOrTx } from '../../db/client';
import type { NotifyAdapters } from '../../integrations/notify';
import type { PermissionCode } from '@app/contract/permissions';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { isAllowed } from '../../platform/access';
import { AppError, forbidden, invalid } from '../../platform/errors';
import { enqueueNotification, SEND_NOTIFICATION_JOB, type JobQueue } from './dispatch';
import { findArchivePage, findMessage, findWaitingMessages, makeSendJobsDue, setMessageActive, setProviderState } from './message-queries';

/* The archives of SMS, WhatsApp and e-mail (archive/*): lists, the queue, hold/release, provider state, sends. */

const messageNotFound = (field: string) => new AppError(404, t.messageNotFound, { [field]: [t.messageNotFound] });

export async function listArchive(db: DbOrTx, channel: NotifyChannel, isQueue: boolean, query: ArchiveQuery, timeZone: string): Promise<PhoneArchiveReply | MailArchiveReply> {
  // the row's recipient key is `email` on the mail channel and `number` on the others (message-queries archiveColumns)
  return await findArchivePage(db, channel, isQueue, query, timeZone) as PhoneArchiveReply | MailArchiveReply;
}

/**
 * The archive code a message's channel needs (push has no archive screen: its bulk code). The
 * `_active` and `_status` calls find a message by id whatever the channel their path names (a client
 * holding one archive's code reads that channel only), then check the code of the message's channel.
 */
const CHANNEL_PERMISSION: Record<NotifyChannel, PermissionCode> = {
  sms: 'sms_archive', whatsapp: 'whatsapp_archive', mail: 'mail_archive', push: 'bulk_app_notification',
};

async function findViewable(db: DbOrTx, viewer: RequestUser, id: number, field: string) {
  const message = await findMessage(db, id);
  if (!message) throw messageNotFound(field);
  if (!isAllowed(viewer, { permission: CHANNEL_PERMISSION[message.channel as NotifyChannel] })) throw forbidden();
  return message;
}

/** Holds a message back (active 0: the send job skips it) or lets it go again (queued at once when it waits). */
export async function setArchiveActive(db: Db, jobs: JobQueue, viewer: RequestUser, id: number, active: boolean, field: string) {
  return db.transaction(async (tx) => {
    const message = await findViewable(tx, viewer, id, field);
    const row = await setMessageActive(tx, id, message.channel as NotifyChannel, active);
    if (!row) throw messageNotFound(field);
    if (active && !row.isSent) {
      const runAt = row.sendAt > new Date() ? row.sendAt : new Date();
      await jobs.enqueue(tx, SEND_NOTIFICATION_JOB, { id }, { runAt, singletonKey: `notify:${id}` });
    }
    await recordAudit(tx, { userId: viewer.id, action: `notification_message.active`, entity: 'notification_message', entityId: String(id), changes: { channel: row.channel, active } });
    return { data: { id, active: (active ? 1 : 0) as 0 | 1 } };
  });
}

/** Asks the provider of the message's channel for its delivery state, stores it and answers it as text. */
export async function refreshArchiveStatus(db: Db, notify: NotifyAdapters | undefined, viewer: RequestUser, id: number, field: string): Promise<string> {
  const message = await findViewable(db, viewer, id, field);
  if (!message.isSent || !message.providerId) return message.error ? `${t.notSentYet}: ${message.error}` : t.notSentYet;
  const adapter = notify?.[message.channel as NotifyChannel];
  if (!adapter?.status) return message.providerState ?? t.statusUnknown;
  try {
    const status = await adapter.status(message.providerId);
    await setProviderState(db, id, status.state, status.error ?? null);
    return status.error ? `${status.state}: ${status.error}` : status.state;
  } catch (error) {
    // a provider that is not configured (or forgot the message) leaves the stored state as the answer
    if ((error as { retryable?: boolean }).retryable === false) return message.providerState ?? t.statusUnknown;
    throw new AppError(503, fill(t.providerUnavailable, { ERROR: error instanceof Error ? error.message : String(error) }));
  }
}

/**
 * archive/send_*: resend one message (a new archive row), an ad-hoc message to a customer or an
 * address, or (no fields, as clients call it) the channel's waiting queue now.
 */
export async function sendFromArchive(db: Db, jobs: JobQueue, viewer: RequestUser, channel: NotifyChannel, form: ArchiveSendForm): Promise<ArchiveSendReply> {
  const resendId = form.message_id ?? form.sms_id ?? form.whatsapp_id ?? form.mail_id;
  const idField = form.message_id ? 'message_id' : form.sms_id ? 'sms_id' : form.whatsapp_id ? 'whatsapp_id' : 'mail_id';
  return db.transaction(async (tx) => {
    let ids: number[];
    if (resendId) {
      const original = await findMessage(tx, resendId, channel);
      if (!original) throw messageNotFound(idField);
      ids = await enqueueNotification(tx, jobs, {
        event: 'resend', userId: original.userId ?? 0, to: original.to, ignoreOptOut: true, params: (original.params ?? {}) as Record<string, string | number>,
        eventKey: `resend:${original.id}:${randomUUID()}`, body: original.body, ...(original.subject ? { subject: original.subject } : {}),
        channels: [channel], objectModel: original.modelId ? String(original.modelId) : undefined, objectId: original.objectId ?? undefined,
        templateId: original.templateId ?? undefined, createdBy: viewer.id,
      });
      if (ids.length === 0) throw invalid({ [idField]: [t.recipientMissing] });
    } else if (form.body !== undefined) {
      const to = channel === 'mail' ? form.email : form.number;
      if (!form.user_id && !to) throw invalid({ [channel === 'mail' ? 'email' : 'number']: [t.recipientRequired] });
      ids = await enqueueNotification(tx, jobs, {
        event: 'manual', userId: form.user_id ?? 0, ...(to ? { to } : {}), params: {}, eventKey: `manual:${randomUUID()}`,
        body: form.body, ...(form.subject ? { subject: form.subject } : {}), channels: [channel], ignoreOptOut: true,
        objectModel: form.user_id ? 'user' : undefined, objectId: form.user_id, createdBy: viewer.id,
      });
      if (ids.length === 0) throw invalid({ [form.user_id ? 'user_id' : 'body']: [t.recipientMissing] });
    } else {
      ids = [];
      const waiting = await findWaitingMessages(tx, channel);
      const moved = new Set(await makeSendJobsDue(tx, waiting.map((r) => r.id)));
      for (const row of waiting) {
        const queued = moved.has(row.id) ? row.id : await jobs.enqueue(tx, SEND_NOTIFICATION_JOB, { id: row.id }, { runAt: new Date(), singletonKey: `notify:${row.id}` });
        if (queued !== null) ids.push(row.id);
      }
    }
    await recordAudit(tx, {
      userId: viewer.id, action: `notification_message.send`, entity: 'notification_message', entityId: ids.slice(0, 20).join(','),
      changes: { channel, resend: resendId ?? null, user_id: form.user_id ?? null, queued: ids.length },
    });
    return { data: { ids, count: ids.length } };
  });
}

/** The SMS provider's balance; a gateway that is not configured has none (0, `configured` false). */
export async function readSmsBalance(notify: NotifyAdapters | undefined): Promise<SmsBalanceReply> {
  const none = { data: { obj: 0, balance: '0', currency: '', configured: false } };
  if (!notify) return none;
  try {
    const { balance, currency } = await notify.smsBalance();
    const obj = Number(balance);
    return { data: { obj: Number.isFinite(obj) ? obj : 0, balance, currency, configured: true } };
  } catch (error) {
    if ((error as { code?: string }).code === 'not_configured') return none;
    throw new AppError(503, fill(t.providerUnavailable, { ERROR: error instanceof Error ? error.message : String(error) }));
  }
}
