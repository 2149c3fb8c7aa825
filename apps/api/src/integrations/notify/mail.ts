import type { Transporter } from 'nodemailer';
import { ProviderError, type ChannelAdapter, type OutgoingMessage, type SendResult } from './types';

/** The settings group `mail` (stored as group 'email'): the banners and footer around every e-mail. */
export interface MailLayout {
  headerBannerUrl?: string | null;
  headerBannerPhoto?: string | null;
  rightBannerUrl?: string | null;
  rightBannerPhoto?: string | null;
  footerText?: string | null;
}

export interface MailOptions {
  /** smtp://user:pass@host:587 or smtps://…:465; never logged (it holds the password). */
  smtpUrl?: string;
  from: string;
  timeoutMs: number;
  /** The current layout (read from the settings; the adapter keeps it for a minute). */
  layout?: () => Promise<MailLayout>;
  /** Connections kept open to the server for bulk sends. */
  maxConnections?: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Only http(s) links and images make it into the layout (a javascript: URL in a setting stays out). */
const safeUrl = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url.trim()) ? escapeHtml(url.trim()) : '');

/**
 * The e-mail's HTML: header banner (a linked image) on top, the message beside the right banner, the
 * footer text below. The message is the template's HTML when given, else the text with line breaks.
 */
export function renderMailHtml(layout: MailLayout, message: { subject?: string; body: string; html?: string }): string {
  const content = message.html ?? escapeHtml(message.body).replace(/\r?\n/g, '<br>');
  const banner = (href: string, src: string, alt: string, style: string) =>
    src ? (href ? `<a href="${href}"><img src="${src}" alt="${alt}" style="${style}"></a>` : `<img src="${src}" alt="${alt}" style="${style}">`) : '';
  const header = banner(safeUrl(layout.headerBannerUrl), safeUrl(layout.headerBannerPhoto), '', 'display:block;width:100%;max-width:640px;border:0');
  const right = banner(safeUrl(layout.rightBannerUrl), safeUrl(layout.rightBannerPhoto), '', 'display:block;width:160px;border:0');
  const footer = layout.footerText ? escapeHtml(layout.footerText).replace(/\r?\n/g, '<br>') : '';
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    message.subject ? `<title>${escapeHtml(message.subject)}</title>` : '',
    '</head><body style="margin:0;padding:0;font-family:Arial,Helvetica,sans-serif;color:#222">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">',
    '<table role="presentation" width="640" cellpadding="0" cellspacing="0" style="max-width:640px">',
    header ? `<tr><td colspan="2">${header}</td></tr>` : '',
    `<tr><td style="padding:16px;vertical-align:top;font-size:14px;line-height:1.5">${content}</td>`,
    right ? `<td style="width:160px;padding:16px 0;vertical-align:top">${right}</td>` : '<td></td>',
    '</tr>',
    footer ? `<tr><td colspan="2" style="padding:12px 16px;border-top:1px solid #ddd;font-size:12px;color:#666">${footer}</td></tr>` : '',
    '</table></td></tr></table></body></html>',
  ].join('');
}

/** SMTP reply codes and nodemailer error codes → retry or give up. */
function mailError(error: unknown): ProviderError {
  const e = error as { code?: string; responseCode?: number; message?: string };
  const code = e.responseCode ? `smtp_${e.responseCode}` : (e.code ?? 'smtp');
  // 4xx replies are temporary by SMTP's own definition, 5xx permanent; connection troubles retry;
  // a refused address (EENVELOPE), failed login (EAUTH) or bad message (EMESSAGE) will not improve.
  const retryable = e.responseCode ? e.responseCode < 500 : !['EENVELOPE', 'EAUTH', 'EMESSAGE', 'ECONFIG'].includes(e.code ?? '');
  const isTimeout = e.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '');
  return new ProviderError(`SMTP: ${isTimeout ? 'timed out' : (e.message ?? 'failed').slice(0, 300)}`, retryable, isTimeout ? 'timeout' : code, { cause: error });
}

export function createMailAdapter(options: MailOptions): ChannelAdapter & { close(): void } {
  // nodemailer is loaded on the first e-mail (a quarter second of start-up otherwise)
  let transport: Promise<Transporter> | null = null;
  let layoutCache: { value: MailLayout; until: number } | null = null;
  const getTransport = () => {
    if (!options.smtpUrl) throw new ProviderError('E-mail is not configured (SMTP_URL)', false, 'not_configured');
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: options.maxConnections ?? 5,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
      logger: false,
      debug: false,
    } as Parameters<typeof nodemailer.createTransport>[0]));
    return transport;
  };
  const layout = async (): Promise<MailLayout> => {
    if (!options.layout) return {};
    if (layoutCache && layoutCache.until > Date.now()) return layoutCache.value;
    const value = await options.layout().catch(() => layoutCache?.value ?? {});
    layoutCache = { value, until: Date.now() + 60_000 };
    return value;
  };
  return {
    channel: 'mail',
    async send(m: OutgoingMessage): Promise<SendResult> {
      const smtp = await getTransport();
      const html = renderMailHtml(await layout(), m);
      const host = options.from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
      let timer: NodeJS.Timeout | undefined;
      try {
        const info = await Promise.race([
          smtp.sendMail({
            from: options.from,
            to: m.to,
            subject: m.subject ?? '',
            text: m.body,
            html,
            messageId: `<notify-${m.id}@${host}>`,
          }),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), options.timeoutMs * 2);
          }),
        ]);
        if (info.rejected?.length && !info.accepted?.length) throw new ProviderError('SMTP: recipient refused', false, 'rejected');
        return { providerId: info.messageId, state: 'sent' };
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw mailError(error);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      void transport?.then((t) => t.close(), () => undefined);
      transport = null;
    },
  };
}
