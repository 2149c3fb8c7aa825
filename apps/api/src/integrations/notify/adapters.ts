import type { Config } from '../../config';
import { createMailAdapter, type MailLayout } from './mail';
import { createPushAdapter } from './push';
import { createSmsAdapter } from './sms';
import type { Channel, NotifyAdapters } from './types';
import { createWhatsappAdapter } from './whatsapp';

type NotifyConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_BASE_URL' | 'SMS_API_KEY' | 'SMS_SENDER' | 'WHATSAPP_BASE_URL'
  | 'WHATSAPP_API_VERSION' | 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_ID' | 'FCM_BASE_URL' | 'FCM_PROJECT_ID' | 'FCM_ACCESS_TOKEN'
  | 'FCM_SERVICE_ACCOUNT_FILE' | 'NOTIFY_TIMEOUT_MS' | 'NOTIFY_CONCURRENCY'>;

/**
 * The four channel adapters from the configuration. Nothing connects until the first send; a channel
 * without its settings answers a permanent ProviderError 'not_configured'. `mailLayout` gives the
 * settings group `mail` (app.ts reads it from the database, integrations/notify/mail-layout.ts).
 */
export function createNotifyAdapters(config: NotifyConfig, deps: { mailLayout?: () => Promise<MailLayout>; fetch?: typeof fetch } = {}): NotifyAdapters & { close(): void } {
  const timeoutMs = config.NOTIFY_TIMEOUT_MS;
  const sms = createSmsAdapter({ baseUrl: config.SMS_BASE_URL, apiKey: config.SMS_API_KEY, sender: config.SMS_SENDER, timeoutMs, fetch: deps.fetch });
  const whatsapp = createWhatsappAdapter({
    baseUrl: config.WHATSAPP_BASE_URL, version: config.WHATSAPP_API_VERSION, token: config.WHATSAPP_TOKEN,
    phoneNumberId: config.WHATSAPP_PHONE_ID, timeoutMs, fetch: deps.fetch,
  });
  const mail = createMailAdapter({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, timeoutMs, layout: deps.mailLayout, maxConnections: Math.min(10, config.NOTIFY_CONCURRENCY) });
  const push = createPushAdapter({
    baseUrl: config.FCM_BASE_URL, projectId: config.FCM_PROJECT_ID, accessToken: config.FCM_ACCESS_TOKEN,
    serviceAccountFile: config.FCM_SERVICE_ACCOUNT_FILE, timeoutMs, fetch: deps.fetch,
  });
  const byChannel: Record<Channel, NotifyAdapters['sms']> = { sms, whatsapp, mail, push };
  return {
    sms, whatsapp, mail, push,
    smsBalance: () => sms.balance(),
    get: (channel) => byChannel[channel],
    close: () => mail.close(),
  };
}
