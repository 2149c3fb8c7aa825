/** The channel adapters' shared types (see index.ts). */
export type Channel = 'sms' | 'whatsapp' | 'mail' | 'push';
export const CHANNELS: readonly Channel[] = ['sms', 'whatsapp', 'mail', 'push'];

export interface OutgoingMessage {
  /** The archive row id (notification_messages.id), used as the idempotency key at the provider. */
  id: number;
  channel: Channel;
  /** phone '994501234567' | e-mail | FCM device token */
  to: string;
  subject?: string;
  body: string;
  html?: string;
}

export interface SendResult {
  providerId: string;
  state: 'accepted' | 'sent' | 'delivered';
}

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(message: string, readonly retryable: boolean, readonly code?: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface ChannelAdapter {
  readonly channel: Channel;
  send(m: OutgoingMessage): Promise<SendResult>;
  status?(providerId: string): Promise<{ state: string; error?: string }>;
}

export interface NotifyAdapters {
  sms: ChannelAdapter;
  whatsapp: ChannelAdapter;
  mail: ChannelAdapter;
  push: ChannelAdapter;
  smsBalance(): Promise<{ balance: string; currency: string }>;
  /** The adapter of a channel (sms/whatsapp/mail/push). */
  get(channel: Channel): ChannelAdapter;
}
