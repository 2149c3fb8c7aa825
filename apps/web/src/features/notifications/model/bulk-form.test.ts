import { describe, expect, test } from 'vitest';
import { audienceKey, collectAudience, listAudiences, parseAddresses, parseIds, registrationRange, toBulkQuery, toBulkSendForm, type BulkFormValues } from './bulk-form';
import { encodeForm } from '../../../shared/http/http-client';

const FILTERS: BulkFormValues = {
  search_id: 'filter',
  branch_id: [1, 3],
  country_id: [2],
  state_id: [9, 10],
  flight_id: 5,
  customs: true,
  amount: ' 12.50 ',
  registered_from: '2026-01-01',
  registered_to: '2026-06-30',
  user_ids: '7, 8',
  addresses: '994501112233',
  body: 'Salam {customer_name}',
};

describe('bulk send filters → query', () => {
  test('[NOTIFIER][BULK] the filter audience sends its filters, list keys as `key[]` once per value (getlist/count)', () => {
    expect([...toBulkQuery(FILTERS).entries()]).toEqual([
      ['search_id', 'filter'],
      ['branch_id[]', '1'],
      ['branch_id[]', '3'],
      ['country_id[]', '2'],
      ['state_id[]', '9'],
      ['state_id[]', '10'],
      ['flight_id', '5'],
      ['customs', '1'],
      ['amount', '12.50'],
      ['d', '2026-01-01 00:00:00,2026-06-30 23:59:59'],
    ]);
  });

  test('[NOTIFIER][BULK] another audience sends none of the filters left in the form', () => {
    expect(toBulkQuery({ ...FILTERS, search_id: 'all' }).toString()).toBe('search_id=all');
    expect(toBulkQuery({ ...FILTERS, search_id: 'users' }).toString()).toBe('search_id=users&user_id%5B%5D=7&user_id%5B%5D=8');
    expect(toBulkQuery({ ...FILTERS, search_id: 'user_numbers', addresses: '994501112233\n994551112233, 994501112233' }).getAll('number[]'))
      .toEqual(['994501112233', '994551112233']);
    expect(toBulkQuery({ search_id: 'user_emails', addresses: 'a@b.az; c@d.az' }).getAll('email[]')).toEqual(['a@b.az', 'c@d.az']);
  });

  test('[NOTIFIER][BULK] the send is multipart with lists repeated as `key[]`, the text, and planned_at only when set', () => {
    const form = toBulkSendForm('bulk_sms', { ...FILTERS, title: 'ignored for SMS', template_id: 4 });
    expect(form).toMatchObject({ search_id: 'filter', branch_id: [1, 3], body: 'Salam {customer_name}' });
    expect(form.title).toBeUndefined();
    expect(form.template_id).toBeUndefined();
    expect(form.planned_at).toBeUndefined();
    const body = encodeForm(form) as URLSearchParams;
    expect(body.getAll('branch_id[]')).toEqual(['1', '3']);
    expect(body.getAll('state_id[]')).toEqual(['9', '10']);

    const push = toBulkSendForm('bulk_notification', { search_id: 'all', title: ' Endirim ', body: 'x', template_id: 2, planned_at: '2026-12-01 10:00:00' });
    expect(push).toEqual({ search_id: 'all', title: 'Endirim', body: 'x', template_id: 2, planned_at: '2026-12-01 10:00:00' });
  });

  test('[NOTIFIER][BULK] a changed audience makes the count stale; a changed text does not', () => {
    const key = audienceKey(FILTERS);
    expect(audienceKey({ ...FILTERS, body: 'other text' })).toBe(key);
    expect(audienceKey({ ...FILTERS, branch_id: [1] })).not.toBe(key);
  });

  test('[NOTIFIER][BULK] registration range: open sides stay empty; none gives no `d`', () => {
    expect(registrationRange('2026-01-01', null)).toBe('2026-01-01 00:00:00,');
    expect(registrationRange(null, '2026-01-31')).toBe(',2026-01-31 23:59:59');
    expect(registrationRange(null, null)).toBeUndefined();
    expect(collectAudience({ search_id: 'filter' })).toEqual({ search_id: 'filter' });
  });

  test('[NOTIFIER][BULK] typed ids and addresses: any separator, no duplicates, nothing empty', () => {
    expect(parseIds('12, 15 15\n20;abc')).toEqual([12, 15, 20]);
    expect(parseAddresses(' a@b.az ,\n\n c@d.az;a@b.az')).toEqual(['a@b.az', 'c@d.az']);
  });

  test('[NOTIFIER][BULK] typed numbers only for SMS and WhatsApp, typed e-mails only for e-mail, neither for push', () => {
    expect(listAudiences('bulk_sms')).toContain('user_numbers');
    expect(listAudiences('bulk_whatsapp')).toContain('user_numbers');
    expect(listAudiences('bulk_mail')).toEqual(['all', 'filter', 'users', 'user_emails']);
    expect(listAudiences('bulk_notification')).toEqual(['all', 'filter', 'users']);
  });
});
