import { asRecord, callProvider, isRetryableStatus } from './http';
import { ProviderError, type ChannelAdapter, type OutgoingMessage, type SendResult } from './types';

/**
 * The SMS gateway's JSON API (a typical one; the simulator in sms-simulator.ts speaks it):
 *   POST {base}/messages  {to, text, sender, client_ref}  → 201 {id, state}
 *   GET  {base}/messages/{id}                              → {id, state, error?}
 *   GET  {base}/balance                                    → {balance: "12.50", currency: "AZN"}
 * Auth: header X-API-Key. Errors: {error: {code, message}} with the HTTP status. client_ref (our
 * archive row id) makes a repeated POST answer the first message instead of sending again.
 */
export interface SmsOptions { baseUrl?: string; apiKey?: string; sender: string; timeoutMs: number; fetch?: typeof fetch }

/** Codes the gateway answers that no retry can fix, whatever the HTTP status. */
const PERMANENT_CODES = new Set(['invalid_number', 'blacklisted', 'invalid_sender', 'unauthorized', 'text_too_long']);

function smsError(status: number, json: unknown): ProviderError {
  const error = asRecord(asRecord(json).error);
  const code = typeof error.code === 'string' ? error.code : `http_${status}`;
  const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
  return new ProviderError(`SMS gateway: ${message}`, !PERMANENT_CODES.has(code) && isRetryableStatus(status), code);
}

export function createSmsAdapter(options: SmsOptions): ChannelAdapter & { balance(): Promise<{ balance: string; currency: string }> } {
  const base = options.baseUrl?.replace(/\/+$/, '');
  const headers = (): Record<string, string> => {
    if (!base || !options.apiKey) throw new ProviderError('SMS gateway is not configured (SMS_BASE_URL, SMS_API_KEY)', false, 'not_configured');
    return { 'x-api-key': options.apiKey };
  };
  const call = (path: string, method: 'GET' | 'POST', body?: unknown) =>
    callProvider(`${base}${path}`, { method, headers: headers(), body, timeoutMs: options.timeoutMs, fetch: options.fetch });

  return {
    channel: 'sms',
    async send(m: OutgoingMessage): Promise<SendResult> {
      const reply = await call('/messages', 'POST', { to: m.to, text: m.body, sender: options.sender, client_ref: String(m.id) });
      if (reply.status !== 200 && reply.status !== 201 && reply.status !== 202) throw smsError(reply.status, reply.json);
      const data = asRecord(reply.json);
      if (typeof data.id !== 'string' && typeof data.id !== 'number') throw new ProviderError('SMS gateway: reply without a message id', true, 'bad_reply');
      const state = data.state === 'delivered' || data.state === 'sent' ? data.state : 'accepted';
      return { providerId: String(data.id), state };
    },
    async status(providerId: string) {
      const reply = await call(`/messages/${encodeURIComponent(providerId)}`, 'GET');
      if (reply.status !== 200) throw smsError(reply.status, reply.json);
      const data = asRecord(reply.json);
      return { state: String(data.state ?? 'unknown'), ...(typeof data.error === 'string' ? { error: data.error } : {}) };
    },
    async balance() {
      const reply = await call('/balance', 'GET');
      if (reply.status !== 200) throw smsError(reply.status, reply.json);
      const data = asRecord(reply.json);
      return { balance: String(data.balance ?? '0'), currency: String(data.currency ?? 'AZN') };
    },
  };
}
