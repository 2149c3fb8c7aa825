/**
 * Notification channels (issue 20): one adapter per channel over its provider's HTTP/SMTP protocol,
 * plus loopback simulators of the same protocols for the embedded dev run, tests and the bench.
 *
 *   sms       — a JSON SMS gateway: POST /messages {to, text, sender, client_ref}, GET /messages/{id}, GET /balance (X-API-Key)
 *   whatsapp  — WhatsApp Business Cloud API: POST /{version}/{phone_number_id}/messages (Bearer)
 *   mail      — SMTP (nodemailer), HTML from the settings group `mail` plus a plain-text part
 *   push      — FCM HTTP v1: POST /v1/projects/{project}/messages:send (Bearer: static or service-account OAuth)
 *
 * Every adapter throws ProviderError; `retryable` says whether the job runner should try again
 * (time-outs, 429, 5xx, UNAVAILABLE) or give up (bad number, UNREGISTERED token, 4xx).
 */
export * from './types';
export type { ReceivedMail, SimHandle, NotifySimulators } from './simulators';
export { createNotifyAdapters } from './adapters';
export { startNotifySimulators } from './simulators';
