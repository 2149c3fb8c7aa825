import { renderTemplate, TEMPLATE_TYPES, type NotifyChannel, type TemplateTypeId } from '@app/contract/notifications';
import { sql } from 'drizzle-orm';
import { normalizePhone } from '../../modules/notifications/dispatch';
import type { Db } from '../client';
import { notificationMessages, notificationTemplates, userNotificationSettings } from '../schema/notifications';

/*
 * Notifications demo (issue 20): templates per channel for the parcel statuses customers hear about
 * (Azerbaijani texts), the customers' WhatsApp/push opt-ins, and an archive of a few hundred messages
 * built from the newest status changes: mostly sent, some failed with the provider's error, a few
 * waiting in the queue and one held back. Runs last in the demo seed: its templates exist only after
 * every demo status change was written, so the seed itself sends nothing. Fixed choices (ids modulo),
 * so the demo is the same on every run.
 */

type DemoTemplate = { name: string; type: TemplateTypeId; state: number; title?: string; body: string; delay?: number; active?: boolean };

export const DEMO_NOTIFICATION_TEMPLATES: DemoTemplate[] = [
  { name: 'Xarici anbara çatdı (SMS)', type: 1, state: 7, body: 'Hörmətli {customer_name}, {track_code} bağlamanız {country} anbarına çatdı. Çəki: {weight} kq.' },
  { name: 'Xarici anbara çatdı (e-poçt)', type: 2, state: 7, title: 'Bağlamanız {country} anbarındadır', body: 'Hörmətli {customer_name},\n\n{track_code} izləmə kodlu bağlamanız {country} anbarına çatdı. Çəkisi {weight} kq, çatdırılma qiyməti {delivery_price} USD.\n\nBəyannaməni şəxsi kabinetinizdə doldurmağı unutmayın.' },
  { name: 'Yola düşdü (SMS)', type: 1, state: 8, body: '{track_code} bağlamanız {flight} reysi ilə Bakıya yola düşdü.' },
  { name: 'Yola düşdü (mobil)', type: 3, state: 8, title: 'Bağlamanız yoldadır', body: '{track_code} bağlamanız Bakıya yola düşdü.' },
  { name: 'Bakı anbarında (SMS)', type: 1, state: 9, body: 'Hörmətli {customer_first_name}, {track_code} bağlamanız təhvilə hazırdır: {branch}. Ödəniş: {delivery_price} USD.' },
  { name: 'Bakı anbarında (WhatsApp)', type: 4, state: 9, body: 'Salam, {customer_first_name}! {track_code} bağlamanız sizi gözləyir: {branch}, {branch_address}.' },
  { name: 'Bakı anbarında (e-poçt)', type: 2, state: 9, title: '{track_code} bağlamanız təhvilə hazırdır', body: 'Hörmətli {customer_name},\n\n{track_code} bağlamanız Bakıya çatdı və təhvilə hazırdır.\nFilial: {branch}\nÇəki: {weight} kq\nÇatdırılma: {delivery_price} USD\n\nİş saatlarında filialımıza yaxınlaşa bilərsiniz.' },
  { name: 'Bakı anbarında (mobil)', type: 3, state: 9, title: 'Bağlamanız gəldi', body: '{track_code} təhvilə hazırdır: {branch}.' },
  { name: 'Təhvil verildi (e-poçt)', type: 2, state: 10, title: 'Bağlamanız təhvil verildi', body: 'Hörmətli {customer_name},\n\n{track_code} bağlamanız {date} tarixində təhvil verildi. Bizi seçdiyiniz üçün təşəkkür edirik!' },
  { name: 'Təhvil verildi (mobil)', type: 3, state: 10, title: 'Təhvil verildi', body: '{track_code} bağlamanız təhvil verildi. Xidmətimizi qiymətləndirin!', delay: 60 },
  { name: 'Gömrükdə saxlanılıb (SMS)', type: 1, state: 88, body: '{track_code} bağlamanız gömrükdə saxlanılıb. Ətraflı məlumat üçün şəxsi kabinetinizə daxil olun.' },
  { name: 'Gömrükdə saxlanılıb (WhatsApp)', type: 4, state: 88, body: 'Hörmətli {customer_name}, {track_code} bağlamanız gömrük yoxlamasındadır. Bəyannamənizi yoxlayın.' },
  { name: 'İadə (SMS, söndürülüb)', type: 1, state: 12, body: '{track_code} bağlamanız satıcıya geri qaytarıldı.', active: false },
];

const ERRORS = ['invalid_number: Nömrə mövcud deyil', '503: Provayder müvəqqəti əlçatan deyil', 'mailbox_full: Poçt qutusu doludur'];

interface EventRow {
  history_id: number; object_id: number; state_id: number; at: string; track_code: string; weight: string | null; delivery_price: string | null;
  user_id: number; name: string; surname: string; phone: string | null; email: string | null; branch: string | null; branch_address: string | null;
  country: string | null; flight: string | null; state_name: string | null;
}

export async function generateNotificationsDemoData(db: Db, opts: { events?: number } = {}): Promise<void> {
  // A third of the customers with an e-mail address asked for e-mails (bulk e-mail audiences, the e-mail archive).
  await db.execute(sql`update users set send_mail = true where admin = 0 and email is not null and id % 3 = 0`);
  const templateIds = new Map<string, number>();
  for (const t of DEMO_NOTIFICATION_TEMPLATES) {
    const [row] = await db.insert(notificationTemplates).values({
      name: t.name, title: t.title ?? '', body: t.body, templateTypeId: t.type, modelId: 2, stateId: t.state,
      active: t.active ?? true, delay: t.delay ?? 0,
    }).returning({ id: notificationTemplates.id });
    templateIds.set(`${t.type}:${t.state}`, row!.id);
  }
  // WhatsApp for every third customer, push (with a device token) for every fourth.
  await db.execute(sql`
    insert into ${userNotificationSettings} (user_id, send_whatsapp, send_push, push_token)
    select id, id % 3 = 0, id % 4 = 0, case when id % 4 = 0 then 'demo-fcm-token-' || id end
    from users where admin = 0 and (id % 3 = 0 or id % 4 = 0)
    on conflict (user_id) do nothing`);

  const events = (await db.execute(sql`
    select h.id as history_id, h.object_id, h.state_id, h.created_at as at, d.track_code, d.weight, d.delivery_price,
           u.id as user_id, u.name, u.surname, u.phone, u.email, b.name as branch, b.address as branch_address,
           c.country_name as country, f.name as flight, s.name as state_name
    from status_history h
    join declarations d on d.id = h.object_id
    join users u on u.id = d.user_id
    left join branches b on b.id = d.branch_id
    left join countries c on c.id = d.country_id
    left join flights f on f.id = d.flight_id
    left join statuses s on s.model_id = 2 and s.id = h.state_id
    where h.model_id = 2 and h.state_id in (7, 8, 9, 10, 88)
    order by h.created_at desc, h.id desc
    limit ${opts.events ?? 220}`)).rows as unknown as EventRow[];

  const rows: (typeof notificationMessages.$inferInsert)[] = [];
  const waitingPerChannel: Record<string, number> = {};
  for (const [i, e] of events.entries()) {
    const params: Record<string, string> = {
      customer_name: `${e.name} ${e.surname}`.trim(), customer_first_name: e.name, track_code: e.track_code, weight: e.weight ?? '',
      delivery_price: e.delivery_price ?? '', branch: e.branch ?? '', branch_address: e.branch_address ?? '', country: e.country ?? '',
      flight: e.flight ?? '', status: e.state_name ?? '', date: new Date(e.at).toISOString().slice(0, 10).split('-').reverse().join('.'),
    };
    for (const t of DEMO_NOTIFICATION_TEMPLATES) {
      if (t.state !== Number(e.state_id) || t.active === false) continue;
      const channel = TEMPLATE_TYPES[t.type] as NotifyChannel;
      const to = channel === 'mail' ? e.email : channel === 'push' ? (e.user_id % 4 === 0 ? `demo-fcm-token-${e.user_id}` : null) : normalizePhone(e.phone);
      if (!to || (channel === 'whatsapp' && e.user_id % 3 !== 0)) continue;
      const created = new Date(new Date(e.at).getTime() + 1000);
      // the newest few wait in the queue (one held back; at least two per channel, so every queue view has rows),
      // every 17th failed for good, the rest were sent a minute later
      const isWaiting = i < 6 || (waitingPerChannel[channel] ?? 0) < 2;
      if (isWaiting) waitingPerChannel[channel] = (waitingPerChannel[channel] ?? 0) + 1;
      const isFailed = !isWaiting && i % 17 === 5;
      rows.push({
        channel, userId: e.user_id, to, subject: t.title ? renderTemplate(t.title, params) : null, body: renderTemplate(t.body, params),
        modelId: 2, objectId: Number(e.object_id), templateId: templateIds.get(`${t.type}:${t.state}`)!, params,
        eventKey: `declaration:${e.object_id}:status:${e.state_id}:${e.history_id}`,
        active: !(isWaiting && i === 0), isSent: !isWaiting && !isFailed,
        sendAt: isWaiting ? new Date(Date.now() + (30 + i * 10) * 60_000) : created,
        sentAt: !isWaiting && !isFailed ? new Date(created.getTime() + 60_000) : null,
        attempts: isWaiting ? 0 : isFailed ? 5 : 1,
        providerId: !isWaiting && !isFailed ? `demo-${channel}-${e.history_id}` : null,
        providerState: isWaiting ? null : isFailed ? 'failed' : channel === 'mail' ? 'sent' : 'delivered',
        error: isFailed ? ERRORS[i % ERRORS.length]! : null,
        createdAt: created, updatedAt: created,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(notificationMessages).values(rows.slice(i, i + 500)).onConflictDoNothing();
}
