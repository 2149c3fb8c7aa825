import { BULK_CHANNEL, type BulkAudience, type BulkKind } from '@app/contract/bulk-notifications';
import type { FormValue } from '../../../shared/http/http-client';

/** The bulk send form as the screen keeps it (dates already as the wire's texts). */
export interface BulkFormValues {
  search_id: BulkAudience;
  branch_id?: number[];
  country_id?: number[];
  state_id?: number[];
  flight_id?: number | null;
  customs?: boolean;
  amount?: string;
  /** Registration dates 'YYYY-MM-DD' (either may be empty). */
  registered_from?: string | null;
  registered_to?: string | null;
  /** Customer ids typed or pasted, separated by anything that is not a digit. */
  user_ids?: string;
  /** Phone numbers or e-mails, one a line (commas and semicolons also split). */
  addresses?: string;
  template_id?: number | null;
  title?: string;
  body?: string;
  /** 'YYYY-MM-DD HH:mm:ss', empty: now. */
  planned_at?: string | null;
}

/** The audiences a channel offers: typed numbers for SMS and WhatsApp, typed e-mails for e-mail, none for push. */
export function listAudiences(kind: BulkKind): BulkAudience[] {
  const channel = BULK_CHANNEL[kind];
  if (channel === 'sms' || channel === 'whatsapp') return ['all', 'filter', 'users', 'user_numbers'];
  if (channel === 'mail') return ['all', 'filter', 'users', 'user_emails'];
  return ['all', 'filter', 'users'];
}

/** Which text fields a channel has: SMS a body only; WhatsApp a template or a body; e-mail and push a title too. */
export function describeTextFields(kind: BulkKind): { hasTemplate: boolean; hasTitle: boolean; hasBody: boolean } {
  const channel = BULK_CHANNEL[kind];
  return { hasTemplate: channel !== 'sms', hasTitle: channel === 'mail' || channel === 'push', hasBody: true };
}

/** The template type a channel's template picker lists (templates/list?template_type_id=). */
export function templateTypeOf(kind: BulkKind): 1 | 2 | 3 | 4 {
  return ({ bulk_sms: 1, bulk_mail: 2, bulk_notification: 3, bulk_whatsapp: 4 } as const)[kind];
}

export function parseIds(text: string | undefined): number[] {
  return [...new Set((text ?? '').split(/\D+/).filter(Boolean).map(Number).filter((id) => Number.isSafeInteger(id) && id > 0))];
}

export function parseAddresses(text: string | undefined): string[] {
  return [...new Set((text ?? '').split(/[\n,;]+/).map((item) => item.trim()).filter(Boolean))];
}

/** The registration range as the wire's `d`: 'from 00:00:00,to 23:59:59', an open side left empty; undefined when both are. */
export function registrationRange(from?: string | null, to?: string | null): string | undefined {
  if (!from && !to) return undefined;
  return `${from ? `${from} 00:00:00` : ''},${to ? `${to} 23:59:59` : ''}`;
}

/**
 * The audience's own fields only, by wire name (lists as arrays): what the server counts and sends
 * to. Fields of another audience (ids typed before switching to 'all') never go out.
 */
export function collectAudience(values: BulkFormValues): Record<string, string | number | number[] | string[]> {
  const out: Record<string, string | number | number[] | string[]> = { search_id: values.search_id };
  if (values.search_id === 'filter') {
    if (values.branch_id?.length) out.branch_id = values.branch_id;
    if (values.country_id?.length) out.country_id = values.country_id;
    if (values.state_id?.length) out.state_id = values.state_id;
    if (values.flight_id) out.flight_id = values.flight_id;
    if (values.customs) out.customs = 1;
    if (values.amount?.trim()) out.amount = values.amount.trim();
    const d = registrationRange(values.registered_from, values.registered_to);
    if (d) out.d = d;
  } else if (values.search_id === 'users') {
    out.user_id = parseIds(values.user_ids);
  } else if (values.search_id === 'user_numbers') {
    out.number = parseAddresses(values.addresses);
  } else if (values.search_id === 'user_emails') {
    out.email = parseAddresses(values.addresses);
  }
  return out;
}

/**
 * getlist / count / export query: list keys written `user_id[]`, one pair per value
 * (`branch_id[]=1&branch_id[]=2`). The requests file has the values joined with ',' under one key;
 * the repeated form is the one every PHP-style reader (and this API) takes as the same list.
 */
export function toBulkQuery(values: BulkFormValues): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(collectAudience(values))) {
    if (Array.isArray(value)) value.forEach((item) => query.append(`${key}[]`, String(item)));
    else query.set(key, String(value));
  }
  return query;
}

/** send (multipart, requests file): the audience (lists repeated as `key[]`), the text and planned_at only when set. */
export function toBulkSendForm(kind: BulkKind, values: BulkFormValues): Record<string, FormValue> {
  const fields = describeTextFields(kind);
  const form: Record<string, FormValue> = { ...collectAudience(values) };
  if (fields.hasTemplate && values.template_id) form.template_id = values.template_id;
  if (fields.hasTitle && values.title?.trim()) form.title = values.title.trim();
  if (values.body?.trim()) form.body = values.body;
  if (values.planned_at) form.planned_at = values.planned_at;
  return form;
}

/** What the last count was made for: a send is offered only while the form still asks for the same recipients. */
export function audienceKey(values: BulkFormValues): string {
  return JSON.stringify(collectAudience(values));
}
