import { describe, expect, test } from 'vitest';
import { archiveStartPreset, dateRangeParams, parseMessageParams, toArchiveQuery } from './archive-query';

describe('archive filters → the archive call', () => {
  test('[NOTIFIER][ARCHIVE] a date range goes out as the one comma-joined param of the fields file', () => {
    const query = toArchiveQuery({
      page: 2,
      per_page: 25,
      [dateRangeParams('created_at').fromParam]: '2026-11-01 00:00:00',
      [dateRangeParams('created_at').toParam]: '2026-11-27 23:59:59',
      phone: '99450',
      sent: '1',
    });
    expect(query).toEqual({ page: 2, per_page: 25, created_at: '2026-11-01 00:00:00,2026-11-27 23:59:59', phone: '99450', sent: '1' });
  });

  test('[NOTIFIER][ARCHIVE] each of the three dates keeps its own param; all time sends none', () => {
    const query = toArchiveQuery({
      retry_at__from: '2026-11-20 00:00:00',
      retry_at__to: '2026-11-20 23:59:59',
      sended_at__from: '2026-11-21 00:00:00',
      sended_at__to: '2026-11-22 23:59:59',
    });
    expect(query).toEqual({ retry_at: '2026-11-20 00:00:00,2026-11-20 23:59:59', sended_at: '2026-11-21 00:00:00,2026-11-22 23:59:59' });
    expect(toArchiveQuery({ page: 1 })).toEqual({ page: 1 });
  });

  test('[NOTIFIER][ARCHIVE] a half range is not sent (never a lone "from,")', () => {
    expect(toArchiveQuery({ created_at__from: '2026-11-01 00:00:00' })).toEqual({});
  });

  test('[NOTIFIER][ARCHIVE] opened for a customer (?user_id=) the archive starts at all time', () => {
    expect(archiveStartPreset(new URLSearchParams('user_id=12'))).toBe('all');
    expect(archiveStartPreset(new URLSearchParams(''))).toBeUndefined();
  });
});

describe('a message\'s params', () => {
  test('[NOTIFIER][ARCHIVE] JSON text becomes name/value pairs; bad or empty text gives none', () => {
    expect(parseMessageParams('{"track_code":"AZ123","weight":1.5}')).toEqual([['track_code', 'AZ123'], ['weight', '1.5']]);
    expect(parseMessageParams('not json')).toEqual([]);
    expect(parseMessageParams(null)).toEqual([]);
    expect(parseMessageParams('[1,2]')).toEqual([]);
  });
});
