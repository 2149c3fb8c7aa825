import { expect, test } from 'vitest';
import { normalizeBracketKeys } from './validation';

test('[PLATFORM] PHP-style list keys become plain lists', () => {
  expect(normalizeBracketKeys({ 'ids[]': ['1', '2'], name: 'x' })).toEqual({ ids: ['1', '2'], name: 'x' });
  expect(normalizeBracketKeys({ 'ids[]': '7' })).toEqual({ ids: ['7'] });
  expect(normalizeBracketKeys(undefined)).toBeUndefined();
});
