import { describe, expect, test } from 'vitest';
import { buildRejectPath, checkRejectReason, parseRejectPath, REJECT_REASON_MAX } from './reject-form';

describe('[ORDERS][REJECT] the reason and the reject routes', () => {
  test('a reason is required: empty, missing or only spaces is refused', () => {
    expect(checkRejectReason('')).toBe('required');
    expect(checkRejectReason(undefined)).toBe('required');
    expect(checkRejectReason('   \n ')).toBe('required');
    expect(checkRejectReason('Məhsul stokda yoxdur')).toBeNull();
  });

  test('up to the server limit (500) passes, one more is too long; surrounding spaces do not count', () => {
    expect(REJECT_REASON_MAX).toBe(500);
    expect(checkRejectReason('a'.repeat(500))).toBeNull();
    expect(checkRejectReason(`  ${'a'.repeat(500)}  `)).toBeNull();
    expect(checkRejectReason('a'.repeat(501))).toBe('tooLong');
  });

  test('orders/{ids}/reject: ids joined by "/", each a positive number, duplicates once', () => {
    expect(parseRejectPath('12/reject')).toEqual([12]);
    expect(parseRejectPath('12/13/14/reject')).toEqual([12, 13, 14]);
    expect(parseRejectPath('12/12/reject')).toEqual([12]);
    expect(parseRejectPath('12/abc/reject')).toBeNull();
    expect(parseRejectPath('reject')).toBeNull();
    expect(parseRejectPath('12/update')).toBeNull();
    expect(parseRejectPath('0/reject')).toBeNull();
  });

  test('the path keeps the table URL state', () => {
    expect(buildRejectPath([3, 7], '?state_id=5')).toBe('/@next/orders/3/7/reject?state_id=5');
    expect(parseRejectPath(buildRejectPath([3, 7]).replace('/@next/orders/', ''))).toEqual([3, 7]);
  });
});
