import { describe, expect, test } from 'vitest';
import { listMessageActions } from './archive-row';

describe('a message\'s row menu', () => {
  test('[NOTIFIER][ARCHIVE] a sent message can be resent, not held back', () => {
    expect(listMessageActions({ sent: 1, active: 1, error: '' })).toEqual(['open', 'resend']);
  });

  test('[NOTIFIER][ARCHIVE] a waiting message is held back or let go, never resent (it would go twice)', () => {
    expect(listMessageActions({ sent: 0, active: 1, error: '' })).toEqual(['open', 'pause']);
    expect(listMessageActions({ sent: 0, active: 0, error: null })).toEqual(['open', 'resume']);
  });

  test('[NOTIFIER][ARCHIVE] a failed message (provider error) may also be resent', () => {
    expect(listMessageActions({ sent: 0, active: 1, error: 'invalid number' })).toEqual(['open', 'resend', 'pause']);
  });
});
