/**
 * A row of `archive/{sms|whatsapp|mail}` and their `_queues` as the fields file gives it (the wire
 * contract): 0/1 flags, dates as 'YYYY-MM-DD HH:mm:ss', params as JSON text. The provider's state
 * and error are read when the server sends them.
 */
export interface ArchiveRow {
  id: number;
  body: string;
  number?: string | null;
  email?: string | null;
  user_id: number | null;
  user_name?: string | null;
  model_id: number | null;
  model_name: string | null;
  object_id: number | null;
  params: string | null;
  active: number;
  template_id: number | null;
  template_name?: string | null;
  bulk: number;
  bulk_id?: number | null;
  sent: number;
  retry_at: string | null;
  sended_at: string | null;
  created_at: string;
  attempts?: number | null;
  provider_state?: string | null;
  error?: string | null;
  subject?: string | null;
}

export function isTruthyFlag(value: number | boolean | string | null | undefined): boolean {
  return value === true || value === 1 || value === '1';
}

export type MessageAction = 'open' | 'resend' | 'pause' | 'resume';

/**
 * The row menu of a message: a sent or failed one may go out again (a new message); one still
 * waiting is held back or let go instead (resending it would send it twice).
 */
export function listMessageActions(row: Pick<ArchiveRow, 'sent' | 'active' | 'error'>): MessageAction[] {
  const actions: MessageAction[] = ['open'];
  if (isTruthyFlag(row.sent) || row.error) actions.push('resend');
  if (!isTruthyFlag(row.sent)) actions.push(isTruthyFlag(row.active) ? 'pause' : 'resume');
  return actions;
}
