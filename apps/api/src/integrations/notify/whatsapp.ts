import { asRecord, callProvider, isRetryableStatus } from './http';
import { ProviderError, type ChannelAdapter, type OutgoingMessage, type SendResult } from './types';

/**
 * WhatsApp Business Cloud API: POST {base}/{version}/{phone_number_id}/messages with a bearer token,
 * body {messaging_product:'whatsapp', to, type:'text', text:{body}} → {messages:[{id}]}. Errors are
 * {error:{message, type, code, error_subcode?, fbtrace_id}}. Delivery states arrive by webhook only
 * (no status call). Note: outside the 24-hour customer service window the API accepts only approved
 * templates (error 131047); free text bulk sends then fail permanently for those recipients.
 */
export interface WhatsappOptions { baseUrl: string; version: string; token?: string; phoneNumberId?: string; timeoutMs: number; fetch?: typeof fetch }

/** Graph API codes that a later retry can succeed on: rate limits, temporary outages. */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 341, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

function whatsappError(status: number, json: unknown): ProviderError {
  const error = asRecord(asRecord(json).error);
  const code = typeof error.code === 'number' ? error.code : undefined;
  const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
  const retryable = code !== undefined ? RETRYABLE_CODES.has(code) || status >= 500 : isRetryableStatus(status);
  return new ProviderError(`WhatsApp: ${message}`, retryable, code === undefined ? `http_${status}` : String(code));
}

export function createWhatsappAdapter(options: WhatsappOptions): ChannelAdapter {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    channel: 'whatsapp',
    async send(m: OutgoingMessage): Promise<SendResult> {
      if (!options.token || !options.phoneNumberId) {
        throw new ProviderError('WhatsApp is not configured (WHATSAPP_TOKEN, WHATSAPP_PHONE_ID)', false, 'not_configured');
      }
      const url = `${base}/${options.version}/${encodeURIComponent(options.phoneNumberId)}/messages`;
      const reply = await callProvider(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}` },
        body: { messaging_product: 'whatsapp', recipient_type: 'individual', to: m.to, type: 'text', text: { preview_url: false, body: m.body }, biz_opaque_callback_data: String(m.id) },
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (reply.status !== 200) throw whatsappError(reply.status, reply.json);
      const messages = asRecord(reply.json).messages;
      const id = Array.isArray(messages) ? asRecord(messages[0]).id : undefined;
      if (typeof id !== 'string') throw new ProviderError('WhatsApp: reply without a message id', true, 'bad_reply');
      return { providerId: id, state: 'accepted' };
    },
  };
}
