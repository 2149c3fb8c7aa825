import { describe, expect, test } from 'vitest';
import { applyTemplate, isSendShortcut, isStaffMessage, readFileLinks } from './ticket-view';

describe('[TICKETS][WEB] conversation rules', () => {
  test('file links get their names and extensions from the URLs', () => {
    expect(readFileLinks('/api/admin/tickets/file/3/qebz%201.png,/api/admin/tickets/file/4/faktura.PDF')).toEqual([
      { url: '/api/admin/tickets/file/3/qebz%201.png', name: 'qebz 1.png', extension: 'png' },
      { url: '/api/admin/tickets/file/4/faktura.PDF', name: 'faktura.PDF', extension: 'pdf' },
    ]);
    expect(readFileLinks(undefined)).toEqual([]);
    expect(readFileLinks('')).toEqual([]);
  });

  test('the customer (admin 0) writes on the left, any staff role on the right', () => {
    expect(isStaffMessage({ admin: 0 })).toBe(false);
    expect(isStaffMessage({ admin: 1 })).toBe(true);
    expect(isStaffMessage({ admin: 3 })).toBe(true);
  });

  test('a template fills an empty reply and is added under written text', () => {
    expect(applyTemplate('', 'Salam!')).toBe('Salam!');
    expect(applyTemplate('  \n', 'Salam!')).toBe('Salam!');
    expect(applyTemplate('Hörmətli müştəri,  \n', 'Bağlamanız yoldadır.')).toBe('Hörmətli müştəri,\n\nBağlamanız yoldadır.');
  });

  test('Ctrl+Enter or Cmd+Enter sends, Enter alone does not', () => {
    expect(isSendShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSendShortcut({ key: 'a', ctrlKey: true, metaKey: false })).toBe(false);
  });
});
