import { describe, expect, test } from 'vitest';
import { HttpError } from './http-error';
import { isLoadFailure } from './load-failure';

describe('a page that failed because the server could not be reached (issue 16)', () => {
  test('a lazy chunk that could not load, or a call without an answer, can recover online', () => {
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://x/assets/users-1.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isLoadFailure(new HttpError(0, 'Şəbəkə ilə əlaqə qurula bilmədi'))).toBe(true);
  });

  test('a bug or a server answer is not a load failure', () => {
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isLoadFailure(new HttpError(500, 'Məlumatlar əldə edilə bilmədi'))).toBe(false);
    expect(isLoadFailure('text')).toBe(false);
    expect(isLoadFailure(null)).toBe(false);
  });
});
