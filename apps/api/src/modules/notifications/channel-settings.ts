import type { NotificationSettingsForm, NotificationSettingsReply } from '@app/contract/notifications';
import { azNotifications as t } from '@app/contract/texts/az-notifications';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { AppError, invalid } from '../../platform/errors';
import { findChannelSettings, updateUserChannelFlags, upsertChannelSettings } from './message-queries';

/* A customer's channel opt-ins (notification_settings, ours): SMS/e-mail on users, WhatsApp/push beside them. */

const flag = (v: boolean) => (v ? 1 : 0) as 0 | 1;

async function readCustomer(db: DbOrTx, userId: number) {
  const row = await findChannelSettings(db, userId);
  if (!row) throw new AppError(404, t.userNotFound, { user_id: [t.userNotFound] });
  if (row.admin !== 0) throw invalid({ user_id: [t.customersOnly] });
  return row;
}

export async function readChannelSettings(db: DbOrTx, userId: number): Promise<NotificationSettingsReply> {
  const row = await readCustomer(db, userId);
  return {
    data: {
      user_id: row.user_id, send_sms: flag(row.send_sms), send_mail: flag(row.send_mail), send_whatsapp: flag(row.send_whatsapp),
      send_push: flag(row.send_push), has_push_token: flag(row.has_push_token),
    },
  };
}

export async function saveChannelSettings(db: Db, viewer: RequestUser, form: NotificationSettingsForm): Promise<NotificationSettingsReply> {
  await db.transaction(async (tx) => {
    const before = await readCustomer(tx, form.user_id);
    await updateUserChannelFlags(tx, form.user_id, { sendSms: form.send_sms, sendMail: form.send_mail });
    await upsertChannelSettings(tx, form.user_id, { sendWhatsapp: form.send_whatsapp, sendPush: form.send_push });
    const changes: Record<string, { from: boolean; to: boolean }> = {};
    for (const key of ['send_sms', 'send_mail', 'send_whatsapp', 'send_push'] as const) {
      const to = form[key];
      if (to !== undefined && to !== before[key]) changes[key] = { from: before[key], to };
    }
    await recordAudit(tx, { userId: viewer.id, action: 'user.notification_settings', entity: 'user', entityId: String(form.user_id), changes });
  });
  return readChannelSettings(db, form.user_id);
}
